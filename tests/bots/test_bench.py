"""The strength bench's bookkeeping: fair shares and real-time matches.

(The bench itself measures; these check how it counts, on tiny inputs.)
"""

from __future__ import annotations

from typing import Any

import pytest

from bench import bots as bench
from ludoteca.engine import registry as games
from ludoteca.engine.protocol import Outcome
from ludoteca.engine.rng import mix_seed
from tests.bots.conftest import options_for


def test_equal_sides_have_a_fair_share_of_one_over_sides() -> None:
    row = bench.Row("g", 4, "hard", "random", sides=4, fair_matches=10)
    row.fair_credit = 9.0  # ignored: equal sides need no measurement
    assert row.fair_share() == 0.25


def test_unequal_sides_take_the_measured_random_share() -> None:
    row = bench.Row("g", 7, "hard", "random", matches=20, credit=8.0, sides=3)
    row.unequal, row.fair_matches, row.fair_credit = True, 20, 5.0
    assert row.fair_share() == 0.25
    goal, met = bench.target(row)  # 2 x 25%, and the bot won 40%
    assert goal == ">= 50%" and met is False
    other = bench.Row("g", 7, "hard", "random", matches=20, credit=6.0, sides=3)
    other.unequal, other.fair_matches, other.fair_credit = True, 20, 1.0
    row.add(other)
    assert row.fair_share() == pytest.approx(6 / 40)
    assert bench.target(row) == (">= 30%", True)  # 14/40 won


def test_sides_of_different_sizes_are_told_apart() -> None:
    town_mafia = Outcome((0, 1, 2), (1, 1, 1, 2, 2), teams=((0, 1, 2), (3, 4)))
    pairs = Outcome((0, 2), (1, 2, 1, 2), teams=((0, 2), (1, 3)))
    assert bench.unequal_sides(town_mafia) and not bench.unequal_sides(pairs)
    assert not bench.unequal_sides(Outcome((0,), (1, 2)))


@pytest.mark.skipif("mafia" not in games.ids(), reason="Mafia not here")
def test_the_baseline_replays_the_same_deal_with_random_bots() -> None:
    """A random hero's row and the baseline are the same matches: the credit
    of the seat must then be equal, match by match."""
    row = bench.play_batch("mafia", 7, "random", "random", 0, 3, cap=None)
    assert row.fair_matches == 3 and row.unequal and row.sides >= 3
    assert row.fair_credit == pytest.approx(row.credit)


def test_a_real_time_match_ends_by_the_clock_after_its_decisions() -> None:
    game = games.get("piles")
    options = options_for(game, 2)
    chosen, seconds = bench.real_time(game, options, 2, decisions=10)
    minutes = chosen.get("match_minutes", game.options["match_minutes"].default)
    assert minutes > 0 and seconds == pytest.approx(60 * minutes / 20)
    no_clock, _ = bench.real_time(game, {"match_minutes": 0}, 2, decisions=10)
    assert no_clock["match_minutes"] == min(
        c for c in game.options["match_minutes"].choices or () if c
    )


def test_by_default_a_seat_acts_at_a_live_tables_pace(settings: Any) -> None:
    """Each seat acts once every LIVE_PACE simulated seconds, whatever the
    table's size: the pace a live table gives its bots."""
    assert settings.LUDOTECA_REALTIME_BOT_PACE == bench.LIVE_PACE
    game = games.get("piles")
    for players in (2, 8):
        _, seconds = bench.real_time(game, options_for(game, players), players)
        assert seconds * players == pytest.approx(bench.LIVE_PACE)


def test_the_bench_plays_piles_to_a_result() -> None:
    """Piles! is real time: without the decision rate its matches never end
    for a bench (every seat may act until the clock runs out)."""
    row = bench.play_batch("piles", 2, "easy", "random", 0, 2, cap=None, decisions=6)
    assert row.matches == 2 and row.unfinished == 0 and row.scored == 2
    # About 6 decisions per seat; a real-time decision is never "forced" away.
    assert 2 <= len(row.times) <= 30


def test_the_baseline_uses_the_benchs_seeds() -> None:
    game = games.get("piles")
    options, seconds = bench.real_time(game, options_for(game, 3), 3, decisions=4)
    seed = mix_seed("bench-bots", "piles", "random", "random", 3, 0)
    credit = bench.fair_credit(game, 0, 3, seed, options, seconds)
    row = bench.play_batch("piles", 3, "random", "random", 0, 1, cap=None, decisions=4)
    assert row.fair_credit == credit == row.credit
