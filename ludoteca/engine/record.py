"""Match records: everything needed to reproduce a match exactly.

A record is the game id, its options, the number of players, the seed and the
list of ``(seat, action)`` in the order they were applied. Replaying it gives
every state of the match again; it is what the database stores, what replays
step through and what ``ludoteca replay`` reads.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.protocol import Action, Game, Step, stored_options


@dataclass(frozen=True)
class Move:
    seat: int | None
    action: Action


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": [[m.seat, m.action] for m in self.moves],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        return cls(
            game=str(data["game"]),
            players=int(data["players"]),
            seed=int(data["seed"]),
            options=dict(data.get("options") or {}),
            moves=[Move(seat, dict(action)) for seat, action in data["moves"]],
        )


def seed_digest(seed: int) -> str:
    """The hash a table shows at the start, so the seed can be checked at the end."""
    return _digest(seed)


@functools.lru_cache(maxsize=4096)
def _digest(seed: int) -> str:  # every snapshot of a live table shows it
    return hashlib.sha256(str(seed).encode()).hexdigest()


def steps(record: Record, game: Game[Any] | None = None) -> Iterator[Step[Any]]:
    """Every step of the match: the initial state (no events), then one per move."""
    game = game or registry.get(record.game)
    options = stored_options(game.options, record.options)
    state = game.setup(record.players, record.seed, options)
    yield Step(state, ())
    for move in record.moves:
        step = game.apply(state, move.seat, move.action)
        state = step.state
        yield step


def replay(
    record: Record, upto: int | None = None, game: Game[Any] | None = None
) -> Any:
    """The state after the first `upto` moves (all of them when ``None``)."""
    state = None
    for index, step in enumerate(steps(record, game)):
        state = step.state
        if upto is not None and index >= upto:
            break
    return state


def canonical(data: Any) -> str:
    """A stable text form of JSON data, for comparing states."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
