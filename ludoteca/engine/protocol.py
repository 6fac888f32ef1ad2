"""The Game protocol: the one interface every game implements.

A game is a single object (`GAME` in its package) whose methods are pure
functions of immutable states. The web layer, the bots, the command line and
the testkit only ever talk to games through this interface.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from ludoteca.engine import codec

Action = dict[str, Any]
"""A small JSON object with a ``"type"``: ``{"type": "play", "card": 17}``."""

Kind = Literal["turn-based", "simultaneous", "real-time"]

S = TypeVar("S")

TIMEOUT: Action = {"type": "timeout"}
"""The system action the platform applies (seat ``None``) when a phase runs out."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    kind: Kind = "turn-based"
    hidden_information: bool = True
    teams: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "names": dict(self.names),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "kind": self.kind,
            "hidden_information": self.hidden_information,
            "teams": self.teams,
        }


NO_LEGACY: Any = object()
"""`Option.legacy` when records made before the option behave as its default."""


@dataclass(frozen=True)
class Option:
    """A variant a table may switch on.

    Either `choices` lists every allowed value, or `minimum`/`maximum` bound an
    integer, or `items` makes it a list whose entries are each one of `items`
    (repeats allowed; `minimum`/`maximum` then bound its length). A game checks
    a list further in `setup`. `help` is an English one-liner; the web layer
    translates it.

    Rules change, records stay: `legacy` is the value a stored record made
    before the option existed stands for (`stored_options` fills it in, so an
    old match replays under the rules it was played with); `hidden` keeps an
    option that only old records use out of the new-table form.
    """

    default: Any
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    items: tuple[Any, ...] | None = None
    legacy: Any = NO_LEGACY
    hidden: bool = False

    def check(self, name: str, value: Any) -> None:
        if self.items is not None:
            self._check_list(name, value)
            return
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(self.default):
                allowed = ", ".join(json.dumps(c) for c in self.choices)
                raise ValueError(
                    f"option {name!r} must be one of {allowed}, not {value!r}"
                )
            return
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"option {name!r} must be a whole number, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {name!r} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {name!r} must be at most {self.maximum}")

    def _check_list(self, name: str, value: Any) -> None:
        assert self.items is not None
        if not isinstance(value, list | tuple):
            raise ValueError(f"option {name!r} must be a list, not {value!r}")
        unknown = [
            v
            for v in value
            if not any(v == i and type(v) is type(i) for i in self.items)
        ]
        if unknown:
            listed = ", ".join(json.dumps(v) for v in unknown)
            raise ValueError(f"option {name!r} has unknown entries: {listed}")
        if self.minimum is not None and len(value) < self.minimum:
            raise ValueError(f"option {name!r} needs at least {self.minimum} entries")
        if self.maximum is not None and len(value) > self.maximum:
            raise ValueError(f"option {name!r} takes at most {self.maximum} entries")

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"default": self.default, "help": self.help}
        if self.items is not None:
            out["items"] = list(self.items)
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


def resolve_options(
    declared: Mapping[str, Option], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Fill defaults and validate; raise ValueError with a clear message."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(unknown)}")
    resolved = {}
    for name, option in declared.items():
        value = given.get(name, option.default)
        option.check(name, value)
        resolved[name] = list(value) if option.items is not None else value
    return resolved


def stored_options(
    declared: Mapping[str, Option], stored: Mapping[str, Any]
) -> dict[str, Any]:
    """The options of a stored record, with the `legacy` value of every option
    declared after the record was made (stored options are always resolved, so
    a missing name means the option did not exist yet)."""
    out = dict(stored)
    for name, option in declared.items():
        if name not in out and option.legacy is not NO_LEGACY:
            out[name] = option.legacy
    return out


@dataclass(frozen=True)
class Event:
    """Something that happened, with who may see it.

    `to` is ``None`` for everyone (spectators included), otherwise the seats
    that may see it. A seat outside the audience still learns that the match
    moved on (its version advances) but never the event's content.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


def event(type_: str, to: Sequence[int] | None = None, **data: Any) -> Event:
    """Shorthand: ``event("trick_won", seat=2)``, ``event("drew", to=[1], card=5)``.

    Built like `frozen.replace` builds a copy (the instance dictionary set at
    once, past the frozen ``__setattr__``): every move makes a few events,
    and the dataclass's ``__init__`` sets each field through a call."""
    seats = None if to is None else tuple(to)
    new = _new(Event)
    _setattr(new, "__dict__", {"type": type_, "data": data, "to": seats})
    return new


_new = object.__new__
_setattr = object.__setattr__


@dataclass(frozen=True)
class Step(Generic[S]):
    state: S
    events: tuple[Event, ...] = ()


def step(state: S, events: tuple[Event, ...] = ()) -> Step[S]:
    """``Step(state, events)``, built as `event` builds an event (every move
    returns one)."""
    new: Step[S] = _new(Step)
    _setattr(new, "__dict__", {"state": state, "events": events})
    return new


@dataclass(frozen=True)
class Outcome:
    """How a match ended.

    `ranks[seat]` is 1 for the best; tied seats share a rank. `scores` is
    ``None`` for games without points. `teams` lists the sides of team games.
    """

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    teams: tuple[tuple[int, ...], ...] | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "scores": None if self.scores is None else list(self.scores),
            "teams": None if self.teams is None else [list(t) for t in self.teams],
            "details": dict(self.details),
        }


def ranks_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) from scores where higher is better."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


class Game(ABC, Generic[S]):
    """Base class of every game. Subclasses fill in the abstract members."""

    info: GameInfo
    options: Mapping[str, Option] = {}

    @abstractmethod
    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> S:
        """A new match; all randomness comes from `seed`."""

    @abstractmethod
    def active_seats(self, state: S) -> frozenset[int]:
        """Who may act now; empty once the match is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action `seat` may take now; ``[]`` when it may not act."""

    @abstractmethod
    def apply(self, state: S, seat: int | None, action: Action) -> Step[S]:
        """The next state and its events, or `IllegalAction` with nothing changed."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """Exactly what `seat` may know (``None``: a spectator), as JSON."""

    def public_view(self, state: S) -> dict[str, Any] | None:
        """The part of `view` that is the same for every seat and the
        spectator, or None (the default) when the game does not split it.
        A game that returns it gives `private_view` too, such that
        ``view(state, seat) == {**public_view(state), **private_view(state,
        seat)}``, keys in that order and none in both: the live frames then
        encode the public part once per version for every reader."""
        return None

    def private_view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What `view` adds to `public_view` for `seat` alone (see there)."""
        return self.view(state, seat)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the match runs."""

    @abstractmethod
    def determinize(self, state: S, seat: int, seed: int) -> S:
        """A full state drawn among those `seat` cannot tell apart from `state`."""

    state_type: type[S] | None = None
    """The frozen dataclass of the states, for the default JSON codec."""

    def to_json(self, state: S) -> dict[str, Any]:
        """Plain JSON for the state (default: the dataclass codec)."""
        data = codec.dump(state)
        assert isinstance(data, dict)
        return data

    def from_json(self, data: Mapping[str, Any]) -> S:
        if self.state_type is None:
            raise TypeError("set state_type or override from_json")
        return codec.load(self.state_type, data)

    def num_players(self, state: S) -> int:
        """Seats in the match (default: the state's `num_players` field)."""
        return int(getattr(state, "num_players"))  # noqa: B009

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        return resolve_options(self.options, given)

    def phase_seconds(self, state: S) -> float | None:
        """Seconds the current phase lasts, for games with timed phases."""
        return None

    def phase_key(self, state: S) -> Any:
        """What identifies the current timed phase, or ``None``.

        With ``None`` (the default) the platform restarts the `phase_seconds`
        clock after every action. A game whose phases span many actions (votes,
        night choices) returns a JSON-able value that changes exactly when a new
        timed phase begins, e.g. ``(phase, day)``; the platform then keeps the
        phase's deadline while the key stays the same. A key that comes back
        later resumes its phase with the time it had left (Mafia's voting after
        an acquitted trial).
        """
        return None

    def chat_channels(self, state: S, seat: int | None) -> dict[str, str]:
        """Chat channel -> "read" or "write" for this seat."""
        return {"table": "write" if seat is not None else "read"}

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None
