"""A plain-text notation of a match, for golden files, logs and debugging.

It shows everything (roles, hands, discards): it is for tests and replays
after the match, never for a seat during play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.protocol import Event
from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob.cards import SUITS, name
from ludoteca.games.insidejob.state import State


def cards(hand: Sequence[int]) -> str:
    return " ".join(name(c) for c in hand)


def mission_text(mission_id: str | None) -> str:
    if mission_id is None:
        return "none"
    m = missions.catalogue()[mission_id]
    return f"{m.id} ({m.condition}, trump {SUITS[m.trump]})"


def header(state: State, seed: int, options: dict[str, Any]) -> list[str]:
    chosen = ", ".join(k for k, v in sorted(options.items()) if v) or "none"
    lines = [
        f"Inside Job, {state.num_players} players, seed {seed}, options: {chosen}",
        f"dealer {state.dealer}, first leader {state.leader}",
    ]
    for seat in range(state.num_players):
        lines.append(
            f"seat {seat}: {state.roles[seat]:<10} intel {state.intel[seat]}"
            f"  hand {cards(state.hands[seat])}"
        )
    lines.append(f"set aside: {cards(state.set_aside)}")
    lines.append(f"mission deck: {' '.join(state.mission_deck)}")
    return lines


def describe(before: State, seat: int | None, action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "pick_partner":
        return f"{seat} picks partner {action['seat']}"
    if kind == "choose_mission":
        other = [m for m in before.offered if m != action["mission"]]
        dropped = other[0] if other else "-"
        return f"{seat} keeps {mission_text(action['mission'])}, drops {dropped}"
    if kind == "play":
        bet = "*" if action["wager"] else ""
        return f"{seat} plays {name(action['card'])}{bet}"
    return f"{seat} votes {action['targets']}"


def after(state: State, events: Sequence[Event]) -> list[str]:
    """Lines for what the move caused (tricks, missions, reveals, the end)."""
    lines: list[str] = []
    for ev in events:
        d = ev.data
        if ev.type == "trick_won":
            lines.append(f"  -> {d['seat']} wins the trick (+{d['intel']} intel)")
        elif ev.type in ("mission_completed", "mission_failed"):
            word = "completed" if ev.type == "mission_completed" else "failed"
            lines.append(f"  -> mission {d['mission']} {word}")
        elif ev.type == "role_revealed":
            lines.append(f"  -> {d['seat']} revealed: {d['role']}")
        elif ev.type == "intel_lost":
            lines.append(f"  -> {d['seat']} loses a token ({d['reason']})")
        elif ev.type == "votes_revealed":
            lines.append(f"  -> votes {d['votes']} tally {d['tally']}")
        elif ev.type == "match_ended":
            lines.append(f"  -> over: {d['reason']}, winners {d['winners']}")
    if any(e.type == "trick_won" for e in events):
        lines.append(
            f"  intel {list(state.intel)} supply {state.supply}"
            f" completed {len(state.completed)} failed {len(state.failed)}"
        )
    return lines
