"""Hints for the search bots (see ludoteca/bots/hints.py): rules of thumb and talk.

The search plays Mafia like any game; these hints add what a table expects:

- A Mafia member never votes to lynch a fellow member and judges one
  innocent (`prune`). Members know one another from the start, so in a world
  sampled for a member the teammates' roles are the real ones; for anyone
  else the rule never applies (it only reads the acting seat's own role).
- A Town seat acts on its own investigation results (its private notes):
  it votes for a living player its Detective found suspicious (or Mafia),
  judges such a player guilty, and judges one it found innocent (or Town)
  not guilty. Sampled worlds do not weigh those notes (roles are sampled
  from public information), so the search alone would ignore them. Only the
  acting seat's own notes are read; in a world sampled for another seat,
  nobody else's notes are there to read.
- Talk (`talk`): a bot says whom it votes for and why it judges as it does;
  accused, it pleads innocence and claims a role: its own when it is Town,
  "Citizen" when it is not (a bluff, never a reveal of what it cannot know).
  Messages are codes of ``ludoteca.bots.phrases.TALK``; the platform posts
  them in each reader's language. Only the acting seat's own role is read.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from ludoteca.games.mafia.roles import faction
from ludoteca.games.mafia.state import DEFENSE, JUDGEMENT, VOTING, State
from ludoteca.games.mafia.views import role_guide


def _is_member(state: State, seat: int) -> bool:
    return faction(state.players[seat].role) == "MAFIA"


GUILTY_READS = frozenset({"suspicious", "MAFIA"})
INNOCENT_READS = frozenset({"not_suspicious", "TOWN"})


def _reads(state: State, seat: int) -> dict[int, str]:
    """The seat's latest investigation result for each player it checked."""
    if seat >= len(state.notes):
        return {}
    return {n.seat: n.result for n in state.notes[seat] if n.kind == "detective"}


def _town_prune(state: State, seat: int, actions: list[Action]) -> list[Action]:
    reads = _reads(state, seat)
    if not reads:
        return actions
    guilty = {t for t, r in reads.items() if r in GUILTY_READS}
    if state.phase == VOTING:
        kept = [a for a in actions if a["type"] == "vote" and a["target"] in guilty]
        return kept or actions
    if state.phase == JUDGEMENT and state.accused in reads:
        read = reads[state.accused]
        verdict = "guilty" if read in GUILTY_READS else ""
        if read in INNOCENT_READS:
            verdict = "innocent"
        kept = [a for a in actions if a.get("verdict") == verdict]
        return kept or actions
    return actions


def prune(
    game: Game[Any], state: State, seat: int, actions: list[Action]
) -> list[Action]:
    if faction(state.players[seat].role) == "TOWN":
        return _town_prune(state, seat, actions)
    if not _is_member(state, seat):
        return actions
    if state.phase == VOTING:
        kept = [
            a
            for a in actions
            if a["type"] != "vote" or not _is_member(state, a["target"])
        ]
        return kept or actions
    if (
        state.phase == JUDGEMENT
        and state.accused >= 0
        and _is_member(state, state.accused)
    ):
        kept = [a for a in actions if a.get("verdict") != "guilty"]
        return kept or actions
    return actions


def talk(
    game: Game[Any], state: State, seat: int, action: Action | None, rng: Rng
) -> list[dict[str, Any]]:
    if action is None:
        if state.phase == DEFENSE and seat == state.accused:
            # The claim never depends on the bot's own role: true claims from
            # the Town alone would tell every seat who is who (and a plain
            # "Citizen" who is not Town). Any accused bot names a Town role
            # the public list may deal, so the claim tells nothing.
            town = [r for r in role_guide(state.rolelist) if faction(r) == "TOWN"]
            claim = rng.choice(sorted(town)) if town else "CITIZEN"
            return [
                {"channel": "table", "code": "defend"},
                {"channel": "table", "code": "claim", "role": claim},
            ]
        return []
    if action["type"] == "vote" and state.phase == VOTING:
        return [{"channel": "table", "code": "accuse", "seat": action["target"]}]
    verdict = action.get("verdict")
    if state.phase == JUDGEMENT and verdict in ("guilty", "innocent") and rng.below(2):
        return [{"channel": "table", "code": verdict, "seat": state.accused}]
    return []
