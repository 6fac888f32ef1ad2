"""A fingerprint of Darwin's Journey's rules, to show a speed-up changed none.

Plays seeded random matches of 14 setups (1-4 players, Alfred, Alfred at
penalty 2, the whole-museum scope at 1 and 2 players, first-game and dealt
crews, penalty 2, the 2026-11 rules at 1 and 3 players, Alfred with the
museum scope and the first-game crew together) with the testkit's
`random_step` from fixed `Rng` seeds, and hashes, in order: every legal-action
list the policy chose from, every action and event, a `determinize` and a
per-seat view every 37 moves, the final state and the outcome. The states
sampled every 37 moves are hashed again at the match's end, so an `apply`
that changed a state it had handed out shows too. Equal digests before and
after a change: the same choices, the same consequences, the same matches.

    .venv/bin/python bench/darwin_hash.py [--seeds 60] [--setup alfred]

The digests of the starting code (branch darwin7 from main at 3ab3bf7) are
`STARTING` (60 seeds, the default: a run says whether it is equal) and
`STARTING_300` (``--seeds 300``, for a wider check now and then).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from typing import Any

from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.engine.testkit import random_step
from ludoteca.games.darwinsjourney.game import DarwinsJourney

STARTING = "8e30c6ae3e9088f9"
"""The 60-seed digest of the starting code (3ab3bf7)."""
STARTING_300 = "0c948dcdd1be9764"
"""The same with 300 seeds."""

OLD = "2026-11"
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "1p": (1, {}),
    "2p": (2, {}),
    "3p": (3, {}),
    "4p": (4, {}),
    "alfred": (1, {"solo_alfred": True}),
    "alfred-penalty2": (1, {"solo_alfred": True, "solo_penalty": 2}),
    "museum-1p": (1, {"museum_evolution_scope": "whole_museum"}),
    "museum-2p": (2, {"museum_evolution_scope": "whole_museum"}),
    "first-game-2p": (2, {"crew_setup": "first_game"}),
    "deal-3p": (3, {"crew_setup": "deal"}),
    "penalty2": (1, {"solo_penalty": 2}),
    "2026-11-1p": (1, {"rules_edition": OLD}),
    "2026-11-3p": (3, {"rules_edition": OLD}),
    "alfred-museum-first-game": (
        1,
        {
            "solo_alfred": True,
            "museum_evolution_scope": "whole_museum",
            "crew_setup": "first_game",
        },
    ),
}
EVERY = 37
"""Moves between a `determinize` and a view (and a state kept to re-check)."""


def _text(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def match_digest(
    game: DarwinsJourney, players: int, options: dict[str, Any], seed: int
) -> str:
    """One match's hash: what `random_step` saw and did, and where it ended."""
    h = hashlib.sha256()
    state = game.setup(players, seed, options)
    rng = Rng(mix_seed("darwin_hash", seed))
    kept: list[tuple[Any, bytes]] = []
    moves = 0
    while game.outcome(state) is None:
        seat, action = random_step(game, state, rng)
        if seat is not None:
            h.update(_text(game.legal_actions(state, seat)))
        h.update(_text([seat, action]))
        step = game.apply(state, seat, action)
        state = step.state
        for ev in step.events:
            h.update(_text([ev.type, dict(ev.data), ev.to]))
        moves += 1
        if moves % EVERY == 0:
            look = moves // EVERY % players
            h.update(_text(game.to_json(game.determinize(state, look, seed + moves))))
            h.update(_text(game.view(state, look)))
            kept.append((state, _text(game.to_json(state))))
    h.update(_text(game.to_json(state)))
    outcome = game.outcome(state)
    assert outcome is not None
    h.update(_text(outcome.as_dict()))
    for old, text in kept:  # a state handed out is never changed afterwards
        if _text(game.to_json(old)) != text:
            raise AssertionError(f"seed {seed}: a state was changed after apply")
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=60, help="matches per setup")
    parser.add_argument("--setup", action="append", default=[], help="only these")
    args = parser.parse_args(argv)
    game = DarwinsJourney()
    total = hashlib.sha256()
    started = time.process_time()
    for name, (players, options) in SETUPS.items():
        if args.setup and name not in args.setup:
            continue
        h = hashlib.sha256()
        for seed in range(1, args.seeds + 1):
            h.update(match_digest(game, players, options, seed).encode())
        digest = h.hexdigest()
        total.update(f"{name}:{digest}".encode())
        print(f"{name:<26}{digest[:16]}", flush=True)
    overall = total.hexdigest()
    print(
        f"{'all':<26}{overall[:16]}  ({args.seeds} seeds, "
        f"{time.process_time() - started:.0f} s CPU)"
    )
    expected = {60: STARTING, 300: STARTING_300}.get(args.seeds)
    if expected is None or args.setup:
        return 0
    same = overall[:16] == expected
    print("equal to the starting code" if same else f"DIFFERENT from {expected}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
