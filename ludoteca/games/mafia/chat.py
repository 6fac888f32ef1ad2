"""Chat channels as meetings (issue 9): who may read or write which channel when.

Channels: ``table`` (the public day chat), ``mafia``, ``masons``, ``cult``
(night meetings), ``dead`` (the dead only) and ``will:<seat>`` (each player's
last will: written by its owner while alive, read by all after a death unless
cleaned, and by the Janitor who cleaned it). The platform enforces them.
"""

from __future__ import annotations

from ludoteca.games.mafia.roles import faction
from ludoteca.games.mafia.state import (
    DAY0,
    DEFENSE,
    DISCUSSION,
    JUDGEMENT,
    LAST_WORDS,
    NIGHT,
    OVER,
    VOTING,
    State,
)

OPEN_TABLE = (DAY0, DISCUSSION, VOTING, JUDGEMENT)
SPEECH = (DEFENSE, LAST_WORDS)


def _wills(state: State, seat: int | None) -> dict[str, str]:
    if not state.options["last_wills"]:
        return {}
    out = {}
    for s, p in enumerate(state.players):
        if s == seat and p.alive:
            out[f"will:{s}"] = "write"
        elif not p.alive and (p.cleaned_by < 0 or p.cleaned_by == seat):
            out[f"will:{s}"] = "read"
    return out


def silenced(state: State, seat: int) -> bool:
    day = state.players[seat].silenced_day
    return day > 0 and day == state.day and state.phase != NIGHT


def channels(state: State, seat: int | None) -> dict[str, str]:
    if state.phase == OVER:  # everything is revealed after the match
        out = {c: "read" for c in ("table", "mafia", "masons", "cult", "dead")}
        out.update({f"will:{s}": "read" for s in range(state.num_players)})
        return out
    out = {"table": "read", **_wills(state, seat)}
    if seat is None:
        return out
    p = state.players[seat]
    if not p.alive:
        out["dead"] = "write"
        return out
    speaking = state.phase in OPEN_TABLE or (
        state.phase in SPEECH and seat == state.accused
    )
    if speaking and not silenced(state, seat):
        out["table"] = "write"
    mode = "write" if state.phase == NIGHT else "read"
    team = faction(p.role)
    if team == "MAFIA":
        out["mafia"] = mode
    if team == "CULT":
        out["cult"] = mode
    if seat in state.masons and any(
        state.players[s].alive and state.players[s].role == "MASON"
        for s in state.masons
    ):
        out["masons"] = mode
    return out
