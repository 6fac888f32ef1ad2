"""Placing a worker: which locations it may use, what it costs, what it gives."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

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
    return _layout(state.rulebook, state.num_players)[1]


def unlocked(state: State) -> frozenset[str]:
    """The locations `is_unlocked` allows, for a check of many at once."""
    return unlocked_by(state.lenses)


@functools.lru_cache(maxsize=1024)  # the lenses change a few times a match
def unlocked_by(lenses: tuple[tuple[str, int], ...]) -> frozenset[str]:
    """`unlocked` under these lenses."""
    return _open_by_default() | {loc for loc, _ in lenses}


@functools.cache
def _open_by_default() -> frozenset[str]:
    return frozenset(loc for loc, spec in data.locations().items() if not spec.locked)


ALFRED_LENS = -2  # a lens placed by Alfred (alfred.LENS)


def in_play(state: State, location: str) -> bool:
    """Solo under the rulebook leaves the bottom Special Action row empty."""
    return in_play_on(state.rulebook, state.num_players, location)


def in_play_on(rulebook: bool, num_players: int, location: str) -> bool:
    """`in_play` on this board side."""
    solo_gap = rulebook and num_players == 1
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
    The board's spots are bits in the board's order (`_Grid`): the spots no
    worker may use now make one mask per turn, the spots a worker's seals
    meet another (kept per board and seals), and the worker's place actions
    are looked up by what is left."""
    p = state.players[seat]
    workers = p.free_workers()
    if not workers or p.coins < 0:
        return []
    rulebook, num_players, special = state.rulebook, state.num_players, state.special
    grid = _grid(rulebook, num_players)
    taken, busy = occupied_bits(grid, state.occupants)
    closed = lens_closed(grid, state.lenses) | (taken & grid.lens_spots)
    if rulebook and taken & grid.turn and turn_order_full(state):
        closed |= grid.turn
    # A spot in an occupied section costs the penalty: closed if unaffordable.
    if busy and section_penalty_amount(state, seat) > p.coins:
        closed |= busy
    out: list[dict[str, Any]] = []
    seals, temp = p.seals, p.temp
    for worker in workers:
        fits = _fit_mask(rulebook, num_players, special, seals[worker], temp)
        out += _place_actions(grid, worker, fits & ~closed)
    return out


class _Grid:
    """The spots in play of a board side as bits, in the board's order. One
    object per side (`_grid`), so the look-ups below key on it by identity."""

    __slots__ = (
        "bits",
        "lens_spots",
        "locked",
        "section_spots",
        "special",
        "spots",
        "turn",
    )

    def __init__(self, rulebook: bool, num_players: int) -> None:
        located, sections, locked, lens_spots = _layout(rulebook, num_players)
        self.spots = tuple(location for location, _ in located)
        bits = dict.fromkeys(data.locations(), 0)
        bits.update({location: 1 << i for i, location in enumerate(self.spots)})
        self.bits = bits
        """Every location's bit (0: out of play)."""
        in_section: dict[str, int] = {}
        for location, section in located:  # None: no penalty there
            if section is not None:
                in_section[section] = in_section.get(section, 0) | bits[location]
        self.section_spots = {
            location: in_section.get(section, 0) if section is not None else 0
            for location, section in sections.items()
        }
        """Per location, the spots in play its worker makes dear: those of
        its section that pay the occupied-section penalty (0: none)."""
        self.locked = _mask(bits, locked)
        self.lens_spots = _mask(bits, lens_spots)
        self.turn = bits.get("TURN", 0)
        self.special = tuple(
            (bits[location], slot)
            for location in self.spots
            if (slot := data.locations()[location].special_slot) is not None
        )
        """(bit, special tile slot) of the special tiles' spots in play."""


@functools.cache
def _grid(rulebook: bool, num_players: int) -> _Grid:
    return _Grid(rulebook, num_players)


def grid_of(state: State) -> _Grid:
    """The spots of the state's board side as bits."""
    return _grid(state.rulebook, state.num_players)


def occupied_bits(
    grid: _Grid, occupants: tuple[tuple[str, int, int], ...]
) -> tuple[int, int]:
    """(taken, busy): the spots with a worker, and the spots in play of the
    sections with one (they pay the occupied-section penalty)."""
    bits, section_spots = grid.bits, grid.section_spots
    taken = busy = 0
    for location, _, _ in occupants:
        taken |= bits[location]
        busy |= section_spots[location]
    return taken, busy


def _mask(bits: dict[str, int], locations: Iterable[str]) -> int:
    mask = 0
    for location in locations:
        mask |= bits[location]
    return mask


@functools.lru_cache(maxsize=1024)  # the lenses change a few times a match
def lens_closed(grid: _Grid, lenses: tuple[tuple[str, int], ...]) -> int:
    """The locked spots in play no lens opens."""
    return grid.locked & ~_mask(grid.bits, (location for location, _ in lenses))


@functools.lru_cache(maxsize=8192)
def _fit_mask(
    rulebook: bool,
    num_players: int,
    special: tuple[int, ...],
    seals: tuple[str, ...],
    temp: int,
) -> int:
    """The spots in play whose seal requirement a worker with these seals
    meets with `temp` temporary knowledge (the special tiles' spots by the
    match's tiles, the others kept across matches)."""
    mask = _fixed_fit_mask(rulebook, num_players, seals, temp)
    tiles = data.special_tiles()
    for bit, slot in _grid(rulebook, num_players).special:
        if missing_seals(seals, tiles[special[slot]].requirement) <= temp:
            mask |= bit
    return mask


@functools.lru_cache(maxsize=4096)
def _fixed_fit_mask(
    rulebook: bool, num_players: int, seals: tuple[str, ...], temp: int
) -> int:
    """`_fit_mask` of the spots that are not a special tile's."""
    grid = _grid(rulebook, num_players)
    mask = 0
    for location in grid.spots:
        loc = data.locations()[location]
        if loc.special_slot is None and missing_seals(seals, loc.requirement) <= temp:
            mask |= grid.bits[location]
    return mask


@functools.lru_cache(maxsize=8192)
def _place_actions(grid: _Grid, worker: int, mask: int) -> tuple[dict[str, Any], ...]:
    """`worker`'s place actions on the spots of `mask`, in the board's order.
    The dictionaries are shared by every turn that lists them (as `tasks.SKIP`
    is): building a few dozen each turn cost more than the rest of the list."""
    return tuple(
        _place_action(worker, location)
        for location in grid.spots
        if mask & grid.bits[location]
    )


@functools.cache
def _place_action(worker: int, location: str) -> dict[str, Any]:
    return {"type": "place", "worker": worker, "location": location}


def all_location_coins(state: State, seat: int) -> list[tuple[str, int]]:
    """`location_coins` of every location it allows, in the board's order,
    with what the locations share (lenses, occupied sections, the penalty)
    looked up once instead of per location."""
    spots, sections, locked, lens_spots = _layout(state.rulebook, state.num_players)
    taken = [loc for loc, _, _ in state.occupants]
    closed = locked - {loc for loc, _ in state.lenses}
    closed |= lens_spots.intersection(taken)
    if state.rulebook and "TURN" in taken and turn_order_full(state):
        closed |= {"TURN"}
    busy = {sections[loc] for loc in taken}
    busy.discard(None)
    penalty = section_penalty_amount(state, seat) if busy else 0
    return [
        (location, penalty if section in busy else 0)
        for location, section in spots
        if location not in closed
    ]


@functools.cache
def _layout(
    rulebook: bool, num_players: int
) -> tuple[
    tuple[tuple[str, str | None], ...],
    dict[str, str | None],
    frozenset[str],
    frozenset[str],
]:
    """The spots in play in the board's order with their penalty section
    (solo under the rulebook leaves a row empty), every location's section
    (those out of play too: Alfred uses them), the locked spots and the lens
    spots."""
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


def section_penalty_amount(state: State, seat: int) -> int:
    """`section_penalty` where the section is occupied."""
    base = occupied_penalty(state)
    if state.players[seat].has_slot("gold", 2):  # Gold 3: penalty reduced by one
        base -= 1
    return max(0, base)


@functools.lru_cache(maxsize=1024)
def _parts(
    location: str, effects: tuple[data.Effect, ...], silver: bool, gold: bool
) -> tuple[str, ...]:
    """The parts of a location's action with these effects and the worker's
    distinction bonuses (a pure function of them: a few dozen locations,
    four kinds of worker)."""
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
    grid = _grid(state.rulebook, state.num_players)
    bit = grid.bits[location]
    if bit:  # `section_penalty` by the grid: a worker in the spot's section
        coins = 0
        for other, _, _ in state.occupants:
            if grid.section_spots[other] & bit:
                coins = section_penalty_amount(state, seat)
                break
    else:  # out of play: never listed
        coins = section_penalty(state, seat, location)
    temp = missing_seals(p.seals[worker], _requirement(location, state.special))
    placed = list(p.placed)
    placed[worker] = True
    players = list(state.players)
    players[seat] = replace(
        p, placed=tuple(placed), coins=p.coins - coins, temp=p.temp - temp
    )
    silver, gold = distinctions(p, worker)
    menu = _menu(seat, location, base_effects(state, location), silver, gold)
    state = put(  # the turn gives way to the location's menu
        state,
        players=tuple(players),
        occupants=(*state.occupants, (location, seat, worker)),
        stack=(*state.stack[:-1], menu),
    )
    if bit and not bit & grid.lens_spots:
        return state  # a lens, and its owner, lie on lens spots only
    owner = state.lens_owner(location)
    if owner is not None and owner >= 0 and owner != seat:
        state = state.gain(owner, coins=1)
    if owner == ALFRED_LENS and state.alfred is not None:  # his coin track tops at 12
        coins = min(12, state.alfred.coins + 1)
        state = put(state, alfred=replace(state.alfred, coins=coins))
    return state


@functools.lru_cache(maxsize=1024)
def _menu(
    seat: int,
    location: str,
    effects: tuple[data.Effect, ...],
    silver: bool,
    gold: bool,
) -> Task:
    """A placed worker's menu: the location's parts (`_parts`) with
    the worker's distinctions (a task is frozen: one object serves again)."""
    parts = _parts(location, effects, silver, gold)
    return Task("menu", seat, ref=location, parts=parts, flags=("turn",))


def unlocked_parts(state: State, location: str) -> tuple[str, ...]:
    """The full action of a spot used without a worker (unlock, locked action)."""
    return as_parts(base_effects(state, location))
