from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from ludoteca.web import errors
from ludoteca.web.accounts import views as accounts
from ludoteca.web.community.language import set_language
from ludoteca.web.lobby import views as lobby
from ludoteca.web.play import views as play

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("first-steps/", lobby.first_steps, name="first_steps"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="accounts/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/setlang/", set_language, name="set_language"),
    path(
        "jsi18n/",
        JavaScriptCatalog.as_view(domain="django", packages=["ludoteca.web.play"]),
        name="jsi18n",
    ),
    path("new/<str:game_id>/", lobby.new_table, name="new_table"),
    path("invite/<str:token>/", lobby.invite, name="invite"),
    path("t/<int:pk>/", lobby.table, name="table"),
    path("t/<int:pk>/status.json", lobby.table_status, name="table_status"),
    path("t/<int:pk>/join/", lobby.join, name="join"),
    path("t/<int:pk>/leave/", lobby.leave, name="leave"),
    path("t/<int:pk>/bot/add/", lobby.add_bot, name="add_bot"),
    path("t/<int:pk>/bot/remove/", lobby.remove_bot, name="remove_bot"),
    path("t/<int:pk>/start/", lobby.start, name="start"),
    path("t/<int:pk>/watch/", play.watch, name="watch"),
    path("t/<int:pk>/record.json", play.record, name="record"),
    path("games/<str:game_id>/data/<str:name>.json", play.game_data, name="game_data"),
    path("help/<str:game_id>/", play.help_page, name="help"),
    path("wiki/", include("ludoteca.web.wiki.urls")),
    path("", include("ludoteca.web.tutorials.urls")),
    path("", include("ludoteca.web.history.urls")),
    path("", include("ludoteca.web.community.urls")),
    path("", include("ludoteca.web.tournaments.urls")),
    path(settings.ADMIN_PATH, admin.site.urls),
]

handler400 = errors.bad_request
handler404 = errors.not_found
handler500 = errors.server_error
