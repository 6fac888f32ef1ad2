from django.urls import path

from ludoteca.web.wiki import views

urlpatterns = [
    path("", views.index, name="wiki_home"),
    path("search/", views.search, name="wiki_search"),
    path("contributions/<int:pk>/", views.contributions, name="wiki_contributions"),
    path("contributions/<int:pk>/block/", views.block, name="wiki_block"),
    path("revision/<int:rev>/hide/", views.hide, name="wiki_hide"),
    path("<str:lang>/", views.index, name="wiki_index"),
    path("<str:lang>/new/", views.create, name="wiki_create"),
    path("<str:lang>/<slug:slug>/", views.page, name="wiki_page"),
    path("<str:lang>/<slug:slug>/edit/", views.edit, name="wiki_edit"),
    path("<str:lang>/<slug:slug>/history/", views.history, name="wiki_history"),
    path("<str:lang>/<slug:slug>/diff/", views.diff, name="wiki_diff"),
    path("<str:lang>/<slug:slug>/revert/<int:rev>/", views.revert, name="wiki_revert"),
    path("<str:lang>/<slug:slug>/lock/", views.lock, name="wiki_lock"),
]
