"""What one seat may know, built field by field (an allow-list).

Public: pawns, agents in play, hand sizes, cards known to be in a hand, deck
size, discard counts, the face-up card, black-market supply and owned cards,
the last turn. Private to
a seat: its own hand, its own discarded cards, and the face-down card it
played until the opponent picks. Never: other hands, other discards, the
face-down card of someone else, the deck or black-market deck order.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.agentavenue.actions import active_seats
from ludoteca.games.agentavenue.cards import AGENTS, BM_CARDS, HOMES, TRACK
from ludoteca.games.agentavenue.end import distances
from ludoteca.games.agentavenue.movement import move_value
from ludoteca.games.agentavenue.state import FOLLOW, MARKET, PICK, Counts, State
from ludoteca.games.agentavenue.teams import discard_limit, team_of, team_seats


def _names(counts: Counts) -> dict[str, int]:
    return {AGENTS[a]: k for a, k in enumerate(counts) if k}


def _side(state: State, team: int) -> dict[str, Any]:
    pos = state.pos[team]
    return {
        "team": team,
        "seats": list(team_seats(state.num_players)[team]),
        "home": HOMES[team],
        "position": pos,
        "cell": pos % TRACK,
        "distance_to_catch": distances(state)[team],
        "agents": _names(state.in_play[team]),
        "next_move": {
            AGENTS[a]: move_value(state, team, a) for a in range(len(AGENTS))
        },
        "bm_owned": [BM_CARDS[c] for c in state.bm_owned[team]],
    }


def _offer(state: State, seat: int | None) -> dict[str, Any] | None:
    if state.phase not in (FOLLOW, PICK):
        return None
    out: dict[str, Any] = {
        "leader": state.leader,
        "up": AGENTS[state.offer_up],
        "follower": state.follower if state.offer_down >= 0 else None,
        "down_played": state.offer_down >= 0,
    }
    if state.offer_down >= 0 and seat is not None and seat == state.follower:
        out["down"] = AGENTS[state.offer_down]
    return out


def _last(state: State) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    return {
        "turn": last.number,
        "team": last.team,
        "leader": last.leader,
        "follower": last.follower,
        "up": AGENTS[last.up],
        "down": AGENTS[last.down],
        "picker": last.picker,
        "took": "up" if last.picked_up else "down",
        "moved": list(last.moved),
        "market": [{"team": t, "card": BM_CARDS[c]} for t, c in last.market],
    }


def _pending(state: State) -> dict[str, Any] | None:
    if state.phase != MARKET or not state.tasks:
        return None
    task = state.tasks[0]
    out: dict[str, Any] = {"kind": task.kind, "team": task.team, "seat": task.seat}
    if task.kind == "again":
        out["card"] = AGENTS[task.card]
    return out


def view(state: State, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    out: dict[str, Any] = {
        "seat": seat,
        "team": None if seat is None else team_of(seat),
        "team_variant": state.teams,
        "black_market": state.black_market,
        "refill_timing": state.refill_timing,
        "phase": state.phase,
        "turn": state.turn,
        "active_team": state.active,
        "active_seats": list(active_seats(state)),
        "gap": state.gap,
        "sides": [_side(state, 0), _side(state, 1)],
        "hand_sizes": [sum(h) for h in state.hands],
        "known_in_hand": [_names(k) for k in state.known],
        "deck_size": len(state.deck),
        "discards": [
            {
                "used": len(state.discards[s]),
                "left": discard_limit(state, s) - len(state.discards[s]),
            }
            for s in range(n)
        ],
        "offer": _offer(state, seat),
        "pending": _pending(state),
        "last_turn": _last(state),
        "winner_team": state.winner if state.winner >= 0 else None,
        "winners": list(team_seats(n)[state.winner]) if state.winner >= 0 else [],
        "end_reason": state.end_reason or None,
    }
    if state.black_market:
        out["market"] = {
            "supply": [BM_CARDS[c] if c >= 0 else None for c in state.bm_supply],
            "deck_size": len(state.bm_deck),
            "discard": [BM_CARDS[c] for c in state.bm_discard],
        }
    if seat is not None:
        out["hand"] = _names(state.hands[seat])
        out["my_discards"] = [AGENTS[c] for c in state.discards[seat]]
    return out
