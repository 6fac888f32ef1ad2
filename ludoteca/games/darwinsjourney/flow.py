"""The match's flow: setup, rounds and their phases, and what happens between
turns (spec (c) and (d))."""

from __future__ import annotations

import functools
from typing import Any

from ludoteca.engine import Rng
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.games.darwinsjourney import (
    alfred,
    data,
    editions,
    placement,
    rounds,
    scoring,
    tasks,
)
from ludoteca.games.darwinsjourney.effects import as_parts, push_effects
from ludoteca.games.darwinsjourney.state import (
    Player,
    State,
    Task,
    put,
    put_field,
    release,
)

SUPPLY_ORDER = (*data.COLOURS, data.PURPLE)


def new_match(num_players: int, seed: int, options: dict[str, Any]) -> State:
    if options["rules_edition"] == editions.RULEBOOK:
        return new_rulebook_match(num_players, seed, options)
    rng = Rng(seed)
    board = data.board()
    ids = data.specimen_ids()
    specimens = rng.shuffled(ids)
    where = dict(
        zip(
            specimens[: len(board["specimen_spaces"])],
            board["specimen_spaces"],
            strict=True,
        )
    )
    specimen_at = tuple(where.get(s, "museum") for s in ids)
    supply = [board["academy_pool_per_colour"]] * 4 + [board["purple_seal_supply"]]
    academy = rounds.new_academy(rng, supply)
    special = tuple(rng.shuffled(sorted(data.special_tiles()))[:6])
    envelopes = tuple(rng.shuffled(sorted(data.envelopes()))[:3])
    goals = tuple(rng.shuffled(sorted(data.beagle_goals()))[:5])
    start_silver = rng.shuffled(data.objective_ids("silver", True))
    start_gold = rng.shuffled(data.objective_ids("gold", True))
    deck_silver = rng.shuffled(data.objective_ids("silver", False))
    deck_gold = rng.shuffled(data.objective_ids("gold", False))
    crew_deck = rng.shuffled(sorted(data.crew_cards()))
    players = []
    for seat in range(num_players):
        players.append(
            Player(
                coins=board["start_coins"],
                vp=0,
                temp=board["start_temp"],
                evolution=0,
                seals=((data.PURPLE,), (), (), (), ()),
                fifth_worker=False,
                placed=(False,) * 5,
                crew_hand=tuple(sorted(crew_deck[3 * seat : 3 * seat + 3])),
                crew=(0, 0, 0),
                crew_claimed=(False, False, False),
                reserve=(start_silver[seat], start_gold[seat]),
                silver_slots=(0,) * 5,
                gold_slots=(0,) * 5,
                tents_left=5,
                stamps=(board["stamps_per_stack"],) * board["stamp_stacks"],
                tray=0,
                lenses_left=board["lenses_per_player"],
                research=(),
                ship=data.ocean().start,
                explorers=(data.islands()["A"].start, "", ""),
                reserved_turn=False,
            )
        )
    supply[4] -= num_players  # each generalist's purple seal
    first = rng.below(num_players)
    order = tuple((first + i) % num_players for i in range(num_players))
    neutral = _neutral_lenses()
    state = State(
        num_players=num_players,
        round=0,
        phase="crew",
        turn_order=order,
        next_order=(),
        current=0,
        beagle=data.ocean().start,
        specimen_at=specimen_at,
        row_coin_taken=(False,) * 4,
        academy=academy,
        seal_supply=tuple(supply),
        special=special,
        lenses=neutral,
        occupants=(),
        envelopes=envelopes,
        envelope_stamps=tuple((0,) * num_players for _ in envelopes),
        goals=goals,
        display_silver=tuple(deck_silver[:2]),
        display_gold=tuple(deck_gold[:2]),
        deck_silver=tuple(deck_silver[2:]),
        deck_gold=tuple(deck_gold[2:]),
        crew_deck=tuple(sorted(crew_deck[3 * num_players :])),
        campsites=(),
        ribbons_taken=(),
        players=tuple(players),
        stack=(),
        museum_scope=options["museum_evolution_scope"],
        solo_rival=options["solo_rival"],
        rng=rng.state,
    )
    # each player chooses which crew card goes with which worker.
    return state.push(*(Task("crew", seat) for seat in order))


def new_rulebook_match(num_players: int, seed: int, options: dict[str, Any]) -> State:
    """Setup by the rulebook (spec (c), corrections 1-4, 11, 12, 16, 17)."""
    rng = Rng(seed)
    board = data.board()
    specimen_at, museum_tiles = rounds.place_specimens(rng, num_players)
    supply = rounds.seal_pile(num_players)
    academy = rounds.new_academy(rng, supply)
    special = tuple(rng.shuffled(sorted(data.special_tiles()))[:6])
    envelopes = tuple(rng.shuffled(sorted(data.envelopes()))[:3])
    goals = tuple(rng.shuffled(sorted(data.beagle_goals()))[:5])
    deck_silver = rng.shuffled(data.objective_ids("silver", False))
    deck_gold = rng.shuffled(data.objective_ids("gold", False))
    pairs = rounds.start_pairs(rng, num_players)
    crew_deck = rng.shuffled(sorted(data.crew_cards()))
    first = rng.below(num_players)  # C17: random turn order
    order = tuple((first + i) % num_players for i in range(num_players))
    players = []
    for seat in range(num_players):
        if options["crew_setup"] == "first_game":
            hand = rounds.first_game_crew(order.index(seat))
        elif options["crew_setup"] == "draft":  # C11: 4 each (solo: 5)
            size = rounds.DRAFT_SOLO if num_players == 1 else rounds.DRAFT_HAND
            hand = tuple(sorted(crew_deck[size * seat : size * seat + size]))
        else:
            hand = tuple(sorted(crew_deck[3 * seat : 3 * seat + 3]))
        players.append(
            replace(
                new_player(board),
                crew_hand=hand,
                reserve=(),
            )
        )
    supply[4] -= num_players  # each generalist's purple seal
    dealt = {card for p in players for card in p.crew_hand}
    automa = None
    if num_players == 1 and options["solo_alfred"]:  # C16: Alfred, stamps beside yours
        automa = alfred.new_alfred(rng)
    size = rounds.display_size(num_players)
    state = State(
        num_players=num_players,
        round=0,
        phase="crew",
        turn_order=order,
        next_order=(),
        current=0,
        beagle=data.beagle_spaces()[0],  # C17
        specimen_at=specimen_at,
        row_coin_taken=(False,) * 4,
        academy=academy,
        seal_supply=tuple(supply),
        special=special,
        lenses=_neutral_lenses(),
        occupants=(),
        envelopes=envelopes,
        envelope_stamps=tuple(
            (0,) * (num_players + (automa is not None)) for _ in envelopes
        ),
        goals=goals,
        display_silver=tuple(deck_silver[:size]),
        display_gold=tuple(deck_gold[:size]),
        deck_silver=tuple(deck_silver[size:]),
        deck_gold=tuple(deck_gold[size:]),
        crew_deck=tuple(sorted(c for c in crew_deck if c not in dealt)),
        campsites=(),
        ribbons_taken=(),
        players=tuple(players),
        stack=(),
        museum_scope=options["museum_evolution_scope"],
        solo_rival=False,
        rng=rng.state,
        edition=editions.RULEBOOK,
        museum_tiles=museum_tiles,
        solo_penalty=int(options["solo_penalty"]),
        start_pairs=pairs,
        alfred=automa,
    )
    return rounds.setup_tasks(state, draft=options["crew_setup"] == "draft")


@functools.cache
def _neutral_lenses() -> tuple[tuple[str, int], ...]:
    """The lenses printed on the board at the start (owner -1: neutral)."""
    return tuple(
        (loc, -1) for loc, spec in data.locations().items() if spec.neutral_lens
    )


def new_player(board: dict[str, Any]) -> Player:
    return Player(
        coins=board["start_coins"],
        vp=0,
        temp=board["start_temp"],
        evolution=0,
        seals=((data.PURPLE,), (), (), (), ()),
        fifth_worker=False,
        placed=(False,) * 5,
        crew_hand=(),
        crew=(0, 0, 0),
        crew_claimed=(False, False, False),
        reserve=(),
        silver_slots=(0,) * 5,
        gold_slots=(0,) * 5,
        tents_left=5,
        stamps=(board["stamps_per_stack"],) * board["stamp_stacks"],
        tray=0,
        lenses_left=board["lenses_per_player"],
        research=(),
        ship=data.ocean().start,
        explorers=(data.islands()["A"].start, "", ""),
        reserved_turn=False,
    )


def start_round(state: State) -> tuple[State, list[Event]]:
    number = state.round + 1
    beagle = data.beagle_spaces()[number - 1]
    players = tuple(
        replace(p, placed=(False,) * 5, reserved_turn=False) for p in state.players
    )
    state = put(state, round=number, phase="actions", beagle=beagle, players=players)
    events = [event("round_started", round=number, beagle=beagle)]
    if state.alfred is not None:  # Alfred's workers come back; he moves first
        state = put(
            state, alfred=replace(state.alfred, placed=(False,) * 4, to_move=True)
        )
        return state, events
    if state.num_players == 1 and state.solo_rival:
        state = place_rival(state)
    state = put(state, current=0)
    return state.push(TURN[state.turn_order[0]]), events


def place_rival(state: State) -> State:
    """Solo (A-52): a neutral worker blocks one Main Journal spot each round."""
    index = state.round % 3 + 1
    for prefix in ("EXP", "NAV", "COR", "ACA"):
        location = f"{prefix}{index}"
        if placement.is_unlocked(state, location) and not state.workers_at(location):
            return put(state, occupants=(*state.occupants, (location, -1, 0)))
    return state


def next_turn(state: State) -> tuple[State, list[Event]]:
    if state.alfred is not None:
        return next_turn_against_alfred(state)
    order = state.turn_order
    n = len(order)
    for step in range(1, n + 1):
        index = (state.current + step) % n
        seat = order[index]
        if state.players[seat].free_workers():  # the stack is empty between turns
            return put(state, current=index, stack=_TURN[seat]), []
    return end_actions(state)


def next_turn_against_alfred(state: State) -> tuple[State, list[Event]]:
    """Alfred takes the first turn, then the two alternate; a side with
    workers left keeps placing when the other has none (A-60). The stack is
    empty between turns."""
    automa = state.alfred
    assert automa is not None
    his = False in automa.placed  # he has a worker left
    if his and automa.to_move:
        return put_field(state, "stack", _ALFRED_TURN), []
    if state.players[0].free_workers():
        state = alfred.set_piece(state, "to_move", True)
        return put_field(state, "stack", _TURN[0]), []
    if his:  # the player has none left
        return put_field(state, "stack", _ALFRED_TURN), []
    return end_actions(state)


TURN = {seat: Task("turn", seat) for seat in range(4)}
"""A turn's task, one per seat (a task is frozen: one object serves every turn)."""
ALFRED_TURN = Task("alfred", rounds.SYSTEM_SEAT)
_TURN = {seat: (turn,) for seat, turn in TURN.items()}
_ALFRED_TURN = (ALFRED_TURN,)
"""A stack of that one task (one tuple serves every turn)."""


def end_actions(state: State) -> tuple[State, list[Event]]:
    """Turn order, then rewards: Beagle goal and envelope majorities."""
    reserved = state.next_order
    order = reserved + tuple(s for s in state.turn_order if s not in reserved)
    state = put(state, turn_order=order, phase="reward")
    events: list[Event] = [event("turn_order", order=list(order))]
    if state.rulebook:  # C8: envelopes before the Beagle goal
        return rounds.reward_phase(state), events
    for seat in order:
        state, gained, lost = scoring.score_beagle_goal(state, seat)
        events.append(event("beagle_scored", seat=seat, gained=gained, lost=lost))
    rewards: list[tuple[int, tuple[str, ...]]] = []
    for index, tile in enumerate(state.envelopes):
        first, second = scoring.envelope_winners(state, index)
        first_fx, second_fx = data.envelopes()[tile]
        rewards += [(s, as_parts(first_fx)) for s in first]
        rewards += [(s, as_parts(second_fx)) for s in second]
        if first or second:
            events.append(
                event("envelope_rewarded", envelope=index, first=first, second=second)
            )
    for seat in order:
        parts = tuple(p for s, ps in rewards if s == seat for p in ps)
        if parts:
            state = state.push(Task("menu", seat, parts=parts, flags=("sub",)))
    # The stack resolves last-pushed first: reverse so turn order goes first.
    state = put(state, stack=tuple(reversed(state.stack)))
    return state, events


def cleanup(state: State) -> tuple[State, list[Event]]:
    if state.rulebook:
        if state.round >= data.board()["rounds"]:  # round 5 has no cleanup
            return put(state, phase="over"), [event("match_ended")]
        return start_round(rounds.cleanup(state))
    rng = Rng(state.rng)
    supply = list(state.seal_supply)
    academy = tuple(
        tuple(colour or rounds.draw_seal(rng, supply) for colour in row)
        for row in state.academy
    )
    state = put(
        state,
        occupants=(),
        next_order=(),
        academy=academy,
        seal_supply=tuple(supply),
        rng=rng.state,
    )
    if state.round >= data.board()["rounds"]:
        return put(state, phase="over"), [event("match_ended")]
    return start_round(state)


def skip_check(state: State, task: Task) -> tuple[bool, tuple[Any, ...] | None]:
    """Whether `task` needs no decision (it offers nothing but to skip it),
    and its options where they were worked out to tell."""
    kind = task.kind
    if kind == "turn" or (kind == "menu" and (task.parts or "sub" not in task.flags)):
        return False, None  # a turn, or a menu with something left to choose
    if kind == "menu" or (kind == "correspondence" and task.n <= 0):
        return True, None
    found = tuple(tasks.OPTIONS[kind](state, task))
    only = found[0] if len(found) == 1 else None
    return only is tasks.SKIP or only == tasks.SKIP, found  # mostly the same object


_SYSTEM_TASKS = frozenset(rounds.SYSTEM_TASKS)


def advance(state: State) -> tuple[State, list[Event]]:
    """Run everything that needs no decision until someone must choose.
    A move's own copy of the state (`state.owned_copy`) is changed in place until
    it is handed out here (`state.release`)."""
    events: list[Event] = []
    while state.phase != "over":
        stack = state.stack
        if stack:
            top = stack[-1]  # `top()`
            if top.kind in _SYSTEM_TASKS:
                state, more = rounds.run_system(state, top)
                if more:
                    events += more
                continue
            if top.kind == "turn":
                break  # a turn always has a choice (`skip_check`)
            skip, found = skip_check(state, top)
            if skip:
                state = state.pop()
                continue
            if found is not None:  # the options of the state handed out
                tasks.keep(state, top, found)
            break
        if state.phase == "crew":
            state, more = start_round(state)
        elif state.phase == "actions":
            state, more = next_turn(state)
        else:
            state, more = cleanup(state)
        if more:
            events += more
    return release(state), events


__all__ = ["advance", "new_match", "push_effects"]
