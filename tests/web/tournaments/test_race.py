"""Two processes advancing one tournament at once, on PostgreSQL: every
round is made once, every table opened once, every entrant told once.

Skips with a message without PostgreSQL (and Redis, which the shared
database fixture also wants), except under CI=true, where it must run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.faults import query
from tests.web.live import ROOT, server_env

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("live")]


def run(tmp_path: Path, url: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tests.web.tournaments.race", *args],
        env=server_env(tmp_path, {"DATABASE_URL": url}),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_two_processes_advancing_at_once_make_each_round_and_table_once(
    tmp_path: Path, pg_url: str
):
    tid = int(run(tmp_path, pg_url, "setup"))
    run(tmp_path, pg_url, "race", str(tid))

    ((status, current, total),) = query(
        pg_url,
        "SELECT status, current_round, total_rounds FROM tournaments_tournament",
    )
    assert (status, current, total) == ("finished", 3, 3)
    pairings = query(
        pg_url,
        "SELECT round, players, table_id FROM tournaments_pairing "
        "WHERE tournament_id = %s ORDER BY round, position",
        tid,
    )
    for number in (1, 2, 3):
        made = [players for r, players, _ in pairings if r == number]
        seated = [p for players in made for p in players]
        assert len(made) == 3, made  # two tables and a bye, made once
        assert sorted(seated) == sorted(set(seated)) and len(seated) == 5, made
    tables = [t for _, _, t in pairings if t is not None]
    assert len(tables) == len(set(tables)) == 6  # two tables and a bye a round
    ((opened,),) = query(pg_url, "SELECT count(*) FROM play_table")
    assert opened == 6  # no table opened and left behind by a losing racer
    told = query(
        pg_url,
        "SELECT user_id, table_id, count(*) FROM community_notification "
        "WHERE kind = 'tournament' GROUP BY user_id, table_id",
    )
    assert len(told) == 12 and all(n == 1 for _, _, n in told)
