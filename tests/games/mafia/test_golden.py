"""Seeded matches written as text (every event in English, with its audience)
and compared with golden/*.txt through the engine's golden helper.

Regenerate after an intended rules change with ``LUDOTECA_REGEN_GOLDEN=1``.
"""

import string
from pathlib import Path

import pytest

from ludoteca.engine import golden, testkit
from ludoteca.engine.protocol import Event
from ludoteca.engine.record import replay
from ludoteca.games.mafia import GAME, text

GOLDEN = Path(__file__).parent / "golden"


class _Lenient(string.Formatter):
    def get_value(self, key, args, kwargs):
        return kwargs.get(key, "{" + str(key) + "}")


def _names(data):
    out = {}
    for k, v in data.items():
        if k in ("seat", "target") and isinstance(v, int):
            out["player" if k == "seat" else "target"] = f"P{v}" if v >= 0 else "-"
        elif k == "role":
            out[k] = text.ROLE_NAMES.get(v, v)
        elif k in ("roles", "causes"):
            out[k] = ", ".join(text.ROLE_NAMES.get(r, text.CAUSES.get(r, r)) for r in v)
        elif k == "seats":
            out[k] = ", ".join(f"P{s}" for s in v) or "nobody"
        elif k == "result":
            parts = [text.RESULTS.get(r, text.CAUSES.get(r, r)) for r in v.split(",")]
            out[k] = ", ".join(parts)
        else:
            out[k] = v
    return out


def line(ev: Event) -> str:
    data = dict(ev.data)
    who = "all" if ev.to is None else "to " + ",".join(f"P{s}" for s in ev.to)
    if ev.type in ("note", "report"):
        sentence = text.NOTES[data["kind"]]
    else:
        sentence = text.EVENTS[ev.type]
    body = _Lenient().format(sentence, **_names(data))
    if ev.type == "verdicts":
        body += " " + " ".join(f"P{s}:{v}" for s, v in enumerate(data["votes"]) if v)
    if ev.type == "game_over":
        body += f" Winners: {data['winners']} ({data['reason']}, {data['primary']})"
    return f"[{who}] {body}"


def transcript(players: int, seed: int) -> str:
    playout = testkit.play_random(GAME, players, seed)
    record = playout.record
    state = GAME.setup(players, seed, record.options)
    lines = [f"Mafia, {players} players, seed {seed}"]
    lines += [f"P{s}: {text.ROLE_NAMES[p.role]}" for s, p in enumerate(state.players)]
    for move in record.moves:
        step = GAME.apply(state, move.seat, move.action)
        actor = "clock" if move.seat is None else f"P{move.seat}"
        lines.append(f"{state.phase} {state.day} | {actor}: {move.action}")
        lines += ["    " + line(ev) for ev in step.events if ev.type != "night_choice"]
        state = step.state
    assert GAME.to_json(state) == GAME.to_json(replay(record, game=GAME))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("players", "seed"), [(7, 4), (12, 9)])
def test_golden_playthrough(players, seed):
    path = GOLDEN / f"players_{players}_seed_{seed}.txt"
    golden.check(transcript(players, seed).splitlines(), path)
