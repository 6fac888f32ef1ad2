from django.urls import path

from ludoteca.web.tutorials import views

urlpatterns = [
    path("tutorial/", views.index, name="tutorials"),
    path("tutorial/<str:game_id>/", views.tutorial, name="tutorial"),
    path("tutorial/<str:game_id>/step.json", views.step, name="tutorial_step"),
    path("tutorial/<str:game_id>/restart/", views.restart, name="tutorial_restart"),
]
