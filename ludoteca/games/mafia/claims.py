"""Formal claims (option ``claims``, an addition to the spec): during the
discussion and the voting a living player may say, on the record, which role
they hold, and report investigation results as the Detective. A report made by a player
whose latest claim is another role (or none) claims the Detective with it,
in the same action: "I am the Detective, and X is suspicious" is one thing
said, so no vote can fall between the claim and its news.

Claims are speech, not proof: anyone may claim any role this match's list may
deal, true or not. They are public (every seat, spectators and the replay see
them) so that a claim and a counter-claim stand side by side, and so that the
bots can weigh them. A silenced player cannot claim. Per day a player makes
one role claim and one report per player; both leave the vote as it was.

With claims on, the discussion is where they are made first: every living
player may act in it, and says "ready" when done (a claim made before the
first vote is heard by every voter). Once every living player is ready the
voting opens without waiting for the clock.
"""

from __future__ import annotations

import functools
from typing import Any

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.games.mafia.chat import silenced
from ludoteca.games.mafia.state import DISCUSSION, PASSED, VOTING, Claim, State
from ludoteca.games.mafia.views import role_guide

REPORTER = "DETECTIVE"
"""The role whose results a report states."""
REPORT_RESULTS = ("suspicious", "not_suspicious")


def claimed_role(state: State, seat: int) -> str:
    """The seat's latest role claim ("" if it never claimed)."""
    for c in reversed(state.claims):
        if c.seat == seat and c.target < 0:
            return c.role
    return ""


CLAIM_PHASES = (DISCUSSION, VOTING)


def talking(state: State) -> list[int]:
    """The living players still in the discussion (not yet ready to vote;
    in the discussion `votes` marks the ready ones PASSED). Without claims
    nobody acts in the discussion: it ends by the clock."""
    if not state.options.get("claims", False):
        return []
    return [
        s for s, p in enumerate(state.players) if p.alive and state.votes[s] != PASSED
    ]


def may_claim(state: State, seat: int) -> bool:
    p = state.players[seat]
    return (
        # A match begun before the option existed goes on without claims.
        bool(state.options.get("claims", False))
        and state.phase in CLAIM_PHASES
        and p.alive
        and not silenced(state, seat)
    )


def claim_refusal(
    state: State, seat: int, kind: str, action: dict[str, Any]
) -> IllegalAction:
    """Why a claim or a report of the right shape is refused."""
    if not state.options.get("claims", False):
        return IllegalAction("claims_off", "this table plays without formal claims")
    if state.phase not in CLAIM_PHASES:
        return IllegalAction(
            "not_claim_time", "claims are made during the discussion and the voting"
        )
    if silenced(state, seat):
        return IllegalAction("silenced_claim", "you are silenced today")
    today = [c for c in state.claims if c.seat == seat and c.day == state.day]
    if kind == "claim":
        if action["role"] not in claimable(state):
            return IllegalAction("unknown_claim", "this match cannot deal that role")
        return IllegalAction("claimed_today", "you have already claimed a role today")
    if not may_report(state, seat):
        if REPORTER not in claimable(state):
            return IllegalAction("unknown_claim", "this match cannot deal that role")
        return IllegalAction(
            "report_needs_claim", "a report claims the Detective: claimed today"
        )
    target = action["target"]
    if action["result"] not in REPORT_RESULTS:
        return IllegalAction("bad_report", "a result is suspicious or not suspicious")
    if not 0 <= target < state.num_players:
        return IllegalAction("no_such_seat", "there is no such seat")
    if target == seat:
        return IllegalAction("report_self", "report on another player")
    if not state.players[target].alive:
        return IllegalAction("target_dead", "that player is dead")
    if any(c.target == target for c in today):
        return IllegalAction("reported_today", "you have reported that player today")
    return IllegalAction("unknown_claim", "that claim cannot be made now")


def claimable(state: State) -> tuple[str, ...]:
    """The roles a claim may name: those this match's list may deal."""
    return _dealable(state.rolelist)


@functools.lru_cache(maxsize=256)
def _dealable(rolelist: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(role_guide(rolelist))


def may_report(state: State, seat: int) -> bool:
    """The seat's latest claim is the Detective, or it may claim it with the
    report (no role claimed today, and the list may deal the Detective)."""
    if claimed_role(state, seat) == REPORTER:
        return True
    claimed_today = any(
        c.seat == seat and c.day == state.day and c.target < 0 for c in state.claims
    )
    return not claimed_today and REPORTER in claimable(state)


def claim_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """The claims and reports `seat` may make now."""
    if not may_claim(state, seat):
        return []
    today = [c for c in state.claims if c.seat == seat and c.day == state.day]
    out: list[dict[str, Any]] = []
    if not any(c.target < 0 for c in today):
        out += [{"type": "claim", "role": r} for r in claimable(state)]
    if may_report(state, seat):
        reported = {c.target for c in today if c.target >= 0}
        for t, p in enumerate(state.players):
            if p.alive and t != seat and t not in reported:
                out += [
                    {"type": "report", "target": t, "result": r} for r in REPORT_RESULTS
                ]
    return out


def record(
    state: State, seat: int, kind: str, action: dict[str, Any]
) -> tuple[State, list[Event]]:
    """Add a legal claim or report to the record, announced to everyone; a
    report from a player whose latest claim is not the Detective claims it
    first."""
    if kind == "claim":
        claim = Claim(seat, state.day, action["role"])
        return replace(state, claims=(*state.claims, claim)), [
            event("claimed", seat=seat, role=claim.role)
        ]
    said: list[Event] = []
    made: list[Claim] = []
    if claimed_role(state, seat) != REPORTER:
        made.append(Claim(seat, state.day, REPORTER))
        said.append(event("claimed", seat=seat, role=REPORTER))
    claim = Claim(seat, state.day, REPORTER, action["target"], action["result"])
    made.append(claim)
    said.append(event("reported", seat=seat, target=claim.target, result=claim.result))
    return replace(state, claims=(*state.claims, *made)), said
