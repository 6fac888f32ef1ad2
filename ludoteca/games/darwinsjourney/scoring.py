"""Scoring: Beagle goals and envelope majorities each round, and the end."""

from __future__ import annotations

import functools
from typing import Any

from ludoteca.games.darwinsjourney import assumptions as A
from ludoteca.games.darwinsjourney import data, movement
from ludoteca.games.darwinsjourney.state import Player, State


def goal_count(p: Player, goal: dict[str, Any]) -> int:
    per = goal["per"]
    if per == "seals":
        return p.seal_count(goal["colour"])  # purple excluded
    if per == "researched_kind":
        return sum(1 for s in p.research if data.specimen_kind(s) == goal["kind"])
    if per == "empty_stacks":
        return p.stacks_empty()
    if per == "lenses_placed":
        return int(data.board()["lenses_per_player"]) - p.lenses_left
    if per == "objectives_completed":
        return p.completed_objectives()
    if per == "tents_placed":
        return 5 - p.tents_left
    raise ValueError(f"unknown Beagle goal {goal}")


def beagle_delay(state: State, p: Player) -> int:
    """Points lost for being behind the Beagle (A-43; Gold 4 caps it)."""
    steps = movement.ship_behind(p.ship, state.beagle)
    penalty = steps * A.BEAGLE_DELAY_VP_PER_STEP
    if p.has_slot("gold", 3):
        penalty = min(penalty, A.BEAGLE_DELAY_CAP)
    return penalty


def lagging_penalty(state: State, p: Player) -> int:
    """C9: the printed icons after the ship up to and including the Beagle's
    space, on the cheaper branch (A-43); Gold 4 caps each icon at 2."""
    cap = int(data.rulebook()["beagle_icon_cap"]) if p.has_slot("gold", 3) else None
    cost = movement.cheapest_icons(p.ship, state.beagle, cap)
    return 0 if cost is None else cost


def score_beagle_goal(state: State, seat: int) -> tuple[State, int, int]:
    goal = data.beagle_goals()[state.goals[state.round - 1]]
    p = state.p(seat)
    gained = goal_count(p, goal) * int(goal["vp"])
    if state.rulebook:  # C9: the tile never scores below 0
        lost = min(gained, lagging_penalty(state, p))
        return state.gain(seat, vp=gained - lost), gained, lost
    lost = beagle_delay(state, p)
    return state.gain(seat, vp=gained).gain(seat, vp=-lost), gained, lost


def envelope_winners(state: State, envelope: int) -> tuple[list[int], list[int]]:
    """(first, second) place seats for an envelope (A-45 for ties)."""
    first, second = _winners(state.envelope_stamps[envelope], state.rulebook)
    return list(first), list(second)


@functools.lru_cache(maxsize=1024)  # a pure function of the stamps
def _winners(
    counts: tuple[int, ...], rulebook: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`envelope_winners` of an envelope with these stamps per seat."""
    if len(counts) == 1:  # solo without Alfred
        return ((0,) if counts[0] >= 1 else ()), ()
    levels = sorted({c for c in counts if c >= 1}, reverse=True)
    if not levels:
        return (), ()
    first = tuple(s for s, c in enumerate(counts) if c == levels[0])
    if rulebook:  # C8: second place is rewarded even after a tie
        if len(levels) < 2:
            return first, ()
        return first, tuple(s for s, c in enumerate(counts) if c == levels[1])
    if len(first) > 1 or len(levels) < 2:
        return first, ()
    return first, tuple(s for s, c in enumerate(counts) if c == levels[1])


def breakdown(state: State, seat: int) -> dict[str, int]:
    """End scoring by category (spec (g))."""
    p = state.p(seat)
    board = data.board()
    objective_vp = 0
    for tier in ("silver", "gold"):
        slots = p.silver_slots if tier == "silver" else p.gold_slots
        for index, value in enumerate(slots):
            if value > 0:
                objective_vp += int(board["objective_slots"][tier][index]["vp"])
    if p.silver_slots[4] > 0 and p.gold_slots[4] > 0:
        objective_vp += int(board["both_fifth_slots_vp"])
    workers_vp = 0
    for worker in A.TRAINABLE_WORKERS:
        count = len(p.seals[worker])
        if count >= 5:
            workers_vp += int(board["worker_seal_vp"]["5"])
        if count >= 6:
            if A.SEAL_VP_CUMULATIVE:
                workers_vp += int(board["worker_seal_vp"]["6"])
            else:
                workers_vp += int(board["worker_seal_vp"]["6"]) - int(
                    board["worker_seal_vp"]["5"]
                )
    tents_vp = int(board["all_tents_vp"]) if p.tents_left == 0 else 0
    books = int(board["evolution_books"][p.evolution]) + (
        1 if p.has_slot("silver", 3) else 0
    )
    modifier = 2 + completed_rows(state)
    return {
        "track": p.vp,
        "objectives": objective_vp,
        "workers": workers_vp,
        "tents": tents_vp,
        "evolution": books * modifier,
        "coins": p.coins // 5,
        "knowledge": p.temp,
    }


def completed_rows(state: State) -> int:
    return _completed_rows(state.tiles_in_museum())


@functools.lru_cache(maxsize=1024)  # a pure function of the tiles in the Museum
def _completed_rows(in_museum: frozenset[str]) -> int:
    ids = data.specimen_ids()
    return sum(
        1
        for colour in data.board()["museum_rows"]
        if all(s in in_museum for s in ids if data.specimen_colour(s) == colour)
    )


def ranking_keys(state: State, scores: tuple[float, ...]) -> list[tuple[float, ...]]:
    """What ranks the players: score, then the tie-breaks."""
    players = state.players
    if state.rulebook:  # C15: evolution marker, then leftover coins, then shared
        return [
            (score, p.evolution, p.coins)
            for score, p in zip(scores, players, strict=True)
        ]
    return [(score, p.coins) for score, p in zip(scores, players, strict=True)]


def final_score(state: State, seat: int) -> int:
    return sum(breakdown(state, seat).values())


def solo_tier(score: int) -> str:
    for threshold, name in A.SOLO_TIERS:
        if score >= threshold:
            return name
    return A.SOLO_TIERS[-1][1]
