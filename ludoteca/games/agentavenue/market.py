"""The black market (advanced mode, spec §1(c) TakeBM and the 15 cards).

A side whose pawn really moves and stops on a corner takes one of the face-up
cards; the slot is refilled at once, before the card resolves. Ongoing cards
stay in front of the side; instant cards resolve, go to the discard pile, and
the taker then draws up to 4 (the active side only with refill_timing =
"after_play"; with "end" it draws at END). Effects that need a decision
(which hand card,
which agent in play, whether to recruit again) become tasks answered by a
`choose` or `recruit_again` action; a decision with a single option is taken
automatically. Effects that cannot be carried out are ignored.

In the team variant the teammate who takes the card resolves it with their
own hand (ASSUMPTION, see the help page).
"""

from __future__ import annotations

from ludoteca.engine.protocol import Event, event
from ludoteca.games.agentavenue.cards import (
    AGENTS,
    BM_CARDS,
    DOUBLE_TROUBLE,
    INSTANT,
    MIND_CONTROL,
    OUTPOST,
    SECRET_RECRUIT,
    SENTINEL,
    SMOKE_SCREEN,
    SPYCATION,
    SURVEILLANCE_TRUCK,
)
from ludoteca.games.agentavenue.movement import add, move_pawn, recruit_extra, with_team
from ludoteca.games.agentavenue.play import (
    play_from_hand,
    refill,
    refills_after_effects,
    set_known,
    take_in_view,
)
from ludoteca.games.agentavenue.state import State, Task, Turn, evolve

CHOICE_TASKS = {
    SECRET_RECRUIT: "secret",
    DOUBLE_TROUBLE: "double",
    SPYCATION: "spy",
    MIND_CONTROL: "mind",
}


def take(
    state: State, seat: int, card: int, events: list[Event]
) -> tuple[State, tuple[Task, ...]]:
    """TakeBM: `seat` takes `card` for its side; returns the tasks it adds."""
    task = state.tasks[0]
    team = task.team
    slot = state.bm_supply.index(card)
    refill_card = state.bm_deck[-1] if state.bm_deck else -1
    supply = (*state.bm_supply[:slot], refill_card, *state.bm_supply[slot + 1 :])
    state = evolve(
        state,
        bm_supply=supply,
        bm_deck=state.bm_deck[:-1],
        tasks=state.tasks[1:],
        last=_logged(state.last, team, card),
    )
    events.append(event("bm_taken", seat=seat, team=team, card=BM_CARDS[card]))
    if refill_card >= 0:
        events.append(event("bm_refilled", slot=slot, card=BM_CARDS[refill_card]))
    if card not in INSTANT:
        owned = state.bm_owned[team] + (card,)
        return evolve(state, bm_owned=with_team(state.bm_owned, team, owned)), ()
    state = evolve(state, bm_discard=(*state.bm_discard, card))
    draw = Task("draw", team, seat)
    if card in CHOICE_TASKS:
        return state, (Task(CHOICE_TASKS[card], team, seat), draw)
    chained: tuple[Task, ...] = ()
    if card == SURVEILLANCE_TRUCK:
        state, chained = move_pawn(state, team, 1, seat, events)
    elif card == SMOKE_SCREEN:
        if state.deck:
            agent = state.deck[-1]
            state = evolve(state, deck=state.deck[:-1])
            state, chained = recruit_extra(state, team, seat, agent, events)
        else:
            events.append(event("effect_ignored", team=team, card=BM_CARDS[card]))
    elif card == OUTPOST:
        if state.hands[seat][SENTINEL]:
            state = play_from_hand(state, seat, SENTINEL)
            state, chained = recruit_extra(state, team, seat, SENTINEL, events)
        else:
            events.append(event("effect_ignored", team=team, card=BM_CARDS[card]))
    return state, (*chained, draw)


def _logged(last: Turn | None, team: int, card: int) -> Turn | None:
    if last is None:
        return None
    return evolve(last, market=(*last.market, (team, card)))


def options(state: State, task: Task) -> list[int]:
    """The agents a choice task may name (empty: the effect is ignored)."""
    if task.kind == "secret":
        hand, mine = state.hands[task.seat], state.in_play[task.team]
        return [a for a, k in enumerate(hand) if k and not mine[a]]
    if task.kind == "double":
        return [a for a, k in enumerate(state.hands[task.seat]) if k >= 2]
    if task.kind == "spy":
        return [a for a, k in enumerate(state.in_play[task.team]) if k]
    if task.kind == "mind":
        return [a for a, k in enumerate(state.in_play[1 - task.team]) if k]
    raise ValueError(task.kind)


EFFECT_OF = {v: k for k, v in CHOICE_TASKS.items()}


def choose(
    state: State, task: Task, agent: int, events: list[Event]
) -> tuple[State, tuple[Task, ...]]:
    """Carry out a choice task with the named agent; returns added tasks."""
    team, seat = task.team, task.seat
    state = evolve(state, tasks=state.tasks[1:])
    name = AGENTS[agent]
    if task.kind in ("secret", "double"):
        # Secret Recruit plays a new name from hand; Double Trouble shows a
        # pair, plays one and keeps the other.
        if task.kind == "double":
            events.append(event("pair_shown", seat=seat, team=team, card=name))
            shown = max(state.known[seat][agent], 2)
            state = set_known(state, seat, agent, shown)
        state = play_from_hand(state, seat, agent)
        return recruit_extra(state, team, seat, agent, events)
    if task.kind == "spy":
        state = evolve(
            state,
            in_play=with_team(state.in_play, team, add(state.in_play[team], agent, -1)),
        )
        state = take_in_view(state, seat, agent)
        events.append(event("agent_taken_back", seat=seat, team=team, card=name))
        return state, (Task("again", team, seat, agent),)
    # Mind Control: an agent of the other side into the taker's hand.
    other = 1 - team
    state = evolve(
        state,
        in_play=with_team(state.in_play, other, add(state.in_play[other], agent, -1)),
    )
    state = take_in_view(state, seat, agent)
    events.append(event("agent_stolen", seat=seat, team=team, card=name))
    return state, ()


def recruit_again(
    state: State, task: Task, again: bool, events: list[Event]
) -> tuple[State, tuple[Task, ...]]:
    """Spycation's optional second half: recruit the card taken back."""
    state = evolve(state, tasks=state.tasks[1:])
    if not again:
        events.append(
            event("agent_kept", seat=task.seat, team=task.team, card=AGENTS[task.card])
        )
        return state, ()
    state = play_from_hand(state, task.seat, task.card)
    return recruit_extra(state, task.team, task.seat, task.card, events)


def draw_up(state: State, task: Task, events: list[Event]) -> State:
    """After an instant card, the taker draws up to 4 (TakeBM step 5), unless
    the taker's side is playing and draws at END (refill_timing = "end")."""
    state = evolve(state, tasks=state.tasks[1:])
    if not refills_after_effects(state, task.team):
        return state
    return refill(state, task.seat, events)


def ignore(state: State, task: Task, events: list[Event]) -> State:
    card = EFFECT_OF[task.kind]
    events.append(event("effect_ignored", team=task.team, card=BM_CARDS[card]))
    return evolve(state, tasks=state.tasks[1:])
