"""Replaying records made by the code before the 2026-12 rulebook corrections.

Each file in `tests/games/<id>/old_records/` was written on main (a62f88c),
before the rules changed: the record as the database stores it (resolved
options, seed, moves), the outcome and the spectator's final view. Replayed
with today's code through `record.steps` (which fills each option added since
with its `legacy` value), the match must end the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.record import Record, replay

HERE = Path(__file__).parent


def old_records(game_id: str) -> list[Path]:
    return sorted((HERE / game_id / "old_records").glob("*.json"))


def check_old_record(
    path: Path, comparable: Callable[[dict[str, Any]], Any] = lambda view: view
) -> None:
    data = json.loads(path.read_text("utf-8"))
    record = Record.from_json(data["record"])
    game = registry.get(record.game)
    final = replay(record)
    outcome = game.outcome(final)
    assert outcome is not None, f"{path.name}: the match no longer ends"
    assert json.loads(json.dumps(outcome.as_dict())) == data["outcome"], path.name
    view = json.loads(json.dumps(game.view(final, None)))
    assert comparable(view) == comparable(data["spectator_view"]), path.name
