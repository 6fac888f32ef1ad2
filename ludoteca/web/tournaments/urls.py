from django.urls import path

from ludoteca.web.tournaments import views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.new, name="new_tournament"),
    path("tournaments/<int:pk>/", views.page, name="tournament"),
    path("tournaments/<int:pk>/live/", views.live, name="tournament_live"),
    path("tournaments/<int:pk>/signup/", views.sign_up, name="tournament_signup"),
    path("tournaments/<int:pk>/withdraw/", views.withdraw, name="tournament_withdraw"),
]
urlpatterns.append(path("tournaments/help/", views.help_page, name="tournament_help"))
