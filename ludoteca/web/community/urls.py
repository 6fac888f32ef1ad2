from django.urls import path

from ludoteca.web.community import account, rematch_views, views

urlpatterns = [
    path("notifications/", views.notifications, name="notifications"),
    path("notifications/count.json", views.count, name="notification_count"),
    path(
        "notifications/<int:pk>/open/",
        views.open_notification,
        name="open_notification",
    ),
    path("account/emails/", views.email_preferences, name="email_preferences"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("t/<int:pk>/rematch/", rematch_views.offer, name="offer_rematch"),
    path("rematch/<int:pk>/", rematch_views.rematch, name="rematch"),
    path("rematch/<int:pk>/answer/", rematch_views.answer, name="answer_rematch"),
    *account.urlpatterns,
]
