"""A tutorial whose phases are timed (Mafia): the phase timer stops while a
step waits for the learner and runs again once the learner has acted; script
bots that wait for the learner are not moved. Bots are moved by hand as in
tests/web/test_tutorials.py, timers are expired by calling `do_expire`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from ludoteca.bots.tutorial import TutorialBot
from ludoteca.engine import registry
from ludoteca.engine import tutorial as scripts
from ludoteca.web.live import clocks
from ludoteca.web.live import table as live_table
from ludoteca.web.play import actions as play
from ludoteca.web.play.actions import current_state
from ludoteca.web.play.models import Table
from ludoteca.web.tutorials.models import TutorialRun
from tests.web.conftest import make_user, state_of

pytestmark = pytest.mark.django_db
GAME = "mafia"


@pytest.fixture(autouse=True)
def _installed() -> None:
    if GAME not in registry.ids():
        pytest.skip("Mafia is not installed")


def bots_move(table_id: int) -> None:
    """The tutorial bots act until none of them will (they wait, or nobody may act)."""
    script = scripts.load(GAME)
    assert script is not None
    game = registry.get(GAME)
    while True:
        table = Table.objects.get(pk=table_id)
        if table.status != Table.PLAYING:
            return
        state = current_state(table, game)
        moving = [
            (s, a)
            for s in sorted(game.active_seats(state) - {script.seat})
            if (a := scripts.bot_action(script, game, state, s)) is not None
        ]
        if not moving:
            return
        seat, action = moving[0]
        play.do_act(table_id, seat, action, table.version, bot="tutorial")


def expire(table_id: int) -> None:
    """Pretend the phase started long ago and let the timer run out."""
    Table.objects.filter(pk=table_id).exclude(phase_started_at=None).update(
        phase_started_at=timezone.now() - timedelta(minutes=20)
    )
    play.do_expire(table_id)


def test_the_phase_timer_waits_for_the_learner_and_the_bots_wait_for_their_lead():
    user = make_user("lia")
    client = Client()
    client.force_login(user)
    assert client.get(f"/tutorial/{GAME}/").status_code == 200
    table_id = TutorialRun.objects.get(user=user, game=GAME).table_id
    script = scripts.load(GAME)
    assert script is not None
    game = registry.get(GAME)
    bots_move(table_id)
    # Night 1: every bot is ready, the guide waits for the Detective: no timer.
    table = Table.objects.get(pk=table_id)
    assert client.get(f"/tutorial/{GAME}/step.json").json()["your_turn"]
    assert table.phase_started_at is None and table.phase_key
    expire(table_id)
    assert Table.objects.get(pk=table_id).version == table.version  # no timeout
    investigate = {"type": "act", "target": 2}
    play.do_act(table_id, 0, investigate, table.version, user_id=user.pk)
    # Dawn and discussion nobody acts in: their timers run and run out.
    for phase in ("dawn", "discussion"):
        table = Table.objects.get(pk=table_id)
        assert current_state(table, game).phase == phase
        assert table.phase_started_at is not None
        expire(table_id)
    # The voting: the bots wait for the learner's lead, the timer is held.
    table = Table.objects.get(pk=table_id)
    state: Any = current_state(table, game)
    assert state.phase == "voting" and table.phase_started_at is None
    bot = TutorialBot()
    assert all(bot.waits(game, state, s) for s in range(1, 7))
    bots_move(table_id)
    assert Table.objects.get(pk=table_id).version == table.version
    play.do_act(table_id, 0, {"type": "pass"}, table.version, user_id=user.pk)
    # Released: the bots follow the learner, one at a time from the lowest
    # seat, and night 2 falls.
    table = Table.objects.get(pk=table_id)
    state = current_state(table, game)
    voters = sorted(game.active_seats(state) - {0})
    assert voters and not bot.waits(game, state, voters[0])
    assert all(bot.waits(game, state, s) for s in voters[1:])
    bots_move(table_id)
    state = state_of(table_id)
    assert state.phase == "night" and state.day == 2


def test_a_held_phase_resumes_with_the_time_it_had_left():
    user = make_user("lia")
    client = Client()
    client.force_login(user)
    client.get(f"/tutorial/{GAME}/")
    table_id = TutorialRun.objects.get(user=user, game=GAME).table_id
    live = live_table.read(table_id)
    table, game, state = live.table, registry.get(GAME), live.state
    # Night 1 ran 25 seconds before the guide started waiting.
    now = timezone.now()
    table.phase_started_at = now - timedelta(seconds=25)
    table.phase_key = clocks.phase_key(game, state)
    clocks.phase_holds.append(lambda *args: True)
    try:
        clocks.set_deadline(live, state, now)
    finally:
        clocks.phase_holds.pop()
    assert table.phase_started_at is None
    assert table.paused_phases[table.phase_key] == 25_000
    later = now + timedelta(minutes=5)
    clocks.set_deadline(live, state, later)  # nothing holds it
    assert table.phase_started_at == later - timedelta(seconds=25)
    assert table.deadline == later + timedelta(seconds=35)  # 60 s in all
