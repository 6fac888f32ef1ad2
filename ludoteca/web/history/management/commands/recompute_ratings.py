from typing import Any

from django.core.management.base import BaseCommand

from ludoteca.web.history.results import recompute_all


class Command(BaseCommand):
    help = "Rebuild match results and ratings from the stored tables."

    def handle(self, *args: Any, **options: Any) -> None:
        count = recompute_all()
        self.stdout.write(f"recomputed {count} matches")
