"""Hand-built states for Darwin's Journey rule tests."""

from dataclasses import replace

from ludoteca.games.darwinsjourney import GAME, data, editions
from ludoteca.games.darwinsjourney.state import State, Task


def started(
    players: int = 3, seed: int = 1, edition: str = editions.RULEBOOK, **options
) -> State:
    """A match just past the crew assignment, in round 1."""
    state = GAME.setup(players, seed, {"rules_edition": edition, **options})
    while state.phase == "crew":
        seat = state.top().seat
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0]).state
    return state


def turn_of(state: State, seat: int) -> State:
    """Make it `seat`'s turn to place a worker."""
    return replace(state, stack=(Task("turn", seat),))


def with_task(state: State, task: Task) -> State:
    return replace(state, stack=(*state.stack, task))


def seals(state: State, seat: int, worker: int, colours: str) -> State:
    rows = list(state.p(seat).seals)
    rows[worker] = tuple(colours)
    return state.with_player(seat, seals=tuple(rows))


def put_specimen(state: State, specimen: str, where: str) -> State:
    at = list(state.specimen_at)
    # Whatever lay there moves to the museum so that each space holds one.
    for index, place in enumerate(at):
        if place == where and where != "museum":
            at[index] = "museum"
    at[data.specimen_ids().index(specimen)] = where
    return replace(state, specimen_at=tuple(at))


def museum_exactly(state: State, cells: set[str], elsewhere: str = "O2") -> State:
    """Only `cells` (specimen ids) in the museum; the rest on track spaces."""
    free = [s for s in data.board()["specimen_spaces"]]
    at = []
    for s in data.specimen_ids():
        if s in cells:
            at.append("museum")
        else:
            at.append(free.pop(0) if free else elsewhere)
    return replace(state, specimen_at=tuple(at))


def act(state: State, seat: int, action: dict) -> State:
    return GAME.apply(state, seat, action).state
