"""The kept (memoised) lists of the engine's fast paths equal the plain rules
along random matches: placements, the board's coins per location, the free
actions, and a task's options."""

from __future__ import annotations

import pytest

from ludoteca.engine import registry
from ludoteca.engine.rng import Rng
from ludoteca.engine.testkit import random_step
from ludoteca.games.darwinsjourney import data, objectives, placement, tasks

GAME = registry.get("darwinsjourney")

CASES = [
    (1, {}),
    (1, {"solo_alfred": True}),
    (2, {"rules_edition": "2026-11"}),
    (3, {"museum_evolution_scope": "whole_museum"}),
    (4, {}),
]


def plain_placements(state, seat):  # type: ignore[no-untyped-def]
    p = state.p(seat)
    return [
        {"type": "place", "worker": w, "location": loc}
        for w in p.free_workers()
        for loc in data.locations()
        if placement.placement_cost(state, seat, w, loc) is not None
    ]


def plain_crew_claims(state, seat):  # type: ignore[no-untyped-def]
    """C11 without the kept answers: a card any unused worker's seals meet."""
    if not state.rulebook:
        return tasks.crew_claims(state, seat)
    p = state.p(seat)
    return [
        {"type": "claim_crew", "card": card, "worker": worker}
        for index, card in enumerate(p.crew)
        if card and not p.crew_claimed[index]
        for worker in (1, 2, 3)
        if worker not in p.crew_by
        and placement.missing_seals.__wrapped__(
            p.seals[worker], data.crew_cards()[card].requirement
        )
        == 0
    ]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_kept_lists_equal_the_plain_rules(players: int, options: dict) -> None:  # type: ignore[type-arg]
    rng = Rng(7)
    state = GAME.setup(players, 7, options)
    while GAME.outcome(state) is None:
        for seat in range(players):
            coins = [
                (loc, placement.location_coins(state, seat, loc))
                for loc in data.locations()
            ]
            assert placement.all_location_coins(state, seat) == [
                (loc, c) for loc, c in coins if c is not None
            ]
            assert placement.placements(state, seat) == plain_placements(state, seat)
            assert tasks.free_actions(state, seat) == objectives.completions(
                state, seat
            ) + plain_crew_claims(state, seat)
        top = state.top()
        seat, action = random_step(GAME, state, rng)
        assert top is not None
        assert GAME.legal_actions(state, seat) == tasks.OPTIONS[top.kind](state, top)
        state = GAME.apply(state, seat, action).state
