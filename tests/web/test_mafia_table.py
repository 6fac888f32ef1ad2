"""Mafia on the platform: the phase clock across votes, and chats as meetings.

The phase clock restarts only when `Game.phase_key` changes; chat lines reach
only the sockets whose seat may read their channel (`Game.chat_channels`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import F
from django.utils import timezone

from ludoteca.engine.protocol import TIMEOUT
from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.roles import faction
from ludoteca.games.mafia.state import DISCUSSION, NIGHT, set_player
from ludoteca.web.live import owners
from ludoteca.web.play import actions
from ludoteca.web.play.models import Seat, Table
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_user, open_socket, state_of

pytestmark = [pytest.mark.django_db(transaction=True)]

FAST = {"day0_seconds": 5, "night_seconds": 40, "discussion_seconds": 30}


def mafia_table(users: list[User | str], **options: Any) -> int:
    """A started 7-seat Mafia table (a str is a bot), at its first night."""
    from ludoteca.web.lobby import actions as lobby

    owner = next(u for u in users if isinstance(u, User))
    table = lobby.do_create_table(owner, "mafia", len(users), {**FAST, **options})
    for index, who in enumerate(users):
        seat = table.seats.get(index=index)
        seat.user = who if isinstance(who, User) else None
        seat.bot = who if isinstance(who, str) else ""
        seat.save()
    actions.do_start(table.pk)
    actions.do_act(table.pk, None, TIMEOUT, None, system=True)  # day 0 ends
    assert state_of(table.pk).phase == NIGHT
    return table.pk


def edit_state(table_id: int, change: Any) -> None:
    """Rewrite the stored state, and tell the table's owner (as whoever
    writes a table outside its owner does), which reads it again."""
    state = change(state_of(table_id))
    Table.objects.filter(pk=table_id).update(
        state=GAME.to_json(state), state_version=F("version")
    )
    owners.changed_elsewhere(table_id)


def seats_by_team(table_id: int) -> tuple[int, int]:
    """A Mafia seat and a Town seat."""
    state = state_of(table_id)
    mafia = next(s for s, p in enumerate(state.players) if faction(p.role) == "MAFIA")
    town = next(s for s, p in enumerate(state.players) if faction(p.role) == "TOWN")
    return mafia, town


# -- the phase clock ----------------------------------------------------------


def test_night_actions_keep_the_phase_deadline_and_a_new_phase_restarts_it():
    ana = make_user("ana")
    table_id = mafia_table([ana, *["random"] * 6])
    earlier = timezone.now() - timedelta(seconds=10)
    Table.objects.filter(pk=table_id).update(phase_started_at=earlier)
    state = state_of(table_id)
    actor = min(GAME.active_seats(state))
    who = {"user_id": ana.pk} if actor == 0 else {"bot": "random"}
    version = Table.objects.get(pk=table_id).version
    actions.do_act(table_id, actor, {"type": "pass"}, version, **who)
    table = Table.objects.get(pk=table_id)
    assert state_of(table_id).phase == NIGHT
    assert table.phase_started_at == earlier  # the night goes on
    assert table.deadline <= earlier + timedelta(seconds=40)
    actions.do_act(table_id, None, TIMEOUT, None, system=True)  # dawn
    table = Table.objects.get(pk=table_id)
    assert table.phase_started_at > earlier + timedelta(seconds=9)


def test_the_ticker_ends_a_phase_that_began_before_the_last_action():
    ana = make_user("ana")
    table_id = mafia_table([ana, *["random"] * 6])
    now = timezone.now()
    Table.objects.filter(pk=table_id).update(
        phase_started_at=now - timedelta(seconds=41), turn_started_at=now
    )
    changes = actions.do_expire(table_id)
    assert len(changes) == 1
    assert state_of(table_id).phase != NIGHT


def test_the_games_own_phase_key_names_the_phase_else_the_view_does():
    from ludoteca.engine.protocol import Game

    class Plain(type(GAME)):  # type: ignore[misc]
        phase_key = Game.phase_key  # the protocol's default: None

    state = state_of(mafia_table([make_user("ana"), *["random"] * 6]))
    actor = min(GAME.active_seats(state))
    acted = GAME.apply(state, actor, {"type": "pass"}).state
    assert acted.phase == NIGHT
    assert actions.phase_key(GAME, acted) == actions.phase_key(GAME, state)
    dawn = GAME.apply(state, None, TIMEOUT).state
    assert actions.phase_key(GAME, dawn) != actions.phase_key(GAME, state)
    assert "night" in actions.phase_key(Plain(), state)  # the view's "phase"


def _to_voting(table_id: int) -> None:
    for _ in range(3):  # night -> dawn -> discussion -> voting
        actions.do_act(table_id, None, TIMEOUT, None, system=True)
    assert state_of(table_id).phase == "voting"


def _trial_then_acquittal(table_id: int) -> None:
    for voter in (1, 2, 3, 4):  # four bots put seat 0 on trial (threshold 4)
        version = Table.objects.get(pk=table_id).version
        vote = {"type": "vote", "target": 0}
        actions.do_act(table_id, voter, vote, version, bot="random")
    assert state_of(table_id).phase == "defense"
    actions.do_act(table_id, None, TIMEOUT, None, system=True)  # judgement
    actions.do_act(table_id, None, TIMEOUT, None, system=True)  # all abstain
    state = state_of(table_id)
    assert state.phase == "voting" and state.acquittals == 1


@pytest.mark.parametrize("rule", ["resume", "restart"])
def test_voting_after_an_acquittal_resumes_with_the_time_it_had_left(rule):
    ana = make_user("ana")
    table_id = mafia_table(
        [ana, *["random"] * 6], voting_seconds=30, voting_after_acquittal=rule
    )
    _to_voting(table_id)
    began = timezone.now() - timedelta(seconds=12)  # 12 s of voting went by
    Table.objects.filter(pk=table_id).update(phase_started_at=began)
    _trial_then_acquittal(table_id)
    table = Table.objects.get(pk=table_id)
    left = (table.deadline - timezone.now()).total_seconds()
    if rule == "resume":  # 18 s were left when the trial began
        assert 15 < left <= 18
        assert table.phase_started_at < timezone.now() - timedelta(seconds=11)
    else:
        assert 27 < left <= 30


# -- a custom role list -----------------------------------------------------------


def test_a_match_started_from_a_custom_list_deals_it_and_guides_with_it():
    custom = ["GODFATHER", "CONSORT", "DOCTOR", "VETERAN", "TK", "RT", "JESTER"]
    table_id = mafia_table([make_user("ana"), *["random"] * 6], rolelist=custom)
    state = state_of(table_id)
    roles = sorted(p.role for p in state.players)
    assert {"GODFATHER", "CONSORT", "DOCTOR", "VETERAN", "JESTER"} <= set(roles)
    assert "VIGILANTE" in roles  # the TK slot cannot repeat the unique Veteran
    assert GAME.view(state, 0)["rolelist"] == custom


# -- chats as meetings ----------------------------------------------------------


async def _table_with_sockets(sockets: list[Any]) -> tuple[int, dict[str, Any]]:
    users = [await database_sync_to_async(make_user)(f"p{i}") for i in range(7)]
    table_id = await database_sync_to_async(mafia_table)(users)
    mafia, town = await database_sync_to_async(seats_by_team)(table_id)
    opened = {
        "mafia": await open_socket(sockets, f"/ws/play/{table_id}/", users[mafia]),
        "town": await open_socket(sockets, f"/ws/play/{table_id}/", users[town]),
        "watch": await open_socket(sockets, f"/ws/watch/{table_id}/", users[town]),
    }
    for s in opened.values():
        await s.send("hello")
        await s.until("state")
        await s.drain()
    return table_id, {"seats": (mafia, town), **opened}


def _chats(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f["d"] for f in frames if f["t"] == "chat"]


@pytest.mark.asyncio
async def test_a_mafia_night_line_never_reaches_town_or_spectators(sockets):
    table_id, s = await _table_with_sockets(sockets)
    state = s["mafia"].frames[0]["d"]
    assert state["channels"]["mafia"] == "write"
    town_state = s["town"].frames[0]["d"]
    assert "mafia" not in town_state["channels"]
    assert "mafia" not in s["watch"].frames[0]["d"]["channels"]
    await s["mafia"].send("chat", text="kill the doctor", channel="mafia")
    line = await s["mafia"].until("chat")
    assert line["d"]["channel"] == "mafia" and line["d"]["text"] == "kill the doctor"
    await s["town"].send("chat", text="let me in", channel="mafia")
    refused = await s["town"].until("refused")
    assert refused["d"]["code"] == "chat_closed"
    for who in ("town", "watch"):
        assert _chats(await s[who].drain(0.3)) == []
        assert all("kill the doctor" not in raw for raw in s[who].raw)
    # Reconnecting, the town seat is not sent the night's history either.
    await s["town"].close()
    user = await database_sync_to_async(
        lambda: Seat.objects.get(table_id=table_id, index=s["seats"][1]).user
    )()
    back = await open_socket(sockets, f"/ws/play/{table_id}/", user)
    await back.send("hello")
    await back.until("state")
    await back.drain(0.3)
    assert all("kill the doctor" not in raw for raw in back.raw)


@pytest.mark.asyncio
async def test_the_dead_chat_is_for_the_dead_and_opens_at_death(sockets):
    table_id, s = await _table_with_sockets(sockets)
    mafia, town = s["seats"]

    def kill_town(state: Any) -> Any:
        return set_player(state, town, alive=False, died="N1", shown="SHERIFF")

    await database_sync_to_async(edit_state)(table_id, kill_town)
    # The next action (a page's, so the owner reads the table again) brings
    # every socket to the new state with its channels.
    await database_sync_to_async(actions.do_act)(
        table_id, None, TIMEOUT, None, system=True
    )
    update = await s["town"].until("update", where=lambda d: "dead" in d["channels"])
    assert update["d"]["channels"]["dead"] == "write"
    assert update["d"]["channels"]["table"] == "read"  # the dead only listen
    await s["town"].send("chat", text="I was the sheriff", channel="dead")
    got = await s["town"].until("chat")
    assert got["d"]["channel"] == "dead"
    await s["town"].send("chat", text="hello living", channel="table")
    assert (await s["town"].until("refused"))["d"]["code"] == "chat_closed"
    for who in ("mafia", "watch"):
        assert all("I was the sheriff" not in raw for raw in s[who].raw)
        assert _chats(await s[who].drain(0.3)) == []
    assert mafia != town


@pytest.mark.asyncio
async def test_a_blackmailed_player_reads_the_day_chat_but_cannot_write(sockets):
    table_id, s = await _table_with_sockets(sockets)
    town = s["seats"][1]

    def silence(state: Any) -> Any:
        state = replace(state, phase=DISCUSSION, day=1)
        return set_player(state, town, silenced_day=1)

    await database_sync_to_async(edit_state)(table_id, silence)
    await s["town"].send("chat", text="I am innocent", channel="table")
    assert (await s["town"].until("refused"))["d"]["code"] == "chat_closed"
    await s["mafia"].send("chat", text="town is quiet", channel="table")
    for who in ("mafia", "town", "watch"):
        line = await s[who].until("chat")
        assert line["d"]["text"] == "town is quiet"


# -- bots' table talk -------------------------------------------------------------


def _voting(table_id: int, silenced: int = -1) -> Any:
    def to_voting(state: Any) -> Any:
        state = replace(
            state,
            phase="voting",
            day=1,
            votes=(-1,) * state.num_players,
            actions=(),
        )
        return state if silenced < 0 else set_player(state, silenced, silenced_day=1)

    edit_state(table_id, to_voting)
    return state_of(table_id)


def test_a_bot_says_whom_it_votes_for_in_the_readers_language():
    from ludoteca.web.live import frames
    from ludoteca.web.play.models import ChatMessage

    ana = make_user("ana")
    table_id = mafia_table([ana, *["random"] * 6])
    state = _voting(table_id)
    vote = {"type": "vote", "target": 0}
    ids, _ = actions.do_bot_talk(table_id, 3, "random", GAME.to_json(state), vote, 7)
    assert len(ids) == 1
    line = ChatMessage.objects.get(pk=ids[0])
    assert line.channel == "table" and line.seat == 3 and line.params["seat"] == 0
    names = ["ana", "b1", "b2", "b3", "b4", "b5", "b6"]
    en = frames.chat_entry(line, names, "en", GAME)["text"]
    pt = frames.chat_entry(line, names, "pt-br", GAME)["text"]
    assert "ana" in en and en.startswith("I am voting for")
    assert "ana" in pt and pt != en


def test_a_blackmailed_bot_says_nothing():
    ana = make_user("ana")
    table_id = mafia_table([ana, *["random"] * 6])
    state = _voting(table_id, silenced=3)
    vote = {"type": "vote", "target": 0}
    ids, _ = actions.do_bot_talk(table_id, 3, "random", GAME.to_json(state), vote, 7)
    assert ids == []


@pytest.mark.asyncio
async def test_three_people_each_receive_only_what_their_seat_may_know(sockets):
    """Two Mafia members and a Town player at one table: each socket carries
    its own role card, the Mafia its team, and a night choice reaches only the
    seat that made it (the others learn that it is ready)."""
    users = [await database_sync_to_async(make_user)(f"p{i}") for i in range(7)]
    table_id = await database_sync_to_async(mafia_table)(users)
    state = await database_sync_to_async(state_of)(table_id)
    mafia = [s for s, p in enumerate(state.players) if faction(p.role) == "MAFIA"]
    town = next(s for s, p in enumerate(state.players) if faction(p.role) == "TOWN")
    seats = {"a": mafia[0], "b": mafia[1], "t": town}
    s = {}
    for key, seat in seats.items():
        s[key] = await open_socket(sockets, f"/ws/play/{table_id}/", users[seat])
        await s[key].send("hello")
    frames = {key: await sock.until("state") for key, sock in s.items()}
    first = {key: frame["d"] for key, frame in frames.items()}
    for key, seat in seats.items():
        view = first[key]["view"]
        assert view["you"]["role"] == state.players[seat].role
        assert all("role" not in p for p in view["players"])  # nobody died yet
    team = {m["seat"]: m["role"] for m in first["a"]["view"]["you"]["team"]}
    assert team == {m: state.players[m].role for m in mafia}
    assert first["b"]["view"]["you"]["team"] == first["a"]["view"]["you"]["team"]
    assert len(first["t"]["view"]["you"].get("team", [])) <= 1
    for sock in s.values():
        await sock.drain()

    legal = first["a"]["legal"]
    pick = next(a for a in legal if a["type"] == "act")
    await s["a"].send("act", frames["a"]["v"], action=pick, ref=1)
    await s["a"].until("ack")
    mine = await s["a"].until("update")
    assert any(e["type"] == "night_choice" for e in mine["d"]["events"])
    for key in ("b", "t"):
        update = await s[key].until("update")
        types = [e["type"] for e in update["d"]["events"]]
        assert "ready" in types and "night_choice" not in types
        assert all("night_choice" not in raw for raw in s[key].raw)


@pytest.mark.asyncio
async def test_the_bots_are_ready_in_the_discussion_and_the_last_ready_opens_the_vote(
    sockets,
):
    """With formal claims the discussion is a phase everyone acts in: the
    table's bots say their piece and are ready at once, and the voting
    opens when the last person is ready, before the discussion's clock."""
    ana = await database_sync_to_async(make_user)("ana")
    table_id = await database_sync_to_async(mafia_table)([ana, *["easy"] * 6])

    def to_discussion() -> None:
        for _ in range(2):  # night -> dawn -> discussion
            actions.do_act(table_id, None, TIMEOUT, None, system=True)
        state = state_of(table_id)
        assert state.phase == DISCUSSION
        # No owner ran the bots at night, so nobody acted and nobody died.
        assert all(p.alive for p in state.players)

    await database_sync_to_async(to_discussion)()
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    await a.send("hello")

    def all_bots_ready(d: dict[str, Any]) -> bool:
        return all(p["ready"] for p in d["view"]["players"][1:])

    # The bots may all be ready before the first frame, or after it.
    waiting = await a.until("state")
    if not all_bots_ready(waiting["d"]):
        waiting = await a.until("update", where=all_bots_ready)
    view = waiting["d"]["view"]
    assert view["phase"] == DISCUSSION and not view["players"][0]["ready"]
    assert waiting["d"]["legal"][0] == {"type": "ready"}
    await a.send("act", waiting["v"], action={"type": "ready"}, ref=1)
    opened = await a.until("update", where=lambda d: d["view"]["phase"] == "voting")
    assert any(e["type"] == "voting_opens" for e in opened["d"]["events"])
