"""The board, track and tile data, loaded once from the JSON files in data/.

Every number of the game lives in those files, so correcting a value read off
the physical components is a data edit, not a code change.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

Effect = tuple[str, Any]
"""One effect: a key from the effect vocabulary and its amount, ``("coins", 3)``."""

COLOURS = ("G", "B", "Y", "R")
PURPLE = "P"
KINDS = ("reptile", "plant", "bird", "fossil")
ISLANDS = ("A", "B", "C")


def _effects(items: list[dict[str, Any]]) -> tuple[Effect, ...]:
    return tuple((k, v) for item in items for k, v in item.items())


@dataclass(frozen=True)
class Campsite:
    costs: tuple[int, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Space:
    id: str
    next: tuple[str, ...]
    effects: tuple[Effect, ...]
    specimen_space: bool = False
    campsite: Campsite | None = None
    ribbon: int = 0
    banner_island: str | None = None
    end_bonus: int = 0


@dataclass(frozen=True)
class Track:
    start: str
    end: str
    spaces: dict[str, Space]


@dataclass(frozen=True)
class Location:
    id: str
    section: str | None
    kind: str  # circular | lens | rectangular
    requirement: tuple[tuple[str, int], ...]
    effects: tuple[Effect, ...]
    silver: str | None
    gold: str | None
    locked: bool
    special_slot: int | None
    neutral_lens: bool


@dataclass(frozen=True)
class Tile:
    id: int
    requirement: tuple[tuple[str, int], ...]
    effects: tuple[Effect, ...]
    start: str = ""


@dataclass(frozen=True)
class Objective:
    id: int
    tier: str
    starting: bool
    conditions: tuple[tuple[tuple[str, Any], ...], ...]


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _space(sid: str, raw: dict[str, Any], banners: dict[str, str]) -> Space:
    camp = raw.get("campsite")
    return Space(
        id=sid,
        next=tuple(raw["next"]),
        effects=_effects(raw.get("effects", [])),
        specimen_space=bool(raw.get("specimen_space")),
        campsite=Campsite(tuple(camp["costs"]), _effects(camp["effects"]))
        if camp
        else None,
        ribbon=int(raw.get("ribbon", 0)),
        banner_island=banners.get(raw["banner"]) if "banner" in raw else None,
        end_bonus=int(raw.get("end_bonus", 0)),
    )


@functools.cache
def ocean() -> Track:
    raw = _load("ocean.json")
    spaces = {k: _space(k, v, raw["banners"]) for k, v in raw["spaces"].items()}
    return Track(raw["start"], raw["end"], spaces)


@functools.cache
def beagle_spaces() -> tuple[str, ...]:
    return tuple(_load("ocean.json")["beagle_spaces"])


@functools.cache
def islands() -> dict[str, Track]:
    raw = _load("islands.json")
    out = {}
    for island in ISLANDS:
        r = raw[island]
        spaces = {k: _space(k, v, {}) for k, v in r["spaces"].items()}
        out[island] = Track(r["start"], r["end"], spaces)
    return out


@functools.cache
def island_of_space(space: str) -> str:
    return space[1]


@functools.cache
def space(space_id: str) -> Space:
    if space_id.startswith("O"):
        return ocean().spaces[space_id]
    return islands()[island_of_space(space_id)].spaces[space_id]


@functools.cache
def locations() -> dict[str, Location]:
    raw = _load("locations.json")["locations"]
    out = {}
    for lid, r in raw.items():
        out[lid] = Location(
            id=lid,
            section=r.get("section"),
            kind=r["kind"],
            requirement=tuple(sorted(r.get("requirement", {}).items())),
            effects=_effects(r.get("effects", [])),
            silver=r.get("silver"),
            gold=r.get("gold"),
            locked=bool(r["locked"]),
            special_slot=r.get("special_slot"),
            neutral_lens=bool(r.get("neutral_lens")),
        )
    return out


@functools.cache
def unlock_cost() -> int:
    return int(_load("locations.json")["unlock_cost"])


def _tiles(raw: dict[str, Any]) -> dict[int, Tile]:
    return {
        int(k): Tile(
            int(k),
            tuple(sorted(v.get("requirement", {}).items())),
            _effects(v["effects"]),
            v.get("start", ""),
        )
        for k, v in raw.items()
    }


@functools.cache
def special_tiles() -> dict[int, Tile]:
    return _tiles(_load("tiles.json")["special_tiles"])


@functools.cache
def crew_cards() -> dict[int, Tile]:
    return _tiles(_load("tiles.json")["crew_cards"])


@functools.cache
def beagle_goals() -> dict[int, dict[str, Any]]:
    return {int(k): v for k, v in _load("tiles.json")["beagle_goals"].items()}


@functools.cache
def envelopes() -> dict[int, tuple[tuple[Effect, ...], tuple[Effect, ...]]]:
    raw = _load("tiles.json")["envelopes"]
    return {
        int(k): (_effects(v["first"]), _effects(v["second"])) for k, v in raw.items()
    }


@functools.cache
def objectives() -> dict[int, Objective]:
    raw = _load("tiles.json")["objectives"]
    return {
        int(k): Objective(
            int(k),
            v["tier"],
            bool(v["starting"]),
            tuple(tuple(sorted(c.items())) for c in v["conditions"]),
        )
        for k, v in raw.items()
    }


@functools.cache
def objective_ids(tier: str, starting: bool) -> tuple[int, ...]:
    """The objective tiles of a tier, starting ones or not, in number order."""
    objs = objectives()
    return tuple(
        t for t in sorted(objs) if objs[t].starting == starting and objs[t].tier == tier
    )


@functools.cache
def board() -> dict[str, Any]:
    data: dict[str, Any] = _load("board.json")
    return data


@functools.cache
def specimen_ids() -> tuple[str, ...]:
    """The 16 specimens, named colour-kind: ``"G-reptile"``."""
    return tuple(f"{c}-{k}" for c in board()["museum_rows"] for k in KINDS)


@functools.cache
def specimen_index() -> dict[str, int]:
    """Each specimen's place in `specimen_ids`."""
    return {s: i for i, s in enumerate(specimen_ids())}


@functools.cache
def specimen_colour(specimen: str) -> str:
    return specimen.split("-")[0]


@functools.cache
def specimen_kind(specimen: str) -> str:
    return specimen.split("-")[1]


# -- the rulebook edition's data (spec corrections 1-17) ------------------


def rulebook() -> dict[str, Any]:
    """Counts that depend on the player count under the rulebook edition."""
    values: dict[str, Any] = board()["rulebook"]
    return values


def board_side(num_players: int) -> str:
    """C4: the 1-3 player side ("small") or the 4-player side ("large")."""
    return "large" if num_players == 4 else "small"


@functools.cache
def _locations_raw() -> dict[str, Any]:
    raw: dict[str, Any] = _load("locations.json")
    return raw


@functools.cache
def section_on_side(side: str, location: str) -> str | None:
    """The Diary section of a location on one side of the board (A-22)."""
    sections = _locations_raw()["sections_by_side"][side]
    if location in sections:
        return str(sections[location])
    prefix = location[:3]
    return str(sections[prefix]) if prefix in sections else None


@functools.cache
def unlock_cost_of(location: str) -> int:
    """C10: the cost printed on the spot (DATA GAP A-26: placeholder)."""
    return int(_locations_raw()["unlock_costs"][location])


def unlock_after(location: str) -> str | None:
    """C10: the spot above it on its Main Diary page, which unlocks first."""
    above = _locations_raw()["unlock_after"].get(location)
    return None if above is None else str(above)


@functools.cache
def solo_unused_spots() -> tuple[str, ...]:
    return tuple(_locations_raw()["solo_unused_spots"])


@functools.cache
def penalty_icons() -> dict[str, int]:
    """C9: the lagging-penalty icon on each ocean space (DATA GAP A-43)."""
    return {k: int(v) for k, v in _load("ocean.json")["penalty_icons"].items()}
