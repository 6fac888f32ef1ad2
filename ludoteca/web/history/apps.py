from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "ludoteca.web.history"
    label = "history"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ludoteca.web.history import results
        from ludoteca.web.play.signals import match_finished

        match_finished.connect(results.on_match_finished)
