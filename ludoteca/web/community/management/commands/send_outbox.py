"""Drain the outbox once (or keep draining with --forever): for sites whose
server processes run with LUDOTECA_OUTBOX_EVERY=0, from cron or a service."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from ludoteca.web.community import outbox


class Command(BaseCommand):
    help = "Plan notification emails and send the queued ones."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--forever", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        while True:
            sent = outbox.drain()
            self.stdout.write(f"{sent} email(s) sent")
            if not options["forever"]:
                return
            time.sleep(max(1.0, float(settings.LUDOTECA_OUTBOX_EVERY or 10)))
