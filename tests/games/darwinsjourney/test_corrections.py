"""The spec's "Corrections (2026-12)", one test (or more) per correction.

Each test names its correction (C1-C17) and, where the rule changed, also
plays the same situation by the first reading (2026-11), so the test shows
it fails on the old rule: the old result is asserted beside the new one.
"""

from dataclasses import replace

import pytest

from ludoteca.games.darwinsjourney import GAME, data, editions, movement, scoring
from ludoteca.games.darwinsjourney.state import Task
from tests.games.darwinsjourney.helpers import act, seals, started, turn_of, with_task

FIRST = editions.FIRST_READING
GREEN, RED, BLUE = 0, 1, 2


def legal(s, seat):
    return GAME.legal_actions(s, seat)


def tiles_exactly(s, cells):
    """Only `cells` have their Museum tile in the Museum (rulebook states)."""
    return replace(s, museum_tiles=tuple(sp in cells for sp in data.specimen_ids()))


# -- C1, C2, C3, C10 (E10): setup by player count ---------------------------


@pytest.mark.parametrize(
    ("players", "on_tracks", "seals_per_colour"),
    [(1, 10, 12), (2, 10, 12), (3, 13, 13), (4, 16, 14)],
)
def test_c1_c2_specimens_and_seals_by_player_count(
    players, on_tracks, seals_per_colour
):
    s = GAME.setup(players, 7)
    placed = [at for at in s.specimen_at if at != "out"]
    assert len(placed) == on_tracks == len(set(placed))
    assert sum(s.museum_tiles) == 16 - on_tracks
    # C3: the leftover tokens leave the game; their tiles are in the Museum.
    for specimen, at in zip(data.specimen_ids(), s.specimen_at, strict=True):
        assert (at == "out") == s.tile_in_museum(specimen)
    academy = sum(1 for row in s.academy for c in row if c)
    assert sum(s.seal_supply[:4]) + academy == 4 * seals_per_colour
    old = GAME.setup(players, 7, {"rules_edition": FIRST})
    assert sorted(old.specimen_at).count("museum") == 6  # was always 6


def test_e10_three_player_setup():
    s = started(3)
    assert sum(s.museum_tiles) == 3
    assert not any(s.row_coin_taken)  # pre-placed tiles never take a row coin
    assert len(s.display_silver) == len(s.display_gold) == 2
    assert all((p.coins, p.temp) == (4, 1) for p in s.players)


def test_c3_delivering_leaves_the_token_on_its_track():
    s = tiles_exactly(started(3), set())
    s = replace(
        s,
        specimen_at=tuple(
            "IA5" if sp == "B-plant" else ("out" if at == "IA5" else at)
            for sp, at in zip(data.specimen_ids(), s.specimen_at, strict=True)
        ),
    )
    s = s.with_player(BLUE, research=("B-plant",))
    s = with_task(turn_of(s, BLUE), Task("museum", BLUE))
    s = act(s, BLUE, {"type": "deliver", "specimen": "B-plant"})
    assert s.tile_in_museum("B-plant")
    assert s.specimen_location("B-plant") == "IA5"  # was: moved to the museum


# -- C4: the two board sides --------------------------------------------------


def test_c4_the_four_player_side_splits_main_diary_1():
    s = started(4)
    s = replace(s, occupants=(("NAV1", 1, 1),))
    s = seals(s, 2, 1, "G")
    s = turn_of(s, 2).with_player(2, coins=5)
    s = act(s, 2, {"type": "place", "worker": 1, "location": "EXP1"})
    assert s.p(2).coins == 5  # NAV1 is on the other section
    three = replace(started(3), occupants=(("NAV1", 1, 1),))
    three = turn_of(seals(three, 2, 1, "G"), 2).with_player(2, coins=5)
    three = act(three, 2, {"type": "place", "worker": 1, "location": "EXP1"})
    assert three.p(2).coins == 3  # the 1-3 player side: one section


def test_c4_the_small_side_makes_the_special_diary_one_section():
    s = replace(started(3), occupants=(("SJ1", RED, 1),))
    old = replace(started(3, edition=FIRST), occupants=(("SJ1", RED, 1),))
    from ludoteca.games.darwinsjourney import placement

    assert placement.section_penalty(s, BLUE, "SJ4") == 2
    assert placement.section_penalty(old, BLUE, "SJ4") == 0  # was two sections


# -- C5: up to n, first arrival only -----------------------------------------


def test_c5_e2_exploring_up_to_n_may_stop_early():
    for edition, can_stop in ((editions.RULEBOOK, True), (FIRST, False)):
        s = started(3, edition=edition)
        s = s.with_player(BLUE, explorers=("IA3", "", ""))
        s = s.with_player(GREEN, explorers=("IA4", "", ""))
        s = s.with_player(RED, explorers=("IA5", "", ""))
        s = with_task(turn_of(s, BLUE), Task("explore", BLUE, n=2))
        stop = {"type": "explore", "island": "A", "path": ["IA4", "IA8"]}
        assert (stop in legal(s, BLUE)) is can_stop
        if can_stop:
            vp, coins = s.p(BLUE).vp, s.p(BLUE).coins
            s = act(s, BLUE, stop)
            assert (s.p(BLUE).vp, s.p(BLUE).coins) == (vp + 1, coins + 2)


def test_c5_navigating_up_to_n():
    assert ("O1",) in movement.ocean_paths("O0", 3, up_to=True)
    assert ("O1",) not in movement.ocean_paths("O0", 3)


def test_c5_the_end_bonus_goes_to_the_first_arrival_only():
    s = started(2)
    for seat in (0, 1):
        s = s.with_player(seat, explorers=("IA23", "", ""))
    for seat, bonus in ((0, 3), (1, 0)):
        s = with_task(turn_of(s, seat), Task("explore", seat, n=1))
        vp = s.p(seat).vp
        s = act(s, seat, {"type": "explore", "island": "A", "path": ["IA24"]})
        assert s.p(seat).vp - vp == 4 + bonus  # IA24's 4 VP, +3 for the first
    assert s.end_bonus_taken == ("IA24",)


# -- C6: the Museum takes up to 2 of each ------------------------------------


def test_c6_e3_museum_second_delivery_costs_three_and_research_follows():
    s = started(3)
    s = tiles_exactly(s, {"G-reptile", "B-reptile", "R-plant", "R-bird", "Y-fossil"})
    s = s.with_player(BLUE, research=("B-plant", "Y-bird"), coins=2, evolution=0)
    s = with_task(turn_of(s, BLUE), Task("museum", BLUE))
    s = act(s, BLUE, {"type": "deliver", "specimen": "B-plant"})
    assert s.p(BLUE).coins == 7 and s.p(BLUE).evolution == 2  # E3's figures
    assert {"type": "deliver", "specimen": "Y-bird"} in legal(s, BLUE)
    s = act(s, BLUE, {"type": "deliver", "specimen": "Y-bird"})
    assert s.tile_in_museum("Y-bird")
    coins = s.p(BLUE).coins
    s = act(s, BLUE, {"type": "research", "specimen": "G-reptile"})
    assert s.p(BLUE).coins == coins  # the first research is free
    s = act(s, BLUE, {"type": "research", "specimen": "R-plant"})
    assert s.p(BLUE).coins == coins - 3
    assert s.top() is None or s.top().kind != "museum"  # 2 + 2 used up


def test_c6_the_first_reading_did_one_museum_action():
    s = started(3, edition=FIRST)
    s = s.with_player(BLUE, research=("B-plant", "Y-bird"), coins=9)
    s = replace(
        s,
        specimen_at=tuple(
            "IA5" if sp in ("B-plant", "Y-bird") else at
            for sp, at in zip(data.specimen_ids(), s.specimen_at, strict=True)
        ),
    )
    s = with_task(turn_of(s, BLUE), Task("museum", BLUE))
    s = act(s, BLUE, {"type": "deliver", "specimen": "B-plant"})
    assert s.top().kind == "turn"  # the museum task is over


# -- C7: flat turn-order coins, several reservations -------------------------


@pytest.mark.parametrize(("players", "coins"), [(1, 3), (2, 3), (3, 2), (4, 2)])
def test_c7_turn_order_pays_a_flat_amount(players, coins):
    s = started(players)
    for worker in (1, 2):
        s = turn_of(s, 0)
        before = s.p(0).coins
        s = act(s, 0, {"type": "place", "worker": worker, "location": "TURN"})
        s = act(s, 0, {"type": "part", "index": 0})
        assert s.p(0).coins - before == coins  # was 3/2/1/0, once a round
    assert s.next_order == (0,)


# -- C8, C14: the Reward phase ------------------------------------------------


def reward_state(edition=editions.RULEBOOK):
    s = started(3, edition=edition)
    s = replace(
        s,
        round=3,
        beagle="O8",
        goals=(1, 2, 3, 4, 5),
        envelopes=(2, 7, 3),
        turn_order=(BLUE, GREEN, RED),
        envelope_stamps=((3, 1, 3), (0, 0, 0), (0, 0, 0)),
        stack=(),
    )
    for seat in (GREEN, RED, BLUE):  # no seals but the Generalist's purple one
        s = s.with_player(seat, seals=(("P",), (), (), (), ()))
    return s


def test_c8_e5_a_tie_for_first_still_rewards_second_and_stamps_go_to_the_tray():
    s = reward_state()
    assert scoring.envelope_winners(s, 0) == ([GREEN, BLUE], [RED])
    old = reward_state(FIRST)
    assert scoring.envelope_winners(old, 0) == ([GREEN, BLUE], [])
    from ludoteca.games.darwinsjourney import flow

    s = replace(s, stack=(Task("envelope", -1, n=0),))
    s, _ = flow.advance(s)
    order = []
    while s.top() is not None and s.top().kind == "menu":
        seat = s.top().seat
        order.append(seat)
        coins = s.p(seat).coins
        s = act(s, seat, {"type": "part", "index": 0})
        assert s.p(seat).coins - coins == (2 if seat == RED else 4)
    assert order == [BLUE, GREEN, RED]
    assert s.envelope_stamps[0] == (1, 0, 1)  # 3 -> 1 kept, 1 -> 0
    assert (s.p(BLUE).tray, s.p(GREEN).tray, s.p(RED).tray) == (2, 2, 1)


def test_c8_envelopes_come_before_the_beagle_goal():
    s = started(2)
    s = replace(s, stack=())
    for seat in (0, 1):
        s = s.with_player(seat, placed=(True,) * 5)
    from ludoteca.games.darwinsjourney import flow

    s, _ = flow.end_actions(s)
    kinds = [t.kind for t in reversed(s.stack)]
    assert kinds.index("envelope") < kinds.index("beagle")
    assert kinds[0] == "achieve" and kinds[-1] == "achieve"  # C14 windows


def test_c9_e5_printed_icons_capped_by_gold_4_and_floored_at_zero(monkeypatch):
    monkeypatch.setattr(data, "penalty_icons", lambda: {"O5": 1, "O7": 3, "O8": 2})
    s = reward_state()
    s = seals(s, BLUE, 1, "GGG")
    s = seals(s, GREEN, 1, "GG")
    s = seals(s, RED, 1, "G")
    s = s.with_player(BLUE, ship="O5", vp=0)
    s = s.with_player(GREEN, ship="O1", vp=0, gold_slots=(0, 0, 0, 14, 0))
    s = s.with_player(RED, ship="O1", vp=10)
    s, gained, lost = scoring.score_beagle_goal(s, BLUE)
    assert (gained, lost, s.p(BLUE).vp) == (12, 5, 7)
    s, _, _ = scoring.score_beagle_goal(s, GREEN)
    assert s.p(GREEN).vp == 3
    s, _, _ = scoring.score_beagle_goal(s, RED)
    assert s.p(RED).vp == 10  # 4 - 6 is 0, not -2 off the track
    old = reward_state(FIRST).with_player(RED, ship="O1", vp=10)
    old = seals(old, RED, 1, "G")
    old, _, _ = scoring.score_beagle_goal(old, RED)
    assert old.p(RED).vp == 10 + 4 - 5  # was: 1 VP per step, off the score


def test_c14_objectives_are_achieved_in_the_reward_phase():
    s = reward_state()
    s = s.with_player(BLUE, reserve=(4,), vp=9, research=("G-bird",))
    s = replace(s, stack=(Task("achieve", BLUE),))
    assert {"type": "complete_objective", "tile": 4, "slot": 0} in legal(s, BLUE)


# -- C10: unlocking ------------------------------------------------------------


def test_c10_e1_variant_main_diary_pages_unlock_top_down():
    s = with_task(turn_of(started(3), BLUE), Task("unlock", BLUE))
    s = s.with_player(BLUE, coins=10)
    spots = {a.get("location") for a in legal(s, BLUE)}
    assert "EXP2" in spots and "EXP3" not in spots
    old = with_task(turn_of(started(3, edition=FIRST), BLUE), Task("unlock", BLUE))
    old = old.with_player(BLUE, coins=10)
    assert "EXP3" in {a.get("location") for a in legal(old, BLUE)}


def test_c10_the_cost_is_the_spots_own(monkeypatch):
    from ludoteca.games.darwinsjourney import tasks

    monkeypatch.setattr(data, "unlock_cost_of", lambda loc: 6 if loc == "NAV2" else 4)
    s = with_task(turn_of(started(3), BLUE), Task("unlock", BLUE))
    assert tasks.unlock_cost(s, s.top(), "NAV2") == 6


# -- C11: crew cards -------------------------------------------------------------


def e6_state():
    s = started(3)
    s = s.with_player(BLUE, crew=(1, 7, 2), crew_claimed=(False,) * 3)
    s = s.with_player(RED, crew=(3, 4, 5), crew_claimed=(False,) * 3)
    s = s.with_player(GREEN, crew=(13, 14, 16), crew_claimed=(True,) * 3)
    s = seals(s, BLUE, 2, "BBYYGR")
    s = seals(s, BLUE, 3, "RRBYY")
    return turn_of(s, BLUE)


def test_c11_e6_any_worker_achieves_a_card_and_copy_takes_an_unachieved_one():
    s = e6_state()
    claim = {"type": "claim_crew", "card": 1, "worker": 2}
    assert claim in legal(s, BLUE)
    coins = s.p(BLUE).coins
    s = act(s, BLUE, claim)
    assert s.p(BLUE).coins == coins + 8
    assert {"type": "claim_crew", "card": 7, "worker": 2} not in legal(s, BLUE)
    s = act(s, BLUE, {"type": "claim_crew", "card": 7, "worker": 3})
    options = legal(s, BLUE)
    assert {"type": "copy_crew", "card": 3} in options  # Red's, unachieved
    assert {"type": "copy_crew", "card": 1} not in options  # achieved
    assert {"type": "copy_crew", "card": 7} not in options  # itself (A-49b)
    evolution = s.p(BLUE).evolution
    s = act(s, BLUE, {"type": "copy_crew", "card": 3})
    assert s.p(BLUE).evolution == evolution + 5
    assert s.p(RED).crew_claimed == (False, False, False)


def test_c11_the_first_game_sets_follow_turn_order():
    s = GAME.setup(2, 4, {"crew_setup": "first_game"})
    first, second = s.turn_order
    assert s.p(first).crew_hand == (1, 2, 3)
    assert s.p(second).crew_hand == (4, 5, 6)


# -- C12: objectives -------------------------------------------------------------


def test_c12_e8_objectives_come_from_the_display_only_and_no_refill():
    s = with_task(turn_of(started(3), BLUE), Task("objective", BLUE))
    sources = [a.get("source") for a in legal(s, BLUE)]
    assert not any(str(src).startswith("deck") for src in sources if src)
    s = act(s, BLUE, {"type": "take_objective", "source": "display_silver_0"})
    assert len(s.display_silver) == 1  # was: refilled at once


def test_c12_starting_pairs_are_chosen_in_reverse_turn_order():
    s = GAME.setup(3, 9)
    while s.top().kind in ("draft", "crew"):
        s = act(s, s.top().seat, legal(s, s.top().seat)[0])
    pickers = []
    while s.top() is not None and s.top().kind == "start_pair":
        pickers.append(s.top().seat)
        s = act(s, s.top().seat, {"type": "pick_pair", "index": 0})
    assert pickers == list(reversed(s.turn_order))
    assert all(len(p.reserve) == 2 for p in s.players)


def test_c12_c13_cleanup_redraws_the_display_and_shifts_the_academy():
    from ludoteca.games.darwinsjourney import rounds

    s = started(3)
    s = replace(
        s,
        academy=(("G", "", "B"), ("", "Y", "R"), ("R", "", ""), ("B", "G", "")),
        display_silver=(s.display_silver[0],),
    )
    deck = s.deck_silver
    after = rounds.cleanup(s)
    assert after.display_silver == deck[:2]
    column0 = [row[0] for row in after.academy]
    assert column0[:2] == ["R", "B"]  # rose past the bought spot
    assert [row[1] for row in after.academy][:2] == ["Y", "G"]
    assert all(c for row in after.academy for c in row)


# -- C15: the tie-break ------------------------------------------------------------


def test_c15_e7_evolution_then_coins():
    s = started(2)
    s = s.with_player(0, evolution=21, coins=9).with_player(1, evolution=18, coins=12)
    keys = scoring.ranking_keys(s, (142.0, 142.0))
    assert keys[0] > keys[1]
    old = replace(s, edition=FIRST)
    old_keys = scoring.ranking_keys(old, (142.0, 142.0))
    assert old_keys[0] < old_keys[1]  # was: coins first


# -- C16: solo penalty ---------------------------------------------------------------


@pytest.mark.parametrize(("option", "paid"), [(3, 3), (2, 2)])
def test_c16_solo_pays_the_two_player_penalty_unless_the_option(option, paid):
    s = started(1, solo_penalty=option)
    s = replace(s, occupants=tuple(o for o in s.occupants if o[1] >= 0))
    s = replace(s, occupants=(*s.occupants, ("NAV1", 0, 2)))
    s = turn_of(seals(s, 0, 1, "G"), 0).with_player(0, coins=5)
    s = act(s, 0, {"type": "place", "worker": 1, "location": "EXP1"})
    assert s.p(0).coins == 5 - paid


def test_c16_solo_leaves_the_bottom_special_row_empty():
    s = started(1)
    view = GAME.view(s, 0)
    assert view["special_tiles"][2] == 0 and view["special_tiles"][5] == 0


def test_c17_setup_facts():
    s = GAME.setup(4, 3)
    assert s.beagle == "O1"
    assert all((p.coins, p.temp) == (4, 1) for p in s.players)


def test_c11_the_crew_draft_keeps_one_and_passes_the_rest():
    s = GAME.setup(3, 1)
    first_hands = {seat: s.p(seat).crew_hand for seat in range(3)}
    assert all(len(h) == 4 for h in first_hands.values())
    kept: dict[int, list[int]] = {0: [], 1: [], 2: []}
    while s.top().kind == "draft":
        seat = s.top().seat
        card = s.p(seat).crew_hand[0]
        view = GAME.view(s, (seat + 1) % 3)
        assert card not in view["me"]["crew_hand"] or seat == (seat + 1) % 3
        step = GAME.apply(s, seat, {"type": "keep_crew", "card": card})
        assert step.events[0].data["action"] == {"type": "keep_crew"}  # secret
        kept[seat].append(card)
        s = step.state
    for seat in range(3):
        assert s.p(seat).crew_hand == tuple(sorted(kept[seat]))
        assert kept[seat][0] in first_hands[seat]
        # the second pick came from the hand of the player before
        assert kept[seat][1] in first_hands[(seat - 1) % 3]


def test_c11_solo_keeps_three_of_five():
    s = GAME.setup(1, 2)
    assert len(s.p(0).crew_hand) == 5
    while s.top().kind == "draft":
        s = act(s, 0, legal(s, 0)[0])
    assert len(s.p(0).crew_hand) == 3
