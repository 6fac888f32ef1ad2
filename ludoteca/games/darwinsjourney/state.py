"""The state of a Darwin's Journey match: frozen dataclasses of tuples.

A turn is a stack of small pending tasks (`Task`): placing a worker pushes the
location's menu, choosing a part of the menu pushes that action's task, and so
on. The top task tells who acts and what they may choose; every choice is one
action a bot can enumerate.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any, TypeVar

from ludoteca.engine.frozen import replace
from ludoteca.games.darwinsjourney import data, editions

EMPTY = 0


@dataclass(frozen=True)
class Task:
    kind: str
    seat: int
    n: int = 0
    ref: str = ""
    parts: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Player:
    coins: int
    vp: int
    temp: int
    evolution: int
    seals: tuple[tuple[str, ...], ...]  # W0..W4
    fifth_worker: bool
    placed: tuple[bool, ...]
    crew_hand: tuple[int, ...]
    crew: tuple[int, ...]  # card on W1, W2, W3 (0 before assignment)
    crew_claimed: tuple[bool, ...]
    reserve: tuple[int, ...]
    silver_slots: tuple[int, ...]  # 0 empty, +id completed, -id kept unfinished
    gold_slots: tuple[int, ...]
    tents_left: int
    stamps: tuple[int, ...]
    tray: int
    lenses_left: int
    research: tuple[str, ...]
    ship: str
    explorers: tuple[str, ...]  # per island A, B, C; "" when none
    reserved_turn: bool
    # Rulebook edition: the worker that achieved each crew card (0: not yet).
    crew_by: tuple[int, ...] = (0, 0, 0)
    crew_kept: tuple[int, ...] = ()  # C11 draft: the cards kept so far (hidden)

    def seal_count(self, colour: str) -> int:
        return _seal_count(self.seals, colour)

    def completed_objectives(self) -> int:
        return sum(1 for s in (*self.silver_slots, *self.gold_slots) if s > 0)

    def has_slot(self, tier: str, index: int) -> bool:
        slots = self.silver_slots if tier == "silver" else self.gold_slots
        return slots[index] > 0

    def stacks_empty(self) -> int:
        return self.stamps.count(0)

    def workers(self) -> tuple[int, ...]:
        return (0, 1, 2, 3, 4) if self.fifth_worker else (0, 1, 2, 3)

    def free_workers(self) -> tuple[int, ...]:
        return (_FREE_OF_FIVE if self.fifth_worker else _FREE_OF_FOUR)[self.placed]


@functools.lru_cache(maxsize=256)  # the tokens stay put under the rulebook
def _specimens_by_space(specimen_at: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """`State.specimens_on` of every space (callers must not change it)."""
    out: dict[str, tuple[str, ...]] = {}
    for specimen, at in zip(data.specimen_ids(), specimen_at, strict=True):
        out[at] = (*out.get(at, ()), specimen)
    return out


@functools.lru_cache(maxsize=4096)  # a pure function of the seals
def _seal_count(seals: tuple[tuple[str, ...], ...], colour: str) -> int:
    """`Player.seal_count` of these seals."""
    return sum([row.count(colour) for row in seals])


_FREE_OF_FIVE = {
    placed: tuple([w for w in range(5) if not placed[w]])
    for placed in itertools.product((False, True), repeat=5)
}
_FREE_OF_FOUR = {
    placed: tuple([w for w in range(4) if not placed[w]])
    for placed in (
        *itertools.product((False, True), repeat=5),
        *itertools.product((False, True), repeat=4),
    )
}
"""`free_workers` of every set of placed flags (a player's five, Alfred's
four), with or without the fifth worker: a look-up, as a turn asks it
several times."""


@dataclass(frozen=True)
class Alfred:
    """The solo automa's pieces (alfred.py plays them)."""

    coins: int
    vp: int
    evolution: int
    bonus: int  # spot of the Bonus marker, 1 = leftmost
    deck: tuple[int, ...]
    display: tuple[int, ...]
    placed: tuple[bool, ...]  # workers A-D
    seals: tuple[tuple[str, ...], ...]
    ship: str
    explorers: tuple[str, ...]
    stamps: tuple[int, ...]
    research: tuple[str, ...]
    lenses_left: int
    tents_left: int
    to_move: bool = True

    def free_workers(self) -> tuple[int, ...]:
        return _FREE_OF_FOUR[self.placed]


@functools.lru_cache(maxsize=1024)  # a Museum fills a tile at a time
def _tiles_in(museum_tiles: tuple[bool, ...]) -> frozenset[str]:
    """`State.tiles_in_museum` under the rulebook: a pure function of the flags."""
    tiles = zip(data.specimen_ids(), museum_tiles, strict=True)
    return frozenset([s for s, inside in tiles if inside])


@dataclass(frozen=True)
class State:
    num_players: int
    round: int
    phase: str  # crew | actions | reward | over
    turn_order: tuple[int, ...]
    next_order: tuple[int, ...]
    current: int
    beagle: str
    specimen_at: tuple[str, ...]  # aligned with data.specimen_ids()
    row_coin_taken: tuple[bool, ...]
    academy: tuple[tuple[str, ...], ...]  # "" for an empty space
    seal_supply: tuple[int, ...]  # G, B, Y, R, then purple
    special: tuple[int, ...]
    lenses: tuple[tuple[str, int], ...]  # unlocked lens spot -> owner (-1 neutral)
    occupants: tuple[
        tuple[str, int, int], ...
    ]  # (location, seat, worker); seat -1 rival
    envelopes: tuple[int, ...]
    envelope_stamps: tuple[tuple[int, ...], ...]
    goals: tuple[int, ...]
    display_silver: tuple[int, ...]
    display_gold: tuple[int, ...]
    deck_silver: tuple[int, ...]
    deck_gold: tuple[int, ...]
    crew_deck: tuple[int, ...]
    campsites: tuple[tuple[str, tuple[int, ...]], ...]
    ribbons_taken: tuple[str, ...]
    players: tuple[Player, ...]
    stack: tuple[Task, ...]
    museum_scope: str
    solo_rival: bool
    rng: int
    last: tuple[tuple[str, Any], ...] = ()
    # Fields of the rulebook edition (2026-12). A state saved before them
    # loads with these defaults, so it keeps playing by the first reading.
    edition: str = editions.FIRST_READING
    museum_tiles: tuple[bool, ...] = ()  # aligned with data.specimen_ids()
    end_bonus_taken: tuple[str, ...] = ()  # tracks whose last space was reached
    solo_penalty: int = 3
    start_pairs: tuple[tuple[int, int], ...] = ()
    alfred: Alfred | None = None

    @functools.cached_property
    def rulebook(self) -> bool:
        """Read once, then from the instance dictionary, which copies take
        along (the edition of a match never changes; no field: equality,
        the codec and the views never see it)."""
        return self.edition == editions.RULEBOOK

    def tile_in_museum(self, specimen: str) -> bool:
        index = data.specimen_index()[specimen]
        if self.museum_tiles:
            return self.museum_tiles[index]
        return self.specimen_at[index] == "museum"  # first reading: one piece

    def tiles_in_museum(self) -> frozenset[str]:
        """The specimens whose tile `tile_in_museum` finds, all at once."""
        if self.museum_tiles:
            return _tiles_in(self.museum_tiles)
        tokens = zip(data.specimen_ids(), self.specimen_at, strict=True)
        return frozenset([s for s, at in tokens if at == "museum"])

    # -- players -----------------------------------------------------------
    def p(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, **changes: Any) -> State:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return put_field(self, "players", tuple(players))

    def gain(self, seat: int, **amounts: int) -> State:
        """Add (or with negatives, take) coins, vp, temp or evolution."""
        players = list(self.players)
        p = players[seat]
        changes = amounts  # this call's own dictionary: the totals replace the amounts
        for key, amount in amounts.items():
            changes[key] = getattr(p, key) + amount
        if "vp" in changes:
            changes["vp"] = max(0, changes["vp"])  # never below 0
        if "evolution" in changes:
            changes["evolution"] = min(
                len(data.board()["evolution_books"]) - 1, changes["evolution"]
            )
        players[seat] = replace(p, **changes)  # `with_player`
        return put_field(self, "players", tuple(players))

    # -- tasks -------------------------------------------------------------
    def push(self, *tasks: Task) -> State:
        """Push tasks so that the first one given is resolved first."""
        return put_field(self, "stack", self.stack + tuple(reversed(tasks)))

    def pop(self) -> State:
        stack = self.stack[:-1]
        fields = self.__dict__
        if OWN in fields:  # `put_field` written out: most moves pop
            fields["stack"] = stack
            return self
        return replace(self, stack=stack)

    def top(self) -> Task | None:
        return self.stack[-1] if self.stack else None

    def replace_top(self, task: Task) -> State:
        return put_field(self, "stack", (*self.stack[:-1], task))

    # -- board ---------------------------------------------------------------
    def lens_owner(self, location: str) -> int | None:
        for loc, owner in self.lenses:
            if loc == location:
                return owner
        return None

    def workers_at(self, location: str) -> list[tuple[int, int]]:
        return [(s, w) for loc, s, w in self.occupants if loc == location]

    def specimens_on(self, space: str) -> tuple[str, ...]:
        """The specimens whose token lies on `space`, in the specimens' order."""
        return _specimens_by_space(self.specimen_at).get(space, ())

    def specimen_location(self, specimen: str) -> str:
        return self.specimen_at[data.specimen_index()[specimen]]

    def tents_at(self, space: str) -> tuple[int, ...]:
        for sid, seats in self.campsites:
            if sid == space:
                return seats
        return ()

    def explorer_on(self, space: str) -> bool:
        return any(space in p.explorers for p in self.players)


OWN = "_own"
"""The mark of a state, or of Alfred's pieces in it, that a move is changing
(`owned_copy`): an entry of the instance dictionary that is no field (equality,
copies by field and the views never see it)."""


T = TypeVar("T")


def owned_copy(obj: T, changes: dict[str, Any]) -> T:
    """`replace(obj, **changes)` as the move being applied makes it: its
    first change copies the state (or Alfred's pieces) and marks the copy as
    the move's own, and later changes are made to that copy in place (`put`)
    instead of copying the whole state for each. A state handed out
    (`release`) is never changed. The copy is made as `frozen.replace` makes
    it (one dictionary, set past the frozen class's `__setattr__`), with the
    mark in the same dictionary."""
    old = obj.__dict__
    attrs = old | changes
    if len(attrs) != len(old):
        raise TypeError(f"{type(obj).__name__} has no field among {sorted(changes)}")
    attrs[OWN] = True
    new = _new(type(obj))
    _setattr(new, "__dict__", attrs)
    return new


_new = object.__new__
_setattr = object.__setattr__


def put(state: State, **changes: Any) -> State:
    """`replace(state, **changes)`, in place on a copy the move owns (`owned_copy`).
    An unknown field is refused as `replace` refuses it."""
    fields = state.__dict__
    if OWN not in fields:
        return replace(state, **changes)
    size = len(fields)
    fields.update(changes)
    if len(fields) != size:
        raise TypeError(f"State has no field among {sorted(changes)}")
    return state


def put_field(state: State, name: str, value: Any) -> State:
    """`put` of one field, known to be one: no dictionary of changes built
    (a move changes a few dozen fields)."""
    fields = state.__dict__
    if OWN in fields:
        fields[name] = value
        return state
    return replace(state, **{name: value})


def release(state: State) -> State:
    """`state` as it is now is handed out or kept (a cache keyed on it): the
    move changes it (and Alfred's pieces in it) in place no more, and copies
    it at its next change."""
    state.__dict__.pop(OWN, None)
    if state.alfred is not None:
        state.alfred.__dict__.pop(OWN, None)
    return state
