"""The players' actions: who may do what, and doing it.

Actions:
- ``{"type": "pick_partner", "seat": k}``: the Accomplice looks at a role.
- ``{"type": "choose_mission", "mission": "D3"}``: the leader keeps one of two.
- ``{"type": "play", "card": c, "wager": false}``: play a card, maybe betting
  one intel token on it (option `wagers`).
- ``{"type": "vote", "targets": [k]}``: the final vote (two names, in
  increasing order, for the Paranoid Agent).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.errors import IllegalAction, game_over, malformed, not_your_turn
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Action, Event, Step, event
from ludoteca.engine.validate import action_type, check_shape
from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.cards import Played, suit
from ludoteca.games.insidejob.flow import (
    ballots,
    begin_trick,
    finish_vote,
    settle_trick,
    vote_targets,
)
from ludoteca.games.insidejob.state import Discard, State


def active_seats(state: State) -> frozenset[int]:
    if state.phase == "partner":
        return frozenset({state.roles.index(R.ACCOMPLICE)})
    if state.phase == "mission":
        return frozenset({state.leader})
    if state.phase == "play":
        assert state.turn is not None
        return frozenset({state.turn})
    if state.phase == "vote":
        return frozenset(s for s in state.voters if not state.votes[s])
    return frozenset()


# -- what is legal -----------------------------------------------------------


def playable_cards(state: State, seat: int) -> tuple[int, ...]:
    """Follow the led suit if you can; the leader and the traitor never must."""
    hand = state.hands[seat]
    if not state.trick or state.roles[seat] in R.TRAITORS:
        return hand
    led = suit(state.trick[0].card)
    following = tuple(c for c in hand if suit(c) == led)
    return following or hand


def wager_refusal(state: State, seat: int) -> IllegalAction | None:
    """Why `seat` may not bet now (None: it may). Spec 1(c), "Betting"."""
    if not state.wagers:
        return IllegalAction("wagers_off", "betting is not used in this match")
    if not state.trick:
        return IllegalAction("leader_cannot_wager", "the leader may not bet")
    if state.revealed[seat]:
        return IllegalAction(
            "revealed_cannot_wager", "a player whose role is revealed may not bet"
        )
    if state.intel[seat] < 1:
        return IllegalAction("no_intel_to_wager", "you have no intel token to bet")
    return None


def allowed_missions(state: State) -> tuple[str, ...]:
    """With the Agent at Full Risk in play a drawn risky mission must be kept."""
    if R.FULL_RISK in state.characters:
        risky = tuple(m for m in state.offered if missions.is_risky(m))
        if risky:
            return risky
    return state.offered


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in active_seats(state):
        return []
    if state.phase == "partner":
        return [
            {"type": "pick_partner", "seat": s}
            for s in range(state.num_players)
            if s != seat
        ]
    if state.phase == "mission":
        return [
            {"type": "choose_mission", "mission": m} for m in allowed_missions(state)
        ]
    if state.phase == "play":
        bet = wager_refusal(state, seat) is None
        out: list[Action] = []
        for card in playable_cards(state, seat):
            out.append({"type": "play", "card": card, "wager": False})
            if bet:
                out.append({"type": "play", "card": card, "wager": True})
        return out
    return [{"type": "vote", "targets": list(b)} for b in ballots(state, seat)]


# -- doing it ----------------------------------------------------------------

SHAPES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "pick_partner": {"type": str, "seat": int},
    "choose_mission": {"type": str, "mission": str},
    "play": {"type": str, "card": int, "wager": bool},
    "vote": {"type": str, "targets": list},
}

PHASE_OF = {
    "pick_partner": "partner",
    "choose_mission": "mission",
    "play": "play",
    "vote": "vote",
}


def apply(state: State, seat: int | None, action: Any) -> Step[State]:
    kind = action_type(action)
    if kind not in SHAPES:
        raise IllegalAction("unknown_action", "this game has no such action")
    check_shape(action, SHAPES[kind])
    if state.phase == "over":
        raise game_over()
    if seat is None or seat not in active_seats(state):
        raise not_your_turn()
    if PHASE_OF[kind] != state.phase:
        raise IllegalAction("wrong_phase", "that action does not fit this moment")
    if kind == "pick_partner":
        return _pick_partner(state, seat, action["seat"])
    if kind == "choose_mission":
        return _choose_mission(state, seat, action["mission"])
    if kind == "play":
        return _play(state, seat, action["card"], action["wager"])
    return _vote(state, seat, action["targets"])


def _pick_partner(state: State, seat: int, partner: int) -> Step[State]:
    if not 0 <= partner < state.num_players or partner == seat:
        raise IllegalAction("bad_partner", "choose another player", seat=partner)
    nxt = begin_trick(replace(state, partner=partner))
    return Step(
        nxt,
        (
            event("partner_chosen", seat=seat, partner=partner),
            event(
                "partner_seen", to=[seat], partner=partner, role=state.roles[partner]
            ),
            *_mission_events(nxt),
        ),
    )


def _mission_events(state: State) -> tuple[Event, ...]:
    if state.phase == "mission":
        return (
            event("missions_drawn", seat=state.leader),
            event("missions_offered", to=[state.leader], missions=list(state.offered)),
        )
    return ()


def _choose_mission(state: State, seat: int, mission: str) -> Step[State]:
    if mission not in state.offered:
        raise IllegalAction(
            "mission_not_offered", "that mission is not one of your two"
        )
    if mission not in allowed_missions(state):
        raise IllegalAction("must_choose_risky", "you must keep the risky mission")
    other = next(m for m in state.offered if m != mission)
    forced = R.FULL_RISK in state.characters and not missions.is_risky(mission)
    nxt = replace(
        state,
        phase="play",
        mission=mission,
        offered=(),
        discards=(*state.discards, Discard(seat, other, forced)),
    )
    return Step(
        nxt,
        (
            event("mission_chosen", seat=seat, mission=mission),
            event("mission_discarded", to=[seat], mission=other),
        ),
    )


def _play(state: State, seat: int, card: int, wager: bool) -> Step[State]:
    if card not in state.hands[seat]:
        raise IllegalAction("card_not_in_hand", "you do not hold that card", card=card)
    if card not in playable_cards(state, seat):
        raise IllegalAction(
            "must_follow_suit", "you must follow the led colour", card=card
        )
    if wager:
        refusal = wager_refusal(state, seat)
        if refusal is not None:
            raise refusal
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    intel = list(state.intel)
    if wager:
        intel[seat] -= 1
    nxt = replace(
        state,
        hands=tuple(hands),
        intel=tuple(intel),
        trick=(*state.trick, Played(seat, card, wager)),
    )
    kind = "card_played_wager" if wager else "card_played"
    events: list[Event] = [event(kind, seat=seat, card=card, wager=wager)]
    if len(nxt.trick) == state.num_players:
        nxt, more = settle_trick(nxt)
        events += more
        events += _mission_events(nxt)
    return Step(nxt, tuple(events))


def _vote(state: State, seat: int, targets: list[Any]) -> Step[State]:
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in targets):
        raise malformed("targets must be seat numbers")
    ballot = tuple(targets)
    allowed = vote_targets(state, seat)
    if seat in ballot:
        raise IllegalAction("cannot_vote_self", "you may not vote for yourself")
    if any(t not in allowed for t in ballot):
        raise IllegalAction(
            "cannot_vote_for", "you may not vote for that player", targets=list(ballot)
        )
    if ballot not in ballots(state, seat):
        raise IllegalAction("bad_ballot", "that ballot is not allowed for your role")
    votes = list(state.votes)
    votes[seat] = ballot
    nxt = replace(state, votes=tuple(votes))
    events: list[Event] = [event("voted", seat=seat)]
    if all(nxt.votes[s] for s in nxt.voters):
        nxt, more = finish_vote(nxt)
        events += more
    return Step(nxt, tuple(events))
