"""Fair bots: a seat's decision depends only on what that seat knows.

For every game, states are sampled from random matches; for each active seat
`p`, the state `s` and a world `t = determinize(s, p, k)` are two states the
seat cannot tell apart, and the bot must choose the same action in both for
the same seed.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.bots.hints import for_game
from ludoteca.bots.ismcts import IsmctsBot, Search
from ludoteca.bots.levels import LEVELS
from ludoteca.engine import testkit
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.engine.validate import key
from ludoteca.games.mafia import GAME as MAFIA
from ludoteca.games.mafia.evidence import babble
from ludoteca.games.piles import GAME as PILES
from tests.bots.conftest import all_games, game_ids, tables
from tests.bots.goofspiel import GAME as GOOFSPIEL

TINY = Search(iterations=12, max_seconds=None, rollout_depth=60)


def sampled_decisions(
    game: Game[Any], matches: int = 1, per_match: int = 3
) -> list[tuple[Any, int]]:
    """(state, active seat) pairs from random matches at every player count."""
    found = []
    every = tables(game)
    # The smallest tables, and the largest one: enough to vary who is hidden
    # from whom while keeping twelve-seat games fast.
    for players, options in [*every[:2], *every[2:][-1:]]:
        for m in range(matches):
            seed = mix_seed("fair", players, m)
            playout = testkit.play_random(game, players, seed, options)
            running = [s for s in playout.states if game.outcome(s) is None]
            rng = Rng(mix_seed("pick", players, m))
            for state in (rng.shuffled(running))[:per_match]:
                seats = sorted(game.active_seats(state))
                if seats:
                    found.append((state, rng.choice(seats)))
    return found


def twins_agree(game: Game[Any], bot: Any, state: Any, seat: int, seed: int) -> bool:
    twin = game.determinize(state, seat, mix_seed("twin", seed))
    return key(bot.choose(game, state, seat, seed)) == key(
        bot.choose(game, twin, seat, seed)
    )


@pytest.mark.parametrize("game", all_games(), ids=game_ids())
def test_indistinguishable_states_give_the_same_decision(game: Game[Any]) -> None:
    decisions = sampled_decisions(game)
    assert decisions
    # The search's hints are the same at every level; a game's own `decide`
    # may play each level its own way, so every such level is checked.
    own = sorted(for_game(game).decide_levels & set(LEVELS))
    for level in own or ["hard"]:
        bot = IsmctsBot("fair-test", TINY, level=level)
        for i, (state, seat) in enumerate(decisions):
            assert twins_agree(game, bot, state, seat, mix_seed("seed", i)), (
                f"{game.info.id} ({level}): seat {seat} decides differently "
                "in a state it cannot tell apart"
            )


class PeekingBot:
    """A cheat for the negative control: bids what beats the others' real bids."""

    name = "peeking"

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action:
        others = [b for p, b in enumerate(state.bids) if p != seat]
        hand = state.hands[seat]
        above = [c for c in hand if c > max(others)]
        return {"type": "bid", "card": min(above) if above else min(hand)}


def test_the_check_catches_a_bot_that_reads_hidden_state() -> None:
    decisions = [
        (s, seat)
        for s, seat in sampled_decisions(GOOFSPIEL, matches=3, per_match=8)
        if any(s.bids)
    ]
    assert decisions
    caught = sum(
        not twins_agree(GOOFSPIEL, PeekingBot(), s, seat, i)
        for i, (s, seat) in enumerate(decisions)
    )
    assert caught > 0


def test_every_piles_level_decides_from_its_seat_alone() -> None:
    """Piles!' levels are its own policy (`decide`), each in its style: more
    decisions than the generic check samples, so that noticing part of the
    centre, the stir and the lookahead all come up."""
    decisions = sampled_decisions(PILES, matches=4, per_match=8)
    for level in sorted(for_game(PILES).decide_levels):
        bot = IsmctsBot("fair-test", TINY, level=level)
        for i, (state, seat) in enumerate(decisions):
            assert twins_agree(PILES, bot, state, seat, mix_seed("seed", i)), (
                f"piles ({level}): seat {seat} decides differently in a state "
                "it cannot tell apart"
            )


def test_mafia_hard_hears_a_babbling_table_from_its_seat_alone() -> None:
    """Hard Mafia weighs no claim and keeps no plan where the table babbles
    (`evidence.babble`): random matches babble, so decisions are drawn from
    their babbling days, each phase, and checked against a twin."""
    decisions: list[tuple[Any, int]] = []
    for m in range(3):
        seed = mix_seed("fair-babble", m)
        playout = testkit.play_random(MAFIA, 7, seed, None)
        loud = [s for s in playout.states if MAFIA.outcome(s) is None and babble(s)]
        rng = Rng(mix_seed("pick-babble", m))
        for phase in ("voting", "judgement", "night"):
            states = [s for s in rng.shuffled(loud) if s.phase == phase][:3]
            decisions += [
                (s, rng.choice(sorted(MAFIA.active_seats(s)))) for s in states
            ]
    assert {s.phase for s, _ in decisions} == {"voting", "judgement", "night"}
    bot = IsmctsBot("fair-test", TINY, level="hard")
    for i, (state, seat) in enumerate(decisions):
        assert twins_agree(MAFIA, bot, state, seat, mix_seed("seed", i)), (
            f"mafia (hard): seat {seat} decides differently in a babbling "
            f"{state.phase} it cannot tell apart"
        )
