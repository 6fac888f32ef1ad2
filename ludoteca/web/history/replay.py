"""Stepping through a finished match: the view of any seat after any move."""

from __future__ import annotations

import functools
from typing import Any

from ludoteca.engine.protocol import stored_options
from ludoteca.engine.record import Record
from ludoteca.web.play import games
from ludoteca.web.play.models import Table


@functools.lru_cache(maxsize=16)
def _states(table_id: int, version: int) -> tuple[Any, ...]:
    """Every state of a finished match (cached: replays step back and forth)."""
    table = Table.objects.get(pk=table_id)
    record = table.record()
    return tuple(all_states(record))


def all_states(record: Record) -> list[Any]:
    game = games.get(record.game)
    options = stored_options(game.options, record.options)  # old rules for old records
    state = game.setup(record.players, record.seed, options)
    out = [state]
    for move in record.moves:
        state = game.apply(state, move.seat, move.action).state
        out.append(state)
    return out


def frame(
    table: Table, step: int, seat: int | None, everything: bool
) -> dict[str, Any]:
    game = games.get(table.game)
    states = _states(table.pk, table.version)
    step = max(0, min(step, len(states) - 1))
    state = states[step]
    seats = range(table.players)
    move = table.moves.filter(index=step).first() if step else None
    views: dict[str, Any] = {}
    if everything:
        for s in seats:
            views[str(s)] = game.view(state, s)
    else:
        views["seat"] = game.view(state, seat)
    names = [s.display_name() for s in table.seats.order_by("index")]
    log: list[dict[str, Any]] = []
    for row in table.moves.filter(index__lte=step).order_by("index"):
        for ev in row.events:
            audience = ev.get("to")
            if not everything and audience is not None and seat not in audience:
                continue  # this point of view did not see it
            text = games.event_text(game, {"type": ev["type"], **ev["data"]}, names)
            if text:
                log.append({"step": row.index, "text": text})
    return {
        "log": log,
        "step": step,
        "steps": len(states) - 1,
        "seat": seat,
        "views": views,
        "move": None
        if move is None
        else {
            "seat": move.seat,
            "action": move.action,
            # What the move did, in words: this step's lines of the log.
            "text": " ".join(line["text"] for line in log if line["step"] == step),
        },
        "outcome": (o.as_dict() if (o := game.outcome(state)) else None),
    }
