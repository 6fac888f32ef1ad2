"""Alfred, the solo automa (spec (h), correction C16), on the house data of
data/alfred.json (12 Bonus spots, 5 VP on the rightmost: E9's fixture)."""

from dataclasses import replace

from ludoteca.games.darwinsjourney import GAME, alfred, data
from tests.games.darwinsjourney.helpers import act, started


def solo():
    return started(1, solo_alfred=True)


def test_e9_coins_beyond_twelve_and_the_bonus_track(monkeypatch):
    s = solo()
    s = replace(s, round=1, alfred=replace(s.alfred, coins=10, bonus=3))
    cards = {"spot5": [{"vp": 1}] * 5, "spot10": [{"vp": 10}] * 5}
    monkeypatch.setitem(alfred._raw(), "bonus_cards", cards)
    s = alfred.gain_coins(s, 7)
    assert (s.alfred.coins, s.alfred.bonus, s.alfred.vp) == (12, 8, 1)  # passed 5
    s = alfred.move_bonus(s, 2)
    assert (s.alfred.bonus, s.alfred.vp) == (10, 11)  # the spot-10 card
    s = replace(s, alfred=replace(s.alfred, bonus=11, vp=0))
    s = alfred.move_bonus(s, 3)
    assert (s.alfred.bonus, s.alfred.vp) == (2, 5)  # 12 (+5 VP), then 1, 2


def test_alfred_takes_the_first_turn_and_the_two_alternate():
    s = solo()
    assert s.top().kind == "turn" and s.top().seat == 0
    assert sum(s.alfred.placed) == 1  # he has already played his first turn
    s = act(s, 0, {"type": "place", "worker": 0, "location": "MUSEUM"})
    s = act(s, 0, {"type": "end_turn"})
    assert sum(s.alfred.placed) == 2


def test_alfred_pays_the_solo_penalty_and_blocks_his_spot():
    s = solo()
    a = s.alfred
    (spot,) = [o[0] for o in s.occupants if o[1] == alfred.SEAT]
    assert GAME.view(s, 0)["alfred"]["placed"] == list(a.placed)
    legal = GAME.legal_actions(s, 0)
    if data.locations()[spot].kind == "lens":
        assert not any(x.get("location") == spot for x in legal)


def test_alfred_ignores_the_beagle_tile_and_scores_value_times_round():
    s = replace(solo(), round=3, beagle="O8")
    s = replace(s, alfred=replace(s.alfred, ship="O8", vp=0))
    s, gained = alfred.beagle(s)
    assert gained == 3 * 3
    s = replace(s, alfred=replace(s.alfred, ship="O0", vp=0))
    s, gained = alfred.beagle(s)
    assert gained == 9 - 6  # six placeholder icons O1, O3, O4, O5, O7, O8


def test_a_tie_with_alfred_goes_to_the_further_evolution_then_coins_then_alfred():
    s = solo()
    s = s.with_player(0, evolution=5, coins=3)
    s = replace(s, alfred=replace(s.alfred, evolution=5, coins=3))
    assert not alfred.player_wins(s, 100, 100)
    assert alfred.player_wins(s.with_player(0, coins=4), 100, 100)
    assert alfred.player_wins(s.with_player(0, evolution=6, coins=0), 100, 100)


def test_alfred_delivers_what_the_player_researched_too():
    s = solo()
    s = replace(s, museum_tiles=(False,) * 16, occupants=())
    s = replace(s, alfred=replace(s.alfred, research=("B-plant", "G-bird")))
    s = s.with_player(0, research=("G-bird",))
    s = alfred.try_deliver(s)
    assert s.tile_in_museum("G-bird")


def test_alfreds_deck_order_is_hidden():
    s = solo()
    view = GAME.view(s, 0)
    assert "deck" not in view["alfred"] and view["alfred"]["deck_count"] == len(
        s.alfred.deck
    )
    other = GAME.determinize(s, 0, 5)
    assert GAME.view(other, 0) == view


def test_a_match_against_alfred_ends_with_his_score():
    s = solo()
    while GAME.outcome(s) is None:
        seat = s.top().seat
        legal = GAME.legal_actions(s, seat)
        doing = [a for a in legal if a["type"] not in ("skip", "end_turn")]
        s = act(s, seat, (doing or legal)[0])
    assert GAME.outcome(s).details["alfred_score"] == alfred.final_score(s) > 0
