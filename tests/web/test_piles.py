"""Piles! on the platform: a real-time game over real sockets.

The race of the spec (two players swap for the same centre card at the same
moment: exactly one gets it), the game's rate limit in the web action path,
a real-time match timer that actions do not push back, and bots that play
at their own pace and are offered only for Piles!.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest
from django.contrib.auth.models import User

from ludoteca.bots import registry as bots
from ludoteca.engine import registry
from ludoteca.engine.protocol import TIMEOUT
from ludoteca.web.lobby import actions as lobby
from ludoteca.web.play import actions
from ludoteca.web.play.models import Move, Seat, Table
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import Socket, make_user, open_socket, state_of

pytestmark = [pytest.mark.django_db(transaction=True)]

GAME = registry.get("piles")


def piles_table(
    users: list[User | str], **options: Any
) -> tuple[int, list[User | str]]:
    """A started Piles! table (a str in `users` is a bot name)."""
    owner = next(u for u in users if isinstance(u, User))
    table = lobby.do_create_table(owner, "piles", len(users), dict(options))
    for index, who in enumerate(users):
        seat = table.seats.get(index=index)
        seat.user = who if isinstance(who, User) else None
        seat.bot = who if isinstance(who, str) else ""
        seat.save()
    actions.do_start(table.pk)
    return table.pk, users


def start_play(table_id: int, users: list[User]) -> None:
    """Everybody says ready, then the countdown ends (what the ticker does)."""
    for seat, user in enumerate(users):
        actions.do_act(table_id, seat, {"type": "ready"}, None, user_id=user.pk)
    actions.do_act(table_id, None, TIMEOUT, None, system=True)


async def two_players(sockets: list[Socket], lang: str = "en", **options: Any) -> Any:
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id, _ = await database_sync_to_async(piles_table)([ana, bia], **options)
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana, lang)
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bia, lang)
    for s in (a, b):
        await s.send("hello")
        await s.until("state")
    return table_id, ana, bia, a, b


@pytest.mark.asyncio
async def test_two_players_race_for_one_centre_card_exactly_one_gets_it(sockets):
    table_id, ana, bia, a, b = await two_players(sockets, min_action_ms=0)
    await database_sync_to_async(start_play)(table_id, [ana, bia])
    await a.send("act", None, action={"type": "open", "pile": 0}, ref="a-open")
    await b.send("act", None, action={"type": "open", "pile": 0}, ref="b-open")
    await a.until("ack")
    await b.until("ack")
    before = await database_sync_to_async(state_of)(table_id)
    target = before.centre[2]
    moves_before = await database_sync_to_async(Move.objects.count)()

    # Both saw the same centre card in place 3 and want it, at the same moment.
    swaps = {
        "ana": {"type": "swap", "card": before.piles[0][0][0], "slot": 2},
        "bia": {"type": "swap", "card": before.piles[1][0][3], "slot": 2},
    }
    await asyncio.gather(
        a.send("act", 2, action=swaps["ana"] | {"expected": target}, ref="race"),
        b.send("act", 2, action=swaps["bia"] | {"expected": target}, ref="race"),
    )

    results = {}
    for name, s in (("ana", a), ("bia", b)):
        while True:
            frame = await s.recv()
            if frame["t"] in ("ack", "refused") and frame["d"]["ref"] == "race":
                results[name] = frame
                break
    kinds = sorted(f["t"] for f in results.values())
    assert kinds == ["ack", "refused"], results
    winner = next(n for n, f in results.items() if f["t"] == "ack")
    loser = "bia" if winner == "ana" else "ana"
    refusal = results[loser]["d"]
    assert refusal["code"] == "centre_card_taken"
    assert refusal["text"] == "That card was just taken. Look at the centre again."

    after = await database_sync_to_async(state_of)(table_id)
    win_seat, lose_seat = (0, 1) if winner == "ana" else (1, 0)
    # The winner holds the centre card; nothing of the loser's changed.
    assert target in after.piles[win_seat][0]
    assert after.centre[2] == swaps[winner]["card"]
    assert after.piles[lose_seat] == before.piles[lose_seat]
    assert after.open_pile[lose_seat] == 0
    assert await database_sync_to_async(Move.objects.count)() == moves_before + 1
    # The loser's screen shows the new centre card, and their own pile as it was.
    loser_socket = b if loser == "bia" else a
    await loser_socket.drain()
    update = [f for f in loser_socket.frames if f["t"] == "update"][-1]
    assert update["v"] == results[winner]["v"]
    view = update["d"]["view"]
    assert view["centre"][2]["card"] == swaps[winner]["card"]
    assert [c["card"] for c in view["piles"][0]["cards"]] == list(
        before.piles[lose_seat][0]
    )


@pytest.mark.asyncio
async def test_refusal_is_translated_for_the_reader(sockets):
    table_id, ana, bia, a, _ = await two_players(sockets, "pt-br", min_action_ms=0)
    await database_sync_to_async(start_play)(table_id, [ana, bia])
    await a.send("act", None, action={"type": "open", "pile": 1}, ref=1)
    await a.until("ack")
    state = await database_sync_to_async(state_of)(table_id)
    stale = next(c for c in range(200) if c not in state.centre)
    card = state.piles[0][1][0]
    action = {"type": "swap", "card": card, "slot": 0, "expected": stale}
    await a.send("act", None, action=action, ref=2)
    refused = await a.until("refused")
    assert refused["d"]["code"] == "centre_card_taken"
    pt = "Essa carta acabou de ser pega. Olhe o centro de novo."
    assert refused["d"]["text"] == pt


@pytest.mark.asyncio
async def test_rate_limit_refuses_a_too_quick_action_and_records_nothing(sockets):
    table_id, ana, bia, a, b = await two_players(sockets, min_action_ms=500)
    await database_sync_to_async(start_play)(table_id, [ana, bia])
    await asyncio.sleep(0.55)  # after "ready"
    await a.send("act", None, action={"type": "open", "pile": 0}, ref=1)
    await a.until("ack")
    count = await database_sync_to_async(Move.objects.count)()
    await a.send("act", None, action={"type": "open", "pile": 1}, ref=2)
    refused = await a.until("refused")
    assert refused["d"]["code"] == "too_fast"
    assert refused["d"]["text"] == "Slow down: one action every 500 ms."
    assert await database_sync_to_async(Move.objects.count)() == count
    # The other seat is not limited by ana's pace.
    await b.send("act", None, action={"type": "open", "pile": 0}, ref=3)
    assert (await b.until("ack"))["d"]["ref"] == 3
    await asyncio.sleep(0.55)
    await a.send("act", None, action={"type": "open", "pile": 1}, ref=4)
    assert (await a.until("ack"))["d"]["ref"] == 4


def test_a_game_without_a_presence_hook_has_none():
    from ludoteca.web.play import games
    from tests.engine import toygame

    assert games.disconnect_action(GAME) is not None
    assert games.disconnect_action(toygame.GAME) is None


def test_match_timer_runs_from_the_start_of_play_and_clocks_stay_still():
    ana, bia = make_user("ana"), make_user("bia")
    table_id, _ = piles_table([ana, bia], min_action_ms=0, match_minutes=3)
    start_play(table_id, [ana, bia])
    table = Table.objects.get(pk=table_id)
    deadline, began = table.deadline, table.phase_started_at
    assert deadline is not None and began is not None
    assert abs((deadline - began).total_seconds() - 180) < 0.01
    clocks = list(Seat.objects.values_list("clock_ms", flat=True))
    for pile in (0, 1, 2):
        action = {"type": "open", "pile": pile}
        actions.do_act(table_id, 0, action, None, user_id=ana.pk)
    table.refresh_from_db()
    assert table.deadline == deadline and table.phase_started_at == began
    assert list(Seat.objects.values_list("clock_ms", flat=True)) == clocks


def test_piles_bots_are_offered_only_for_piles():
    assert {"piles", "piles-fast", "piles-slow"} <= set(bots.names("piles"))
    assert "random" in bots.names("piles")
    assert "piles" not in bots.names("highcard")
    ana = make_user("ana")
    table = lobby.do_create_table(ana, "highcard", 2, {})
    with pytest.raises(actions.Refused) as refused:
        lobby.do_add_bot(table.pk, ana, "piles-fast")
    assert refused.value.code == "unknown_bot"
    piles = lobby.do_create_table(ana, "piles", 3, {})
    lobby.do_add_bot(piles.pk, ana, "piles-fast")
    assert Seat.objects.get(table=piles, index=1).bot == "piles-fast"
    assert actions.standin_bot("piles") == "piles"


@pytest.mark.asyncio
async def test_bots_play_at_their_own_pace_until_the_match_ends(sockets, settings):
    settings.LUDOTECA_BOT_PACE_SCALE = 0.1  # piles-fast: ~60 ms per action
    ana = await database_sync_to_async(make_user)("ana")
    table_id, _ = await database_sync_to_async(piles_table)(
        [ana, "piles-fast", "piles-fast"], action_limit=40
    )
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    await a.send("hello")
    await a.until("state")
    await a.send("act", None, action={"type": "ready"}, ref=1)
    # The bots get ready by themselves, the ticker ends the countdown (3 s),
    # then they swap until the action limit ends the match.
    await a.until("update", timeout=20, where=lambda d: d["status"] == "finished")

    def bot_moves() -> list[Move]:
        return list(
            Move.objects.filter(table_id=table_id, seat__in=[1, 2]).order_by("index")
        )

    moves = await database_sync_to_async(bot_moves)()
    assert sum(m.action["type"] == "swap" for m in moves) > 0
    for seat in (1, 2):
        times = [m.created_at for m in moves if m.seat == seat]
        gaps = [(t2 - t1).total_seconds() for t1, t2 in itertools.pairwise(times)]
        # 0.6 s * 0.1 scale * at least 0.75 jitter, minus clock noise.
        assert min(gaps) >= 0.04, gaps


def test_the_live_table_equals_the_stored_table_up_to_the_end():
    """An owner changes its table in memory and writes what changed; its
    snapshot after every change must be the one a process reading the
    database builds, up to the end."""
    from django.db import transaction

    from ludoteca.web.live import changes, frames, store
    from ludoteca.web.live import table as live_table

    ana, bia = make_user("ana"), make_user("bia")
    table_id, _ = piles_table([ana, bia], min_action_ms=0, action_limit=3)
    start_play(table_id, [ana, bia])
    live = live_table.take(table_id)
    state = live.state
    swap = {"type": "swap", "card": state.piles[1][0][0], "slot": 0}
    moves = [
        (0, {"type": "open", "pile": 0}, ana),
        (1, {"type": "open", "pile": 0}, bia),
        (1, swap | {"expected": state.centre[0]}, bia),
    ]
    for seat, action, user in moves:
        pending = changes.act(live, seat, action, None, user_id=user.pk)
        with transaction.atomic():
            assert store.persist([pending.write]) == [None]
        held, loaded = frames.of_live(live), frames.load(table_id)
        for name in ("version", "status", "state", "seats", "users", "seed_hash"):
            assert getattr(held, name) == getattr(loaded, name), name
        assert held.outcome == loaded.outcome and held.seed == loaded.seed
        assert dict(held.clock, now=0) == dict(loaded.clock, now=0)
        for v in loaded.events:
            got = [e.as_dict() for e in held.events[v]]
            assert got == [e.as_dict() for e in loaded.events[v]]
        for seat_ in (0, 1, None):
            data = [frames.seat_data(snap, seat_) for snap in (held, loaded)]
            assert [f | {"clock": None} for f in data] == [
                data[1] | {"clock": None}
            ] * 2
    assert held.status == Table.FINISHED and held.outcome is not None


@pytest.mark.asyncio
async def test_a_player_who_disconnects_puts_the_pile_down(sockets):
    """2(e): the piles stay, the others play on, and coming back shows no
    pile contents until the player picks a pile up again."""
    table_id, ana, bia, a, b = await two_players(sockets, min_action_ms=500)
    await database_sync_to_async(start_play)(table_id, [ana, bia])
    await asyncio.sleep(0.55)
    await a.send("act", None, action={"type": "open", "pile": 2}, ref=1)
    await a.until("ack")
    held = await b.until("update", where=lambda d: d["view"]["seats"][0]["open_pile"])
    assert held["d"]["view"]["seats"][0]["open_pile"] == 2
    await a.close()  # right after acting: the platform's close is not rate limited
    down = await b.until("update", where=lambda d: d["events"])
    assert [e["type"] for e in down["d"]["events"]] == ["pile_closed"]
    state = await database_sync_to_async(state_of)(table_id)
    assert state.open_pile[0] is None and state.piles[0][2]
    back = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    await back.send("hello")
    view = (await back.until("state"))["d"]["view"]
    assert all("cards" not in p for p in view["piles"] if p["status"] != "locked")


def test_an_action_whose_transaction_failed_does_not_hold_up_the_retry():
    """The rate limit counts stored actions only: after an action whose
    COMMIT failed (the player saw "unavailable"), the retry is not too fast."""
    from django.db import transaction

    ana, bia = make_user("ana"), make_user("bia")
    table_id, _ = piles_table([ana, bia], min_action_ms=500)
    start_play(table_id, [ana, bia])
    time.sleep(0.55)  # after "ready"
    version = Table.objects.get(pk=table_id).version
    with pytest.raises(RuntimeError), transaction.atomic():
        actions.do_act(table_id, 0, {"type": "open", "pile": 0}, None, user_id=ana.pk)
        raise RuntimeError("the COMMIT did not reach the database")
    assert Table.objects.get(pk=table_id).version == version
    actions.do_act(table_id, 0, {"type": "open", "pile": 0}, None, user_id=ana.pk)
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, {"type": "open", "pile": 1}, None, user_id=ana.pk)
    assert refused.value.code == "too_fast"
