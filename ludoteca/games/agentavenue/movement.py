"""Pawn movement: recruiting an agent, Getaway Car, extra recruits.

Positions are unbounded integers (spec §1(c)); the board cell is `pos % 14`.
"""

from __future__ import annotations

from ludoteca.engine.protocol import Event, event
from ludoteca.games.agentavenue.cards import (
    AGENTS,
    BM_CELLS,
    GETAWAY_BONUS,
    GETAWAY_CAR,
    HOMES,
    TRACK,
    movement,
)
from ludoteca.games.agentavenue.state import Counts, State, Task, evolve


def add(counts: Counts, agent: int, k: int = 1) -> Counts:
    """`counts` with `k` more (or fewer) of `agent`."""
    return (*counts[:agent], counts[agent] + k, *counts[agent + 1 :])


def with_team(
    pair: tuple[Counts, Counts], team: int, value: Counts
) -> tuple[Counts, Counts]:
    return (value, pair[1]) if team == 0 else (pair[0], value)


def move_value(state: State, team: int, agent: int) -> int:
    """Movement if `team` recruited one more `agent` now (the hover value)."""
    copies = state.in_play[team][agent] + 1
    return movement(agent, copies, state.bm_owned[team])


def getaway(state: State, team: int, position: int) -> int:
    """Getaway Car: a pawn that moved and stops on either home goes 3 on."""
    if GETAWAY_CAR in state.bm_owned[team] and position % TRACK in HOMES:
        return position + GETAWAY_BONUS
    return position


def place(state: State, team: int, position: int) -> State:
    pos = (position, state.pos[1]) if team == 0 else (state.pos[0], position)
    return evolve(state, pos=pos)


def moved_event(team: int, by: int, position: int) -> Event:
    return event(
        "pawn_moved", team=team, by=by, position=position, cell=position % TRACK
    )


def move_pawn(
    state: State, team: int, by: int, seat: int, events: list[Event]
) -> tuple[State, tuple[Task, ...]]:
    """Move one pawn outside the recruit step (extra recruit, Surveillance
    Truck); returns the TakeBM to resolve next if it stops on a black-market
    space after really moving."""
    if by == 0:
        return state, ()
    target = state.pos[team] + by
    events.append(moved_event(team, by, target))
    final = getaway(state, team, target)
    if final != target:
        events.append(event("getaway", team=team, position=final, cell=final % TRACK))
    state = place(state, team, final)
    if state.black_market and final % TRACK in BM_CELLS:
        return state, (Task("bm", team, seat),)
    return state, ()


def recruit_extra(
    state: State, team: int, seat: int, agent: int, events: list[Event]
) -> tuple[State, tuple[Task, ...]]:
    """RecruitExtra (spec §1(c)): the agent joins `team`'s play area and its
    pawn moves by that agent's value, modifiers included; a stop on a
    black-market space chains another TakeBM for the same seat."""
    in_play = add(state.in_play[team], agent)
    state = evolve(state, in_play=with_team(state.in_play, team, in_play))
    by = movement(agent, in_play[agent], state.bm_owned[team])
    events.append(event("agent_recruited", team=team, seat=seat, card=AGENTS[agent]))
    return move_pawn(state, team, by, seat, events)
