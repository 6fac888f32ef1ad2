"""Placing a worker: which locations it may use, what it costs, what it gives."""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from ludoteca.engine.frozen import replace
from ludoteca.games.darwinsjourney import assumptions as A
from ludoteca.games.darwinsjourney import data
from ludoteca.games.darwinsjourney.effects import as_parts, part
from ludoteca.games.darwinsjourney.state import Player, State, Task, put


def is_unlocked(state: State, location: str) -> bool:
    loc = data.locations()[location]
    return not loc.locked or state.lens_owner(location) is not None


def sections(state: State) -> dict[str, str | None]:
    """`section_of` every location, for a look-up of many at once."""
    return _board(state.rulebook, state.num_players, state.special).sections


def unlocked(state: State) -> frozenset[str]:
    """The locations `is_unlocked` allows, for a check of many at once."""
    return _unlocked(state.lenses)


@functools.lru_cache(maxsize=1024)  # the lenses change a few times a match
def _unlocked(lenses: tuple[tuple[str, int], ...]) -> frozenset[str]:
    return _open_by_default() | {loc for loc, _ in lenses}


@functools.cache
def _open_by_default() -> frozenset[str]:
    return frozenset(loc for loc, spec in data.locations().items() if not spec.locked)


ALFRED_LENS = -2  # a lens placed by Alfred (alfred.LENS)


def in_play(state: State, location: str) -> bool:
    """Solo under the rulebook leaves the bottom Special Action row empty."""
    solo_gap = state.rulebook and state.num_players == 1
    return not (solo_gap and location in data.solo_unused_spots())


def section_of(state: State, location: str) -> str | None:
    """The location's Diary section: by board side under the rulebook (C4)."""
    return _section(location, state.rulebook, state.num_players)


@functools.cache
def _section(location: str, rulebook: bool, num_players: int) -> str | None:
    loc = data.locations()[location]
    if loc.section is None:
        return None
    if rulebook:
        return data.section_on_side(data.board_side(num_players), location)
    return loc.section


def occupied_penalty(state: State) -> int:
    if state.rulebook:  # C16: solo is played by the two-player rules
        if state.num_players == 1:
            return state.solo_penalty
        values = data.rulebook()["occupied_penalty"]
        return int(values["two_players" if state.num_players == 2 else "otherwise"])
    if state.num_players == 2:
        return A.OCCUPIED_PENALTY_TWO_PLAYERS
    return A.OCCUPIED_PENALTY_OTHERWISE


def requirement(state: State, location: str) -> tuple[tuple[str, int], ...]:
    return _requirement(location, state.special)


def _requirement(
    location: str, special: tuple[int, ...]
) -> tuple[tuple[str, int], ...]:
    loc = data.locations()[location]
    if loc.special_slot is not None:
        return data.special_tiles()[special[loc.special_slot]].requirement
    return loc.requirement


def base_effects(state: State, location: str) -> tuple[data.Effect, ...]:
    loc = data.locations()[location]
    if loc.special_slot is not None:
        return data.special_tiles()[state.special[loc.special_slot]].effects
    return loc.effects


@functools.lru_cache(maxsize=4096)  # a few seal sets meet a few requirements
def missing_seals(seals: tuple[str, ...], need: tuple[tuple[str, int], ...]) -> int:
    """Seals still missing after a purple seal covers one of any colour (A-18)."""
    missing = sum(max(0, n - seals.count(c)) for c, n in need)
    purple = seals.count(data.PURPLE) if A.PURPLE_IS_WILD else 0
    return max(0, missing - purple)


def distinctions(p: Player, worker: int) -> tuple[bool, bool]:
    """(silver, gold): the 4th and 6th seal of a trainable worker."""
    if worker not in A.TRAINABLE_WORKERS:
        return False, False
    count = len(p.seals[worker])
    return count >= 4, count >= 6


def section_penalty(state: State, seat: int, location: str) -> int:
    loc = data.locations()[location]
    section = section_of(state, location)
    if loc.kind == "rectangular" or section is None:
        return 0
    sections_now = sections(state)
    occupied = any(sections_now[other] == section for other, _, _ in state.occupants)
    if not occupied:
        return 0
    return section_penalty_amount(state, seat)


def placement_cost(
    state: State, seat: int, worker: int, location: str
) -> tuple[int, int] | None:
    """(coins, temporary knowledge) to place there, or None if not allowed."""
    coins = location_coins(state, seat, location)
    if coins is None:
        return None
    p = state.p(seat)
    temp = missing_seals(p.seals[worker], requirement(state, location))
    if temp > p.temp or coins > p.coins:
        return None
    return coins, temp


def location_coins(state: State, seat: int, location: str) -> int | None:
    """What any worker of `seat` pays in coins there, or None when no worker
    may go there (locked, out of play, a taken lens, a full turn order)."""
    loc = data.locations()[location]
    if not is_unlocked(state, location) or not in_play(state, location):
        return None
    if loc.kind == "lens" and state.workers_at(location):
        return None
    if location == "TURN" and state.rulebook and turn_order_full(state):
        return None
    return section_penalty(state, seat, location)


def turn_order_full(state: State) -> bool:
    """A-37 (revised): one spot per turn-order position."""
    return len(state.workers_at("TURN")) >= int(data.rulebook()["turn_order_spots"])


def placements(state: State, seat: int) -> list[dict[str, Any]]:
    """Every (worker, location) `placement_cost` allows, worker by worker.
    What does not depend on the worker is worked out once per turn, and the
    spots whose seals a worker meets are kept per board and worker's seals."""
    p = state.players[seat]
    workers = p.free_workers()
    if not workers or p.coins < 0:
        return []
    key = (state.rulebook, state.num_players, state.special)
    closed, busy = _closed_and_busy(state, _board(*key))
    # A spot costs the penalty in an occupied section, else nothing.
    dear = busy if busy and section_penalty_amount(state, seat) > p.coins else ()
    out = []
    for worker in workers:
        out += [
            action
            for location, section, action in _places(
                *key, worker, p.seals[worker], p.temp
            )
            if location not in closed and section not in dear
        ]
    return out


@functools.lru_cache(maxsize=4096)
def _places(
    rulebook: bool,
    num_players: int,
    special: tuple[int, ...],
    worker: int,
    seals: tuple[str, ...],
    temp: int,
) -> tuple[tuple[str, str | None, dict[str, Any]], ...]:
    """`_fitting` with each spot's place action for `worker`. The action
    dictionaries are shared by every turn that lists them (as `tasks.SKIP`
    is): building a few dozen each turn cost more than the rest of the list."""
    return tuple(
        (location, section, {"type": "place", "worker": worker, "location": location})
        for location, section in _fitting(rulebook, num_players, special, seals, temp)
    )


@functools.lru_cache(maxsize=4096)
def _fitting(
    rulebook: bool,
    num_players: int,
    special: tuple[int, ...],
    seals: tuple[str, ...],
    temp: int,
) -> tuple[tuple[str, str | None], ...]:
    """(location, section) of the board's spots in play, in its order, whose
    seal requirement a worker with these seals meets with `temp` temporary
    knowledge."""
    board = _board(rulebook, num_players, special)
    fits = _fits(seals, temp, board.needs)
    return tuple((loc, section) for loc, section, need in board.spots if fits[need])


def all_location_coins(state: State, seat: int) -> list[tuple[str, int]]:
    """`location_coins` of every location it allows, in the board's order."""
    board = _board(state.rulebook, state.num_players, state.special)
    return [(location, coins) for location, coins, _ in _coins(state, seat, board)]


Spot = tuple[str, str | None, int]
"""A location in play as a placement's coins read it: its id, its section
(None: no occupied-section penalty there) and its seal requirement (an index
in the board's `needs`). A plain tuple: unpacked fastest."""


class _Board(NamedTuple):
    spots: tuple[Spot, ...]
    needs: int
    """The number of the board's distinct seal requirements (`_NEEDS`)."""
    sections: dict[str, str | None]
    """Every location's section (those out of play too: Alfred uses them)."""
    locked: frozenset[str]
    """The spots in play that only a lens opens."""
    lens_spots: frozenset[str]
    """The spots in play that take one worker (lens spots)."""


@functools.lru_cache(maxsize=256)
def _board(rulebook: bool, num_players: int, special: tuple[int, ...]) -> _Board:
    """The locations in play, in the board's order, with their section on
    this side of the board (solo under the rulebook leaves a row empty) and
    their seal requirement (many locations share one, so they are numbered
    and a worker is checked once per distinct requirement)."""
    locations, sections, locked, lens_spots = _layout(rulebook, num_players)
    needs: dict[tuple[tuple[str, int], ...], int] = {}
    spots = tuple(
        (
            location,
            section,
            needs.setdefault(_requirement(location, special), len(needs)),
        )
        for location, section in locations
    )
    return _Board(spots, _numbered(tuple(needs)), sections, locked, lens_spots)


@functools.cache
def _layout(
    rulebook: bool, num_players: int
) -> tuple[
    tuple[tuple[str, str | None], ...],
    dict[str, str | None],
    frozenset[str],
    frozenset[str],
]:
    """What `_board` reads that the special tiles do not change: the spots in
    play with their penalty section, every location's section, the locked
    spots and the lens spots (a match's special tiles make a new board)."""
    unused = data.solo_unused_spots() if rulebook and num_players == 1 else ()
    spots: list[tuple[str, str | None]] = []
    locked, lens_spots = set(), set()
    for location, loc in data.locations().items():
        if location in unused:
            continue
        section = None
        if loc.kind != "rectangular":
            section = _section(location, rulebook, num_players)
        spots.append((location, section))
        if loc.locked:
            locked.add(location)
        if loc.kind == "lens":
            lens_spots.add(location)
    sections = {
        location: _section(location, rulebook, num_players)
        for location in data.locations()
    }
    return tuple(spots), sections, frozenset(locked), frozenset(lens_spots)


Needs = tuple[tuple[tuple[str, int], ...], ...]
_NEEDS: dict[Needs, int] = {}
_NEEDS_BY_NUMBER: list[Needs] = []


def _numbered(needs: Needs) -> int:
    """A number for each distinct list of requirements (the same few boards
    come back every match), so that `_fits` is looked up by a small key."""
    number = _NEEDS.get(needs)
    if number is None:
        number = _NEEDS[needs] = len(_NEEDS_BY_NUMBER)
        _NEEDS_BY_NUMBER.append(needs)
    return number


@functools.lru_cache(maxsize=4096)
def _fits(seals: tuple[str, ...], temp: int, needs: int) -> tuple[bool, ...]:
    """Per requirement of the board's `needs`, whether a worker with these
    seals meets it with `temp` temporary knowledge."""
    return tuple(missing_seals(seals, n) <= temp for n in _NEEDS_BY_NUMBER[needs])


def _coins(state: State, seat: int, board: _Board) -> list[tuple[str, int, int]]:
    """(location, coins, requirement) of every location a worker of `seat`
    may use (`location_coins`), with what the locations share (lenses,
    occupied sections, the penalty) looked up once instead of per location."""
    closed, busy = _closed_and_busy(state, board)
    penalty = section_penalty_amount(state, seat) if busy else 0
    return [
        (location, penalty if section in busy else 0, need)
        for location, section, need in board.spots
        if location not in closed
    ]


_TURN = frozenset({"TURN"})


def _closed_and_busy(
    state: State, board: _Board
) -> tuple[frozenset[str], set[str | None]]:
    """The spots no worker may use now (a locked spot without a lens, a lens
    spot taken, a full turn order) and the occupied sections (None left out)."""
    taken = [loc for loc, _, _ in state.occupants]
    closed = board.locked - {loc for loc, _ in state.lenses}
    closed |= board.lens_spots.intersection(taken)
    spots = int(data.rulebook()["turn_order_spots"])
    if state.rulebook and "TURN" in taken and taken.count("TURN") >= spots:
        closed |= _TURN
    sections = board.sections
    busy = {sections[loc] for loc in taken}
    busy.discard(None)
    return closed, busy


def section_penalty_amount(state: State, seat: int) -> int:
    """`section_penalty` where the section is occupied."""
    base = occupied_penalty(state)
    if state.players[seat].has_slot("gold", 2):  # Gold 3: penalty reduced by one
        base -= 1
    return max(0, base)


def location_parts(
    state: State, seat: int, worker: int | None, location: str
) -> tuple[str, ...]:
    """The parts of a location's action, with the worker's distinction bonuses."""
    silver, gold = (
        distinctions(state.players[seat], worker)
        if worker is not None
        else (False, False)
    )
    return _parts(location, base_effects(state, location), silver, gold)


@functools.lru_cache(maxsize=1024)
def _parts(
    location: str, effects: tuple[data.Effect, ...], silver: bool, gold: bool
) -> tuple[str, ...]:
    """`location_parts` of these effects and distinctions (a pure function of
    them: a few dozen locations, four kinds of worker)."""
    loc = data.locations()[location]
    parts: list[str] = []
    for key, amount in effects:
        amount = int(amount)
        if key in ("explore", "navigate", "correspondence"):
            if silver and loc.silver == "plus_one":
                amount += 1
            flag = ""
            if gold and loc.gold == "movement_stop":
                flag = "stop"
            if gold and loc.gold == "split":
                flag = "split"
            parts.append(part(key, amount, flag))
        elif key == "academy":
            discount = amount + (A.ACADEMY_GOLD_DISCOUNT if gold else 0)
            parts.append(part(key, discount))
        else:
            parts.append(part(key, amount))
    if silver and loc.silver == "extra_seal":
        parts.append(part("academy", A.ACADEMY_GOLD_DISCOUNT if gold else 0))
    if silver and loc.silver == "coins_two":
        parts.append(part("coins", 2))
    if gold and loc.gold == "vp_three":
        parts.append(part("vp", 3))
    return tuple(parts)


def place(state: State, seat: int, worker: int, location: str) -> State:
    """Place a worker where `placements` allows it (`apply` checked that the
    action is listed), paying what `placement_cost` asks there."""
    p = state.players[seat]
    coins = section_penalty(state, seat, location)
    temp = missing_seals(p.seals[worker], requirement(state, location))
    placed = list(p.placed)
    placed[worker] = True
    players = list(state.players)
    players[seat] = replace(
        p, placed=tuple(placed), coins=p.coins - coins, temp=p.temp - temp
    )
    parts = location_parts(state, seat, worker, location)
    menu = _menu(seat, location, parts)
    state = put(  # the turn gives way to the location's menu
        state,
        players=tuple(players),
        occupants=(*state.occupants, (location, seat, worker)),
        stack=(*state.stack[:-1], menu),
    )
    owner = state.lens_owner(location)
    if owner is not None and owner >= 0 and owner != seat:
        state = state.gain(owner, coins=1)
    if owner == ALFRED_LENS and state.alfred is not None:  # his coin track tops at 12
        coins = min(12, state.alfred.coins + 1)
        state = put(state, alfred=replace(state.alfred, coins=coins))
    return state


@functools.lru_cache(maxsize=1024)
def _menu(seat: int, location: str, parts: tuple[str, ...]) -> Task:
    """A placed worker's menu (a task is frozen: one object serves again)."""
    return Task("menu", seat, ref=location, parts=parts, flags=("turn",))


def unlocked_parts(state: State, location: str) -> tuple[str, ...]:
    """The full action of a spot used without a worker (unlock, locked action)."""
    return as_parts(base_effects(state, location))
