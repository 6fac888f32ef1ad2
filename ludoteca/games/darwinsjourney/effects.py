"""Effects: what a location, a space, a tile or a card gives.

An effect is a key of a small vocabulary and an amount (``("explore", 2)``).
Gains of coins, points, knowledge and evolution apply at once; every effect
that asks the player something pushes a task. A list of several effects
becomes a menu, so the player resolves them in any order and may skip any
(source page: "in any order, none is compulsory").
"""

from __future__ import annotations

import functools

from ludoteca.games.darwinsjourney import data, movement
from ludoteca.games.darwinsjourney.state import State, Task, put

TASK_OF = {
    "explore": "explore",
    "navigate": "navigate",
    "correspondence": "correspondence",
    "academy": "academy",
    "museum": "museum",
    "deliver": "deliver",
    "objective": "objective",
    "new_explorer": "new_explorer",
    "convert_temp": "convert",
    "tent_any": "tent_any",
    "locked_action": "locked_action",
    "complete_objective_free": "complete_free",
    "copy_crew": "copy_crew",
    "retrigger_tent": "retrigger",
}

CHOICES = {
    "explore_or_navigate": ("explore:1", "navigate:1"),
    "correspondence_or_academy": ("correspondence:1", "academy:2"),
}


def part(key: str, amount: int = 1, flag: str = "") -> str:
    return f"{key}:{amount}:{flag}" if flag else f"{key}:{amount}"


@functools.lru_cache(maxsize=1024)  # a few dozen parts come back all match
def parse_part(text: str) -> tuple[str, int, str]:
    key, amount, *rest = text.split(":")
    return key, int(amount), rest[0] if rest else ""


def as_parts(effects: tuple[data.Effect, ...]) -> tuple[str, ...]:
    return tuple(part(k, int(v)) for k, v in effects)


def push_effects(state: State, seat: int, parts: tuple[str, ...]) -> State:
    """Resolve a list of parts: one directly, several through a menu."""
    if not parts:
        return state
    if len(parts) == 1:
        return start(state, seat, parts[0])
    return state.push(Task("menu", seat, parts=parts, flags=("sub",)))


def start(state: State, seat: int, text: str) -> State:
    """Begin resolving one part for `seat`."""
    key, amount, flag = parse_part(text)
    if key in ("coins", "vp", "temp", "evolution"):
        return state.gain(seat, **{key: amount})
    if key in TASK_OF:  # the commonest: a task of its own (keys are disjoint)
        return state.push(_task(TASK_OF[key], seat, amount, flag))
    if key == "reserve_turn":
        return reserve_turn(state, seat)
    if key == "ship_to_beagle":
        return ship_to_beagle(state, seat)
    if key == "correspondence_split":
        return state.push(Task("correspondence", seat, n=amount, flags=("split",)))
    if key in ("unlock", "unlock_free"):
        flags = ("free",) if key == "unlock_free" else ()
        return state.push(Task("unlock", seat, flags=flags))
    if key in ("seal_any_free", "purple_seal"):
        return state.push(
            Task("seal", seat, ref="P" if key == "purple_seal" else "any")
        )
    if key in ("research_any", "research_island"):
        return state.push(Task("research", seat, ref=key.split("_")[1]))
    if key in CHOICES:
        return state.push(Task("choice", seat, parts=CHOICES[key]))
    if key == "camp":
        return state.push(Task("camp", seat, ref=flag))
    raise ValueError(f"unknown effect {text!r}")


@functools.lru_cache(maxsize=1024)
def _task(kind: str, seat: int, amount: int, flag: str) -> Task:
    """A part's task (a task is frozen: one object serves again)."""
    return Task(kind, seat, n=amount, flags=(flag,) if flag else ())


def reserve_turn(state: State, seat: int) -> State:
    """Take the frontmost free turn-order space and its coins (A-14, A-37)."""
    if state.rulebook:
        return reserve_turn_flat(state, seat)
    if state.p(seat).reserved_turn:
        return state
    position = len(state.next_order)
    coins = data.board()["turn_order_coins"][position]
    state = state.with_player(seat, reserved_turn=True).gain(seat, coins=coins)
    return put(state, next_order=(*state.next_order, seat))


def reserve_turn_flat(state: State, seat: int) -> State:
    """C7: a flat 2 coins (3 at two players and solo) for every reservation;
    a player's first (leftmost) worker there sets their new position."""
    coins = data.rulebook()["turn_order_coins"]
    amount = coins["two_players" if state.num_players <= 2 else "otherwise"]
    state = state.with_player(seat, reserved_turn=True).gain(seat, coins=int(amount))
    if seat in state.next_order:
        return state
    return put(state, next_order=(*state.next_order, seat))


def place_explorer_at_start(state: State, seat: int, island: str) -> State:
    p = state.p(seat)
    index = data.ISLANDS.index(island)
    if p.explorers[index]:
        return state
    explorers = list(p.explorers)
    explorers[index] = data.islands()[island].start
    return state.with_player(seat, explorers=tuple(explorers))


def banners_on(state: State, seat: int, path: tuple[str, ...]) -> State:
    """Each silver banner passed or reached puts an explorer on its island."""
    for space_id in path:
        island = data.space(space_id).banner_island
        if island:
            state = place_explorer_at_start(state, seat, island)
    return state


def ship_to_beagle(state: State, seat: int) -> State:
    ship = state.p(seat).ship
    if movement.ship_behind(ship, state.beagle) == 0:
        return state
    path = _shortest_path(ship, state.beagle)
    state = state.with_player(seat, ship=state.beagle)
    return banners_on(state, seat, path)


def _shortest_path(src: str, dst: str) -> tuple[str, ...]:
    spaces = data.ocean().spaces
    parents: dict[str, str] = {}
    frontier = [src]
    while frontier and dst not in parents:
        nxt = []
        for here in frontier:
            for following in spaces[here].next:
                if following not in parents and following != src:
                    parents[following] = here
                    nxt.append(following)
        frontier = nxt
    path = []
    here = dst
    while here != src and here in parents:
        path.append(here)
        here = parents[here]
    return tuple(reversed(path))


def arrival_parts(state: State, space_id: str) -> tuple[str, ...]:
    """What the space a ship or explorer stops on offers."""
    space = data.space(space_id)
    parts = as_parts(space.effects)
    if space.campsite is not None:
        parts += (part("camp", 0, space_id),)
    return parts


def arrive(state: State, seat: int, space_id: str) -> State:
    """Resolve the space reached: research a specimen there, then its icons."""
    for specimen, where in zip(data.specimen_ids(), state.specimen_at, strict=True):
        if where == space_id and specimen not in state.p(seat).research:
            research = tuple(sorted((*state.p(seat).research, specimen)))
            state = state.with_player(seat, research=research)
    space = data.space(space_id)
    if space.end_bonus and state.rulebook:  # C5: the first arrival only
        if space_id not in state.end_bonus_taken:
            state = put(state, end_bonus_taken=(*state.end_bonus_taken, space_id))
            state = state.gain(seat, vp=space.end_bonus)
    elif space.end_bonus:
        state = state.gain(seat, vp=space.end_bonus)
    return push_effects(state, seat, arrival_parts(state, space_id))
