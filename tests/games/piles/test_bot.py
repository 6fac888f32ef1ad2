"""The view-only bot policy: legal, blind to hidden state, and able to finish."""

from __future__ import annotations

from ludoteca.engine.record import Move, Record, replay
from ludoteca.engine.rng import Rng
from ludoteca.engine.simulate import play_match
from ludoteca.games.piles import GAME, bot, cards
from ludoteca.games.piles.bot import PilesBot
from tests.games.piles.helpers import act, set_centre, set_pile, started


def test_bot_choices_are_legal_and_blind_to_hidden_cards():
    """Same view, same choice: the bot picks alike in every world the seat imagines."""
    state = started(3)
    player = PilesBot()
    rng = Rng(11)
    for _ in range(120):
        seat = rng.below(3)
        choice = player.choose(GAME, state, seat, 7)
        assert choice in GAME.legal_actions(state, seat)
        for k in range(3):
            world = GAME.determinize(state, seat, k)
            assert player.choose(GAME, world, seat, 7) == choice
        state = GAME.apply(state, seat, choice).state
        if GAME.outcome(state) is not None:
            break


def test_bot_takes_the_card_that_completes_its_pile():
    state = started(2)
    d, stray = state.designs[3], state.designs[6]
    state = set_pile(
        state,
        0,
        2,
        [cards.card(d, 0), cards.card(stray, 1), cards.card(d, 2), cards.card(d, 3)],
    )
    state = set_centre(state, 3, cards.card(d, 1), keep=[stray])
    state = act(state, 0, type="open", pile=2)
    choice = PilesBot().choose(GAME, state, 0, 1)
    assert choice == {
        "type": "swap",
        "card": cards.card(stray, 1),
        "slot": 3,
        "expected": cards.card(d, 1),
    }


def test_bot_moves_on_when_the_centre_cannot_help():
    view = {
        "phase": "play",
        "centre": [
            {"card": 4 * d, "design": d, "colour": 0, "slot": i}
            for i, d in enumerate((40, 41, 42, 43))
        ],
        "piles": [
            {
                "status": "open",
                "cards": [
                    {"card": c, "design": c // 4, "colour": c % 4} for c in (0, 1, 4, 8)
                ],
            }
        ]
        + [{"status": "closed"}] * 5,
    }
    legal = [{"type": "open", "pile": i} for i in range(1, 6)] + [{"type": "close"}]
    # A seed whose first draw skips the optional stir.
    seed = next(s for s in range(100) if Rng(s).random() >= bot.STIR)
    assert bot.choose(view, legal, Rng(seed)) == {"type": "open", "pile": 1}


def test_bot_matches_end_with_a_winner_by_piles():
    bots = [PilesBot(), PilesBot(), PilesBot()]
    for seed in range(3):
        state, moves = play_match(GAME, bots, seed, {"match_minutes": 0})
        assert GAME.outcome(state) is not None
        assert state.ended_by == "piles" and moves < 5000
        assert state.locked_count(state.winners[0]) == 6


def test_bot_match_replays_from_its_record():
    state = GAME.setup(2, 9)
    record = Record("piles", 2, 9, GAME.resolve_options({}))
    rng = Rng(3)
    player = PilesBot()
    while GAME.outcome(state) is None and len(record.moves) < 400:
        seats = sorted(GAME.active_seats(state))
        seat = rng.choice(seats) if seats else None
        action = (
            player.choose(GAME, state, seat, rng.next64())
            if seat is not None
            else {"type": "timeout"}
        )
        state = GAME.apply(state, seat, action).state
        record.moves.append(Move(seat, action))
    assert GAME.to_json(replay(record, game=GAME)) == GAME.to_json(state)


def test_search_hints_keep_their_contracts():
    """rollout_policy legal, prune a non-empty subset, prior one weight each,
    evaluate one reward in [0, 1] per seat (ludoteca.bots.hints)."""
    state = started(3)
    rng = Rng(5)
    for _ in range(60):
        seat = rng.below(3)
        actions = GAME.legal_actions(state, seat)
        kept = bot.prune(GAME, state, seat, actions)
        assert kept and all(a in actions for a in kept)
        weights = bot.prior(GAME, state, seat, actions)
        assert len(weights) == len(actions) and min(weights) >= 0
        rewards = bot.evaluate(GAME, state)
        assert len(rewards) == 3 and all(0 <= r <= 1 for r in rewards)
        choice = bot.rollout_policy(GAME, state, seat, rng)
        assert choice in actions
        state = GAME.apply(state, seat, choice).state


def test_prune_keeps_the_swap_that_completes_a_pile():
    state = started(2)
    d, stray = state.designs[3], state.designs[6]
    state = set_pile(
        state,
        0,
        2,
        [cards.card(d, 0), cards.card(stray, 1), cards.card(d, 2), cards.card(d, 3)],
    )
    state = set_centre(state, 3, cards.card(d, 1), keep=[stray])
    state = act(state, 0, type="open", pile=2)
    actions = GAME.legal_actions(state, 0)
    winning = {
        "type": "swap",
        "card": cards.card(stray, 1),
        "slot": 3,
        "expected": cards.card(d, 1),
    }
    kept = bot.prune(GAME, state, 0, actions)
    assert winning in kept and {"type": "close"} not in kept
    weights = bot.prior(GAME, state, 0, actions)
    assert weights[actions.index(winning)] == max(weights)
