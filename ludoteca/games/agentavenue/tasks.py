"""The queue of steps after a recruit: black market, then END.

`run` works through `state.tasks` from the front and stops at the first one
that needs a player's decision; the answer's follow-up tasks go to the front,
so a side's black-market card (with its chains) resolves completely before
the next queued task (spec §1(c) 2.5).
"""

from __future__ import annotations

from ludoteca.engine.protocol import Event
from ludoteca.games.agentavenue import market
from ludoteca.games.agentavenue.end import end_step
from ludoteca.games.agentavenue.state import State, Task, evolve
from ludoteca.games.agentavenue.teams import members


def push(state: State, added: tuple[Task, ...]) -> State:
    return evolve(state, tasks=added + state.tasks) if added else state


def run(state: State, events: list[Event]) -> State:
    while state.tasks:
        task = state.tasks[0]
        kind = task.kind
        if kind == "end":
            return end_step(evolve(state, tasks=state.tasks[1:]), events)
        if kind == "draw":
            state = market.draw_up(state, task, events)
        elif kind == "bm":
            if all(card < 0 for card in state.bm_supply):
                state = evolve(state, tasks=state.tasks[1:])  # nothing to take
            else:
                return state
        elif kind == "again":
            return state
        else:
            choices = market.options(state, task)
            if not choices:
                state = market.ignore(state, task, events)
            elif len(choices) == 1:
                state, added = market.choose(state, task, choices[0], events)
                state = push(state, added)
            else:
                return state
    return state


def deciders(state: State) -> tuple[int, ...]:
    """Seats that may answer the task at the front of the queue."""
    task = state.tasks[0]
    if task.seat >= 0:
        return (task.seat,)
    return members(state.num_players, task.team)
