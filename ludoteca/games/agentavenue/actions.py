"""Who may act, what they may do, and applying it.

Actions (card names are the ids in cards.py):

* ``{"type": "discard", "card": "mole"}``: discard-and-draw, before playing;
* ``{"type": "offer", "up": "henchman", "down": "sentinel"}``: a solo side's two cards;
* ``{"type": "lead", "card": ...}`` / ``{"type": "follow", "card": ...}``: a pair's
  face-up and face-down cards;
* ``{"type": "pick", "take": "up" | "down"}``: the opposing side's choice;
* ``{"type": "take_bm", "card": "getaway_car"}``: a black-market card from the supply;
* ``{"type": "choose", "card": ...}``: the agent a black-market effect asks for;
* ``{"type": "recruit_again", "recruit": true | false}``: Spycation's option.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.errors import IllegalAction, game_over, not_your_turn
from ludoteca.engine.protocol import Action, Event
from ludoteca.engine.validate import action_type, check_shape
from ludoteca.games.agentavenue import market, play, recruit, tasks
from ludoteca.games.agentavenue.cards import AGENT_INDEX, AGENTS, BM_CARDS, BM_INDEX
from ludoteca.games.agentavenue.state import (
    FOLLOW,
    LEAD,
    MARKET,
    OVER,
    PICK,
    PLAY,
    State,
)
from ludoteca.games.agentavenue.teams import members

SHAPES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "discard": {"type": str, "card": str},
    "offer": {"type": str, "up": str, "down": str},
    "lead": {"type": str, "card": str},
    "follow": {"type": str, "card": str},
    "pick": {"type": str, "take": str},
    "take_bm": {"type": str, "card": str},
    "choose": {"type": str, "card": str},
    "recruit_again": {"type": str, "recruit": bool},
}
PHASES = {
    "discard": (PLAY, LEAD, FOLLOW),
    "offer": (PLAY,),
    "lead": (LEAD,),
    "follow": (FOLLOW,),
    "pick": (PICK,),
    "take_bm": (MARKET,),
    "choose": (MARKET,),
    "recruit_again": (MARKET,),
}
TASK_OF: dict[str, tuple[str, ...]] = {
    "take_bm": ("bm",),
    "recruit_again": ("again",),
    "choose": ("secret", "double", "spy", "mind"),
}


def active_seats(state: State) -> tuple[int, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    if phase in (PLAY, LEAD):
        return members(state.num_players, state.active)
    if phase == FOLLOW:
        return tuple(
            s for s in members(state.num_players, state.active) if s != state.leader
        )
    if phase == PICK:
        return members(state.num_players, 1 - state.active)
    return tasks.deciders(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in active_seats(state):
        return []
    phase = state.phase
    hand = state.hands[seat]
    out: list[Action] = []
    if phase in (PLAY, LEAD, FOLLOW) and play.can_discard(state, seat):
        out += [{"type": "discard", "card": AGENTS[a]} for a, k in enumerate(hand) if k]
    if phase == PLAY:
        out += [
            {"type": "offer", "up": AGENTS[u], "down": AGENTS[d]}
            for u, d in play.offers(hand)
        ]
    elif phase == LEAD:
        out += [{"type": "lead", "card": AGENTS[a]} for a, k in enumerate(hand) if k]
    elif phase == FOLLOW:
        out += [
            {"type": "follow", "card": AGENTS[a]}
            for a in play.follows(hand, state.offer_up)
        ]
    elif phase == PICK:
        out += [{"type": "pick", "take": "up"}, {"type": "pick", "take": "down"}]
    else:
        task = state.tasks[0]
        if task.kind == "bm":
            out += [
                {"type": "take_bm", "card": BM_CARDS[c]}
                for c in state.bm_supply
                if c >= 0
            ]
        elif task.kind == "again":
            out += [{"type": "recruit_again", "recruit": v} for v in (True, False)]
        else:
            out += [
                {"type": "choose", "card": AGENTS[a]}
                for a in market.options(state, task)
            ]
    return out


def _agent(name: str) -> int:
    agent = AGENT_INDEX.get(name)
    if agent is None:
        raise IllegalAction("unknown_card", "there is no such agent", card=name)
    return agent


def _in_hand(state: State, seat: int, agent: int, copies: int = 1) -> None:
    if state.hands[seat][agent] < copies:
        raise IllegalAction(
            "card_not_in_hand", "you do not hold that card", card=AGENTS[agent]
        )


def apply(state: State, seat: Any, action: Any) -> tuple[State, list[Event]]:
    kind = action_type(action)
    shape = SHAPES.get(kind)
    if shape is None:
        raise IllegalAction(
            "unknown_action", "this game has no such action", action=kind
        )
    check_shape(action, shape)
    if state.phase == OVER:
        raise game_over()
    if (
        not isinstance(seat, int)
        or isinstance(seat, bool)
        or seat not in active_seats(state)
    ):
        raise not_your_turn()
    if state.phase not in PHASES[kind] or (
        kind in TASK_OF and state.tasks[0].kind not in TASK_OF[kind]
    ):
        raise IllegalAction("wrong_phase", "you cannot do that now", action=kind)
    events: list[Event] = []
    if kind == "discard":
        agent = _agent(action["card"])
        _in_hand(state, seat, agent)
        if not state.deck:
            raise IllegalAction("deck_empty", "the deck is empty")
        if not play.can_discard(state, seat):
            raise IllegalAction("no_discards_left", "you have used all your discards")
        return play.discard(state, seat, agent, events), events
    if kind == "offer":
        up, down = _agent(action["up"]), _agent(action["down"])
        if (up, down) not in play.offers(state.hands[seat]):
            _in_hand(state, seat, up)
            _in_hand(state, seat, down, 2 if up == down else 1)
            raise IllegalAction("same_name", "the two cards must have different names")
        return play.offer(state, seat, up, down, events), events
    if kind == "lead":
        agent = _agent(action["card"])
        _in_hand(state, seat, agent)
        return play.lead(state, seat, agent, events), events
    if kind == "follow":
        agent = _agent(action["card"])
        _in_hand(state, seat, agent)
        if agent not in play.follows(state.hands[seat], state.offer_up):
            raise IllegalAction("same_name", "the two cards must have different names")
        return play.follow(state, seat, agent, events), events
    if kind == "pick":
        if action["take"] not in ("up", "down"):
            raise IllegalAction(
                "unknown_side", "take the face-up or the face-down card"
            )
        state = recruit.pick(state, seat, action["take"] == "up", events)
        return tasks.run(state, events), events
    task = state.tasks[0]
    if kind == "take_bm":
        card = BM_INDEX.get(action["card"], -1)
        if card < 0 or card not in state.bm_supply:
            raise IllegalAction(
                "not_in_supply", "that card is not on offer", card=action["card"]
            )
        state, added = market.take(state, seat, card, events)
    elif kind == "choose":
        agent = _agent(action["card"])
        if agent not in market.options(state, task):
            raise IllegalAction(
                "not_a_choice", "that agent cannot be chosen", card=action["card"]
            )
        state, added = market.choose(state, task, agent, events)
    else:
        state, added = market.recruit_again(state, task, action["recruit"], events)
    return tasks.run(tasks.push(state, added), events), events
