"""What one seat may know, built field by field (an allow-list).

Public: the table (missions, trick, bets, intel, revealed roles, the
characters in play, the vote's progress). Private: your role, your hand, the
two missions you drew, the ones you discarded, your ballot, and for the
Accomplice the partner's role. At the end every role is shown.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.cards import Played
from ludoteca.games.insidejob.flow import (
    intel_target,
    mission_target,
    planned_tricks,
    reveal_threshold,
)
from ludoteca.games.insidejob.state import State


def mission_view(mission_id: str | None) -> dict[str, Any] | None:
    if mission_id is None:
        return None
    m = missions.catalogue()[mission_id]
    return {
        "id": m.id,
        "condition": m.condition,
        "trump": m.trump,
        "risky": m.risky,
        "house": m.house,
    }


def _cards(trick: tuple[Played, ...]) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "card": p.card, "wager": p.wager} for p in trick]


def public_view(state: State) -> dict[str, Any]:
    n = state.num_players
    over = state.phase == "over"
    out: dict[str, Any] = {
        "players": n,
        "phase": state.phase,
        "dealer": state.dealer,
        "leader": state.leader,
        "turn": state.turn,
        "trick_number": min(len(state.tricks) + 1, planned_tricks(state)),
        "tricks_planned": planned_tricks(state),
        "wagers": state.wagers,
        "risky_missions": state.risky_missions,
        "characters": list(state.characters),
        "targets": {
            "missions": mission_target(state),
            "intel": None if state.prof_no else intel_target(state),
            "reveal": reveal_threshold(state),
        },
        "intel": list(state.intel),
        "supply": state.supply,
        "hand_sizes": [len(h) for h in state.hands],
        "mission_deck": len(state.mission_deck),
        "discarded": len(state.discards),
        "mission": mission_view(state.mission),
        "completed": list(state.completed),
        "failed": list(state.failed),
        "trick": _cards(state.trick),
        "tricks": [
            {
                "leader": t.leader,
                "mission": t.mission,
                "cards": _cards(t.cards),
                "winner": t.winner,
                "completed": t.completed,
            }
            for t in state.tricks
        ],
        "revealed": [
            {"seat": s, "role": state.roles[s], "how": how}
            for s, how in enumerate(state.revealed)
            if how
        ],
        "partner": state.partner if state.partner >= 0 else None,
        "choosing_missions": state.phase == "mission",
    }
    if state.phase == "vote":
        out["vote"] = {
            "voters": list(state.voters),
            "voted": [s for s in state.voters if state.votes[s]],
        }
    if over:
        out["result"] = {
            "reason": state.end_reason,
            "winners": list(state.winners),
            "roles": list(state.roles),
        }
        if state.end_reason == "vote":
            tally = [0] * n
            for s in state.voters:
                for t in state.votes[s]:
                    tally[t] += 1
            out["result"]["votes"] = {
                str(s): list(state.votes[s]) for s in state.voters
            }
            out["result"]["tally"] = tally
    return out


def seat_view(state: State, seat: int) -> dict[str, Any]:
    role = state.roles[seat]
    you: dict[str, Any] = {
        "seat": seat,
        "role": role,
        "hand": list(state.hands[seat]),
        "discarded": [d.mission for d in state.discards if d.seat == seat],
        # Betting is possible at all for you (not as the leader of a trick).
        "may_bet": state.wagers and not state.revealed[seat] and state.intel[seat] > 0,
        "may_ignore_colour": role in R.TRAITORS,
    }
    if state.phase == "mission" and state.leader == seat:
        you["offered"] = [mission_view(m) for m in state.offered]
    if state.phase in ("vote", "over") and state.votes[seat]:
        you["ballot"] = list(state.votes[seat])
    if role == R.ACCOMPLICE and state.partner >= 0:
        you["partner_role"] = state.roles[state.partner]
    return you


def view(state: State, seat: int | None) -> dict[str, Any]:
    out = public_view(state)
    if seat is not None:
        out["you"] = seat_view(state, seat)
    return out
