"""The command line: games, simulate, replay."""

import json

import pytest

from ludoteca import cli
from ludoteca.engine.record import Record
from ludoteca.engine.testkit import play_random
from ludoteca.games.darwinsjourney import GAME


def test_games_lists_every_registered_game(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "darwinsjourney" in out and "1-4 players" in out


def test_simulate_prints_win_rates_scores_and_speed(capsys):
    assert cli.main(["simulate", "darwinsjourney", "-n", "3", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 matches, 2 players" in out
    assert "95% interval" in out and "moves/s" in out
    assert "score distribution" in out


def test_replay_reproduces_a_recorded_match(tmp_path, capsys):
    playout = play_random(GAME, 2, seed=11)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(playout.record.to_json()))
    assert cli.main(["replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    final = GAME.outcome(playout.states[-1])
    assert json.dumps({"outcome": final.as_dict()}) in out
    assert Record.from_json(json.loads(path.read_text())).moves == playout.record.moves


@pytest.mark.parametrize(
    ("chosen", "expected"),
    [
        ("", "(50000, 20, 10) True"),
        ("auto", "(50000, 20, 10) True"),
        ("off", "False"),
        ("1000,5,5", "(1000, 5, 5) True"),
    ],
)
def test_the_servers_collector_is_set_as_the_environment_says(chosen, expected):
    """`serve`'s collector thresholds, or LUDOTECA_GC's ("off": none), in a
    process of its own (the settings are the whole process's)."""
    import os
    import subprocess
    import sys

    code = (
        "import gc; from ludoteca.cli import quiet_collector; quiet_collector();"
        "print(gc.get_threshold(), True) if gc.isenabled() else print(False)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "LUDOTECA_GC": chosen},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == expected
