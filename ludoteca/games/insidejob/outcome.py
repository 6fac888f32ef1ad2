"""Who wins when the match ends (spec 1(d) and the characters' goals).

The match ends for one reason; each seat's result follows from it:
- the Agents' side (plain Agents, Microphone, Paranoid, Full Risk and an
  unrevealed Sleeping Agent) wins together, the Insider or Prof. No wins alone
  on the other side, a Sleeping Agent revealed by intel follows the Insider;
- the Decoy wins only by topping the final vote (a plurality; shared with the
  Insider only, both win); then every team player loses but an Insider tied
  with the Decoy;
- Tim Shady wins iff the player to his right loses, the Accomplice iff the
  partner wins. When each depends on the other (Tim's right is the Accomplice
  and Tim is the partner) no answer is consistent: both lose (ASSUMPTION).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.games.insidejob import roles as R

TRAITOR_REASONS = frozenset({"intel", "microphone", "all_revealed"})
CREW_REASONS = frozenset({"missions", "full_risk", "prof_no_revealed"})


@dataclass(frozen=True)
class VoteResult:
    tally: tuple[int, ...]
    identified: bool  # the Insider alone has the most votes
    decoy_won: bool


def count_votes(
    votes: Sequence[Sequence[int]], roles: Sequence[str], traitor: int
) -> VoteResult:
    tally = [0] * len(roles)
    for ballot in votes:
        for target in ballot:
            tally[target] += 1
    top = max(tally)
    others = [t for s, t in enumerate(tally) if s != traitor]
    identified = tally[traitor] > max(others, default=0)
    decoy_won = False
    if R.DECOY in roles:
        decoy = roles.index(R.DECOY)
        decoy_won = (
            top > 0
            and tally[decoy] == top
            and all(t < top for s, t in enumerate(tally) if s not in (decoy, traitor))
        )
    return VoteResult(tuple(tally), identified, decoy_won)


def winners(
    roles: Sequence[str],
    revealed: Sequence[str],
    partner: int,
    reason: str,
    vote: VoteResult | None,
) -> tuple[int, ...]:
    n = len(roles)
    traitor = next(s for s, r in enumerate(roles) if r in R.TRAITORS)
    if reason == "vote":
        assert vote is not None
        crew_won = vote.identified
        decoy_won = vote.decoy_won
    else:
        crew_won = reason in CREW_REASONS
        decoy_won = False
    wins: dict[int, bool] = {}
    for seat, role in enumerate(roles):
        if role in R.TRAITORS:
            wins[seat] = not crew_won
        elif role in R.CREW_ROLES:
            wins[seat] = crew_won
        elif role == R.DECOY:
            wins[seat] = decoy_won
    if decoy_won:
        assert vote is not None
        tied = vote.tally[traitor] == max(vote.tally)
        for seat in wins:
            if roles[seat] != R.DECOY:
                wins[seat] = seat == traitor and tied
    for seat, role in enumerate(roles):
        if role == R.SLEEPING and revealed[seat] == "intel":
            wins[seat] = wins[traitor]
    _solo_goals(roles, partner, wins, n)
    return tuple(s for s in range(n) if wins[s])


def _solo_goals(
    roles: Sequence[str], partner: int, wins: dict[int, bool], n: int
) -> None:
    tim = roles.index(R.TIM_SHADY) if R.TIM_SHADY in roles else None
    acc = roles.index(R.ACCOMPLICE) if R.ACCOMPLICE in roles else None
    if tim is not None and acc is not None and R.right_of(tim, n) == acc:
        if partner == tim:
            wins[tim] = wins[acc] = False
        else:
            wins[acc] = wins[partner]
            wins[tim] = not wins[acc]
        return
    if tim is not None:
        wins[tim] = not wins[R.right_of(tim, n)]
    if acc is not None:
        wins[acc] = wins[partner]


def teams(roles: Sequence[str], revealed: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """Crew, Insider's side, then one team per solo character."""
    crew, inside, solo = [], [], []
    for seat, role in enumerate(roles):
        if role in R.TRAITORS or (role == R.SLEEPING and revealed[seat] == "intel"):
            inside.append(seat)
        elif role in R.CREW_ROLES:
            crew.append(seat)
        else:
            solo.append((seat,))
    return (tuple(crew), tuple(inside), *solo)
