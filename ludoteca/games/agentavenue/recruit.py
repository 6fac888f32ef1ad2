"""RECRUIT (spec §1(c) 2): the opponent picks a card, both pawns move.

The picking side sees only the face-up card. Each side's new agent moves its
pawn by the icon of that copy (modifiers included); both move at once, then
Getaway Car, then the black market: the active side's TakeBM is queued before
the opponent's, and the END step after both.
"""

from __future__ import annotations

from ludoteca.engine.protocol import Event, event
from ludoteca.games.agentavenue.cards import AGENTS, BM_CELLS, TRACK, movement
from ludoteca.games.agentavenue.movement import add, getaway, moved_event
from ludoteca.games.agentavenue.play import set_known
from ludoteca.games.agentavenue.state import MARKET, State, Task, Turn, evolve
from ludoteca.games.agentavenue.teams import members


def decider(state: State, team: int) -> int:
    """Who takes a side's black-market card: its only player, or -1 so that
    either member of a pair may (the one who does resolves the card)."""
    seats = members(state.num_players, team)
    return seats[0] if len(seats) == 1 else -1


def pick(state: State, seat: int, take_up: bool, events: list[Event]) -> State:
    """The opposing side takes one card; the active side gets the other."""
    a = state.active
    b = 1 - a
    up, down = state.offer_up, state.offer_down
    got_b, got_a = (up, down) if take_up else (down, up)
    events.append(
        event(
            "card_picked",
            seat=seat,
            team=b,
            took="up" if take_up else "down",
            card=AGENTS[got_b],
            other=AGENTS[got_a],
        )
    )
    # The face-down card is now public: one known copy fewer in that hand.
    follower = state.follower
    known = state.known[follower][down]
    if known:
        state = set_known(state, follower, down, known - 1)
    received = {a: got_a, b: got_b}
    in_play = list(state.in_play)
    pos = list(state.pos)
    moved = [0, 0]
    for team in (a, b):
        agent = received[team]
        in_play[team] = add(in_play[team], agent)
        moved[team] = movement(agent, in_play[team][agent], state.bm_owned[team])
    # Both pawns move at the same time; Getaway Car afterwards.
    for team in (a, b):
        if moved[team]:
            target = pos[team] + moved[team]
            events.append(moved_event(team, moved[team], target))
            pos[team] = getaway(state, team, target)
            if pos[team] != target:
                moved[team] += pos[team] - target
                events.append(
                    event(
                        "getaway", team=team, position=pos[team], cell=pos[team] % TRACK
                    )
                )
    tasks = []
    if state.black_market:
        for team in (a, b):
            if moved[team] and pos[team] % TRACK in BM_CELLS:
                tasks.append(Task("bm", team, decider(state, team)))
    tasks.append(Task("end", a))
    last = Turn(
        number=state.turn,
        team=a,
        leader=state.leader,
        follower=state.follower,
        up=up,
        down=down,
        picker=seat,
        picked_up=take_up,
        moved=(moved[0], moved[1]),
    )
    return evolve(
        state,
        in_play=(in_play[0], in_play[1]),
        pos=(pos[0], pos[1]),
        tasks=tuple(tasks),
        phase=MARKET,
        last=last,
    )
