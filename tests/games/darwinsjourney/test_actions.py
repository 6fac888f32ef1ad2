"""One test (at least) per action, per objective-slot bonus and per phase."""

import functools
from dataclasses import replace

import pytest

from ludoteca.engine import IllegalAction
from ludoteca.games.darwinsjourney import GAME, data, editions, scoring
from ludoteca.games.darwinsjourney.state import Task
from tests.games.darwinsjourney.helpers import (
    act,
    museum_exactly,
    put_specimen,
    seals,
    turn_of,
    with_task,
)
from tests.games.darwinsjourney.helpers import (
    started as started_by,
)

A, B = 0, 1

# These tests pin the first reading (2026-11), which old records replay by.
started = functools.partial(started_by, edition=editions.FIRST_READING)


def test_crew_assignment_puts_each_cards_start_seal_on_its_worker():
    s = GAME.setup(2, 3, {"rules_edition": editions.FIRST_READING})
    seat = s.top().seat
    hand = s.p(seat).crew_hand
    choice = {"type": "assign_crew", "cards": [hand[2], hand[0], hand[1]]}
    s = act(s, seat, choice)
    p = s.p(seat)
    assert p.crew == (hand[2], hand[0], hand[1])
    assert p.seals[1] == (data.crew_cards()[hand[2]].start,)
    assert p.seals[0] == ("P",)


def test_start_of_match():
    s = started(4)
    assert s.round == 1 and s.beagle == "O1"
    for p in s.players:
        assert (p.coins, p.temp, p.ship, p.explorers[0]) == (4, 1, "O0", "IA0")
        assert len(p.reserve) == 2
    assert sorted(s.specimen_at).count("museum") == 6
    assert sum(1 for row in s.academy for c in row if c) == 12


def test_refused_placement_changes_nothing():
    s = turn_of(started(2), A)
    s = seals(s, A, 1, "Y")
    s = s.with_player(A, temp=0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, A, {"type": "place", "worker": 1, "location": "EXP1"})
    assert refused.value.code == "cannot_place_there"
    with pytest.raises(IllegalAction):
        GAME.apply(s, A, {"type": "place", "worker": 1, "location": "EXP2"})  # locked


def test_purple_seal_counts_as_any_colour():
    s = turn_of(started(2), A)
    s = s.with_player(A, temp=0)
    assert {"type": "place", "worker": 0, "location": "EXP1"} in GAME.legal_actions(
        s, A
    )


def test_lens_spot_holds_one_worker_and_rectangles_never_cost():
    s = started(2)
    s = replace(
        s, lenses=(*s.lenses, ("NAV2", B)), occupants=(("NAV2", B, 1), ("MUSEUM", B, 2))
    )
    s = turn_of(s, A)
    legal = GAME.legal_actions(s, A)
    assert not any(a.get("location") == "NAV2" for a in legal)
    coins = s.p(A).coins
    s = act(s, A, {"type": "place", "worker": 0, "location": "MUSEUM"})
    assert s.p(A).coins == coins


def test_two_player_penalty_is_three():
    s = replace(started(2), occupants=(("COR1", B, 1),))
    s = seals(s, A, 1, "R")
    s = turn_of(s.with_player(A, coins=5), A)
    s = act(s, A, {"type": "place", "worker": 1, "location": "ACA1"})
    assert s.p(A).coins == 2


def test_unlock_lens_then_its_action_ignoring_seals_and_coin_to_owner_later():
    s = started(3)
    s = s.with_player(A, coins=6)
    s = with_task(turn_of(s, A), Task("unlock", A))
    s = act(s, A, {"type": "unlock", "location": "NAV3"})
    assert s.lens_owner("NAV3") == A
    assert s.p(A).coins == 2 and s.p(A).lenses_left == 5
    assert s.top().kind == "navigate" and s.top().n == 4
    assert not s.workers_at("NAV3")
    s = act(s, A, {"type": "skip"})
    s2 = turn_of(seals(s, B, 1, "BBB"), B)
    before = s2.p(A).coins
    s2 = act(s2, B, {"type": "place", "worker": 1, "location": "NAV3"})
    assert s2.p(A).coins == before + 1


def test_navigate_crossing_a_banner_places_an_explorer():
    s = started(2)
    s = s.with_player(A, ship="O5")
    s = with_task(turn_of(s, A), Task("navigate", A, n=3))
    legal = GAME.legal_actions(s, A)
    paths = [tuple(a["path"]) for a in legal if a["type"] == "navigate"]
    assert ("O6", "O7", "O8") in paths and ("O7", "O8", "O9") in paths
    s = act(s, A, {"type": "navigate", "path": ["O7", "O8", "O9"]})
    assert s.p(A).ship == "O9"
    assert s.p(A).explorers[1] == "IB0"


def test_navigate_to_the_end_loses_extra_steps_and_scores_the_end_bonus():
    s = started(2)
    s = s.with_player(A, ship="O25", vp=0)
    s = with_task(turn_of(s, A), Task("navigate", A, n=3))
    s = act(s, A, {"type": "navigate", "path": ["O26"]})
    assert s.p(A).ship == "O26"
    assert s.p(A).vp == 3 + 3


def test_gold_movement_stop_resolves_one_passed_space():
    s = started(2)
    s = s.with_player(A, ship="O9", coins=0)
    s = with_task(turn_of(s, A), Task("navigate", A, n=2, flags=("stop",)))
    s = act(s, A, {"type": "navigate", "path": ["O10", "O11"]})
    assert s.top().kind == "stop"
    s = act(s, A, {"type": "resolve_space", "space": "O10"})
    assert s.p(A).coins == 4


def test_silver_distinction_adds_a_step():
    s = started(2)
    s = seals(s, A, 1, "BBBB")
    s = act(turn_of(s, A), A, {"type": "place", "worker": 1, "location": "NAV1"})
    assert s.top().parts == ("navigate:3",)


def test_correspondence_empties_a_stack_and_triggers_its_action():
    s = started(2)
    s = s.with_player(A, stamps=(1, 4, 4))
    s = with_task(turn_of(s, A), Task("correspondence", A, n=2))
    s = act(s, A, {"type": "stamp", "stack": 0, "envelope": 1})
    assert s.top().kind == "explore" and s.top().n == 2
    s = act(s, A, {"type": "skip"})
    assert s.top().kind == "correspondence" and s.top().ref == "1"
    assert {"type": "stamp", "stack": 1, "envelope": 0} not in GAME.legal_actions(s, A)
    s = act(s, A, {"type": "stamp", "stack": 1, "envelope": 1})
    assert s.envelope_stamps[1][A] == 2


def test_gold_correspondence_may_split():
    s = started(2)
    s = with_task(turn_of(s, A), Task("correspondence", A, n=2, flags=("split",)))
    s = act(s, A, {"type": "stamp", "stack": 1, "envelope": 0})
    assert {"type": "stamp", "stack": 1, "envelope": 2} in GAME.legal_actions(s, A)


def test_reserve_turn_order_gives_coins_once_per_round():
    s = started(3)
    coins = s.p(A).coins
    s = act(turn_of(s, A), A, {"type": "place", "worker": 0, "location": "TURN"})
    s = act(s, A, {"type": "part", "index": 0})
    assert s.p(A).coins == coins + 3
    assert s.next_order == (A,)
    s = act(turn_of(s, B), B, {"type": "place", "worker": 0, "location": "TURN"})
    s = act(s, B, {"type": "part", "index": 0})
    assert s.next_order == (A, B)


def test_take_objective_to_reserve_then_kept_on_a_slot_when_full():
    s = started(2)
    s = s.with_player(A, reserve=(1,), coins=10)
    s = with_task(turn_of(s, A), Task("objective", A))
    tile = s.display_silver[0]
    s = act(s, A, {"type": "take_objective", "source": "display_silver_0"})
    assert s.p(A).reserve == (1, tile)
    assert len(s.display_silver) == 2  # refilled at once
    s = with_task(s, Task("objective", A))
    gold = s.display_gold[0]
    s = act(s, A, {"type": "take_objective", "source": "display_gold_0"})
    assert s.top().kind == "keep"
    s = act(s, A, {"type": "keep_objective", "slot": 0})
    assert s.p(A).gold_slots[0] == -gold and s.p(A).coins == 5


def complete(s, tile, slot, seat=A):
    s = s.with_player(seat, reserve=(tile,))
    return act(
        turn_of(s, seat),
        seat,
        {"type": "complete_objective", "tile": tile, "slot": slot},
    )


def test_objective_completes_only_when_conditions_hold():
    s = started(2)
    s = s.with_player(A, reserve=(6,), research=())
    s = turn_of(s, A)
    assert not any(a["type"] == "complete_objective" for a in GAME.legal_actions(s, A))
    s = s.with_player(A, research=("G-fossil", "R-bird"))
    assert {"type": "complete_objective", "tile": 6, "slot": 4} in GAME.legal_actions(
        s, A
    )


def test_silver1_retriggers_a_tent():
    s = started(2)
    s = replace(s, campsites=(("O6", (A,)),)).with_player(
        A, research=("G-fossil", "R-bird")
    )
    s = complete(s, 6, 0)
    assert s.top().kind == "retrigger"
    s = act(s, A, {"type": "retrigger", "space": "O6"})
    assert s.top().kind == "menu" and "coins:3" in s.top().parts


def test_silver2_waives_academy_row_costs():
    s = started(2)
    s = s.with_player(A, research=("G-fossil", "R-bird"))
    s = complete(s, 6, 1)
    s = replace(s, academy=(("", "", ""), ("", "", ""), ("", "", ""), ("G", "", "")))
    s = with_task(s.with_player(A, coins=0), Task("academy", A))
    assert {"type": "buy_seal", "row": 3, "slot": 0, "worker": 1} in GAME.legal_actions(
        s, A
    )


def test_silver3_researches_a_specimen_on_my_island():
    s = started(2)
    s = put_specimen(s, "Y-bird", "IA12")
    s = s.with_player(A, research=("G-fossil", "R-bird"))
    s = complete(s, 6, 2)
    assert {"type": "research", "specimen": "Y-bird"} in GAME.legal_actions(s, A)


def test_silver4_adds_a_book():
    s = started(2)
    s = s.with_player(A, research=("G-fossil", "R-bird"), evolution=3)
    s = museum_exactly(s, set())
    before = scoring.breakdown(s, A)["evolution"]
    s = complete(s, 6, 3)
    assert scoring.breakdown(s, A)["evolution"] == before + 2


def test_gold1_unlocks_the_fifth_worker_now():
    s = started(2)
    s = s.with_player(A, research=("G-bird", "R-bird"), lenses_left=4, coins=5)
    s = complete(s, 13, 0)
    assert s.p(A).fifth_worker and s.p(A).coins == 0
    assert 4 in s.p(A).free_workers()


def test_gold2_gives_a_purple_seal_free():
    s = started(2)
    s = s.with_player(A, research=("G-bird", "R-bird"), lenses_left=4, coins=3)
    s = complete(s, 13, 1)
    assert s.top().kind == "seal" and s.top().ref == "P"
    s = act(s, A, {"type": "take_seal", "colour": "P", "worker": 2})
    assert s.p(A).seals[2][-1] == "P"


def test_both_fifth_slots_score_four_more():
    s = started(2)
    s = s.with_player(A, silver_slots=(0, 0, 0, 0, 6), gold_slots=(0, 0, 0, 0, 17))
    assert scoring.breakdown(s, A)["objectives"] == 5 + 8 + 4


def test_camping_pays_places_a_tent_and_uncovers_the_track_reward():
    s = started(2)
    s = s.with_player(A, coins=5, tents_left=4)
    s = with_task(turn_of(s, A), Task("camp", A, ref="O12"))
    s = act(s, A, {"type": "camp"})
    assert s.p(A).tents_left == 3 and s.p(A).coins == 4
    assert s.tents_at("O12") == (A,)
    assert s.top().parts == ("vp:1", "correspondence:3", "coins:2")


def test_one_tent_per_player_per_campsite():
    s = replace(started(2), campsites=(("O12", (A,)),))
    s = with_task(turn_of(s, A), Task("tent_any", A))
    assert {"type": "tent", "space": "O12"} not in GAME.legal_actions(s, A)


def test_crew_card_is_claimed_once_its_worker_has_the_seals():
    s = started(2)
    s = s.with_player(A, crew=(14, 1, 2), crew_claimed=(False, False, False), vp=0)
    s = seals(s, A, 1, "GGRBB")
    s = turn_of(s, A)
    assert {"type": "claim_crew", "worker": 1} in GAME.legal_actions(s, A)
    s = act(s, A, {"type": "claim_crew", "worker": 1})
    assert s.p(A).vp == 8 and s.p(A).crew_claimed[0]
    assert {"type": "claim_crew", "worker": 1} not in GAME.legal_actions(s, A)


def test_special_tile_convert_knowledge():
    s = started(2)
    s = with_task(turn_of(s.with_player(A, temp=1, vp=0), A), Task("convert", A, n=7))
    s = act(s, A, {"type": "convert", "into": "vp"})
    assert s.p(A).vp == 7 and s.p(A).temp == 0


def test_new_explorer_and_research_of_museum_specimens():
    s = started(2)
    s = with_task(turn_of(s, A), Task("new_explorer", A))
    s = act(s, A, {"type": "new_explorer", "island": "C"})
    assert s.p(A).explorers[2] == "IC0"
    in_museum = [
        sp
        for sp, at in zip(data.specimen_ids(), s.specimen_at, strict=True)
        if at == "museum"
    ]
    s = with_task(s, Task("museum", A))
    s = act(s, A, {"type": "research", "specimen": in_museum[0]})
    assert in_museum[0] in s.p(A).research


def test_rounds_move_the_beagle_and_the_match_ends_after_five():
    s = started(2)
    beagles = []
    while s.phase != "over":
        if s.beagle not in beagles:
            beagles.append(s.beagle)
        seat = s.top().seat
        legal = GAME.legal_actions(s, seat)
        end = [a for a in legal if a["type"] in ("end_turn", "skip")]
        place = [a for a in legal if a["type"] == "place" and a["location"] == "TURN"]
        s = act(s, seat, (end or place or legal)[0])
    assert beagles == ["O1", "O4", "O8", "O14", "O21"]
    outcome = GAME.outcome(s)
    assert outcome is not None and len(outcome.ranks) == 2


def test_ties_go_to_the_player_with_more_coins():
    s = replace(started(2), phase="over")
    s = s.with_player(A, coins=9, vp=10, temp=0).with_player(B, coins=5, vp=11, temp=0)
    out = GAME.outcome(s)
    assert out.scores == (11.0, 12.0)
    s = s.with_player(B, vp=10, coins=8)  # 10 + 1 = 11 each; A has more coins
    out = GAME.outcome(s)
    assert out.winners == (A,)


def test_solo_rival_blocks_a_spot_and_tier_is_reported():
    s = started(1)
    s = replace(s, lenses=(*s.lenses, ("EXP2", 0)))
    from ludoteca.games.darwinsjourney.flow import place_rival

    s = place_rival(replace(s, occupants=()))
    assert ("EXP2", -1, 0) in s.occupants
    s = replace(s, phase="over").with_player(0, vp=120, coins=0, temp=0)
    assert GAME.outcome(s).details["solo_tier"] == "good"


def test_other_players_reserve_objectives_stay_hidden():
    s = started(2)
    view = GAME.view(s, A)
    assert view["me"]["reserve"] == list(s.p(A).reserve)
    assert "reserve" not in view["players"][B]
    assert view["players"][B]["reserve_count"] == 2
