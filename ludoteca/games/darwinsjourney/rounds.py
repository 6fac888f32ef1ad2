"""The rulebook edition's setup, Reward phase and cleanup (spec (c), (d)).

Reward phase (C8, C14): achievement windows, then each envelope's
majorities with a window after each, then the Beagle goal and a last
window. The phase is a stack of tasks like a turn; the system tasks
(`envelope`, `beagle`) need no choice and run in `flow.advance`.
"""

from __future__ import annotations

import functools

from ludoteca.engine import Rng
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.games.darwinsjourney import alfred, data, scoring
from ludoteca.games.darwinsjourney.effects import as_parts
from ludoteca.games.darwinsjourney.state import State, Task, put

SYSTEM_TASKS = ("envelope", "beagle", "alfred")
SYSTEM_SEAT = -1


def draw_seal(rng: Rng, supply: list[int]) -> str:
    """A random regular seal from the face-down pile (purple never, A-08)."""
    total = sum(supply[:4])
    if total == 0:
        return ""
    pick = rng.below(total)
    for index in range(4):
        if pick < supply[index]:
            supply[index] -= 1
            return data.COLOURS[index]
        pick -= supply[index]
    return ""


# -- setup --------------------------------------------------------------------


def new_academy(rng: Rng, supply: list[int]) -> tuple[tuple[str, ...], ...]:
    """Every scroll's spaces filled at random, scroll by scroll (A-16)."""
    board = data.board()
    slots = range(board["academy_slots_per_row"])
    return tuple(
        tuple([draw_seal(rng, supply) for _ in slots])
        for _ in board["academy_row_costs"]
    )


def seal_pile(num_players: int) -> list[int]:
    """C2: 14 regular seals per colour, less 2 at 2 players and solo, 1 at 3."""
    values = data.rulebook()
    per_colour = int(values["seals_per_colour"]) - int(
        values["seals_removed_per_colour"][str(num_players)]
    )
    return [per_colour] * 4 + [int(data.board()["purple_seal_supply"])]


def place_specimens(
    rng: Rng, num_players: int
) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """C1, C3: a token on each specimen space used at this count; each token
    left over leaves the game and its Museum tile starts in the Museum."""
    spaces = data.rulebook()["specimen_spaces_by_players"][str(num_players)]
    ids = data.specimen_ids()
    shuffled = rng.shuffled(ids)
    where = dict(zip(shuffled[: len(spaces)], spaces, strict=True))
    at = tuple(where.get(s, "out") for s in ids)
    return at, tuple(s not in where for s in ids)


def display_size(num_players: int) -> int:
    sizes = data.rulebook()["display_per_tier"]
    return int(sizes["solo" if num_players == 1 else "otherwise"])


def start_pairs(rng: Rng, num_players: int) -> tuple[tuple[int, int], ...]:
    """C12: one starting pair per player (solo: 2, one kept)."""
    silver = rng.shuffled(data.objective_ids("silver", True))
    gold = rng.shuffled(data.objective_ids("gold", True))
    count = max(2, num_players)
    return tuple(zip(silver[:count], gold[:count], strict=True))


def first_game_crew(seat_position: int) -> tuple[int, ...]:
    """C11: the first-game sets by turn order: cards 1-3, 4-6, 7-9, 10-12."""
    return tuple(range(3 * seat_position + 1, 3 * seat_position + 4))


DRAFT_HAND = 4
DRAFT_SOLO = 5
DRAFT_KEEP = 3


def setup_tasks(state: State, draft: bool = False) -> State:
    """The crew draft (C11) if any, crew cards in turn order, then starting
    pairs in reverse turn order."""
    picks = [
        Task(
            "draft",
            seat,
            n=pick,
            flags=("last",) if seat == state.turn_order[-1] else (),
        )
        for pick in range(DRAFT_KEEP if draft else 0)
        for seat in state.turn_order
    ]
    crew = [Task("crew", seat) for seat in state.turn_order]
    pairs = [Task("start_pair", seat) for seat in reversed(state.turn_order)]
    return state.push(*picks, *crew, *pairs)


def keep_crew(state: State, task: Task, card: int) -> State:
    """C11: keep one card of the hand; once everyone has, the hands pass to
    the left; after the third pick the kept cards are the player's crew and
    the cards left leave the game."""
    p = state.p(task.seat)
    hand = tuple(c for c in p.crew_hand if c != card)
    state = state.with_player(task.seat, crew_hand=hand, crew_kept=(*p.crew_kept, card))
    if "last" not in task.flags:
        return state
    n = state.num_players
    if task.n + 1 < DRAFT_KEEP:
        hands = [state.p((seat - 1) % n).crew_hand for seat in range(n)]
        for seat in range(n):
            state = state.with_player(seat, crew_hand=hands[seat])
        return state
    for seat in range(n):
        kept = state.p(seat).crew_kept
        state = state.with_player(seat, crew_hand=tuple(sorted(kept)), crew_kept=())
    return state


# -- Reward phase ---------------------------------------------------------------


def windows(state: State) -> list[Task]:
    """A-56: each player in turn order may achieve objectives and crew cards."""
    return [_WINDOW[seat] for seat in state.turn_order]


_WINDOW = {seat: Task("achieve", seat) for seat in range(4)}
"""A window's task, one per seat (a task is frozen: one object serves all)."""


def reward_phase(state: State) -> State:
    tasks: list[Task] = windows(state)
    for index in range(len(state.envelopes)):
        tasks += [_ENVELOPE[index], *windows(state)]
    tasks += [_BEAGLE, *windows(state)]
    return state.push(*tasks)


_ENVELOPE = tuple(Task("envelope", SYSTEM_SEAT, n=index) for index in range(3))
_BEAGLE = Task("beagle", SYSTEM_SEAT)
"""The Reward phase's system tasks (frozen: one object serves every round)."""


def run_system(state: State, task: Task) -> tuple[State, list[Event]]:
    state = state.pop()
    if task.kind == "alfred":
        return alfred.take_turn(state)
    if task.kind == "envelope":
        return award_envelope(state, task.n)
    events: list[Event] = []
    if state.alfred is not None:  # Alfred is first in turn order
        state, gained = alfred.beagle(state)
        events.append(event("alfred_beagle", gained=gained))
    for seat in state.turn_order:
        state, gained, lost = scoring.score_beagle_goal(state, seat)
        events.append(event("beagle_scored", seat=seat, gained=gained, lost=lost))
    return state, events


def award_envelope(state: State, index: int) -> tuple[State, list[Event]]:
    """C8: 1st-place reward for the most stamps (ties all get it), 2nd-place
    for the next count, each in turn order. A player's stamps move to the
    tray when they take a part of their reward (`pay_stamps`)."""
    first, second = scoring.envelope_winners(state, index)
    if not first:
        return state, []
    first_fx, second_fx = data.envelopes()[state.envelopes[index]]
    events = [event("envelope_rewarded", envelope=index, first=first, second=second)]
    automa = len(state.envelope_stamps[index]) - 1 if state.alfred else None
    if automa is not None and automa in first + second:  # Alfred goes first
        state = alfred.perform_all(state, first_fx if automa in first else second_fx)
        counts = [list(row) for row in state.envelope_stamps]
        counts[index][automa] -= (counts[index][automa] + 1) // 2
        state = put(state, envelope_stamps=tuple(map(tuple, counts)))
    menus = [
        _envelope_menu(seat, index, fx)
        for winners, fx in ((first, first_fx), (second, second_fx))
        for seat in state.turn_order
        if seat in winners
    ]
    return state.push(*menus), events


@functools.lru_cache(maxsize=1024)
def _envelope_menu(seat: int, index: int, effects: tuple[data.Effect, ...]) -> Task:
    """A winner's menu of an envelope's reward (a task is frozen: one object
    serves every round)."""
    return Task(
        "menu", seat, ref=f"env{index}", parts=as_parts(effects), flags=("sub",)
    )


def pay_stamps(state: State, task: Task) -> State:
    """C8: half the player's stamps on that envelope, rounded up, go to their
    used-stamps tray once they take any of its reward (A-57)."""
    if not task.ref.startswith("env") or "paid" in task.flags:
        return state
    index, seat = int(task.ref[3:]), task.seat
    counts = [list(row) for row in state.envelope_stamps]
    moved = (counts[index][seat] + 1) // 2
    counts[index][seat] -= moved
    state = put(state, envelope_stamps=tuple(tuple(r) for r in counts))
    state = state.with_player(seat, tray=state.p(seat).tray + moved)
    top = state.top()
    assert top is not None
    return state.replace_top(replace(top, flags=(*top.flags, "paid")))


# -- cleanup ---------------------------------------------------------------------


Academy = tuple[tuple[str, ...], ...]


def academy_shift(academy: Academy, rng: Rng, supply: list[int]) -> Academy:
    """C13: the top scroll's seals leave the game, each column's seals move
    up in order, and the empty spots are refilled at random (A-16)."""
    kept = [
        [colour for colour in column[1:] if colour]
        for column in zip(*academy, strict=True)
    ]
    rows = []
    for row in range(len(academy)):  # row by row, left to right: the draws' order
        seals = []
        for column in kept:
            seals.append(column[row] if row < len(column) else draw_seal(rng, supply))
        rows.append(tuple(seals))
    return tuple(rows)


def redraw_display(state: State) -> State:
    """C12: the display is discarded and 2 + 2 (solo 1 + 1) are revealed;
    a short deck reveals what is left (A-17b)."""
    size = display_size(state.num_players)
    return put(
        state,
        display_silver=state.deck_silver[:size],
        display_gold=state.deck_gold[:size],
        deck_silver=state.deck_silver[size:],
        deck_gold=state.deck_gold[size:],
    )


def cleanup(state: State) -> State:
    rng = Rng(state.rng)
    supply = list(state.seal_supply)
    academy = academy_shift(state.academy, rng, supply)
    state = put(
        state,
        occupants=(),
        next_order=(),
        academy=academy,
        seal_supply=tuple(supply),
        rng=rng.state,
    )
    return redraw_display(state)
