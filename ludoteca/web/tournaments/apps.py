from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments for clubs: Swiss, round robin and single elimination, run
    by the site from sign-up to podium (`runner`)."""

    name = "ludoteca.web.tournaments"
    label = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ludoteca.web.play.signals import match_finished
        from ludoteca.web.tournaments import runner

        match_finished.connect(runner.on_match_finished, dispatch_uid="tournaments")
