"""Claims already played, tested again against a longer fair-share pilot.

    nice -n 19 .venv/bin/python bench/bots_repilot.py --to NEW \\
        --take FILE:PREFIX [--take FILE:PREFIX ...]

Copies into NEW, from each FILE (a results file of `bench/bots.py --sprt`),
the batches whose key starts with PREFIX (``insidejob/4/`` or
``mafia/7/hard/``), and plays the fair-share pilot (`bots_sprt.PILOT`
all-random matches) of every game and player count taken, unless NEW holds
it already. A batch depends only on its seeds and the bots' code, so it stays
valid while the bots it names have not changed. Then `bench/bots.py --sprt
--results NEW` tests each claim against the new share, and plays on from the
copied batches where a claim is left undecided.

Why: files written before 2026-12-06 measured the share from 200 matches,
whose standard error (about 3.5 points) is a third of the ten points a claim
asks (Agent Avenue at three read 54.5 % from 200 matches, 50.2 % from 30,000).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import bots_sprt  # noqa: E402


def copy_batches(source: Path, prefix: str, target: Path) -> int:
    """Append to `target` the batches of `source` under `prefix` that it
    lacks (by key and number); returns how many."""
    have, _ = bots_sprt.read_results(target)
    seen = {(b.key, b.batch) for b in have}
    batches, _ = bots_sprt.read_results(source)
    copied = 0
    for batch in batches:
        if batch.key.startswith(prefix) and (batch.key, batch.batch) not in seen:
            bots_sprt.append(target, asdict(batch))
            seen.add((batch.key, batch.batch))
            copied += 1
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--to", type=Path, required=True)
    parser.add_argument("--take", action="append", required=True)
    args = parser.parse_args(argv)
    counts: set[tuple[str, int]] = set()
    for item in args.take:
        source, _, prefix = item.partition(":")
        game_id, players = prefix.split("/")[:2]
        counts.add((game_id, int(players)))
        copied = copy_batches(Path(source), prefix, args.to)
        print(f"{source} {prefix}: {copied} batches copied", flush=True)
    for game_id, players in sorted(counts):
        _, pilots = bots_sprt.read_results(args.to)
        pilot = bots_sprt.ensure_pilot(args.to, pilots, game_id, players)
        print(json.dumps(pilot), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
