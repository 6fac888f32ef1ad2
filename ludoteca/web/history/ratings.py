"""OpenSkill (Plackett-Luce) updates for one finished match.

Teams come from the outcome (Inside Job and Mafia sides); otherwise each seat
is its own team. Ranks come from the outcome, except that a player who left
(a stand-in finished for them) is ranked last. Bots take part with a fixed
default rating that is never stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass
class Entry:
    seat: int
    rank: int
    mu: float
    sigma: float
    team: int


def default_rating() -> tuple[float, float]:
    rating = MODEL.rating()
    return float(rating.mu), float(rating.sigma)


def rate(entries: Sequence[Entry]) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) per seat."""
    teams: dict[int, list[Entry]] = {}
    for entry in entries:
        teams.setdefault(entry.team, []).append(entry)
    order = sorted(teams)
    ratings = [[MODEL.rating(mu=e.mu, sigma=e.sigma) for e in teams[t]] for t in order]
    ranks = [min(e.rank for e in teams[t]) for t in order]
    new = MODEL.rate(ratings, ranks=ranks)
    out = {}
    for t, team_ratings in zip(order, new, strict=True):
        for entry, rating in zip(teams[t], team_ratings, strict=True):
            out[entry.seat] = (float(rating.mu), float(rating.sigma))
    return out


def ranks_with_leavers(ranks: Sequence[int], left: Sequence[bool]) -> list[int]:
    """Leavers rank after everyone who stayed; ties keep sharing a rank."""
    keys = list(zip(left, ranks, strict=True))
    return [1 + sum(1 for other in keys if other < key) for key in keys]
