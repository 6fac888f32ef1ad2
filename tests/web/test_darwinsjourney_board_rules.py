"""The costs the Darwin's Journey board shows before a confirmation are the
rules' costs: the board's rules.js, run by node, against placement.py and
tasks.py on views of random matches."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ludoteca.games.darwinsjourney import GAME, data, placement, tasks

RULES = (
    Path(__file__).resolve().parents[2]
    / "ludoteca/web/static/games/darwinsjourney/rules.js"
)
NODE = shutil.which("node")

SCRIPT = """
import { readFileSync } from "node:fs";
const rules = await import(process.argv[2]);
const { data, cases } = JSON.parse(readFileSync(process.argv[3], "utf8"));
const out = cases.map((c) => c.kind === "place"
  ? rules.placementCost(data, c.view, c.seat, c.worker, c.loc)
  : rules.sealCost(data, c.view, c.seat, c.row, c.worker, c.discount));
console.log(JSON.stringify(out));
"""


def collect(seeds: range) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(1 + seed % 4, seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.active_seats(state)
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            top = state.top()
            assert top is not None
            for a in legal:
                if a["type"] == "place":
                    cost = placement.placement_cost(
                        state, seat, a["worker"], a["location"]
                    )
                    assert cost is not None
                    owner = state.lens_owner(a["location"])
                    lens = owner if owner is not None and owner >= 0 else None
                    cases.append(
                        {
                            "kind": "place",
                            "view": view,
                            "seat": seat,
                            "worker": a["worker"],
                            "loc": a["location"],
                            "want": {
                                "coins": cost[0],
                                "temp": cost[1],
                                "lensOwner": None if lens == seat else lens,
                            },
                        }
                    )
                elif a["type"] == "buy_seal":
                    cases.append(
                        {
                            "kind": "seal",
                            "view": view,
                            "seat": seat,
                            "row": a["row"],
                            "worker": a["worker"],
                            "discount": top.n,
                            "want": tasks.seal_cost(
                                state, seat, a["row"], a["worker"], top.n
                            ),
                        }
                    )
            doing = [a for a in legal if a["type"] not in ("skip", "end_turn")]
            action = rng.choice(doing or legal)
            state = GAME.apply(state, seat, action).state
    return cases


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_shown_costs_match_the_rules(tmp_path: Path) -> None:
    cases = collect(range(6))
    places = [c for c in cases if c["kind"] == "place"]
    seals = [c for c in cases if c["kind"] == "seal"]
    assert len(places) > 200 and len(seals) > 20
    assert any(c["want"]["coins"] for c in places)  # occupied sections seen
    assert any(c["want"]["temp"] for c in places)  # missing seals seen
    assert any(c["want"]["lensOwner"] is not None for c in places)
    board_data = {
        "board": data.board(),
        "locations": json.loads((data.DATA / "locations.json").read_text()),
        "tiles": json.loads((data.DATA / "tiles.json").read_text()),
    }
    payload = tmp_path / "cases.json"
    payload.write_text(json.dumps({"data": board_data, "cases": cases}))
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT)
    assert NODE is not None
    result = subprocess.run(
        [NODE, str(script), RULES.as_uri(), str(payload)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    got = json.loads(result.stdout)
    for case, shown in zip(cases, got, strict=True):
        assert shown == case["want"], (case["kind"], case.get("loc"), case["seat"])


LABELS = """
import { readFileSync } from "node:fs";
const { actionLabel, promptOf } = await import(process.argv[2] + "/actions.js");
const { makeLabels } = await import(process.argv[2] + "/labels.js");
const { data, cases } = JSON.parse(readFileSync(process.argv[3], "utf8"));
const fill = (s, p) =>
  s.replace(/\\{(\\w+)\\}/g, (w, k) => (k in p ? String(p[k]) : w));
const L = makeLabels({ t: (s) => s, fmt: fill, name: (s) => `P${s}` });
const out = cases.map((c) => ({
  label: actionLabel(L, data, c.view, c.seat, c.action),
  prompt: promptOf(L, data, c.view, c.view.task, true),
}));
console.log(JSON.stringify(out));
"""


def board_data() -> dict[str, Any]:
    ocean = json.loads((data.DATA / "ocean.json").read_text())
    islands = json.loads((data.DATA / "islands.json").read_text())
    space = dict(ocean["spaces"])
    for island in data.ISLANDS:
        space.update(islands[island]["spaces"])
    return {
        "board": data.board(),
        "ocean": ocean,
        "islands": islands,
        "locations": json.loads((data.DATA / "locations.json").read_text()),
        "tiles": json.loads((data.DATA / "tiles.json").read_text()),
        "space": space,
    }


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_every_action_and_task_has_a_readable_label(tmp_path: Path) -> None:
    cases: list[dict[str, Any]] = []
    kinds: set[tuple[str, str]] = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = GAME.setup(1 + seed % 4, seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.active_seats(state)
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            for a in legal:
                if (
                    view["task"]["kind"],
                    a["type"],
                ) not in kinds or rng.random() < 0.02:
                    kinds.add((view["task"]["kind"], a["type"]))
                    cases.append({"view": view, "seat": seat, "action": a})
            doing = [a for a in legal if a["type"] not in ("skip", "end_turn")]
            state = GAME.apply(state, seat, rng.choice(doing or legal)).state
    types = {c["action"]["type"] for c in cases}
    assert {"place", "part", "explore", "navigate", "stamp", "buy_seal"} <= types
    payload = tmp_path / "cases.json"
    payload.write_text(json.dumps({"data": board_data(), "cases": cases}))
    script = tmp_path / "labels.mjs"
    script.write_text(LABELS)
    assert NODE is not None
    result = subprocess.run(
        [NODE, str(script), RULES.parent.as_uri(), str(payload)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    for case, shown in zip(cases, json.loads(result.stdout), strict=True):
        action, task = case["action"], case["view"]["task"]["kind"]
        assert shown["label"] and shown["label"] != action["type"], action
        assert shown["prompt"] and shown["prompt"] != task, task
        for text in shown.values():
            assert "undefined" not in text and "{" not in text, (action, text)
