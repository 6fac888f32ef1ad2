"""The waiting room reloads when its table changes (static/lobby/waiting.js):
the page carries the status it was drawn with, so the poll's first answer is
compared with it, and a match that starts while the page loads still sends
the player to the table."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from tests.web.conftest import make_user, open_highcard_table

pytestmark = pytest.mark.django_db


def shown_status(page: str) -> dict:
    found = re.search(r'data-shown-status="([^"]*)"', page)
    assert found, "the waiting room carries no drawn status"
    return json.loads(html.unescape(found.group(1)))


def test_the_page_carries_the_status_the_poll_answers_until_a_seat_changes():
    ana = make_user("ana")
    client = Client()
    client.force_login(ana)
    table = open_highcard_table(client)
    page = client.get(f"/t/{table.pk}/").content.decode()
    polled = client.get(f"/t/{table.pk}/status.json").json()
    assert shown_status(page) == polled
    client.post(f"/t/{table.pk}/bot/add/", {"bot": "easy"})
    assert client.get(f"/t/{table.pk}/status.json").json() != shown_status(page)
