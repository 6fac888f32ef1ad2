"""The state of a match: frozen dataclasses of tuples (JSON through the codec).

Everything shared by a side lives per *team* (index 0 = green, home 0;
index 1 = blue, home 7): pawn position, agents in play, ongoing black-market
cards. Hands and discards live per *seat*. In a two-player match team and
seat are the same number; in the team variant seat `s` plays for team
`s % 2` (see teams.py).

Hands and agents in play are counts per agent (8 ints), the deck a tuple of
agent ids whose top is the *last* element (drawing is a cheap slice).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

from ludoteca.games.agentavenue.cards import NUM_AGENTS

Counts = tuple[int, ...]
"""How many of each agent (indexed by cards.AGENTS)."""

EMPTY: Counts = (0,) * NUM_AGENTS

# Phases
PLAY = "play"  # a solo side (2 players, or the lone player of 3) offers two cards
LEAD = "lead"  # a pair: either teammate plays the face-up card
FOLLOW = "follow"  # a pair: the other teammate plays the face-down card
PICK = "pick"  # the opposing side chooses one of the two cards
MARKET = "market"  # a black-market decision is pending (see `tasks`)
OVER = "over"


@dataclass(frozen=True)
class Task:
    """A step still to do after the recruit, resolved first-in-first-out.

    kind: "bm" (TakeBM, a choice), "draw" (draw up to 4), "secret",
    "double", "spy", "mind" (choose a card for that black-market effect),
    "again" (Spycation's optional re-recruit of `card`), "end" (the END step).
    `seat` is who decides; -1 lets any member of `team` decide.
    """

    kind: str
    team: int
    seat: int = -1
    card: int = -1


@dataclass(frozen=True)
class Turn:
    """A public summary of the latest recruit, for boards and logs."""

    number: int
    team: int
    leader: int
    follower: int
    up: int
    down: int
    picker: int
    picked_up: bool
    moved: tuple[int, int]
    market: tuple[tuple[int, int], ...] = ()
    """(team, black-market card) taken during the turn, in order."""


@dataclass(frozen=True)
class State:
    num_players: int
    black_market: bool
    teams: bool
    rng: int
    deck: tuple[int, ...]
    hands: tuple[Counts, ...]
    discards: tuple[tuple[int, ...], ...]
    in_play: tuple[Counts, Counts]
    pos: tuple[int, int]
    active: int
    """The team whose turn it is."""
    phase: str
    turn: int = 1
    offer_up: int = -1
    offer_down: int = -1
    leader: int = -1
    """Seat that played the face-up card this turn (-1 before)."""
    follower: int = -1
    """Seat that played the face-down card this turn (-1 before)."""
    bm_deck: tuple[int, ...] = ()
    bm_supply: tuple[int, ...] = ()
    """Face-up black-market cards by slot; -1 is an empty slot."""
    bm_discard: tuple[int, ...] = ()
    bm_owned: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    tasks: tuple[Task, ...] = ()
    winner: int = -1
    """The winning team once the match is over."""
    end_reason: str = ""
    last: Turn | None = None
    known: tuple[Counts, ...] = ()
    """Per seat, cards everyone knows to be in that hand (taken back into it
    in plain view), until played; a discard clears it, since nobody can tell
    which card went. During PICK the face-down card still counts as hand."""
    # Defaults are the rules of states saved before 2026-12 (game.OPTIONS).
    refill_timing: str = "end"
    """"end": the active side draws up to 4 at END (source page); "after_play":
    right after playing, and anyone below 4 after an effect (rulebook)."""
    edition: str = "2026-11"
    """"2026-11": the first rules, in which an instant black-market card also
    refilled the active side's hand at once under "end"."""

    @property
    def gap(self) -> int:
        """Clockwise distance from team 0's pawn forward to team 1's."""
        return self.pos[1] - self.pos[0]


_T = TypeVar("_T", State, Turn)


_FIELDS = {cls: frozenset(f.name for f in fields(cls)) for cls in (State, Turn)}


def evolve(obj: _T, **changes: Any) -> _T:
    """`dataclasses.replace` without re-running `__init__`: a copy of the
    instance dict with some fields changed. Several times faster, and `apply`
    runs millions of times for bots."""
    if not changes.keys() <= _FIELDS[type(obj)]:
        raise TypeError(f"unknown fields {sorted(changes.keys() - _FIELDS[type(obj)])}")
    new = object.__new__(type(obj))
    attributes = new.__dict__
    attributes.update(obj.__dict__)
    attributes.update(changes)
    return new
