"""The command line: games, simulate, replay."""

import json

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
