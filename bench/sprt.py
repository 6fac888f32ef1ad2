"""Wald's sequential probability ratio test for a bot's win rate.

A claim such as "hard beats random at least 90 % of the time" becomes two
hypotheses about the rate p at which the measured bot wins: H0 p <= p0
against H1 p >= p1 (p0 < p1, the gap between them is the zone where either
answer is acceptable). Matches are added in batches; after each one the
log-likelihood ratio of H1 to H0 is compared with Wald's bounds, and the test
stops as soon as it leaves them: above, the claim is accepted; below,
rejected. With error rates alpha (accepting when p = p0) and beta (rejecting
when p = p1) the bounds are log(beta / (1 - alpha)) and log((1 - beta) /
alpha): -2.94 and +2.94 at alpha = beta = 0.05, as engine testing uses.

A match gives the measured bot a credit between 0 and 1 (a win shared by k
sides counts 1/k). The ratio is the Bernoulli one, which SciPy's `binom`
gives for whole credits; a fractional credit enters it the same way (the
log-likelihood is linear in the credit), so `xlogy` writes it for both.
The interval printed beside the verdict is Wilson's, with SciPy's normal
quantile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy.special import xlogy
from scipy.stats import norm

ALPHA = 0.05
BETA = 0.05

ACCEPTED = "accepted"
REJECTED = "rejected"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Hypotheses:
    """H0 p <= p0 against H1 p >= p1, with the test's two error rates."""

    p0: float
    p1: float
    alpha: float = ALPHA
    beta: float = BETA

    def __post_init__(self) -> None:
        if not 0.0 < self.p0 < self.p1 < 1.0:
            raise ValueError(f"need 0 < p0 < p1 < 1, got {self.p0}, {self.p1}")

    @property
    def lower(self) -> float:
        """Below this log-likelihood ratio the claim is rejected."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Above this log-likelihood ratio the claim is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, matches: int, credit: float) -> float:
        """log L(p1) / L(p0) after `credit` wins in `matches` matches."""
        lost = matches - credit
        ratio = xlogy(credit, self.p1 / self.p0) + xlogy(
            lost, (1 - self.p1) / (1 - self.p0)
        )
        return float(ratio)

    def verdict(self, matches: int, credit: float) -> str:
        value = self.llr(matches, credit)
        if value >= self.upper:
            return ACCEPTED
        if value <= self.lower:
            return REJECTED
        return UNDECIDED

    def expected_matches(self) -> int:
        """Wald's approximate average sample number at its worst, the rate
        where the ratio does not drift (between p0 and p1): how many matches
        an undecided claim may need in all."""
        win, loss = math.log(self.p1 / self.p0), math.log((1 - self.p1) / (1 - self.p0))
        # The rate with zero drift, and the ratio's variance per match there.
        p = -loss / (win - loss)
        second = p * win * win + (1 - p) * loss * loss
        return math.ceil(-self.lower * self.upper / second)


def interval(matches: int, credit: float, level: float = 0.95) -> tuple[float, float]:
    """Wilson's interval for the win rate (fractional credits allowed)."""
    if matches <= 0:
        return 0.0, 1.0
    z = float(norm.ppf(0.5 + level / 2))
    p = credit / matches
    centre = (p + z * z / (2 * matches)) / (1 + z * z / matches)
    half = (
        z
        * math.sqrt(p * (1 - p) / matches + z * z / (4 * matches * matches))
        / (1 + z * z / matches)
    )
    return max(0.0, centre - half), min(1.0, centre + half)
