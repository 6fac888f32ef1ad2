"""Tell one seeded match of bench/mafia_town.py as it happened, to see where
the Town loses.

    nice -n 19 .venv/bin/python bench/mafia_trace.py balance 0 1 2
        [--options mafia_kill_night1=false]

``balance m`` is match m of the balance claim (seven hard bots); ``versus m``
plays match m of the versus claim twice, hard Town then medium Town; ``among
m`` plays match m of the among claim twice, the hard seat among random bots
then every seat random (a deal where that seat is not Town is skipped); ``seat
m`` plays match m of `bench/bots.py`'s claim "hard among medium" (the hard bot
in seat m % 7, whatever its role), then every seat medium. Each
match prints the deal, every night's final choices, the public story of each
day (claims, reports, nominations, trials, verdicts, deaths) and the end.
The bots think their whole budget, so a trace is the match the benchmark
played.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bots import make_bot  # noqa: E402
from bench.mafia_town import PLAYERS, _roles, parse_options  # noqa: E402
from ludoteca.bots.arena import _phase  # noqa: E402
from ludoteca.engine import registry  # noqa: E402
from ludoteca.engine.protocol import TIMEOUT  # noqa: E402
from ludoteca.engine.rng import Rng, mix_seed  # noqa: E402
from ludoteca.games.mafia.roles import faction  # noqa: E402

SHOWN = {
    "claimed": "{seat} claims {role}",
    "reported": "{seat} reports {target} {result}",
    "trial": "trial of {seat}",
    "lynched": "{seat} lynched: {role}",
    "no_lynch": "no lynch",
}


def trace(seed: int, levels: list[str], options: dict[str, Any]) -> list[str]:
    """The same loop as `arena.play_match`, telling what happens."""
    game = registry.get("mafia")
    bots = [make_bot(level, None) for level in levels]
    state = game.setup(len(bots), seed, options)
    out = [" ".join(f"{s}:{p.role}" for s, p in enumerate(state.players))]
    rng = Rng(mix_seed("arena", seed))
    elapsed, moves = 0.0, 0
    limit = game.phase_seconds(state)
    phase = _phase(game, state, limit)
    paused: dict[tuple[Any, ...], float] = {}
    night: dict[int, str] = {}  # each seat's latest choice tonight
    while game.outcome(state) is None and moves < 20_000:
        seats = sorted(game.active_seats(state))
        if limit is not None and (not seats or elapsed >= limit):
            step = game.apply(state, None, dict(TIMEOUT))
        else:
            seat = rng.choice(seats)
            action = bots[seat].choose(game, state, seat, rng.next64())
            step = game.apply(state, seat, action)
            elapsed += 1.0
            if state.phase == "night" and action["type"] == "act":
                night[seat] = ",".join(
                    str(action[k]) for k in ("target", "second") if k in action
                )
            elif state.phase == "night":
                night.pop(seat, None)
        if state.phase == "night" and step.state.phase != "night":
            chosen = " ".join(f"{s}>{t}" for s, t in sorted(night.items()))
            out.append(f"night {state.day}: {chosen}")
            night.clear()
        for e in step.events:
            if e.to is not None:
                continue
            if e.type == "report" and e.data.get("kind") == "death":
                out.append("  dies at night: {seat} {role}".format(**e.data))
            elif e.type == "day_begins":
                out.append(f"day {e.data['day']}:")
            elif e.type == "voted":
                out.append("  {seat} votes {target}".format(**e.data))
            elif e.type == "verdicts":
                votes = " ".join(
                    f"{s}{v[0]}" for s, v in enumerate(e.data["votes"]) if v
                )
                out.append(f"  verdicts {votes} -> guilty={e.data['guilty']}")
            elif e.type in SHOWN:
                out.append("  " + SHOWN[e.type].format(**e.data))
        state = step.state
        moves += 1
        limit = game.phase_seconds(state)
        now = _phase(game, state, limit)
        if now != phase or limit is None:
            if phase[0] == "game":
                paused[phase] = elapsed
            phase, elapsed = now, paused.pop(now, 0.0) if now[0] == "game" else 0.0
    out.append(f"end: {state.primary or 'nobody'} ({state.reason}), day {state.day}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("claim", choices=["balance", "versus", "among", "seat"])
    parser.add_argument("matches", type=int, nargs="+")
    parser.add_argument("--options", nargs="*", default=[])
    args = parser.parse_args(argv)
    options = parse_options(args.options)
    for m in args.matches:
        seed = mix_seed("mafia-town", args.claim, m)
        if args.claim == "seat":
            seed = mix_seed("bench-bots", "mafia", "hard", "medium", PLAYERS, m)
            levels = ["medium"] * PLAYERS
            levels[m % PLAYERS] = "hard"
            tables = {
                f"hard seat {m % PLAYERS}": levels,
                "all medium": ["medium"] * PLAYERS,
            }
        elif args.claim == "balance":
            tables = {"hard": ["hard"] * PLAYERS}
        elif args.claim == "among":
            hero = m % PLAYERS
            if faction(_roles(seed, options)[hero]) != "TOWN":
                print(f"== among {m}: seat {hero} is not Town, not counted")
                continue
            levels = ["random"] * PLAYERS
            levels[hero] = "hard"
            tables = {f"hard seat {hero}": levels, "all random": ["random"] * PLAYERS}
        else:
            town = [faction(r) == "TOWN" for r in _roles(seed, options)]
            tables = {
                "hard Town": ["hard" if t else "medium" for t in town],
                "medium Town": ["medium"] * PLAYERS,
            }
        for name, levels in tables.items():
            print(f"== {args.claim} {m} ({name})")
            print("\n".join(trace(seed, levels, options)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
