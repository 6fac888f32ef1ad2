from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "ludoteca.web.lobby"
    label = "lobby"
