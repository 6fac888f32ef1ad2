from django.urls import path

from ludoteca.web.community import (
    account,
    friend_views,
    moderation_views,
    quickmatch_views,
    rematch_views,
    views,
)

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
    path("friends/", friend_views.friends_page, name="friends"),
    path(
        "friends/<str:username>/<str:what>/",
        friend_views.change,
        name="friend_change",
    ),
    path("t/<int:pk>/invite-friend/", friend_views.invite, name="invite_friend"),
    path("mute/<str:username>/<str:what>/", moderation_views.mute, name="mute"),
    path(
        "report/player/<str:username>/",
        moderation_views.report_player,
        name="report_player",
    ),
    path("report/chat/<int:pk>/", moderation_views.report_chat, name="report_chat"),
    path("play-now/", quickmatch_views.join, name="quick_join"),
    path("play-now/wait/", quickmatch_views.wait, name="quick_wait"),
    path("play-now/bots/", quickmatch_views.with_bots, name="quick_bots"),
    path("play-now/leave/", quickmatch_views.leave, name="quick_leave"),
    *account.urlpatterns,
]
