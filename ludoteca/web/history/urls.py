from django.urls import path

from ludoteca.web.history import views

# path: usernames made by hand (not through the sign-up form) may hold a "/".
urlpatterns = [
    path("u/<path:username>/", views.profile, name="profile"),
    path("rivalry/<path:a>/<path:b>/", views.rivalry, name="rivalry"),
    path("leaderboard/<str:game_id>/", views.leaderboard, name="leaderboard"),
    path("replay/<int:pk>/", views.replay_page, name="replay"),
    path("replay/<int:pk>/frame.json", views.replay_frame, name="replay_frame"),
]
