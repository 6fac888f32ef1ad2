"""The rules of Piles!, in the order of the spec (/shared/rules/piles.md, 2(b)-2(d)).

Pure functions of immutable states: each returns the next state and its events,
or raises `IllegalAction` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine import IllegalAction, Outcome, Rng, ranks_from_scores
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Action, Event, Step, event
from ludoteca.engine.validate import action_type, check_shape
from ludoteca.games.piles import cards
from ludoteca.games.piles.state import EndReason, State
from ludoteca.games.piles.text import error_message

COUNTDOWN_SECONDS = 3
"""The 3-2-1 between "everybody ready" and the centre turning up (2(b).3)."""

READY: Action = {"type": "ready"}
CLOSE: Action = {"type": "close"}

SHAPES: Mapping[str, Mapping[str, type]] = {
    "ready": {"type": str},
    "open": {"type": str, "pile": int},
    "close": {"type": str},
    "swap": {"type": str, "card": int, "slot": int, "expected": int},
    "timeout": {"type": str},
}

FORBIDDEN = {
    # Moves the spec names as forbidden (2(c)), refused with their own reason.
    "move": "no_direct_move",
    "take": "must_give_a_card",
    "give": "not_your_pile",
}


def refuse(code: str, **params: Any) -> IllegalAction:
    return IllegalAction(code, error_message(code, **params), **params)


# -- 2(b) setup ------------------------------------------------------------


def deal(num_players: int, seed: int, options: Mapping[str, Any]) -> State:
    """6n+1 random designs, 6 face-down piles of 4 each, 4 cards left for the centre."""
    rng = Rng(seed)
    chosen = rng.shuffled(range(cards.DESIGNS))[: cards.designs_in_play(num_players)]
    deck = rng.shuffled([c for d in sorted(chosen) for c in cards.cards_of(d)])
    size = cards.PILE_SIZE
    per_seat = cards.PILES * size
    piles = tuple(
        tuple(
            tuple(deck[s * per_seat + i * size : s * per_seat + (i + 1) * size])
            for i in range(cards.PILES)
        )
        for s in range(num_players)
    )
    centre = tuple(deck[num_players * per_seat :])
    # A pile dealt complete is detected at once, like one completed in play.
    locked = tuple(tuple(cards.is_complete(p) for p in seat) for seat in piles)
    state = State(
        num_players=num_players,
        designs=tuple(sorted(chosen)),
        piles=piles,
        locked=locked,
        open_pile=(None,) * num_players,
        seen=((False,) * cards.PILES,) * num_players,
        centre=centre,
        phase="ready",
        ready=(False,) * num_players,
        winners=(),
        ended_by="",
        actions=0,
        match_minutes=int(options["match_minutes"]),
        min_action_ms=int(options["min_action_ms"]),
        action_limit=int(options["action_limit"]),
        rng=rng.state,
    )
    done = [s for s in range(num_players) if state.locked_count(s) == cards.PILES]
    if done:
        return replace(state, phase="over", winners=(done[0],), ended_by="piles")
    return state


# -- who may do what -------------------------------------------------------


def active_seats(state: State) -> frozenset[int]:
    if state.phase == "ready":
        return frozenset(s for s in range(state.num_players) if not state.ready[s])
    if state.phase == "play":
        return frozenset(range(state.num_players))
    return frozenset()


def legal_actions(state: State, seat: int) -> list[Action]:
    if not 0 <= seat < state.num_players:
        return []
    if state.phase == "ready":
        return [] if state.ready[seat] else [dict(READY)]
    if state.phase != "play":
        return []
    actions: list[Action] = []
    held = state.open_pile[seat]
    if held is not None:
        for card in state.piles[seat][held]:
            for slot, centre_card in enumerate(state.centre):
                actions.append(
                    {
                        "type": "swap",
                        "card": card,
                        "slot": slot,
                        "expected": centre_card,
                    }
                )
    for pile in range(cards.PILES):
        if pile != held and not state.locked[seat][pile]:
            actions.append({"type": "open", "pile": pile})
    if held is not None:
        actions.append(dict(CLOSE))
    return actions


def phase_seconds(state: State) -> float | None:
    if state.phase == "countdown":
        return float(COUNTDOWN_SECONDS)
    if state.phase == "play" and state.match_minutes > 0:
        return float(state.match_minutes * 60)
    return None


# -- actions ---------------------------------------------------------------


def apply(state: State, seat: int | None, action: Any) -> Step[State]:
    kind = action_type(action)
    if seat is None:
        if kind != "timeout":
            raise refuse("not_a_player")
        check_shape(action, SHAPES["timeout"])
        return timeout(state)
    if isinstance(seat, bool) or not 0 <= seat < state.num_players:
        raise refuse("not_a_player")
    if kind in FORBIDDEN:
        raise refuse(FORBIDDEN[kind])
    if kind not in SHAPES or kind == "timeout":
        raise refuse("unknown_action")
    check_shape(action, SHAPES[kind])
    if state.phase == "over":
        raise refuse("game_over")
    if kind == "ready":
        return ready(state, seat)
    if state.phase != "play":
        raise refuse("not_started")
    if kind == "open":
        step = open_pile(state, seat, action["pile"])
    elif kind == "close":
        step = close_pile(state, seat)
    else:
        step = swap(state, seat, action["card"], action["slot"], action["expected"])
    return count_action(step)


def ready(state: State, seat: int) -> Step[State]:
    """2(b).3: the match starts only when every player has said they are ready."""
    if state.phase != "ready":
        raise refuse("already_started")
    if state.ready[seat]:
        raise refuse("already_ready")
    flags = tuple(r or s == seat for s, r in enumerate(state.ready))
    events = [event("player_ready", seat=seat)]
    nxt = replace(state, ready=flags)
    if all(flags):
        nxt = replace(nxt, phase="countdown")
        events.append(event("countdown_started", seconds=COUNTDOWN_SECONDS))
    return Step(nxt, tuple(events))


def timeout(state: State) -> Step[State]:
    """The platform's clock: the countdown ends, or the match timer runs out."""
    if phase_seconds(state) is None:
        raise refuse("timeout_not_due")
    if state.phase == "countdown":
        shown = [cards.describe(c) for c in state.centre]
        return Step(
            replace(state, phase="play"), (event("match_started", centre=shown),)
        )
    return end(state, "timer")


def open_pile(state: State, seat: int, pile: int) -> Step[State]:
    """2(c) open(i): pick up one of your piles; the one in hand goes back down."""
    if not 0 <= pile < cards.PILES:
        raise refuse("no_such_pile", number=pile + 1)
    if state.locked[seat][pile]:
        raise refuse("pile_locked", number=pile + 1)
    held = state.open_pile[seat]
    if held == pile:
        raise refuse("pile_already_open", number=pile + 1)
    events: list[Event] = []
    if held is not None:
        events.append(event("pile_closed", seat=seat, pile=held, number=held + 1))
    events.append(event("pile_opened", seat=seat, pile=pile, number=pile + 1))
    held_now = _hold(state, seat, pile)
    if not state.seen[seat][pile]:
        seen = _set(state.seen[seat], pile, True)
        held_now = replace(held_now, seen=_set(state.seen, seat, seen))
    return Step(held_now, tuple(events))


def close_pile(state: State, seat: int) -> Step[State]:
    held = state.open_pile[seat]
    if held is None:
        raise refuse("no_open_pile")
    closed = event("pile_closed", seat=seat, pile=held, number=held + 1)
    return Step(_hold(state, seat, None), (closed,))


def swap(state: State, seat: int, card: int, slot: int, expected: int) -> Step[State]:
    """2(c) swap: one card of the open pile for one centre card, in one step.

    `expected` is the centre card the player saw in `slot`; if another swap
    changed that slot first, this one is stale and refused (2(g).4).
    """
    held = state.open_pile[seat]
    if held is None:
        raise refuse("no_open_pile")
    pile = state.piles[seat][held]
    if card not in pile:
        raise refuse("card_not_in_open_pile", card=card)
    if not 0 <= slot < cards.CENTRE_SIZE:
        raise refuse("no_such_slot", slot_number=slot + 1)
    if not cards.is_card(expected):
        raise refuse("no_such_card", card=expected)
    taken = state.centre[slot]
    if taken != expected:
        raise refuse("centre_card_taken", slot_number=slot + 1, card=expected)
    new_pile = tuple(taken if c == card else c for c in pile)
    centre = tuple(card if i == slot else c for i, c in enumerate(state.centre))
    nxt = replace(
        state,
        piles=_set(state.piles, seat, _set(state.piles[seat], held, new_pile)),
        centre=centre,
    )
    events = [
        event(
            "cards_swapped",
            seat=seat,
            pile=held,
            slot=slot,
            slot_number=slot + 1,
            given=card,
            taken=taken,
        )
    ]
    if cards.is_complete(new_pile):
        return lock(nxt, seat, held, events)
    return Step(nxt, tuple(events))


def lock(state: State, seat: int, pile: int, events: list[Event]) -> Step[State]:
    """2(c) Completion: four of one design turn face up and are out of play."""
    flags = _set(state.locked[seat], pile, True)
    nxt = replace(state, locked=_set(state.locked, seat, flags))
    nxt = _hold(nxt, seat, None)
    shown = sorted(nxt.piles[seat][pile])
    events.append(
        event(
            "pile_locked",
            seat=seat,
            pile=pile,
            number=pile + 1,
            design=cards.design_of(shown[0]),
            cards=shown,
        )
    )
    if nxt.locked_count(seat) == cards.PILES:
        # 2(d): the first to lock six piles wins at once.
        nxt = replace(nxt, phase="over", winners=(seat,), ended_by="piles")
        events.append(event("match_won", seat=seat))
    return Step(nxt, tuple(events))


def count_action(step: Step[State]) -> Step[State]:
    """The optional `action_limit` ends the match like the timer does."""
    state = replace(step.state, actions=step.state.actions + 1)
    if state.phase == "play" and 0 < state.action_limit <= state.actions:
        ended = end(state, "action_limit")
        return Step(ended.state, step.events + ended.events)
    return Step(state, step.events)


def end(state: State, reason: EndReason) -> Step[State]:
    """2(e): when time runs out the most locked piles wins; equal counts share."""
    scores = [state.locked_count(s) for s in range(state.num_players)]
    best = max(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == best)
    nxt = replace(state, phase="over", winners=winners, ended_by=reason)
    name = "time_up" if reason == "timer" else "action_limit_reached"
    return Step(nxt, (event(name, winners=list(winners)),))


# -- 2(d) outcome ----------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """Winners first; the others ranked by locked piles, ties sharing a place."""
    if state.phase != "over":
        return None
    scores = tuple(float(state.locked_count(s)) for s in range(state.num_players))
    ranks = ranks_from_scores(scores)
    if state.ended_by == "piles":
        # The winner has six locked piles, more than anybody else can have.
        ranks = tuple(
            1 if s in state.winners else max(r, 2) for s, r in enumerate(ranks)
        )
    return Outcome(state.winners, ranks, scores, details={"ended_by": state.ended_by})


# -- helpers ---------------------------------------------------------------


def _hold(state: State, seat: int, pile: int | None) -> State:
    return replace(state, open_pile=_set(state.open_pile, seat, pile))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])
