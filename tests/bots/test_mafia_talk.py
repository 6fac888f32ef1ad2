"""The Mafia bot's rules of thumb and table talk (ludoteca/games/mafia/bot.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ludoteca.bots import talk
from ludoteca.bots.hints import load
from ludoteca.engine import registry, testkit
from ludoteca.engine.i18n import missing_translations
from ludoteca.engine.rng import mix_seed
from ludoteca.games.mafia.claims import claimed_role
from ludoteca.games.mafia.roles import faction
from ludoteca.games.mafia.views import role_guide

pytestmark = pytest.mark.skipif("mafia" not in registry.ids(), reason="no Mafia")

BOTS = Path(__file__).resolve().parents[2] / "ludoteca" / "bots"


def states_in(phase: str, matches: int = 12) -> list[Any]:
    game = registry.get("mafia")
    found = []
    for m in range(matches):
        playout = testkit.play_random(game, 9, mix_seed("talk", m), keep=400)
        found += [s for s in playout.states if s.phase == phase]
    return found


def is_member(state: Any, seat: int) -> bool:
    from ludoteca.games.mafia.roles import faction

    return faction(state.players[seat].role) == "MAFIA"


def test_a_member_never_votes_against_the_family() -> None:
    game, hints = registry.get("mafia"), load("mafia")
    assert hints.prune is not None and hints.talk is not None
    checked = 0
    for state in states_in("voting"):
        for seat in sorted(game.active_seats(state)):
            actions = game.legal_actions(state, seat)
            kept = hints.prune(game, state, seat, actions)
            targets = {a["target"] for a in kept if a["type"] == "vote"}
            if is_member(state, seat):
                assert not any(is_member(state, t) for t in targets)
                checked += 1
            elif state.players[seat].role != "JESTER":
                # Everybody else names one suspect (evidence.suspect), or
                # first puts one claim or report on the record (bot._speak).
                assert len(kept) == 1
                assert kept[0]["type"] in ("vote", "claim", "report")
    assert checked


def guilty_reads(state: Any, seat: int) -> set[int]:
    return {
        n.seat
        for n in state.notes[seat]
        if n.kind == "detective" and n.result in ("suspicious", "MAFIA")
    }


def with_read(state: Any, seat: int, target: int, result: str) -> Any:
    from dataclasses import replace

    from ludoteca.games.mafia.state import Note

    notes = list(state.notes)
    notes[seat] = (*notes[seat], Note("detective", 1, seat=target, result=result))
    return replace(state, notes=tuple(notes))


def test_town_votes_and_judges_by_its_own_investigations() -> None:
    from dataclasses import replace

    from ludoteca.games.mafia.roles import faction

    game, hints = registry.get("mafia"), load("mafia")
    assert hints.prune is not None
    checked = 0
    for state in states_in("voting", 4):
        for seat in sorted(game.active_seats(state)):
            if faction(state.players[seat].role) != "TOWN":
                continue
            target = next(
                t for t, p in enumerate(state.players) if p.alive and t != seat
            )
            # Without formal claims (tests/bots/test_mafia_claims.py has them),
            # so the vote is the first thing the seat does.
            state = replace(state, options={**state.options, "claims": False})
            read = with_read(state, seat, target, "suspicious")
            kept = hints.prune(game, read, seat, game.legal_actions(read, seat))
            # Votes for a player its own Detective found suspicious.
            assert len(kept) == 1
            assert kept[0]["target"] in guilty_reads(read, seat)
            # A read on someone else's seat is nobody else's business.
            other = next(s for s in sorted(game.active_seats(state)) if s != seat)
            actions = game.legal_actions(read, other)
            assert hints.prune(game, read, other, actions) == hints.prune(
                game, state, other, actions
            )
            judged = replace(read, phase="judgement", accused=target)
            verdicts = [
                {"type": "judge", "verdict": v}
                for v in ("guilty", "innocent", "abstain")
            ]
            assert hints.prune(game, judged, seat, verdicts) == [verdicts[0]]
            cleared = replace(
                with_read(state, seat, target, "not_suspicious"),
                phase="judgement",
                accused=target,
            )
            assert hints.prune(game, cleared, seat, verdicts) == [verdicts[1]]
            checked += 1
    assert checked


def test_votes_are_announced_and_the_accused_pleads() -> None:
    game = registry.get("mafia")
    state = states_in("voting")[0]
    seat = min(game.active_seats(state))
    vote = next(a for a in game.legal_actions(state, seat) if a["type"] == "vote")
    said = talk.messages(game, state, seat, vote, seed=1)
    if game.chat_channels(state, seat).get("table") == "write":
        assert said == [talk.Message("table", "accuse", {"seat": vote["target"]})]
    twin = game.determinize(state, seat, 99)
    assert talk.messages(game, twin, seat, vote, seed=1) == said
    pleas = 0
    for state in states_in("defense"):
        accused = state.accused
        said = talk.messages(game, state, accused, None, seed=2)
        if said:
            assert [m.code for m in said] == ["defend", "claim"]
            claim = said[1].params["role"]
            # The formal claim it made, if any (public), else a Town role.
            own = claimed_role(state, accused)
            assert claim == own or (
                not own
                and faction(claim) == "TOWN"
                and claim in role_guide(state.rolelist)
            )
            # Whatever the accused really is, the same claim: it leaks nothing.
            for other_role in ("MAFIOSO", "DETECTIVE", "JESTER", "CITIZEN"):
                players = list(state.players)
                players[accused] = replace(players[accused], role=other_role)
                twin = replace(state, players=tuple(players))
                assert talk.messages(game, twin, accused, None, seed=2) == said
            pleas += 1
        for other in range(state.num_players):
            if other != accused:
                assert talk.messages(game, state, other, None, seed=2) == []
    assert pleas


def test_talk_sentences_are_translated() -> None:
    po = BOTS / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
    assert missing_translations([BOTS / "phrases.py"], po) == []
