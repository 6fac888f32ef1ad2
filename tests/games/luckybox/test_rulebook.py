"""The rulebook corrections of 2026-12 (`rules/luckybox.md`, CORRECTED).

Each line tagged CORRECTED (rulebook) in the spec, and the test that fails
on the rule played before it:

- 3(c) 2.1 "Lightning", 3(f) item 1, 3(g) example 1: lightning on any
  number, also with a cell showing it: test_lightning_on_any_number,
  test_example_1_two_tokens_with_an_open_two.
- 3(c) 2.1 "always optional", 3(f) item 1: spending is never forced, so
  `stuck_lightning = forced` is no longer offered:
  test_no_new_table_may_force_lightning.
- 3(b) player count, 3(c) step 4, 3(g) example 6: 7-12 players use two sets
  (120 cards) and one number deck:
  test_seven_to_twelve_players_deal_from_two_sets,
  test_twelve_players_get_three_cards_every_round,
  test_example_6_eight_players_never_run_out.
- 3(e), 3(f) item 3: unchosen cards are discarded face up:
  test_unchosen_cards_are_public.
- Settled, unchanged in effect (no old rule to fail): 3(b) the 60 cards
  (test_cards.py); no cap on tokens, 3(b), 3(e), 3(f) item 4 (max_lightning
  defaults to 0, test_bonuses.py); a bonus with no cell is lost, 3(c) 2.2,
  3(f) item 2 (test_bonuses.py); the discard pile is reshuffled, 3(c) step 4,
  3(f) item 3 (test_setup_draft.py).

Records made before the corrections replay under the old rules: the options
`lightning_only_when_blocked` and `edition` were added with `legacy` values
(test_old_records.py).
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.rng import Rng
from ludoteca.games.luckybox import GAME
from ludoteca.games.luckybox.cards import card, card_label, deck_ids
from ludoteca.games.luckybox.state import PUBLIC
from tests.games.luckybox.helpers import BOX09, BOX52, act, crossed, mask, scenario
from tests.games.luckybox.helpers import cross as x


def test_lightning_on_any_number():
    """Example 1: N = 9, one token, an open 9 and an open 1 on box-52: the
    player may cross the 9, or spend the token to cross the 1."""
    state = scenario([[(BOX52, 0)]], numbers=(9,), lightning=1)
    legal = GAME.legal_actions(state, 0)
    assert x(BOX52, 8) in legal and x(BOX52, 5, +1) in legal
    assert {"type": "pass"} not in legal  # without lightning the 9 is crossed
    after = act(state, 0, x(BOX52, 5, +1))
    assert after.players[0].lightning == 0
    assert crossed(after, 0, BOX52) == mask(5)


def test_example_1_two_tokens_with_an_open_two():
    """N = 2 with 2 tokens and open 2s: 9, 4 (two tokens), 1 or 3 (one)."""
    state = scenario([[(BOX09, 0), (BOX52, 0)]], numbers=(2,), lightning=2)
    legal = GAME.legal_actions(state, 0)
    assert x(BOX52, 1) in legal  # the 2 itself, free
    reached = {
        card(a["card"]).grid[a["cell"]]: abs(a["shift"])
        for a in legal
        if a["type"] == "cross"
    }
    assert reached == {2: 0, 1: 1, 3: 1, 4: 2, 9: 2}  # never 5


def test_strict_option_keeps_the_old_rule():
    state = scenario(
        [[(BOX52, 0)]],
        numbers=(9,),
        lightning=1,
        options={"lightning_only_when_blocked": True},
    )
    assert GAME.legal_actions(state, 0) == [x(BOX52, 8)]


def test_no_new_table_may_force_lightning():
    """No source forces lightning: the option stays only for old records."""
    option = GAME.options["stuck_lightning"]
    assert option.hidden and option.default == "optional"
    state = scenario([[(BOX52, mask(8))]], numbers=(9,), lightning=1)
    assert {"type": "pass"} in GAME.legal_actions(state, 0)


def test_seven_to_twelve_players_deal_from_two_sets():
    for players in range(1, 13):
        state = GAME.setup(players, players)
        offered = [c for p in state.players for c in p.offer]
        cards = Counter(offered + list(state.lucky_deck))
        size = 120 if players >= 7 else 60
        assert sum(cards.values()) == size and set(cards.values()) == {1}
        faces = Counter(card(c).face for c in cards)
        assert set(faces.values()) == ({2} if players >= 7 else {1})
    assert card(69).grid == card(9).grid and card_label(69) == "#9b"
    assert deck_ids(12, "2026-11") == tuple(range(1, 61))


def _drafts(players: int, seed: int) -> list[list[int]]:
    """Play a random match; the cards offered to each seat at every draft."""
    state = GAME.setup(players, seed)
    drafts = [[len(p.offer) for p in state.players]]
    rng = Rng(seed)
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.active_seats(state)))
        step = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        offers = [e for e in step.events if e.type == "cards_offered"]
        if offers:
            sizes = [0] * players
            for e in offers:
                sizes[e.to[0]] = len(e.data["cards"])
            drafts.append(sizes)
        state = step.state
    return drafts


def test_twelve_players_get_three_cards_every_round():
    """Before 2026-12, after round 3 eight of twelve players got no card."""
    drafts = _drafts(12, 23)
    assert drafts == [[5] * 12, [3] * 12, [3] * 12, [3] * 12]


def test_example_6_eight_players_never_run_out():
    state = GAME.setup(8, 6)
    assert len(state.lucky_deck) == 80
    drafts = _drafts(8, 6)
    assert drafts == [[5] * 8, [3] * 8, [3] * 8, [3] * 8]


def test_unchosen_cards_are_public():
    state = GAME.setup(3, 4)
    offers = [p.offer for p in state.players]
    events = []
    for seat in range(3):
        step = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        events += step.events
        state = step.state
    unchosen = sorted(c for offer in offers for c in offer[3:])
    assert sorted(c for c, owner in state.discard if owner == PUBLIC) == unchosen
    assert sorted(GAME.view(state, None)["discard_face_up"]) == unchosen
    kept = [e for e in events if e.type == "cards_kept"]
    assert all(e.to is None for e in kept)
    assert sorted(c for e in kept for c in e.data["discarded"]) == unchosen
    world = GAME.determinize(state, 1, 7)
    assert world.discard == state.discard
