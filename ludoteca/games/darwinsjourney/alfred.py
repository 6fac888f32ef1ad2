"""Alfred, the solo automa of the rulebook (spec (h), correction 16).

Alfred is not a seat: he is a set of pieces in the state (`State.alfred`)
that takes his turns between the player's, as a system task with no choice.
His rules follow the spec; what his boards and cards show is a DATA GAP, so
`data/alfred.json` holds house data until they are transcribed. His deck's
order is hidden (determinize reshuffles it). Readings: A-60 to A-76.

His effects make no events of their own: each takes and returns the state,
and his turn's one event says what he did.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ludoteca.engine import Rng
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.games.darwinsjourney import data, movement, placement, scoring
from ludoteca.games.darwinsjourney.state import (
    OWN,
    Alfred,
    State,
    owned_copy,
    put,
    put_field,
)

SEAT = -1  # Alfred's workers and tents on the board
LENS = placement.ALFRED_LENS
MAIN = ("EXP", "NAV", "COR", "ACA")
PAGE_COLOUR = {"EXP": "G", "NAV": "B", "COR": "Y", "ACA": "R"}


@functools.cache
def _raw() -> dict[str, Any]:
    raw: dict[str, Any] = data._load("alfred.json")
    return raw


def board() -> dict[str, Any]:
    values: dict[str, Any] = _raw()["board"]
    return values


@functools.cache
def number(key: str) -> int:
    """A number printed on his board (a look-up: his turn reads a few)."""
    return int(board()[key])


@functools.cache
def cards() -> dict[int, dict[str, Any]]:
    return {int(k): v for k, v in _raw()["action_cards"].items() if k[0] != "_"}


def new_alfred(rng: Rng) -> Alfred:
    b = data.board()
    return Alfred(
        coins=number("start_coins"),
        vp=0,
        evolution=0,
        bonus=1,
        deck=tuple(rng.shuffled(sorted(cards()))),
        display=(),
        placed=(False,) * 4,
        seals=tuple(tuple(row) for row in board()["seals"]),
        ship=data.ocean().start,
        explorers=(data.islands()["A"].start, "", ""),
        stamps=(b["stamps_per_stack"],) * b["stamp_stacks"],
        research=(),
        lenses_left=int(b["lenses_per_player"]),
        tents_left=5,
    )


def set_pieces(state: State, **changes: Any) -> State:
    """`state` with Alfred's pieces changed. A move that owns the state
    (`state.owned_copy`) owns the copy of his pieces it makes too, and changes it
    in place from then on. An unknown field is refused as `replace` refuses
    it."""
    automa = state.alfred
    assert automa is not None
    pieces = automa.__dict__
    if OWN in pieces:
        size = len(pieces)
        pieces.update(changes)
        if len(pieces) != size:
            raise TypeError(f"Alfred has no field among {sorted(changes)}")
        return state
    if OWN in state.__dict__:  # `state.release` hands both out
        return put_field(state, "alfred", owned_copy(automa, changes))
    return put(state, alfred=replace(automa, **changes))


def set_piece(state: State, name: str, value: Any) -> State:
    """`set_pieces` of one field, known to be one: no dictionary of changes
    built (his turn changes a dozen)."""
    automa = state.alfred
    assert automa is not None
    pieces = automa.__dict__
    if OWN in pieces:
        pieces[name] = value
        return state
    return set_pieces(state, **{name: value})


def al(state: State) -> Alfred:
    assert state.alfred is not None
    return state.alfred


Effect = Callable[[State, int], State]
"""One of his effects: the state, the amount, the state after it."""


# -- coins, points and the Bonus track -----------------------------------------


def gain_coins(state: State, amount: int) -> State:
    """Coins run 0-12; each coin beyond 12 moves the Bonus marker instead."""
    total = al(state).coins + amount
    top = number("max_coins")
    state = set_piece(state, "coins", max(0, min(top, total)))
    if total <= top:  # `move_bonus` of no steps
        return state
    return move_bonus(state, total - top)


def move_bonus(state: State, steps: int) -> State:
    """A-62: one spot at a time, wrapping from the rightmost to the leftmost;
    the rightmost pays its VP, spots 5 and 10 their card's action."""
    if steps <= 0:
        return state
    spots, card_spots = number("bonus_spots"), board()["bonus_card_spots"]
    a = al(state)
    spot, vp = a.bonus, a.vp
    for _ in range(steps):
        spot = spot % spots + 1
        if spot == spots:
            vp += number("bonus_vp")
        if spot in card_spots:
            state = set_pieces(state, bonus=spot, vp=vp)  # the card's action reads them
            row = _raw()["bonus_cards"][f"spot{spot}"][state.round - 1]
            for key, amount in row.items():
                state = perform(state, key, int(amount))
            a = al(state)
            spot, vp = a.bonus, a.vp
    return set_pieces(state, bonus=spot, vp=vp)


def perform(state: State, key: str, amount: int) -> State:
    """One effect by Alfred's action rules; anything else does nothing."""
    action = _ACTIONS.get(key)
    if action is None:
        return state
    return action(state, amount)


def _temp(state: State, amount: int) -> State:
    return gain_coins(state, amount * number("tk_coins"))


def _vp(state: State, amount: int) -> State:
    return set_piece(state, "vp", al(state).vp + amount)


def _evolution(state: State, amount: int) -> State:
    top = len(data.board()["evolution_books"]) - 1
    return set_piece(state, "evolution", min(top, al(state).evolution + amount))


def _one(effect: Effect) -> Effect:
    """An effect he performs once whatever the amount (a choice he makes one way)."""
    return lambda state, amount: effect(state, 1)


def perform_all(state: State, effects: tuple[data.Effect, ...]) -> State:
    for key, amount in effects:
        action = _ACTIONS.get(key)  # `perform`
        if action is not None:
            state = action(state, int(amount))
    return state


def gain_objective(state: State) -> State:
    """Discard one objective of the display (golden first), then +1 Bonus."""
    if state.display_gold:
        state = put_field(state, "display_gold", state.display_gold[1:])
    elif state.display_silver:
        state = put_field(state, "display_silver", state.display_silver[1:])
    return move_bonus(state, 1)


# -- movement ------------------------------------------------------------------


@functools.cache
def _longest(track: str, here: str) -> int:
    spaces = data.ocean().spaces if track == "O" else data.islands()[track].spaces
    return max((1 + _longest(track, n) for n in spaces[here].next), default=0)


@functools.cache
def _onward(track: str, here: str) -> str:
    """The next space on the longest route from `here` (a tie: the greater id)."""
    spaces = data.ocean().spaces if track == "O" else data.islands()[track].spaces
    return max(spaces[here].next, key=lambda n: (_longest(track, n), n))


_NO_SKIP: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=4096)  # a pure function of the track: kept
def _path(track: str, start: str, steps: int, skip: frozenset[str]) -> tuple[str, ...]:
    """The full distance, taking the longest route at forks (A-75: skips)."""
    spaces = data.ocean().spaces if track == "O" else data.islands()[track].spaces
    path: list[str] = []
    here, left = start, steps
    while left > 0 and spaces[here].next:
        here = _onward(track, here)
        path.append(here)
        if here not in skip or not spaces[here].next:
            left -= 1
    while path and path[-1] in skip and spaces[path[-1]].next:
        path.pop()  # never stop on an occupied middle space
    return tuple(path)


def _research(state: State, space: str) -> State:
    """The specimens lying on `space` that he has not researched yet."""
    here = state.specimens_on(space)
    if not here:
        return state
    research = al(state).research
    found = [specimen for specimen in here if specimen not in research]
    if not found:
        return state
    return set_piece(state, "research", tuple(sorted((*research, *found))))


def _end_bonus(state: State, space_id: str) -> State:
    space = data.space(space_id)
    if space.end_bonus and space_id not in state.end_bonus_taken:
        state = put_field(state, "end_bonus_taken", (*state.end_bonus_taken, space_id))
        state = set_piece(state, "vp", al(state).vp + space.end_bonus)
    return state


def _space_action(state: State, space_id: str) -> State:
    space = data.space(space_id)
    state = perform_all(state, space.effects)
    if space.campsite is not None:
        state = camp(state, space_id)
    return state


def navigate(state: State, steps: int) -> State:
    """Full distance, longest route, every space sailed through performed."""
    path = _path("O", al(state).ship, steps, _NO_SKIP)
    if not path:
        return state
    state = set_piece(state, "ship", path[-1])
    for space_id in path:
        island = data.space(space_id).banner_island
        if island:
            state = place_explorer(state, island)
        state = _end_bonus(_research(state, space_id), space_id)
        state = _space_action(state, space_id)
    return state


def place_explorer(state: State, island: str) -> State:
    index = data.ISLANDS.index(island)
    explorers = list(al(state).explorers)
    if not explorers[index]:
        explorers[index] = data.islands()[island].start
    return set_piece(state, "explorers", tuple(explorers))


def explore(state: State, steps: int) -> State:
    """The explorer on the rightmost island moves the full distance: every
    specimen passed is researched, then the last two actions are performed."""
    a = al(state)
    for index in (2, 1, 0):
        here = a.explorers[index]
        island = data.ISLANDS[index]
        if here and here != data.islands()[island].end:
            break
    else:
        return state
    others = frozenset(p.explorers[index] for p in state.players if p.explorers[index])
    path = _path(island, here, steps, others)
    if not path:
        return state
    explorers = list(a.explorers)
    explorers[index] = path[-1]
    state = set_piece(state, "explorers", tuple(explorers))
    for space_id in path:
        ribbon = data.space(space_id).ribbon
        if ribbon and space_id not in state.ribbons_taken:
            state = put_field(state, "ribbons_taken", (*state.ribbons_taken, space_id))
            state = set_piece(state, "vp", al(state).vp + ribbon)
        state = _research(state, space_id)
    state = _end_bonus(state, path[-1])
    for space_id in path[-2:]:
        state = _space_action(state, space_id)
    return state


def camp(state: State, space_id: str) -> State:
    """The cheapest free tent spot he can afford, then the campsite's actions."""
    site = data.space(space_id).campsite
    tents = state.tents_at(space_id)
    a = al(state)
    if site is None or a.tents_left == 0 or SEAT in tents:
        return state
    if len(tents) >= len(site.costs) or site.costs[len(tents)] > a.coins:
        return state
    cost = site.costs[len(tents)]
    state = set_pieces(state, coins=a.coins - cost, tents_left=a.tents_left - 1)
    camps = dict(state.campsites)
    camps[space_id] = (*camps.get(space_id, ()), SEAT)
    state = put_field(state, "campsites", tuple(sorted(camps.items())))
    return perform_all(state, site.effects)


# -- correspondence and the Academy -----------------------------------------------


def correspond(state: State, stamps: int) -> State:
    """All stamps on one envelope (`_envelope_for`), one at a time from his
    first stack with any left."""
    counts = state.envelope_stamps
    choice = _envelope_for(counts, stamps)
    stacks, placed = _take_stamps(al(state).stamps, stamps)
    rows = [list(r) for r in counts]
    rows[choice][1] += placed
    state = put_field(state, "envelope_stamps", tuple(map(tuple, rows)))
    return set_piece(state, "stamps", stacks)


@functools.lru_cache(maxsize=1024)  # a pure function of the stamps
def _envelope_for(counts: tuple[tuple[int, ...], ...], stamps: int) -> int:
    """The envelope where `stamps` take the majority from the player (A-74),
    else one without his stamps, else his fewest."""
    for i, (theirs, his) in enumerate(counts):  # (the player's, his) stamps
        if theirs > his and his + stamps > theirs:
            return i
    mine = [row[1] for row in counts]
    return mine.index(0) if 0 in mine else mine.index(min(mine))


@functools.lru_cache(maxsize=256)
def _take_stamps(stacks: tuple[int, ...], stamps: int) -> tuple[tuple[int, ...], int]:
    """His stacks once up to `stamps` are taken, first stack first, and how
    many were."""
    left = list(stacks)
    placed = 0
    for stack, there in enumerate(left):
        taken = min(there, stamps - placed)
        left[stack] -= taken
        placed += taken
    return tuple(left), placed


def academy(state: State, discount: int) -> State:
    """A seal for his top-most row with room (left of the bracket first),
    from the cheapest scroll with an allowed seal; never a 4th of a colour."""
    a = al(state)
    row = _academy_row(a.seals)
    if row is None:
        return state
    seals = a.seals[row]
    costs = data.board()["academy_row_costs"]
    for scroll, spaces in enumerate(state.academy):
        cost = max(0, int(costs[scroll]) - discount)
        if cost > a.coins:
            continue
        pick = _academy_pick(spaces, seals)
        if pick is None:
            continue
        academy_rows = [list(r) for r in state.academy]
        colour = academy_rows[scroll][pick]
        academy_rows[scroll][pick] = ""
        new_seals = list(a.seals)
        new_seals[row] = (*seals, colour)
        state = put_field(state, "academy", tuple(tuple(r) for r in academy_rows))
        return set_pieces(state, seals=tuple(new_seals), coins=a.coins - cost)
    return state


@functools.lru_cache(maxsize=1024)  # a pure function of his seals
def _academy_row(rows: tuple[tuple[str, ...], ...]) -> int | None:
    """His top-most row with room left of the bracket, else with room at all."""
    spots, bracket = number("row_spots"), number("bracket")
    for room in (bracket, spots):
        for row, seals in enumerate(rows):
            if len(seals) < room:
                return row
    return None


@functools.lru_cache(maxsize=4096)  # a pure function of a scroll and a row
def _academy_pick(spaces: tuple[str, ...], seals: tuple[str, ...]) -> int | None:
    """The scroll's space he takes for a row with these seals: the first of
    his row's first colour, else the first allowed (no 4th of a colour)."""
    allowed = [i for i, c in enumerate(spaces) if c and seals.count(c) < 3]
    if not allowed:
        return None
    lead = seals[0] if seals else ""
    return next((i for i in allowed if spaces[i] == lead), allowed[0])


_ACTIONS: dict[str, Effect] = {
    "coins": gain_coins,
    "temp": _temp,
    "vp": _vp,
    "evolution": _evolution,
    "navigate": navigate,
    "explore": explore,
    "correspondence": correspond,
    "correspondence_split": correspond,
    "academy": academy,
    "seal_any_free": lambda state, amount: academy(state, 99),
    "objective": lambda state, amount: gain_objective(state),
    "explore_or_navigate": _one(navigate),
    "correspondence_or_academy": _one(correspond),
}
"""`perform`'s effects by key (a look-up: he performs a few every turn)."""


# -- Alfred's turn ----------------------------------------------------------------


def _draw(state: State) -> tuple[State, int]:
    """The state once he has drawn his next card (his turn taken: the player
    moves next, A-60), and the card. A-63: both Delivery cards showing (or
    an empty deck) reshuffles all 8, and only then are random draws made."""
    a = al(state)
    deck, display = a.deck, a.display
    if not deck or _delivery_set().issubset(display):
        rng = Rng(state.rng)
        deck, display = tuple(rng.shuffled(sorted(cards()))), ()
        state = put_field(state, "rng", rng.state)
    card = deck[0]
    state = set_pieces(state, deck=deck[1:], display=(*display, card), to_move=False)
    return state, card


@functools.cache
def _need(spot: str, colour: str) -> int:
    """Seals of `colour` the spot asks for."""
    return int(dict(data.locations()[spot].requirement).get(colour, 0))


@functools.lru_cache(maxsize=1024)  # a pure function of a worker's seals
def _seal_spots(seals: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """(coins for temporary knowledge, spot) of the Main Diary spots a
    worker with these seals may take (the pages of its colours), in the
    order he prefers them: level (top first), those coins, the place of the
    page's first seal among his, the spot's id."""
    tk_coins = number("tk_coins")
    ranked = []
    for page in MAIN:
        colour = PAGE_COLOUR[page]
        if colour not in seals:
            continue
        have, lead = seals.count(colour), seals.index(colour)
        for level, spot in _PAGE_SPOTS[page]:
            tk = max(0, _need(spot, colour) - have) * tk_coins
            ranked.append((-level, tk, lead, spot))
    return tuple((tk, spot) for _, tk, lead, spot in sorted(ranked))


_LENS_PAIRS = tuple((f"{page}2", f"{page}3") for page in MAIN)
"""Each Main Diary page's lens spots, the second level's first."""
_PAGE_SPOTS = {page: tuple((n, f"{page}{n}") for n in (3, 2, 1)) for page in MAIN}
"""A Main Diary page's spots, from the top level down."""


def _place(state: State, worker: int, location: str, cost: int) -> State:
    a = al(state)
    placed = list(a.placed)
    placed[worker] = True
    state = set_pieces(state, placed=tuple(placed), coins=a.coins - cost)
    state = put_field(state, "occupants", (*state.occupants, (location, SEAT, worker)))
    if data.locations()[location].kind != "lens":
        return state  # a lens, and its owner, lie on lens spots only
    owner = state.lens_owner(location)
    if owner is not None and owner >= 0:  # the lens's owner gains a coin
        players = list(state.players)
        players[owner] = replace(players[owner], coins=players[owner].coins + 1)
        state = put_field(state, "players", tuple(players))
    return state


def _bottom_worker(state: State) -> int:
    return max(al(state).free_workers())


def _spot_action(state: State, spot: str) -> State:
    return perform_all(state, placement.base_effects(state, spot))


def try_option(state: State, option: str) -> State | None:
    """The state after he takes `option` of a card, or None if he cannot."""
    kind, _, arg = option.partition(":")
    rule = _OPTIONS.get(kind)
    return None if rule is None else rule(state, arg)


def _rest(state: State, arg: str) -> State:
    placed = list(al(state).placed)
    placed[_bottom_worker(state)] = True
    state = set_piece(state, "placed", tuple(placed))
    state = gain_coins(state, number("rest_coins"))
    return move_bonus(state, number("rest_bonus"))


def _main(state: State, order: str) -> State | None:
    """His first worker in `order` (letters A-D) with a Main Diary spot: its
    best candidate (`_seal_spots`) that is unlocked and free (A-65) and that
    he can pay, the solo penalty included when a worker is in its section
    (A-66). The board's spots are bits (`placement.occupied_bits`)."""
    a = al(state)
    grid = placement.grid_of(state)
    taken, busy = placement.occupied_bits(grid, state.occupants)
    closed = taken | placement.lens_closed(grid, state.lenses)
    bits, penalty = grid.bits, state.solo_penalty
    for letter in order:
        worker = "ABCD".index(letter)
        if a.placed[worker]:
            continue
        for tk, spot in _seal_spots(a.seals[worker]):
            bit = bits[spot]
            if bit & closed:
                continue
            cost = tk + penalty if bit & busy else tk
            if cost <= a.coins:
                return _spot_action(_place(state, worker, spot, cost), spot)
    return None


def _special(state: State, side: str) -> State | None:
    if any(o.startswith("SJ") for o, _, _ in state.occupants):
        return None
    spot = "SJ1" if side == "left" else "SJ4"
    state = _place(state, _bottom_worker(state), spot, 0)
    return move_bonus(state, number("special_bonus"))


Option = Callable[[State, str], "State | None"]
"""A card option's rule: the state and the option's argument ("main:DCBA":
the worker order), the state after it or None when he cannot take it."""


@functools.cache
def _card_options(card: int) -> tuple[tuple[str, Option, str], ...]:
    """A card's options in order: (the option, its rule, its argument)."""
    out = []
    for option in cards()[card]["options"]:
        kind, _, arg = option.partition(":")
        if kind in _OPTIONS:  # an unknown option is one he cannot take
            out.append((option, _OPTIONS[kind], arg))
    return tuple(out)


def try_unlock(state: State) -> State | None:
    a = al(state)
    taken = {o for o, _, _ in state.occupants}
    if a.lenses_left == 0 or "UNL1" in taken or "UNL2" in taken:
        return None
    coins = a.coins
    locked = [
        spot
        for spot in _unlockable(placement.unlocked(state))
        if data.unlock_cost_of(spot) <= coins
    ]
    if not locked:
        return None
    for seals in a.seals:  # the top-most row whose seals meet a spot's need
        fits = [
            s
            for s in locked
            if seals.count(PAGE_COLOUR[s[:3]]) >= _need(s, PAGE_COLOUR[s[:3]])
        ]
        if fits:
            spot = min(fits, key=lambda s: (s[3], s))
            break
    else:
        spot = min(locked, key=lambda s: (data.unlock_cost_of(s), s))
    state = _place(state, _bottom_worker(state), "UNL1", 0)
    state = set_pieces(
        state,
        coins=al(state).coins - data.unlock_cost_of(spot),
        lenses_left=al(state).lenses_left - 1,
    )
    state = put_field(state, "lenses", (*state.lenses, (spot, LENS)))
    return _spot_action(state, spot)


@functools.lru_cache(maxsize=256)  # the lenses change a few times a match
def _unlockable(unlocked: frozenset[str]) -> tuple[str, ...]:
    """The locked Main Diary spots a lens may open: a page's second level,
    or its third once the second is open."""
    return tuple(
        spot
        for second, third in _LENS_PAIRS
        for spot in (second, third)
        if spot not in unlocked and (spot == second or second in unlocked)
    )


def _deliverable(state: State) -> list[str]:
    """What he has researched whose tile is not in the Museum (in research
    order: he picks among them by a key that never ties)."""
    research = al(state).research
    if not research:
        return []
    museum = state.tiles_in_museum()
    return [s for s in research if s not in museum]


def try_deliver(state: State) -> State | None:
    if not _deliverable(state):
        return None
    state = _place(state, _bottom_worker(state), "MUSEUM", 0)
    for second in (False, True):  # the second chosen after the first
        options = _deliverable(state)
        cost = int(data.rulebook()["museum_second_cost"]) if second else 0
        if not options or cost > al(state).coins:
            break
        shared = [s for s in options if s in state.p(0).research]
        pool = shared or options
        museum, index = state.tiles_in_museum(), data.specimen_index()
        best = max(pool, key=lambda s: (_empty_in_line(s, museum), -index[s]))
        state = set_piece(state, "coins", al(state).coins - cost)
        state = deliver(state, best)
    return state


_OPTIONS: dict[str, Option] = {
    "rest": _rest,
    "main": _main,
    "special": _special,
    "unlock": lambda state, arg: try_unlock(state),
    "deliver": lambda state, arg: try_deliver(state),
}
"""The rule of each kind of card option (`try_option`)."""


@functools.cache
def _line(specimen: str) -> tuple[str, ...]:
    """The Museum cells in the specimen's row and column, its own left out."""
    colour, kind = data.specimen_colour(specimen), data.specimen_kind(specimen)
    return tuple(
        s
        for s in data.specimen_ids()
        if (data.specimen_colour(s) == colour) != (data.specimen_kind(s) == kind)
    )


def museum_coins(state: State, specimen: str) -> int:
    return _empty_in_line(specimen, state.tiles_in_museum())


@functools.lru_cache(maxsize=4096)  # a Museum fills a tile at a time
def _empty_in_line(specimen: str, museum: frozenset[str]) -> int:
    """`museum_coins`, the tiles in the Museum given."""
    return sum(1 for s in _line(specimen) if s not in museum)


@functools.cache
def _of_colour(colour: str) -> frozenset[str]:
    """The specimens of a colour: a row of the Museum."""
    return frozenset(s for s in data.specimen_ids() if s[0] == colour)


def deliver(state: State, specimen: str) -> State:
    museum = state.tiles_in_museum()
    coins = _empty_in_line(specimen, museum)
    steps = len(_line(specimen)) - coins  # the tiles in its line
    tiles = list(state.museum_tiles)
    tiles[data.specimen_ids().index(specimen)] = True
    state = put_field(state, "museum_tiles", tuple(tiles))
    row = data.board()["museum_rows"].index(data.specimen_colour(specimen))
    taken = list(state.row_coin_taken)
    if not taken[row]:
        taken[row] = True
        coins += 1
        state = put_field(state, "row_coin_taken", tuple(taken))
    colour = data.specimen_colour(specimen)
    museum = state.tiles_in_museum()
    if museum.issuperset(_of_colour(colour)):
        steps += 1
    state = gain_coins(state, coins)
    return perform(state, "evolution", steps)


@functools.cache
def _deliveries() -> tuple[int, ...]:
    """His Delivery cards."""
    return tuple(c for c, v in cards().items() if v["delivery"])


@functools.cache
def _delivery_set() -> frozenset[int]:
    return frozenset(_deliveries())


def take_turn(state: State) -> tuple[State, list[Event]]:
    state, card = _draw(state)
    for option, rule, arg in _card_options(card):
        result = rule(state, arg)  # None: he cannot take it, nothing changed
        if result is not None:
            return result, [_acted(card, option)]
    raise AssertionError("Rest is always legal")


@functools.lru_cache(maxsize=64)
def _acted(card: int, option: str) -> Event:
    """His turn's event: one object per card and option, as an event is
    frozen and its data read-only."""
    return event("alfred_acted", card=card, option=option)


# -- scoring ------------------------------------------------------------------------


def beagle(state: State) -> tuple[State, int]:
    """He ignores the tile: his board's value times the round, less the lagging
    penalty, never below 0 (A-76)."""
    value = number("beagle_value") * state.round
    penalty = movement.cheapest_icons(al(state).ship, state.beagle, None) or 0
    gained = max(0, value - penalty)
    return set_pieces(state, vp=al(state).vp + gained), gained


def final_score(state: State) -> int:
    a = al(state)
    books = int(data.board()["evolution_books"][a.evolution])
    return a.vp + books * (2 + scoring.completed_rows(state)) + a.coins // 5


def player_wins(state: State, score: int, rival: int) -> bool:
    """Higher score wins; a tie goes to the further evolution marker, then to
    more leftover coins; otherwise Alfred wins."""
    p, a = state.p(0), al(state)
    return (score, p.evolution, p.coins) > (rival, a.evolution, a.coins)
