"""Scoring: rounds (spec 3(c) step 3), the end of the game and the solo bands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.games.luckybox.cards import FULL
from ludoteca.games.luckybox.state import Player, RoundScore

CARD_POINTS = (15, 12, 10, 8)  # a card completed in round 1, 2, 3, 4
STAR_POINTS = (0, 1, 4, 9)  # 0, 1, 2, 3+ stars in a round
MOST_MOONS = 6
FEWEST_MOONS = -6
SOLO_MOONS = (-6, -2, 0, 1, 3, 6, 10)  # 0, 1, ..., 6+ moons

# Solo rating bands: (lowest score of the band, band id), best first.
SOLO_BANDS = (
    (70, "legend"),
    (65, "spectacular"),
    (60, "super"),
    (55, "great"),
    (50, "getting_there"),
    (45, "good_start"),
    (-1000, "unlucky"),
)


def is_complete(crossed: int) -> bool:
    return crossed == FULL


def round_score(player: Player, round_no: int) -> RoundScore:
    done = sum(1 for s in player.sheets if is_complete(s.crossed))
    return RoundScore(
        cards=done * CARD_POINTS[round_no - 1],
        stars=STAR_POINTS[min(player.stars, 3)],
    )


def moon_points(moons: Sequence[int]) -> tuple[int, ...]:
    """+6 for the most moons, −6 for the fewest; ties all get it (spec 3(c))."""
    if len(moons) == 1:
        return (SOLO_MOONS[min(moons[0], 6)],)
    most, fewest = max(moons), min(moons)
    points = []
    for m in moons:
        p = MOST_MOONS if m == most else 0
        if len(moons) > 2 and m == fewest:
            p += FEWEST_MOONS
        points.append(p)
    return tuple(points)


def unfinished_points(player: Player) -> int:
    """One point per two crossed cells, over all unfinished cards together."""
    crossed = sum(
        s.crossed.bit_count() for s in player.sheets if not is_complete(s.crossed)
    )
    return crossed // 2


@dataclass(frozen=True)
class Final:
    rounds: tuple[int, ...]
    moons: int
    unfinished: int

    @property
    def total(self) -> int:
        return sum(self.rounds) + self.moons + self.unfinished


def final_scores(players: Sequence[Player]) -> tuple[Final, ...]:
    moons = moon_points([p.moons for p in players])
    return tuple(
        Final(tuple(r.total for r in p.scores), m, unfinished_points(p))
        for p, m in zip(players, moons, strict=True)
    )


def ranks(totals: Sequence[int], moons: Sequence[int]) -> tuple[int, ...]:
    """Highest total first; a tie goes to the most moons; then it is shared."""
    keys = list(zip(totals, moons, strict=True))
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def solo_band(total: int) -> str:
    return next(band for lowest, band in SOLO_BANDS if total >= lowest)
