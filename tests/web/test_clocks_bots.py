"""Clocks, absent players and bots: stand-ins, time budgets, other tables unaffected."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from ludoteca.bots import registry as bots
from ludoteca.bots.random import RandomBot
from ludoteca.web.play import actions
from ludoteca.web.play.models import Move, Seat, Table
from tests.engine import toygame
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_table, make_user, open_socket, state_of

pytestmark = [pytest.mark.django_db(transaction=True)]


class SlowBot(RandomBot):
    """Thinks for three seconds, ignoring the stop signal: over the budget."""

    name = "slow"

    def choose(
        self, game: Any, state: Any, seat: int, seed: int, should_stop: Any = None
    ) -> Any:
        time.sleep(3)
        return super().choose(game, state, seat, seed)


class ThinkerBot(RandomBot):
    """Thinks until told to stop, then plays its last legal action."""

    name = "thinker"

    def choose(
        self, game: Any, state: Any, seat: int, seed: int, should_stop: Any = None
    ) -> Any:
        while not should_stop():
            time.sleep(0.01)
        return game.legal_actions(state, seat)[-1]


def test_standin_is_medium_when_registered_else_random(monkeypatch):
    monkeypatch.setattr(bots, "names", lambda: ["random"])
    assert actions.standin_bot() == "random"
    monkeypatch.setattr(bots, "names", lambda: ["easy", "hard", "medium", "random"])
    assert actions.standin_bot() == "medium"


def test_realtime_clock_charges_the_mover_and_adds_the_increment():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia], minutes=1, increment=5)
    table = Table.objects.get(pk=table_id)
    Table.objects.filter(pk=table_id).update(
        turn_started_at=timezone.now() - timedelta(seconds=10)
    )
    hand = table.state["hands"][0]
    actions.do_act(table_id, 0, {"type": "play", "card": hand[0]}, 0, user_id=ana.pk)
    ms = list(Seat.objects.filter(table_id=table_id).values_list("clock_ms", flat=True))
    # 60 s - ~10 s + 5 s for seat 0; seat 1 untouched.
    assert 54_000 <= ms[0] <= 55_100 and ms[1] == 60_000
    table.refresh_from_db()
    assert table.deadline is not None
    left = (table.deadline - timezone.now()).total_seconds()
    assert 58 <= left <= 60  # seat 1's whole bank


def test_relaxed_clock_gives_a_day_per_move_then_a_standin():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia], clock=Table.RELAXED)
    table = Table.objects.get(pk=table_id)
    assert table.deadline - table.turn_started_at == timedelta(days=1)
    assert actions.do_expire(table_id) == []  # not yet
    Table.objects.filter(pk=table_id).update(
        turn_started_at=timezone.now() - timedelta(days=1, seconds=1)
    )
    changes = actions.do_expire(table_id)
    assert len(changes) == 1 and changes[0].seats_changed
    assert Seat.objects.get(table_id=table_id, index=0).standin in bots.names()


@pytest.mark.asyncio
async def test_running_out_of_time_hands_the_seat_to_a_bot_everyone_is_told(sockets):
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia])

    def short_clock() -> None:
        Seat.objects.filter(table_id=table_id).update(clock_ms=400)
        Table.objects.filter(pk=table_id).update(
            turn_started_at=timezone.now(),
            deadline=timezone.now() + timedelta(milliseconds=400),
        )

    await database_sync_to_async(short_clock)()
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bia)
    await b.send("hello")
    await b.until("state")
    told = await b.until(
        "chat", timeout=15, where=lambda d: "ana" in d["text"] and d["notice"]
    )
    assert "time" in told["d"]["text"]
    # The stand-in plays ana's card: bia gets the update with her turn.
    update = await b.until("update", timeout=15)
    assert update["v"] == 1 and update["d"]["legal"]
    seat = await database_sync_to_async(Seat.objects.get)(table_id=table_id, index=0)
    assert seat.standin and seat.clock_ms == 0


@pytest.mark.asyncio
async def test_an_absent_player_is_replaced_on_their_turn(sockets, settings):
    settings.LUDOTECA_ABSENT_GRACE = 0.5
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia])
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bia)
    for s in (a, b):
        await s.send("hello")
        await s.until("state")
    await a.close()  # ana is to play and goes away
    seats = await b.until("seats", where=lambda d: not d["seats"][0]["connected"])
    assert seats["d"]["seats"][0]["standin"] is None
    told = await b.until(
        "chat", timeout=15, where=lambda d: "ana" in d["text"] and d["notice"]
    )
    assert told["d"]["notice"]
    update = await b.until("update", timeout=15)
    assert update["v"] == 1


@pytest.mark.asyncio
async def test_a_slow_bot_keeps_its_budget_and_never_freezes_other_tables(
    sockets, settings
):
    settings.LUDOTECA_BOT_BUDGET = 1.0
    bots.register("slow", SlowBot)
    try:
        ana = await database_sync_to_async(make_user)("ana")
        bia = await database_sync_to_async(make_user)("bia")
        cid = await database_sync_to_async(make_user)("cid")
        slow_table = await database_sync_to_async(make_table)([ana, "slow"])
        other = await database_sync_to_async(make_table)([bia, cid])
        a = await open_socket(sockets, f"/ws/play/{slow_table}/", ana)
        b = await open_socket(sockets, f"/ws/play/{other}/", bia)
        for s in (a, b):
            await s.send("hello")
        sa, sb = await a.until("state"), await b.until("state")
        await a.send(
            "act", 0, action={"type": "play", "card": sa["d"]["view"]["hand"][0]}
        )
        await a.until("ack")
        # While the slow bot thinks, the other table plays at once.
        started = time.monotonic()
        await b.send(
            "act", 0, action={"type": "play", "card": sb["d"]["view"]["hand"][0]}
        )
        await b.until("ack")
        assert time.monotonic() - started < 0.5
        # The slow bot is cut off at its budget and a random legal move is played.
        update = await a.until("update", where=lambda d: d["active"] == [0], timeout=4)
        elapsed = time.monotonic() - started
        assert update["v"] == 2 and elapsed < 2.5
        moves = await database_sync_to_async(
            lambda: list(
                Move.objects.filter(table_id=slow_table).values_list(
                    "by_bot", flat=True
                )
            )
        )()
        assert moves == ["", "slow"]
    finally:
        bots._FACTORIES.pop("slow", None)
        await asyncio.sleep(0)


def test_timed_phases_end_with_the_system_timeout_and_rate_limits_apply():
    """Piles: a 3-second countdown, then a match timer that actions do not restart;
    its optional rate limit is enforced by the platform (rules have no clock)."""
    from ludoteca.engine import registry

    if "piles" not in registry.ids():
        pytest.skip("Piles is not installed")
    game = registry.get("piles")
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia], game="piles")
    assert Table.objects.get(pk=table_id).deadline is None  # waiting for "ready"
    actions.do_act(table_id, 0, {"type": "ready"}, None, user_id=ana.pk)
    actions.do_act(table_id, 1, {"type": "ready"}, None, user_id=bia.pk)
    table = Table.objects.get(pk=table_id)
    assert table.phase_key and table.phase_started_at is not None
    assert table.deadline is not None  # the countdown, not a player clock
    assert actions.do_expire(table_id) == []
    Table.objects.filter(pk=table_id).update(
        phase_started_at=timezone.now() - timedelta(seconds=4)
    )
    changes = actions.do_expire(table_id)
    assert [c.version for c in changes] == [3]
    move = Move.objects.get(table_id=table_id, index=3)
    assert move.seat is None and move.action == {"type": "timeout"}
    table.refresh_from_db()
    started = table.phase_started_at
    state = state_of(table_id)
    first = game.legal_actions(state, 0)[0]
    # The countdown lasted 3 s in real life: the seat's last move was then.
    Move.objects.filter(table_id=table_id).update(
        created_at=timezone.now() - timedelta(seconds=4)
    )
    actions.do_act(table_id, 0, first, None, user_id=ana.pk)
    table.refresh_from_db()
    assert table.phase_started_at == started  # the match timer keeps running
    seconds = game.phase_seconds(state_of(table_id))
    assert table.deadline == started + timedelta(seconds=seconds)
    again = game.legal_actions(state_of(table_id), 0)[0]
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, again, None, user_id=ana.pk)
    assert refused.value.code == "too_fast"
    ms = list(Seat.objects.filter(table_id=table_id).values_list("clock_ms", flat=True))
    assert ms == [600_000, 600_000]  # no player clock runs in a real-time game


def test_a_bot_is_told_to_stop_within_its_budget(settings):
    import asyncio as aio

    from ludoteca.web.live import bots as live_bots

    settings.LUDOTECA_BOT_BUDGET = 0.5
    bots.register("thinker", ThinkerBot)
    try:
        game = toygame.GAME
        state = game.setup(2, 7, {})
        started = time.monotonic()
        loop = aio.new_event_loop()
        action = loop.run_until_complete(
            live_bots.choose("highcard", game.to_json(state), 0, "thinker")
        )
        loop.close()
        assert action == game.legal_actions(state, 0)[-1]  # its own answer
        assert time.monotonic() - started < 0.5
    finally:
        bots._FACTORIES.pop("thinker", None)


@pytest.mark.asyncio
async def test_the_tables_timer_is_kept_while_the_deadline_moves_later(sockets):
    """Most actions move the deadline later: the timer set for the earlier
    one is kept, rings early, and holds the deadline again without expiring
    anything; a deadline moved earlier sets a new timer."""
    from ludoteca.web.live import owners

    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia])
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    await a.send("hello")
    await a.until("state")
    actor = (await owners.get()).actors[table_id]
    table, version = actor.live.table, actor.live.table.version
    table.deadline = timezone.now() + timedelta(seconds=0.05)
    actor.arm()
    first = actor.timer
    table.deadline = timezone.now() + timedelta(seconds=60)
    actor.arm()
    assert actor.timer is first  # kept: it rings before the deadline

    async def rang() -> None:
        while actor.timer is first:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(rang(), 10)  # early: the deadline is a minute away
    assert actor.timer is not None
    assert actor.timer_at == table.deadline.timestamp()
    assert actor.live.table.version == version  # nothing expired
    again = actor.timer
    table.deadline = timezone.now() + timedelta(seconds=30)
    actor.arm()
    assert actor.timer is not again and again.cancelled()
    assert actor.timer_at == table.deadline.timestamp()
    table.deadline = None
    actor.arm()
    assert actor.timer is None


@pytest.mark.asyncio
async def test_a_clock_runs_out_on_the_tables_own_timer_without_a_sweep(
    sockets, settings
):
    settings.LUDOTECA_TICK = 0  # no sweep of the database: only the timer acts
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia])
    await database_sync_to_async(
        Seat.objects.filter(table_id=table_id, index=1).update
    )(clock_ms=400)
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bia)
    for s in (a, b):
        await s.send("hello")
        await s.until("state")
    card = (await database_sync_to_async(state_of)(table_id)).hands[0][0]
    # Ana's action starts bia's turn, with 400 ms on her clock.
    await a.send("act", 0, action={"type": "play", "card": card}, ref=1)
    await a.until("ack")
    told = await a.until(
        "chat", timeout=15, where=lambda d: "bia" in d["text"] and d["notice"]
    )
    assert "time" in told["d"]["text"]
    seat = await database_sync_to_async(Seat.objects.get)(table_id=table_id, index=1)
    assert seat.standin
