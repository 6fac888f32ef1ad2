from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "ludoteca.web.play"
    label = "play"
    verbose_name = "Play"

    def ready(self) -> None:
        from ludoteca.web.play import games

        games.register_extra_games()
