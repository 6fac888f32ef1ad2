"""The outbox drainer inside `ludoteca serve`: started by the lifespan hook,
it sends queued emails off the event loop, and stops cleanly."""

from __future__ import annotations

import asyncio

import pytest
from django.core import mail as django_mail
from django.test import override_settings

from ludoteca.web.community import outbox, worker
from ludoteca.web.community.models import OutboxEmail
from tests.web.communicator import database_sync_to_async

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_the_task_drains_the_outbox_and_stops(monkeypatch):
    await database_sync_to_async(outbox.enqueue)("w1", "ana@example.org", "Oi", "Corpo")
    sent = asyncio.Event()
    real = outbox.mark_sent

    def mark(row, token):
        real(row, token)
        loop.call_soon_threadsafe(sent.set)

    loop = asyncio.get_running_loop()
    monkeypatch.setattr(outbox, "mark_sent", mark)
    with override_settings(LUDOTECA_OUTBOX_EVERY=0.05):
        worker.start()
        await asyncio.wait_for(sent.wait(), 10)
        await worker.stop()
    assert worker._task is None
    assert [m.subject for m in django_mail.outbox] == ["Oi"]
    row = await database_sync_to_async(OutboxEmail.objects.get)()
    assert row.status == OutboxEmail.SENT


async def test_off_when_the_period_is_zero():
    with override_settings(LUDOTECA_OUTBOX_EVERY=0):
        worker.start()
    assert worker._task is None
