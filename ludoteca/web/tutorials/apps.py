from django.apps import AppConfig


class TutorialsConfig(AppConfig):
    name = "ludoteca.web.tutorials"
    label = "tutorials"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ludoteca.web.play import actions
        from ludoteca.web.tutorials import services

        actions.action_checks.append(services.check_on_script)
        actions.phase_holds.append(services.holds_phase)
