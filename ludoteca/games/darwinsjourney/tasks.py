"""The choices of each pending task, and what choosing does.

`options(state, task)` lists the actions of the task on top of the stack;
`resolve(state, task, action)` applies one of them. Optional tasks also offer
``{"type": "skip"}``.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable
from typing import Any

from ludoteca.engine.frozen import replace
from ludoteca.games.darwinsjourney import assumptions as A
from ludoteca.games.darwinsjourney import (
    data,
    effects,
    movement,
    objectives,
    placement,
    rounds,
)
from ludoteca.games.darwinsjourney.state import State, Task, put

Action = dict[str, Any]
SKIP: Action = {"type": "skip"}


# -- free actions in your own turn (A-20) ----------------------------------


def crew_claims(state: State, seat: int) -> list[Action]:
    if state.rulebook:
        return crew_claims_any_worker(state, seat)
    p = state.p(seat)
    out = []
    for index, card in enumerate(p.crew):
        worker = index + 1
        if not card or p.crew_claimed[index]:
            continue
        need = data.crew_cards()[card].requirement
        if placement.missing_seals(p.seals[worker], need) == 0:
            out.append({"type": "claim_crew", "worker": worker})
    return out


def crew_claims_any_worker(state: State, seat: int) -> list[Action]:
    """C11: any one worker with a card's seals achieves it (purple wild, no
    Temporary Knowledge), and each worker achieves one card at most."""
    p = state.players[seat]
    found = _claims_any_worker(p.seals, p.crew, p.crew_claimed, p.crew_by)
    return [dict(a) for a in found]  # the caller's own dictionaries


@functools.lru_cache(maxsize=4096)
def _claims_any_worker(
    seals: tuple[tuple[str, ...], ...],
    crew: tuple[int, ...],
    claimed: tuple[bool, ...],
    by: tuple[int, ...],
) -> tuple[Action, ...]:
    """`crew_claims_any_worker` of these pieces of a player: they change
    seldom (a seal bought, a card achieved), the player's coins often."""
    used = set(by)
    out: list[Action] = []
    for index, card in enumerate(crew):
        if not card or claimed[index]:
            continue
        need = data.crew_cards()[card].requirement
        for worker in A.TRAINABLE_WORKERS:
            if worker not in used and placement.missing_seals(seals[worker], need) == 0:
                out.append({"type": "claim_crew", "card": card, "worker": worker})
    return tuple(out)


def free_actions(state: State, seat: int) -> list[Action]:
    """Objective completions and crew claims. Kept for the last player asked
    about: the same player object (a frozen one), or one whose pieces these
    read are equal (`_FREE_READS`: placing a worker changes none of them but
    often its coins or knowledge), at the same Beagle space and edition."""
    global _last_free
    p, beagle, rulebook = state.players[seat], state.beagle, state.rulebook
    last_p, last_reads, last_beagle, last_rulebook, found = _last_free
    if last_p is not p or last_beagle != beagle or last_rulebook != rulebook:
        reads = _FREE_READS(p)
        if reads != last_reads or last_beagle != beagle or last_rulebook != rulebook:
            found = tuple(
                objectives.completions(state, seat) + crew_claims(state, seat)
            )
        _last_free = (p, reads, beagle, rulebook, found)
    if not found:  # nearly always
        return []
    return [dict(a) for a in found]  # the caller's own dictionaries


_FREE_READS = operator.attrgetter(
    *("reserve", "silver_slots", "gold_slots", "coins", "temp", "vp", "evolution"),
    *("ship", "research", "seals", "lenses_left", "tents_left", "stamps"),
    *("crew", "crew_claimed", "crew_by"),
)
"""All a player's pieces the free actions read: the objectives' conditions
(`objectives._QUANTITIES`) and slots, and the crew cards' claims."""

_last_free: tuple[Any, Any, str, bool, tuple[Action, ...]] = (None, (), "", False, ())
"""The last player asked about, its `_FREE_READS`, Beagle space, edition and
answer: one tuple, swapped whole (threads)."""


def claim_crew_with(state: State, seat: int, card: int, worker: int) -> State:
    """C11: achieve `card` with `worker`, which achieves no other card."""
    p = state.p(seat)
    index = p.crew.index(card)
    claimed, by = list(p.crew_claimed), list(p.crew_by)
    claimed[index], by[index] = True, worker
    state = state.with_player(seat, crew_claimed=tuple(claimed), crew_by=tuple(by))
    return effects.push_effects(
        state, seat, effects.as_parts(data.crew_cards()[card].effects)
    )


def claim_crew(state: State, seat: int, worker: int) -> State:
    p = state.p(seat)
    claimed = list(p.crew_claimed)
    claimed[worker - 1] = True
    state = state.with_player(seat, crew_claimed=tuple(claimed))
    card = data.crew_cards()[p.crew[worker - 1]]
    return effects.push_effects(state, seat, effects.as_parts(card.effects))


def complete_objective(
    state: State, seat: int, tile: int, slot: int, pay: bool
) -> State:
    tier = objectives.tier_of(tile)
    p = state.p(seat)
    if tile in p.reserve:
        state = state.with_player(
            seat, reserve=tuple(t for t in p.reserve if t != tile)
        )
        if pay:
            state = state.gain(seat, coins=-objectives.slot_cost(tier, slot))
    state = objectives.set_slot(state, seat, tier, slot, tile)
    return slot_effect(state, seat, objectives.slot_effect(tier, slot))


def slot_effect(state: State, seat: int, effect: str | None) -> State:
    """The personal-board bonus of a filled objective slot (spec (b))."""
    if effect == "retrigger_tent":
        return state.push(Task("retrigger", seat))
    if effect == "research_island":
        return state.push(Task("research", seat, ref="island"))
    if effect == "fifth_worker":
        placed = list(state.p(seat).placed)
        placed[A.FIFTH_WORKER] = False
        return state.with_player(seat, fifth_worker=True, placed=tuple(placed))
    if effect == "purple_seal":
        return state.push(Task("seal", seat, ref="P"))
    return state  # passive (rows free, extra book, penalty, Beagle cap) or points


# -- each task's options ----------------------------------------------------


def opt_crew(state: State, task: Task) -> list[Action]:
    hand = state.p(task.seat).crew_hand
    return [
        {"type": "assign_crew", "cards": list(order)}
        for order in sorted(set(itertools.permutations(hand)))
    ]


def opt_draft(state: State, task: Task) -> list[Action]:
    return [{"type": "keep_crew", "card": c} for c in state.p(task.seat).crew_hand]


def r_keep_crew(state: State, task: Task, action: Action) -> State:
    return rounds.keep_crew(state.pop(), task, action["card"])


def opt_start_pair(state: State, task: Task) -> list[Action]:
    return [{"type": "pick_pair", "index": i} for i in range(len(state.start_pairs))]


def opt_achieve(state: State, task: Task) -> list[Action]:
    """C14: a Reward-phase window to achieve objectives and crew cards."""
    return [*free_actions(state, task.seat), SKIP]


def opt_turn(state: State, task: Task) -> list[Action]:
    return placement.placements(state, task.seat) + free_actions(state, task.seat)


def opt_menu(state: State, task: Task) -> list[Action]:
    n = len(task.parts)
    if n <= len(_PARTS):
        out = list(_PARTS[:n])
    else:  # never seen: a location gives a few parts
        out = [{"type": "part", "index": i} for i in range(n)]
    if "turn" in task.flags:
        out += free_actions(state, task.seat)
        out.append(END_TURN)
    else:
        out.append(SKIP)
    return out


END_TURN: Action = {"type": "end_turn"}
_PARTS: tuple[Action, ...] = tuple({"type": "part", "index": i} for i in range(12))
"""A menu's part actions and the end of a turn, shared by every menu as
`SKIP` is: a menu's list is asked for on most moves."""


def _occupied(state: State, island: str, mover: int) -> frozenset[str]:
    index = data.ISLANDS.index(island)
    return frozenset(
        p.explorers[index]
        for s, p in enumerate(state.players)
        if s != mover and p.explorers[index]
    )


def opt_explore(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    out: list[Action] = []
    for index, island in enumerate(data.ISLANDS):
        here = p.explorers[index]
        if not here:
            continue
        for path in movement.island_paths(
            island, here, task.n, _occupied(state, island, task.seat), state.rulebook
        ):
            out.append({"type": "explore", "island": island, "path": list(path)})
    return [*out, SKIP]


def opt_navigate(state: State, task: Task) -> list[Action]:
    paths = movement.ocean_paths(state.p(task.seat).ship, task.n, state.rulebook)
    return [{"type": "navigate", "path": list(p)} for p in paths] + [SKIP]


def _has_something(state: State, space_id: str) -> bool:
    space = data.space(space_id)
    specimen_here = space_id in state.specimen_at
    return bool(space.effects or space.campsite or specimen_here or space.end_bonus)


def opt_stop(state: State, task: Task) -> list[Action]:
    passed = [s for s in task.parts if _has_something(state, s)]
    return [{"type": "resolve_space", "space": s} for s in passed] + [SKIP]


def opt_correspondence(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    sources = [i for i, n in enumerate(p.stamps) if n > 0]
    if p.tray > 0 and sum(p.stamps) < task.n:
        sources.append(3)
    if task.ref and "split" not in task.flags:
        targets = [int(task.ref)]
    else:
        targets = list(range(len(state.envelopes)))
    out: list[Action] = [
        {"type": "stamp", "stack": s, "envelope": e} for s in sources for e in targets
    ]
    return [*out, SKIP]


def seal_cost(state: State, seat: int, row: int, worker: int, discount: int) -> int:
    p = state.p(seat)
    costs = data.board()
    row_cost = 0 if p.has_slot("silver", 1) else int(costs["academy_row_costs"][row])
    slot_cost = int(costs["worker_slot_costs"][len(p.seals[worker])])
    return max(0, row_cost + slot_cost - discount)


def trainable_with_room(state: State, seat: int) -> list[int]:
    p = state.p(seat)
    return [w for w in A.TRAINABLE_WORKERS if len(p.seals[w]) < 6]


def opt_academy(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    workers = trainable_with_room(state, task.seat)
    out: list[Action] = []
    for row, spaces in enumerate(state.academy):
        # `seal_cost` depends on the row and the worker, not on the slot.
        affordable = [
            worker
            for worker in workers
            if seal_cost(state, task.seat, row, worker, task.n) <= p.coins
        ]
        for slot, colour in enumerate(spaces):
            if colour:
                out += [
                    {"type": "buy_seal", "row": row, "slot": slot, "worker": worker}
                    for worker in affordable
                ]
    return [*out, SKIP]


def opt_seal(state: State, task: Task) -> list[Action]:
    colours = [data.PURPLE] if task.ref == "P" else list(data.COLOURS)
    supply = dict(zip((*data.COLOURS, data.PURPLE), state.seal_supply, strict=True))
    return [
        {"type": "take_seal", "colour": c, "worker": w}
        for c in colours
        if supply[c] > 0
        for w in trainable_with_room(state, task.seat)
    ] + [SKIP]


def deliverable(state: State, seat: int) -> list[str]:
    """Researched specimens whose Museum tile is not in the Museum (C3)."""
    research = state.p(seat).research
    if not research:
        return []
    return list(_deliverable(research, state.tiles_in_museum()))


def museum_researchable(state: State, seat: int) -> list[str]:
    return list(_researchable(state.p(seat).research, state.tiles_in_museum()))


@functools.lru_cache(maxsize=1024)  # a pure function of the research and the Museum
def _deliverable(research: tuple[str, ...], museum: frozenset[str]) -> tuple[str, ...]:
    """`deliverable`, in the specimens' order."""
    return tuple(s for s in data.specimen_ids() if s in research and s not in museum)


@functools.lru_cache(maxsize=1024)
def _researchable(research: tuple[str, ...], museum: frozenset[str]) -> tuple[str, ...]:
    """`museum_researchable`: the Museum's specimens not researched yet."""
    return tuple(s for s in data.specimen_ids() if s in museum and s not in research)


def museum_cost(state: State, task: Task, kind: str) -> int | None:
    """C6: each of Deliver and Research up to twice, the second for 3 coins;
    None when that action is used up."""
    done = task.flags.count(kind)
    if done >= 2:
        return None
    return int(data.rulebook()["museum_second_cost"]) if done == 1 else 0


def opt_museum(state: State, task: Task) -> list[Action]:
    if task.kind == "museum" and state.rulebook:
        return opt_museum_both(state, task)
    out: list[Action] = [
        {"type": "deliver", "specimen": s} for s in deliverable(state, task.seat)
    ]
    if task.kind == "museum":
        out += [
            {"type": "research", "specimen": s}
            for s in museum_researchable(state, task.seat)
        ]
    return [*out, SKIP]


def opt_museum_both(state: State, task: Task) -> list[Action]:
    coins = state.p(task.seat).coins
    out: list[Action] = []
    cost = museum_cost(state, task, "deliver")
    if cost is not None and cost <= coins:
        out += [
            {"type": "deliver", "specimen": s} for s in deliverable(state, task.seat)
        ]
    cost = museum_cost(state, task, "research")
    if cost is not None and cost <= coins:
        out += [
            {"type": "research", "specimen": s}
            for s in museum_researchable(state, task.seat)
        ]
    return [*out, SKIP]


def objective_sources(state: State) -> list[tuple[str, int]]:
    """(source, tile) pairs a player may take from: under the rulebook the
    face-up display only (C12)."""
    out = [(f"display_silver_{i}", t) for i, t in enumerate(state.display_silver)]
    out += [(f"display_gold_{i}", t) for i, t in enumerate(state.display_gold)]
    if state.rulebook:
        return out
    if state.deck_silver:
        out.append(("deck_silver", state.deck_silver[0]))
    if state.deck_gold:
        out.append(("deck_gold", state.deck_gold[0]))
    return out


def opt_objective(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    out: list[Action] = []
    for source, _ in objective_sources(state):
        tier = "gold" if "gold" in source else "silver"
        if len(p.reserve) >= A.RESERVE_SIZE:
            affordable = [
                i
                for i in objectives.open_slots(p, tier)
                if objectives.slot_cost(tier, i) <= p.coins
            ]
            if not affordable:
                continue
        out.append({"type": "take_objective", "source": source})
    return [*out, SKIP]


def opt_keep(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    tier = objectives.tier_of(task.n)
    return [
        {"type": "keep_objective", "slot": i}
        for i in objectives.open_slots(p, tier)
        if objectives.slot_cost(tier, i) <= p.coins
    ]


def opt_complete_free(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    out: list[Action] = []
    for tile in p.reserve:
        tier = objectives.tier_of(tile)
        for i in objectives.open_slots(p, tier):
            if objectives.slot_cost(tier, i) <= p.coins:  # still pays
                out.append({"type": "complete_objective", "tile": tile, "slot": i})
    return [*out, SKIP]


def locked_spots(state: State) -> list[str]:
    unlocked = placement.unlocked(state)
    return [
        loc
        for loc in _lens_spots()
        if loc not in unlocked and placement.in_play(state, loc)
    ]


@functools.cache
def _lens_spots() -> tuple[str, ...]:
    """The lens spots, in the board's order."""
    return tuple(loc for loc, spec in data.locations().items() if spec.kind == "lens")


def unlock_cost(state: State, task: Task, location: str) -> int:
    if "free" in task.flags:
        return 0
    if state.rulebook:
        return data.unlock_cost_of(location)  # C10: the spot's printed cost
    return data.unlock_cost()


def can_unlock(rulebook: bool, location: str, unlocked: frozenset[str]) -> bool:
    """C10: each Main Diary page unlocks from the top down (`unlocked`:
    `placement.unlocked`)."""
    above = data.unlock_after(location)
    return not rulebook or above is None or above in unlocked


def opt_unlock(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    if p.lenses_left <= 0:
        return [SKIP]
    spots = _unlockable(state.rulebook, state.num_players, state.lenses)
    return [
        {"type": "unlock", "location": loc}
        for loc in spots
        if unlock_cost(state, task, loc) <= p.coins
    ] + [SKIP]


@functools.lru_cache(maxsize=1024)  # the lenses change a few times a match
def _unlockable(
    rulebook: bool, num_players: int, lenses: tuple[tuple[str, int], ...]
) -> tuple[str, ...]:
    """The `locked_spots` that `can_unlock` allows under these lenses: a
    pure function of the board side and the lenses."""
    unlocked = placement.unlocked_by(lenses)
    return tuple(
        loc
        for loc in _lens_spots()
        if loc not in unlocked
        and placement.in_play_on(rulebook, num_players, loc)
        and can_unlock(rulebook, loc, unlocked)
    )


def opt_locked_action(state: State, task: Task) -> list[Action]:
    return [{"type": "use_locked", "location": loc} for loc in locked_spots(state)] + [
        SKIP
    ]


def opt_new_explorer(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    return [
        {"type": "new_explorer", "island": island}
        for i, island in enumerate(data.ISLANDS)
        if not p.explorers[i]
    ] + [SKIP]


def opt_research(state: State, task: Task) -> list[Action]:
    p = state.p(task.seat)
    islands = {data.ISLANDS[i] for i, e in enumerate(p.explorers) if e}
    out: list[Action] = []
    for s, where in zip(data.specimen_ids(), state.specimen_at, strict=True):
        if s in p.research:
            continue
        on_my_island = where.startswith("I") and where[1] in islands
        if task.ref == "any" or on_my_island:
            out.append({"type": "research", "specimen": s})
    return [*out, SKIP]


def campsite_spaces() -> list[str]:
    spaces = list(data.ocean().spaces.values())
    for track in data.islands().values():
        spaces += list(track.spaces.values())
    return [s.id for s in spaces if s.campsite is not None]


def tent_cost(state: State, seat: int, space_id: str) -> int | None:
    """Cost of the campsite's leftmost free tent slot, or None if not allowed."""
    camp = data.space(space_id).campsite
    tents = state.tents_at(space_id)
    p = state.p(seat)
    if (
        camp is None
        or p.tents_left == 0
        or seat in tents
        or len(tents) >= len(camp.costs)
    ):
        return None  # one tent per player per campsite
    cost = camp.costs[len(tents)]
    return cost if cost <= p.coins else None


def opt_tent_any(state: State, task: Task) -> list[Action]:
    return [
        {"type": "tent", "space": s}
        for s in campsite_spaces()
        if tent_cost(state, task.seat, s) is not None
    ] + [SKIP]


def opt_camp(state: State, task: Task) -> list[Action]:
    if tent_cost(state, task.seat, task.ref) is None:
        return [SKIP]
    return [{"type": "camp"}, SKIP]


def opt_choice(state: State, task: Task) -> list[Action]:
    return [{"type": "choose", "index": i} for i in range(len(task.parts))] + [SKIP]


def opt_convert(state: State, task: Task) -> list[Action]:
    if state.p(task.seat).temp < 1:
        return [SKIP]
    return [
        {"type": "convert", "into": "coins"},
        {"type": "convert", "into": "vp"},
        SKIP,
    ]


def copyable_crew(state: State) -> list[int]:
    """C11: every unachieved crew card in front of any player, but not a
    Copy Crew Card itself (A-49b)."""
    return sorted(
        card
        for p in state.players
        for card, claimed in zip(p.crew, p.crew_claimed, strict=True)
        if card
        and not claimed
        and "copy_crew" not in dict(data.crew_cards()[card].effects)
    )


def opt_copy_crew(state: State, task: Task) -> list[Action]:
    if state.rulebook:
        return [{"type": "copy_crew", "card": c} for c in copyable_crew(state)] + [SKIP]
    p = state.p(task.seat)
    cards = [
        card
        for card, claimed in zip(p.crew, p.crew_claimed, strict=True)
        if claimed and "copy_crew" not in dict(data.crew_cards()[card].effects)
    ]
    return [{"type": "copy_crew", "card": c} for c in cards] + [SKIP]


def opt_retrigger(state: State, task: Task) -> list[Action]:
    mine = [sid for sid, seats in state.campsites if task.seat in seats]
    return [{"type": "retrigger", "space": s} for s in mine] + [SKIP]


OPTIONS: dict[str, Callable[[State, Task], list[Action]]] = {
    "crew": opt_crew,
    "start_pair": opt_start_pair,
    "draft": opt_draft,
    "achieve": opt_achieve,
    "turn": opt_turn,
    "menu": opt_menu,
    "explore": opt_explore,
    "navigate": opt_navigate,
    "stop": opt_stop,
    "correspondence": opt_correspondence,
    "academy": opt_academy,
    "seal": opt_seal,
    "museum": opt_museum,
    "deliver": opt_museum,
    "objective": opt_objective,
    "keep": opt_keep,
    "complete_free": opt_complete_free,
    "unlock": opt_unlock,
    "locked_action": opt_locked_action,
    "new_explorer": opt_new_explorer,
    "research": opt_research,
    "tent_any": opt_tent_any,
    "camp": opt_camp,
    "choice": opt_choice,
    "convert": opt_convert,
    "copy_crew": opt_copy_crew,
    "retrigger": opt_retrigger,
}


def options(state: State, task: Task) -> list[Action]:
    return list(listed(state, task))


def listed(state: State, task: Task) -> tuple[Action, ...]:
    """`options` as a tuple kept for the last (state, task) objects asked
    about: the automatic-skip check (`keep`), the legal actions and the
    check of the chosen one ask for the same frozen state's options. One
    tuple, swapped whole (threads). Callers must not change the
    dictionaries. A state a move is still changing (`state.owned_copy`) is never
    kept: `flow.advance` keeps the one it hands out."""
    global _last
    known, known_task, found = _last
    if known is not state or known_task is not task:
        found = tuple(OPTIONS[task.kind](state, task))
        _last = (state, task, found)
    return found


_last: tuple[State | None, Task | None, tuple[Action, ...]] = (None, None, ())


def keep(state: State, task: Task, found: tuple[Action, ...]) -> None:
    """`listed`'s answer for the state `flow.advance` hands out, which its
    skip check worked out."""
    global _last
    _last = (state, task, found)


# -- resolving a choice ------------------------------------------------------


def resolve(state: State, task: Task, action: Action) -> State:
    seat = task.seat
    kind = action["type"]
    if kind == "skip":
        return state.pop()
    if kind == "end_turn":
        return state.pop()
    if kind == "complete_objective":
        pay = task.kind == "complete_free" or action["tile"] in state.p(seat).reserve
        if task.kind == "complete_free":
            state = state.pop()
        return complete_objective(state, seat, action["tile"], action["slot"], pay)
    if kind == "claim_crew":
        if state.rulebook:
            return claim_crew_with(state, seat, action["card"], action["worker"])
        return claim_crew(state, seat, action["worker"])
    handler = RESOLVERS[kind]
    return handler(state, task, action)


def r_assign_crew(state: State, task: Task, action: Action) -> State:
    cards = tuple(action["cards"])
    p = state.p(task.seat)
    seals = list(p.seals)
    for index, card in enumerate(cards):
        seals[index + 1] = (data.crew_cards()[card].start,)
    state = state.with_player(task.seat, crew=cards, crew_hand=(), seals=tuple(seals))
    if state.rulebook:  # the starting seals come from the pile
        supply = list(state.seal_supply)
        for card in cards:
            colour = data.COLOURS.index(data.crew_cards()[card].start)
            supply[colour] = max(0, supply[colour] - 1)
        state = put(state, seal_supply=tuple(supply))
    return state.pop()


def r_pick_pair(state: State, task: Task, action: Action) -> State:
    """C12: take a starting pair into the reserve; solo discards the other."""
    pairs = list(state.start_pairs)
    pair = pairs.pop(action["index"])
    if state.num_players == 1:
        pairs = []
    state = put(state, start_pairs=tuple(pairs))
    return state.with_player(task.seat, reserve=pair).pop()


def r_place(state: State, task: Task, action: Action) -> State:
    return placement.place(state, task.seat, action["worker"], action["location"])


def r_part(state: State, task: Task, action: Action) -> State:
    index = action["index"]
    state = state.replace_top(_without_part(task, index))
    state = rounds.pay_stamps(state, task)
    return effects.start(state, task.seat, task.parts[index])


@functools.lru_cache(maxsize=1024)
def _without_part(task: Task, index: int) -> Task:
    """The menu once its part `index` is chosen (a task is frozen: one
    object serves again)."""
    return replace(task, parts=task.parts[:index] + task.parts[index + 1 :])


def _ribbons(state: State, seat: int, path: tuple[str, ...]) -> State:
    for space_id in path:
        ribbon = data.space(space_id).ribbon
        if ribbon and space_id not in state.ribbons_taken:
            state = put(state, ribbons_taken=(*state.ribbons_taken, space_id))
            state = state.gain(seat, vp=ribbon)
    return state


def _after_move(state: State, task: Task, path: tuple[str, ...]) -> State:
    state = state.pop()
    if "stop" in task.flags and len(path) > 1:
        state = state.push(Task("stop", task.seat, parts=path[:-1]))
    return effects.arrive(state, task.seat, path[-1])


def r_explore(state: State, task: Task, action: Action) -> State:
    path = tuple(action["path"])
    index = data.ISLANDS.index(action["island"])
    explorers = list(state.p(task.seat).explorers)
    explorers[index] = path[-1]
    state = state.with_player(task.seat, explorers=tuple(explorers))
    state = _ribbons(state, task.seat, path)
    return _after_move(state, task, path)


def r_navigate(state: State, task: Task, action: Action) -> State:
    path = tuple(action["path"])
    state = state.with_player(task.seat, ship=path[-1])
    state = effects.banners_on(state, task.seat, path)
    return _after_move(state, task, path)


def r_resolve_space(state: State, task: Task, action: Action) -> State:
    return effects.arrive(state.pop(), task.seat, action["space"])


def r_stamp(state: State, task: Task, action: Action) -> State:
    seat, stack, envelope = task.seat, action["stack"], action["envelope"]
    p = state.p(seat)
    emptied = False
    if stack == 3:
        state = state.with_player(seat, tray=p.tray - 1)
    else:
        stamps = list(p.stamps)
        stamps[stack] -= 1
        emptied = stamps[stack] == 0
        state = state.with_player(seat, stamps=tuple(stamps))
    counts = [list(row) for row in state.envelope_stamps]
    counts[envelope][seat] += 1
    state = put(state, envelope_stamps=tuple(tuple(r) for r in counts))
    left = task.n - 1
    state = (
        state.pop()
        if left == 0
        else state.replace_top(replace(task, n=left, ref=str(envelope)))
    )
    if emptied:
        reward = data.board()["stamp_stack_rewards"][stack]
        state = effects.push_effects(
            state, seat, effects.as_parts(data._effects(reward))
        )
    return state


def r_buy_seal(state: State, task: Task, action: Action) -> State:
    row, slot, worker = action["row"], action["slot"], action["worker"]
    cost = seal_cost(state, task.seat, row, worker, task.n)
    academy = [list(r) for r in state.academy]
    colour = academy[row][slot]
    academy[row][slot] = ""
    state = put(state, academy=tuple(tuple(r) for r in academy))
    return (
        _add_seal(state, task.seat, worker, colour).gain(task.seat, coins=-cost).pop()
    )


def _add_seal(state: State, seat: int, worker: int, colour: str) -> State:
    seals = list(state.p(seat).seals)
    seals[worker] = (*seals[worker], colour)
    return state.with_player(seat, seals=tuple(seals))


def r_take_seal(state: State, task: Task, action: Action) -> State:
    colour = action["colour"]
    supply = list(state.seal_supply)
    supply[(*data.COLOURS, data.PURPLE).index(colour)] -= 1
    state = put(state, seal_supply=tuple(supply))
    return _add_seal(state, task.seat, action["worker"], colour).pop()  # free


def r_deliver(state: State, task: Task, action: Action) -> State:
    specimen = action["specimen"]
    seat = task.seat
    ids = data.specimen_ids()
    if state.rulebook:  # C3: the tile goes in, the token stays on its track
        tiles = list(state.museum_tiles)
        tiles[ids.index(specimen)] = True
        state = put(state, museum_tiles=tuple(tiles))
        state = _pay_museum(state, task, "deliver")
    else:
        at = list(state.specimen_at)
        at[ids.index(specimen)] = "museum"
        state = put(state, specimen_at=tuple(at))
    rows = data.board()["museum_rows"]
    colour, kind = data.specimen_colour(specimen), data.specimen_kind(specimen)
    row_index = rows.index(colour)
    in_museum = state.tiles_in_museum()
    line = [
        s
        for s in ids
        if (data.specimen_colour(s) == colour) != (data.specimen_kind(s) == kind)
    ]
    empty = sum(1 for s in line if s not in in_museum)
    if state.museum_scope == "whole_museum":
        occupied = len(in_museum) - 1
    else:
        occupied = sum(1 for s in line if s in in_museum)
    state = state.gain(seat, coins=empty, evolution=occupied)
    row_coin = list(state.row_coin_taken)
    if not row_coin[row_index]:
        row_coin[row_index] = True
        state = put(state, row_coin_taken=tuple(row_coin)).gain(seat, coins=A.ROW_COIN)
    row_full = all(s in in_museum for s in ids if data.specimen_colour(s) == colour)
    if row_full:
        state = state.gain(seat, evolution=A.ROW_COMPLETE_EVOLUTION)
    return state if _museum_stays(state, task) else state.pop()


def _museum_stays(state: State, task: Task) -> bool:
    """C6: the Museum location stays open for a second delivery or research."""
    return state.rulebook and task.kind == "museum"


def _pay_museum(state: State, task: Task, kind: str) -> State:
    """Count one Deliver or Research of the Museum action and pay for it (C6)."""
    if not _museum_stays(state, task):
        return state
    cost = museum_cost(state, task, kind)
    assert cost is not None
    state = state.replace_top(replace(task, flags=(*task.flags, kind)))
    return state.gain(task.seat, coins=-cost)


def r_research(state: State, task: Task, action: Action) -> State:
    state = _pay_museum(state, task, "research")
    research = tuple(sorted((*state.p(task.seat).research, action["specimen"])))
    state = state.with_player(task.seat, research=research)
    return state if _museum_stays(state, task) else state.pop()


def r_take_objective(state: State, task: Task, action: Action) -> State:
    source = action["source"]
    seat = task.seat
    tile = dict(objective_sources(state))[source]
    tier = "gold" if "gold" in source else "silver"
    deck_field = f"deck_{tier}"
    deck = getattr(state, deck_field)
    if source.startswith("display"):
        display = list(getattr(state, f"display_{tier}"))
        index = int(source.rsplit("_", 1)[1])
        if deck and not state.rulebook:  # A-17; C12: no refill before cleanup
            display[index] = deck[0]
            deck = deck[1:]
        else:
            del display[index]
        state = put(state, **{f"display_{tier}": tuple(display), deck_field: deck})
    else:
        state = put(state, **{deck_field: deck[1:]})
    state = state.pop()
    p = state.p(seat)
    if len(p.reserve) < A.RESERVE_SIZE:
        return state.with_player(seat, reserve=(*p.reserve, tile))
    return state.push(Task("keep", seat, n=tile))


def r_keep_objective(state: State, task: Task, action: Action) -> State:
    tier = objectives.tier_of(task.n)
    slot = action["slot"]
    state = state.gain(task.seat, coins=-objectives.slot_cost(tier, slot))
    return objectives.set_slot(state, task.seat, tier, slot, -task.n).pop()


def r_unlock(state: State, task: Task, action: Action) -> State:
    location = action["location"]
    seat = task.seat
    cost = unlock_cost(state, task, location)
    p = state.p(seat)
    state = state.with_player(seat, lenses_left=p.lenses_left - 1).gain(
        seat, coins=-cost
    )
    state = put(state, lenses=(*state.lenses, (location, seat))).pop()
    parts = placement.unlocked_parts(state, location)
    return effects.push_effects(state, seat, parts)


def r_use_locked(state: State, task: Task, action: Action) -> State:
    parts = placement.unlocked_parts(state, action["location"])
    return effects.push_effects(state.pop(), task.seat, parts)


def r_new_explorer(state: State, task: Task, action: Action) -> State:
    return effects.place_explorer_at_start(state.pop(), task.seat, action["island"])


def place_tent(state: State, seat: int, space_id: str) -> State:
    cost = tent_cost(state, seat, space_id)
    assert cost is not None
    p = state.p(seat)
    removed = 5 - p.tents_left  # index of the tent taken off the track
    state = state.with_player(seat, tents_left=p.tents_left - 1).gain(seat, coins=-cost)
    camps = dict(state.campsites)
    camps[space_id] = (*camps.get(space_id, ()), seat)
    state = put(state, campsites=tuple(sorted(camps.items())))
    camp = data.space(space_id).campsite
    assert camp is not None
    reward = data.board()["tent_rewards"][removed]
    parts = effects.as_parts(camp.effects) + effects.as_parts(data._effects(reward))
    return effects.push_effects(state, seat, parts)


def r_tent(state: State, task: Task, action: Action) -> State:
    return place_tent(state.pop(), task.seat, action["space"])


def r_camp(state: State, task: Task, action: Action) -> State:
    return place_tent(state.pop(), task.seat, task.ref)


def r_choose(state: State, task: Task, action: Action) -> State:
    chosen = task.parts[action["index"]]
    return effects.start(state.pop(), task.seat, chosen)


def r_convert(state: State, task: Task, action: Action) -> State:
    state = state.gain(task.seat, temp=-1, **{action["into"]: task.n})
    return state.pop()


def r_copy_crew(state: State, task: Task, action: Action) -> State:
    card = data.crew_cards()[action["card"]]
    return effects.push_effects(state.pop(), task.seat, effects.as_parts(card.effects))


def r_retrigger(state: State, task: Task, action: Action) -> State:
    camp = data.space(action["space"]).campsite
    assert camp is not None
    return effects.push_effects(state.pop(), task.seat, effects.as_parts(camp.effects))


RESOLVERS: dict[str, Callable[[State, Task, Action], State]] = {
    "assign_crew": r_assign_crew,
    "pick_pair": r_pick_pair,
    "keep_crew": r_keep_crew,
    "place": r_place,
    "part": r_part,
    "explore": r_explore,
    "navigate": r_navigate,
    "resolve_space": r_resolve_space,
    "stamp": r_stamp,
    "buy_seal": r_buy_seal,
    "take_seal": r_take_seal,
    "deliver": r_deliver,
    "research": r_research,
    "take_objective": r_take_objective,
    "keep_objective": r_keep_objective,
    "unlock": r_unlock,
    "use_locked": r_use_locked,
    "new_explorer": r_new_explorer,
    "tent": r_tent,
    "camp": r_camp,
    "choose": r_choose,
    "convert": r_convert,
    "copy_crew": r_copy_crew,
    "retrigger": r_retrigger,
}
