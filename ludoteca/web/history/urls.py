from django.urls import path

from ludoteca.web.history import views

urlpatterns = [
    path("u/<str:username>/", views.profile, name="profile"),
    path("rivalry/<str:a>/<str:b>/", views.rivalry, name="rivalry"),
    path("leaderboard/<str:game_id>/", views.leaderboard, name="leaderboard"),
    path("replay/<int:pk>/", views.replay_page, name="replay"),
    path("replay/<int:pk>/frame.json", views.replay_frame, name="replay_frame"),
]
