"""The sequential test of the bot bench: its arithmetic and its resuming.

(The bench measures the bots; these check how it decides and how it picks up
a results file, with a fake batch player instead of real matches.)
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from scipy.stats import binom

from bench import bots_sprt as runner
from bench import sprt


def test_wald_bounds_at_five_percent_errors() -> None:
    h = sprt.Hypotheses(0.5, 0.6)
    assert h.upper == pytest.approx(math.log(19)) and h.lower == -h.upper
    assert h.upper == pytest.approx(2.944, abs=1e-3)


def test_the_ratio_is_the_binomial_one_for_whole_wins() -> None:
    h = sprt.Hypotheses(0.8, 0.9)
    for n, k in [(10, 9), (40, 30), (100, 87), (7, 0)]:
        expected = binom.logpmf(k, n, 0.9) - binom.logpmf(k, n, 0.8)
        assert h.llr(n, k) == pytest.approx(expected)


def test_a_shared_win_counts_between_a_loss_and_a_win() -> None:
    h = sprt.Hypotheses(0.25, 0.375)
    assert h.llr(4, 1) < h.llr(4, 1.5) < h.llr(4, 2)


def test_all_losses_reject_once_the_ratio_crosses_the_lower_bound() -> None:
    h = sprt.Hypotheses(0.5, 0.6)
    # Each loss adds log(0.4 / 0.5) = -0.223; -2.944 is crossed at the 14th.
    assert h.verdict(13, 0) == sprt.UNDECIDED
    assert h.verdict(14, 0) == sprt.REJECTED


def test_all_wins_accept_and_a_rate_between_stays_open() -> None:
    h = sprt.Hypotheses(0.5, 0.6)
    # Each win adds log(0.6 / 0.5) = 0.182; +2.944 is crossed at the 17th.
    assert h.verdict(16, 16) == sprt.UNDECIDED
    assert h.verdict(17, 17) == sprt.ACCEPTED
    assert h.verdict(200, 110) == sprt.UNDECIDED  # 55 %, between p0 and p1
    assert h.verdict(400, 260) == sprt.ACCEPTED
    assert h.verdict(400, 180) == sprt.REJECTED


def test_hypotheses_must_be_ordered_rates() -> None:
    with pytest.raises(ValueError):
        sprt.Hypotheses(0.6, 0.5)
    with pytest.raises(ValueError):
        sprt.Hypotheses(0.0, 0.5)


def test_a_narrower_gap_needs_more_matches() -> None:
    wide = sprt.Hypotheses(0.5, 0.7).expected_matches()
    narrow = sprt.Hypotheses(0.5, 0.6).expected_matches()
    assert 0 < wide < narrow
    # A known figure: 0.5 / 0.6 needs about 2.944^2 / 0.0408 ~ 213 at worst.
    assert narrow == pytest.approx(213, abs=3)


def test_wilson_interval_holds_the_rate() -> None:
    low, high = sprt.interval(100, 90)
    assert low < 0.9 < high
    assert (low, high) == pytest.approx((0.826, 0.945), abs=1e-3)
    assert sprt.interval(0, 0) == (0.0, 1.0)


def test_claims_of_two_players_and_of_many_sides() -> None:
    two = runner.claims_for("g", 2, 2, None, None)
    assert [(c.level, c.opponent, c.goal) for c in two] == [
        ("easy", "random", "beats"),
        ("medium", "easy", "beats"),
        ("hard", "medium", "beats"),
        ("hard", "random", "90%"),
    ]
    four = runner.claims_for("g", 4, 4, None, "own")
    top = four[-1]
    assert (top.goal, top.p0, top.p1) == ("2x", 0.375, 0.5)
    assert ("hard", "own") in [(c.level, c.opponent) for c in four]
    # Two sides of different sizes: ten points over the measured share.
    lone = runner.claims_for("insidejob", 4, 2, 0.3375, None)
    assert [(c.goal, c.p0, c.p1) for c in lone] == [("beats", 0.3375, 0.4375)] * 4
    mafia = runner.claims_for("mafia", 7, 3, 0.2, None)
    assert mafia[0].p0 == 0.2 and mafia[0].p1 == pytest.approx(0.3)
    assert all(c.size % c.players == 0 for c in [*two, *four, *mafia])


def test_vs_tells_random_opponents_from_the_levels_below_and_the_rule_bot() -> None:
    kinds = {
        (c.level, c.opponent): runner.opponent_kind(c)
        for c in runner.claims_for("g", 3, 3, None, "own")
    }
    assert kinds == {
        ("hard", "own"): "below",
        ("easy", "random"): "random",
        ("medium", "easy"): "below",
        ("hard", "medium"): "below",
        ("hard", "random"): "random",
    }


class FakePlayer:
    """Plays a batch instantly: the bot wins `rate` of it; records each call."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.calls: list[tuple[str, int]] = []

    def __call__(self, claim: runner.Claim, batch: int, commit: str) -> runner.Batch:
        self.calls.append((claim.key, batch))
        wins = round(self.rate * claim.size)
        return runner.Batch(claim.key, batch, claim.size, claim.size, wins, cpu=1.0)


def claim(goal: str = "beats") -> runner.Claim:
    return runner.Claim("g", 2, "hard", "random", goal, 0.5, 0.6)


def run(
    path: Path,
    player: FakePlayer,
    claims: list[runner.Claim],
    top: int,
    jobs: int = 2,
) -> dict[str, runner.Tally]:
    with ThreadPoolExecutor(jobs) as pool:
        return runner.run(pool, claims, path, jobs, top, play_batch=player)


def test_a_claim_stops_when_decided_and_the_file_keeps_each_batch(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.jsonl"
    player = FakePlayer(1.0)
    state = run(path, player, [claim()], 1000)
    tally = state[claim().key]
    assert tally.verdict() == sprt.ACCEPTED
    assert tally.totals()[0] == 20  # 17 straight wins decide: two batches
    batches, _ = runner.read_results(path)
    # A batch already in flight on the other worker is kept but not counted.
    assert {0, 1} <= {b.batch for b in batches} <= {0, 1, 2}


def test_a_resumed_run_plays_only_what_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    first = FakePlayer(0.55)  # between p0 and p1: never decided
    run(path, first, [claim()], 40)
    assert sorted(b for _, b in first.calls) == [0, 1, 2, 3]
    again = FakePlayer(0.55)
    state = run(path, again, [claim()], 80)
    assert sorted(b for _, b in again.calls) == [4, 5, 6, 7]
    assert state[claim().key].totals()[0] == 80
    nothing = FakePlayer(0.55)
    run(path, nothing, [claim()], 80)
    assert nothing.calls == []


def test_a_decided_claim_is_not_played_again(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run(path, FakePlayer(0.0), [claim()], 1000)
    later = FakePlayer(1.0)
    state = run(path, later, [claim(), claim("other")], 1000)
    assert all(key == claim("other").key for key, _ in later.calls)
    assert state[claim().key].verdict() == sprt.REJECTED


def test_only_the_unbroken_run_of_batches_counts(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    c = claim()
    for b in (0, 1, 3):  # batch 2 never finished
        runner.append(path, vars(runner.Batch(c.key, b, c.size, c.size, 8)))
    # A line of another batch size (another version of the bench) is ignored.
    runner.append(path, vars(runner.Batch(c.key, 2, 99, 99, 0)))
    batches, _ = runner.read_results(path)
    tally = runner.tallies([c], batches)[c.key]
    assert tally.totals()[:2] == (20, 16)
    assert tally.verdict() == sprt.UNDECIDED
    assert tally.next_batch([]) == 2
    player = FakePlayer(1.0)
    state = run(path, player, [c], 1000, jobs=1)
    assert player.calls == [(c.key, 2)]  # 26 of 30 accept the claim
    assert state[c.key].totals()[:2] == (30, 26)


def test_the_table_says_what_an_undecided_claim_would_cost(tmp_path: Path) -> None:
    c = claim()
    tally = runner.Tally(c, {0: runner.Batch(c.key, 0, 10, 10, 5.5, cpu=36.0)})
    row = runner.table_row(tally)
    assert "undecided" in row and "55.0%" in row
    need = c.hypotheses().expected_matches() - 10
    assert f"up to ~{need} more matches" in row
    assert f"{need * 3.6 / 3600:.1f} CPU-h" in row


def test_a_repilot_copies_the_batches_once_and_keeps_a_pilot_it_holds(
    tmp_path: Path,
) -> None:
    from bench import bots_repilot

    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    runner.append(old, {"pilot": "g/3", "fair": 0.4, "matches": 200})
    for key in ("g/3/hard/random/2x", "g/3/easy/random/fair", "g/4/hard/random/2x"):
        for b in (0, 1):
            runner.append(old, vars(runner.Batch(key, b, 12, 12, 3.0)))
    runner.append(new, {"pilot": "g/3", "fair": 0.3, "matches": 2000})
    assert bots_repilot.copy_batches(old, "g/3/hard/", new) == 2
    assert bots_repilot.copy_batches(old, "g/3/hard/", new) == 0  # already there
    batches, pilots = runner.read_results(new)
    assert [(b.key, b.batch) for b in batches] == [
        ("g/3/hard/random/2x", 0),
        ("g/3/hard/random/2x", 1),
    ]
    # The new file's own pilot stands; the old file's is not copied.
    assert pilots == {"g/3": {"pilot": "g/3", "fair": 0.3, "matches": 2000}}
    assert runner.ensure_pilot(new, pilots, "g", 3)["fair"] == 0.3
    assert runner.read_results(new)[1] == pilots  # nothing appended
