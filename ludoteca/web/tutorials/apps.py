from django.apps import AppConfig


class TutorialsConfig(AppConfig):
    name = "ludoteca.web.tutorials"
    label = "tutorials"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ludoteca.web.live import changes, clocks, table
        from ludoteca.web.tutorials import services

        if services.check_on_script not in changes.action_checks:
            changes.action_checks.append(services.check_on_script)
            clocks.phase_holds.append(services.holds_phase)
            table.table_loaders.append(services.load_tutorial)
