from django.apps import AppConfig
from django.db.models.signals import post_migrate


class WikiConfig(AppConfig):
    name = "ludoteca.web.wiki"
    label = "wiki"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ludoteca.web.wiki.seed import load_game_help_pages

        # Every migrate makes sure each installed game has its help pages,
        # so a fresh site (or a newly installed game) has them at once.
        post_migrate.connect(load_game_help_pages, sender=self)
