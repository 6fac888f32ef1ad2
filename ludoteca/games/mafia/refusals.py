"""Why an action of the right shape is refused: the most specific reason,
with a stable code (sentences in text.py)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.mafia.claims import claim_refusal
from ludoteca.games.mafia.roles import ROLES
from ludoteca.games.mafia.state import JUDGEMENT, NIGHT, VOTING, State
from ludoteca.games.mafia.targets import night_choices


def refusal(
    state: State, seat: int, kind: str, action: dict[str, Any]
) -> IllegalAction:
    """The most specific reason an action of the right shape is refused."""
    n = state.num_players
    target = action.get("target")
    phase = state.phase
    if kind in ("claim", "report"):
        return claim_refusal(state, seat, kind, action)
    if kind == "ready":
        return IllegalAction("not_discussion_time", "there is no discussion now")
    if kind == "judge":
        if phase != JUDGEMENT:
            return IllegalAction("not_judgement_time", "there is no judgement now")
        return IllegalAction(
            "bad_verdict", "the verdict is guilty, innocent or abstain"
        )
    if kind in ("vote", "unvote") and phase != VOTING:
        return IllegalAction("not_voting_time", "there is no vote now")
    if kind == "unvote":
        return IllegalAction("no_vote_to_withdraw", "you have not voted")
    if kind == "pass":
        return IllegalAction("cannot_pass_now", "there is nothing to pass now")
    if kind == "act" and phase != NIGHT:
        return IllegalAction("not_night", "night abilities are used at night")
    if isinstance(target, int) and not 0 <= target < n:
        return IllegalAction("no_such_seat", "there is no such seat")
    if kind == "vote":
        if target == seat:
            return IllegalAction("cannot_vote_self", "you cannot vote for yourself")
        return IllegalAction("target_dead", "that player is dead")
    return night_refusal(state, seat, action)


def night_refusal(state: State, seat: int, action: dict[str, Any]) -> IllegalAction:
    target = action["target"]
    if not night_choices(state, seat):
        return IllegalAction("no_ability_tonight", "you have no ability to use tonight")
    p = state.players[seat]
    r = ROLES[p.role]
    if "second" in action and r.target != "witch":
        return IllegalAction("one_target_only", "your ability takes one target")
    if r.target == "witch" and "second" not in action:
        return IllegalAction(
            "two_targets_needed", "choose whom to control and onto whom"
        )
    if target == seat:
        if p.self_uses == 0 and r.self_uses:
            return IllegalAction("self_use_spent", "you have used your self-protection")
        return IllegalAction("cannot_target_self", "you cannot target yourself")
    if r.target == "dead" or not p.alive:
        return IllegalAction("target_not_allowed", "you cannot choose that player")
    if not state.players[target].alive:
        return IllegalAction("target_dead", "that player is dead")
    return IllegalAction("cannot_target_team", "you cannot target your own team")
