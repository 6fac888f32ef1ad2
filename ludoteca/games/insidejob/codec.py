"""A compact, fast JSON form of the state.

The generic dataclass codec works but is slow on the trick history, and the
bots and the testkit serialise states very often; cards, tricks and discards
are written as small lists here instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ludoteca.games.insidejob.cards import Played
from ludoteca.games.insidejob.state import Discard, Phase, Reveal, State, Trick


def _played(trick: tuple[Played, ...]) -> list[list[Any]]:
    return [[p.seat, p.card, p.wager] for p in trick]


def _unplayed(data: Any) -> tuple[Played, ...]:
    out = []
    for seat, card, wager in data:
        if not isinstance(wager, bool):
            raise TypeError("wager must be a boolean")
        out.append(Played(int(seat), int(card), wager))
    return tuple(out)


def dump(state: State) -> dict[str, Any]:
    return {
        "num_players": state.num_players,
        "wagers": state.wagers,
        "risky_missions": state.risky_missions,
        "characters": list(state.characters),
        "roles": list(state.roles),
        "hands": [list(h) for h in state.hands],
        "set_aside": list(state.set_aside),
        "intel": list(state.intel),
        "supply": state.supply,
        "mission_deck": list(state.mission_deck),
        "offered": list(state.offered),
        "discards": [[d.seat, d.mission, d.forced] for d in state.discards],
        "mission": state.mission,
        "completed": list(state.completed),
        "failed": list(state.failed),
        "dealer": state.dealer,
        "leader": state.leader,
        "trick": _played(state.trick),
        "tricks": [
            [t.leader, t.mission, _played(t.cards), t.winner, t.completed]
            for t in state.tricks
        ],
        "revealed": list(state.revealed),
        "partner": state.partner,
        "phase": state.phase,
        "votes": [list(v) for v in state.votes],
        "voters": list(state.voters),
        "end_reason": state.end_reason,
        "winners": list(state.winners),
        "rng": state.rng,
    }


def _ints(data: Any) -> tuple[int, ...]:
    return tuple(int(x) for x in data)


def load(data: Mapping[str, Any]) -> State:
    return State(
        num_players=int(data["num_players"]),
        wagers=bool(data["wagers"]),
        risky_missions=bool(data["risky_missions"]),
        characters=tuple(str(c) for c in data["characters"]),
        roles=tuple(str(r) for r in data["roles"]),
        hands=tuple(_ints(h) for h in data["hands"]),
        set_aside=_ints(data["set_aside"]),
        intel=_ints(data["intel"]),
        supply=int(data["supply"]),
        mission_deck=tuple(str(m) for m in data["mission_deck"]),
        offered=tuple(str(m) for m in data["offered"]),
        discards=tuple(
            Discard(int(s), str(m), bool(f)) for s, m, f in data["discards"]
        ),
        mission=None if data["mission"] is None else str(data["mission"]),
        completed=tuple(str(m) for m in data["completed"]),
        failed=tuple(str(m) for m in data["failed"]),
        dealer=int(data["dealer"]),
        leader=int(data["leader"]),
        trick=_unplayed(data["trick"]),
        tricks=tuple(
            Trick(
                int(lead), None if m is None else str(m), _unplayed(c), int(w), bool(ok)
            )
            for lead, m, c, w, ok in data["tricks"]
        ),
        revealed=tuple(cast(Reveal, str(r)) for r in data["revealed"]),
        partner=int(data["partner"]),
        phase=cast(Phase, str(data["phase"])),
        votes=tuple(_ints(v) for v in data["votes"]),
        voters=_ints(data["voters"]),
        end_reason=str(data["end_reason"]),
        winners=_ints(data["winners"]),
        rng=int(data["rng"]),
    )
