"""Mafia bots reason from what their seat knows (games/mafia/evidence.py, bot.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from ludoteca.bots import registry as bots
from ludoteca.bots.arena import play_match
from ludoteca.bots.hints import load
from ludoteca.engine import registry, testkit
from ludoteca.engine.rng import mix_seed
from ludoteca.games.mafia import evidence
from ludoteca.games.mafia.state import NIGHT, Note
from ludoteca.games.mafia.targets import can_act_tonight

pytestmark = pytest.mark.skipif("mafia" not in registry.ids(), reason="no Mafia")

KILLERS = ("GODFATHER", "MAFIOSO")


def night_states(matches: int = 10) -> list[Any]:
    game = registry.get("mafia")
    found = []
    for m in range(matches):
        playout = testkit.play_random(game, 9, mix_seed("kill", m), keep=400)
        found += [s for s in playout.states if s.phase == NIGHT]
    return found


def killer_choices(state: Any) -> dict[int, list[dict[str, Any]]]:
    game, hints = registry.get("mafia"), load("mafia")
    assert hints.prune is not None
    out = {}
    for seat, p in enumerate(state.players):
        if p.role in KILLERS and p.alive and can_act_tonight(state, seat):
            out[seat] = hints.prune(game, state, seat, game.legal_actions(state, seat))
    return out


def test_the_mafia_attacks_every_night_it_can_and_its_killers_agree() -> None:
    checked = 0
    for state in night_states():
        choices = killer_choices(state)
        for kept in choices.values():
            assert len(kept) == 1 and kept[0]["type"] == "act"
        if len(choices) == 2:
            first, second = (kept[0]["target"] for kept in choices.values())
            assert first == second
            checked += 1
    assert checked


def test_the_mafia_spares_a_player_it_knows_survives_a_basic_attack() -> None:
    checked = 0
    for state in night_states(4):
        for seat, kept in killer_choices(state).items():
            target = kept[0]["target"]
            notes = list(state.notes)
            learned = Note("consigliere", 1, seat=target, role="SERIAL_KILLER")
            notes[seat] = (*notes[seat], learned)
            told = replace(state, notes=tuple(notes))
            again = killer_choices(told)[seat]
            if len(again) == 1 and again[0]["type"] == "act":
                assert again[0]["target"] != target
                checked += 1
    assert checked


def test_suspicion_follows_the_days_votes_and_a_public_lot() -> None:
    state = next(s for s in states_in_voting() if sum(p.alive for p in s.players) > 4)
    # Votes and the lot alone: the random players' claims would weigh too.
    state = replace(state, claims=())
    living = [s for s, p in enumerate(state.players) if p.alive]
    town = [s for s in living if not evidence.is_member(state, s)]
    seat, accused = town[0], town[1]
    votes = list(state.votes)
    for voter in living[-2:]:
        if voter != accused:
            votes[voter] = accused
    voted = replace(state, votes=tuple(votes))
    assert evidence.suspect(voted, seat) == accused
    # With no evidence at all, seats that trust nobody agree on the lot's
    # suspect; only that suspect itself names another (the runner-up).
    blank = replace(state, votes=tuple(-1 for _ in votes))
    alone = [s for s in town if evidence.trusted(blank, s) == {s}]
    picks = {evidence.suspect(blank, s) for s in alone}
    assert len(alone) >= 3 and len(picks) <= 2


def states_in_voting() -> list[Any]:
    game = registry.get("mafia")
    found = []
    for m in range(6):
        playout = testkit.play_random(game, 9, mix_seed("votes", m), keep=400)
        found += [s for s in playout.states if s.phase == "voting"]
    return found


def test_a_table_of_bots_holds_trials_and_kills() -> None:
    """Issue 23 item 13: a bot-filled seven-player match is a real match."""
    game = registry.get("mafia")
    lynched = killed = 0
    for seed in (1000, 1001):
        players = [bots.make("medium") for _ in range(7)]
        state, _ = play_match(game, players, seed, None)
        assert game.outcome(state) is not None and state.reason != "STALEMATE"
        lynched += sum(1 for p in state.players if p.died.startswith("D"))
        killed += sum(1 for p in state.players if p.died.startswith("N"))
    assert lynched >= 2 and killed >= 2


def test_who_defended_a_lynched_member_is_suspected_next() -> None:
    state = next(s for s in states_in_voting() if sum(p.alive for p in s.players) > 5)
    living = [s for s, p in enumerate(state.players) if p.alive]
    member = next(s for s in living if evidence.is_member(state, s))
    town = [s for s in living if not evidence.is_member(state, s)]
    seat, defender = town[0], town[-1]
    players = list(state.players)
    players[member] = replace(
        players[member], alive=False, died=f"D{state.day - 1}", shown="MAFIOSO"
    )
    verdicts = ["guilty" if s != member else "" for s in range(state.num_players)]
    verdicts[defender] = "innocent"
    after = replace(
        state,
        players=tuple(players),
        last_verdicts=tuple(verdicts),
        votes=tuple(-1 for _ in state.votes),
        accused=-1,
    )
    assert evidence.defenders(after) == {defender}
    assert evidence.suspect(after, seat) == defender
    # A lynched Town player's defenders prove nothing.
    players[member] = replace(players[member], shown="DOCTOR")
    assert evidence.defenders(replace(after, players=tuple(players))) == set()


def test_the_mafia_does_not_attack_twice_a_player_who_survived() -> None:
    from ludoteca.games.mafia import bot

    checked = 0
    for state in night_states():
        if state.day < 2:
            continue
        for seat, kept in killer_choices(state).items():
            spared = evidence.trusted(state, seat)
            survivor = bot._last_target(state, spared)
            if survivor >= 0:
                assert state.players[survivor].alive
                assert kept[0]["target"] != survivor
                checked += 1
    assert checked


def town_choice(state: Any, role: str) -> tuple[int, list[dict[str, Any]]] | None:
    game, hints = registry.get("mafia"), load("mafia")
    assert hints.prune is not None
    for seat, p in enumerate(state.players):
        if p.role == role and p.alive and can_act_tonight(state, seat):
            return seat, hints.prune(game, state, seat, game.legal_actions(state, seat))
    return None


def with_note(state: Any, seat: int, note: Note) -> Any:
    notes = list(state.notes)
    notes[seat] = (*notes[seat], note)
    return replace(state, notes=tuple(notes))


def test_the_detective_checks_the_prime_suspect_it_has_not_checked() -> None:
    checked = 0
    for state in night_states(4):
        found = town_choice(state, "DETECTIVE")
        if found is None:
            continue
        seat, kept = found
        done = set(evidence.reads(state, seat))
        assert len(kept) == 1 and kept[0]["target"] not in done
        assert kept[0]["target"] == evidence.suspect(state, seat, done)
        # Once checked and cleared, it moves on to someone else.
        cleared = with_note(
            state, seat, Note("detective", 1, seat=kept[0]["target"], result="TOWN")
        )
        again = town_choice(cleared, "DETECTIVE")
        assert again is not None
        if len(again[1]) == 1:  # someone is left to check
            assert again[1][0]["target"] not in done | {kept[0]["target"]}
        checked += 1
    assert checked


def test_the_vigilante_shoots_only_a_player_found_guilty() -> None:
    checked = 0
    for state in night_states(10):
        found = town_choice(state, "VIGILANTE")
        if found is None or state.day < 2:
            continue
        seat, kept = found
        if evidence.guilty(state, seat):
            continue
        assert [a["type"] for a in kept] == ["pass"]
        target = next(t for t, p in enumerate(state.players) if p.alive and t != seat)
        told = with_note(state, seat, Note("detective", 1, seat=target, result="MAFIA"))
        again = town_choice(told, "VIGILANTE")
        assert again is not None and again[1] == [{"type": "act", "target": target}]
        checked += 1
    assert checked


def test_the_escort_blocks_whom_its_evidence_points_at() -> None:
    """Its prime suspect when it has grounds against it; otherwise it stays
    home (nine players: a list with more Mafia than the two killers)."""
    blocked = stayed = 0
    for state in night_states(4):
        found = town_choice(state, "ESCORT")
        if found is None:
            continue
        seat, kept = found
        target = evidence.suspect(state, seat)
        if evidence.grounds(state, seat).get(target, 0.0) > 0:
            assert kept == [{"type": "act", "target": target}]
            blocked += 1
        else:
            assert kept == [{"type": "pass"}]
            stayed += 1
    assert blocked and stayed
