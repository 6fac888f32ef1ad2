"""The worked examples of the spec, section (j)."""

import functools
from dataclasses import replace

import pytest

from ludoteca.games.darwinsjourney import GAME, editions, scoring
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

GREEN, RED, BLUE = 0, 1, 2

# These tests pin the first reading (2026-11), which old records replay by.
started = functools.partial(started_by, edition=editions.FIRST_READING)


def e1_state(gold3: bool = False):
    s = started(3)
    s = replace(s, lenses=(*s.lenses, ("EXP2", GREEN)), occupants=(("NAV1", RED, 1),))
    s = s.with_player(BLUE, coins=5, temp=1)
    s = seals(s, BLUE, 2, "GY")
    if gold3:
        s = s.with_player(BLUE, gold_slots=(0, 0, 16, 0, 0))
    green_coins = s.p(GREEN).coins
    return turn_of(s, BLUE), green_coins


def test_e1_penalty_lens_coin_and_temporary_knowledge():
    s, green_coins = e1_state()
    s = act(s, BLUE, {"type": "place", "worker": 2, "location": "EXP2"})
    assert s.p(BLUE).coins == 3
    assert s.p(BLUE).temp == 0
    assert s.p(GREEN).coins == green_coins + 1
    assert s.top().kind == "menu" and s.top().parts == ("explore:3",)


def test_e1_gold3_reduces_the_penalty_to_one():
    s, _ = e1_state(gold3=True)
    s = act(s, BLUE, {"type": "place", "worker": 2, "location": "EXP2"})
    assert s.p(BLUE).coins == 4


def test_e2_exploration_skips_occupied_spaces_and_scores_ribbons():
    s = started(3)
    explorers = lambda here: (here, "", "")  # noqa: E731
    s = s.with_player(BLUE, explorers=explorers("IA3"))
    s = s.with_player(GREEN, explorers=explorers("IA4"))
    s = s.with_player(RED, explorers=explorers("IA5"))
    s = put_specimen(s, "B-plant", "IA9")
    vp, coins = s.p(BLUE).vp, s.p(BLUE).coins
    s = with_task(turn_of(s, BLUE), Task("explore", BLUE, n=2))
    legal = GAME.legal_actions(s, BLUE)
    choice = {"type": "explore", "island": "A", "path": ["IA4", "IA8", "IA9"]}
    assert choice in legal
    s = act(s, BLUE, choice)
    assert s.p(BLUE).explorers[0] == "IA9"
    assert s.p(BLUE).vp == vp + 3
    assert "B-plant" in s.p(BLUE).research
    assert s.p(BLUE).coins == coins  # IA8 was only passed


def test_e3_museum_delivery():
    s = started(3)
    s = museum_exactly(s, {"G-reptile", "B-reptile", "R-plant", "R-bird", "Y-fossil"})
    s = put_specimen(s, "B-plant", "IA5")
    s = s.with_player(BLUE, research=("B-plant",), coins=0, evolution=0)
    s = with_task(turn_of(s, BLUE), Task("museum", BLUE))
    s = act(s, BLUE, {"type": "deliver", "specimen": "B-plant"})
    assert s.p(BLUE).coins == 5
    assert s.p(BLUE).evolution == 2
    assert s.specimen_location("B-plant") == "museum"
    assert "IA5" not in s.specimen_at
    assert s.row_coin_taken[1]


def test_e3_completing_a_row_advances_evolution_one_more_space():
    s = started(3)
    s = museum_exactly(s, {"B-reptile", "B-bird", "B-fossil"})
    s = put_specimen(s, "B-plant", "IA5")
    s = s.with_player(BLUE, research=("B-plant",), coins=0, evolution=0)
    s = with_task(turn_of(s, BLUE), Task("museum", BLUE))
    s = act(s, BLUE, {"type": "deliver", "specimen": "B-plant"})
    # Row: 3 occupied (3 steps), column: 0 occupied, 3 empty (3 coins) + row coin.
    assert s.p(BLUE).evolution == 3 + 1
    assert s.p(BLUE).coins == 3 + 1
    assert scoring.completed_rows(s) == 1


def e4_state(silver2: bool = False):
    s = started(3)
    s = replace(
        s, academy=(("R", "G", "B"), ("Y", "R", "G"), ("B", "B", "Y"), ("", "", ""))
    )
    s = s.with_player(RED, coins=7)
    s = seals(s, RED, 1, "RRGB")
    s = seals(s, RED, 3, "Y")
    if silver2:
        s = s.with_player(RED, silver_slots=(0, 5, 0, 0, 0))
    return turn_of(s, RED)


@pytest.mark.parametrize(("silver2", "left"), [(False, 3), (True, 5)])
def test_e4_academy_purchase_with_the_silver_extra_seal(silver2, left):
    s = e4_state(silver2)
    s = act(s, RED, {"type": "place", "worker": 1, "location": "ACA1"})
    assert s.top().parts == ("academy:0", "academy:0")
    s = act(s, RED, {"type": "part", "index": 0})
    s = act(s, RED, {"type": "buy_seal", "row": 2, "slot": 2, "worker": 3})
    s = act(s, RED, {"type": "part", "index": 0})
    s = act(s, RED, {"type": "buy_seal", "row": 0, "slot": 0, "worker": 1})
    assert s.p(RED).coins == left
    assert len(s.p(RED).seals[1]) == 5
    assert s.p(RED).seals[3] == ("Y", "Y")
    assert scoring.breakdown(s, RED)["workers"] == 3


def test_e5_beagle_goal_delay_and_envelope_tie():
    s = started(3)
    s = replace(s, round=3, beagle="O8", goals=(1, 2, 3, 4, 5), envelopes=(2, 7, 3))
    s = seals(s, BLUE, 1, "GGG")
    s = s.with_player(BLUE, ship="O5", vp=0)
    s = s.with_player(GREEN, ship="O1", vp=20, gold_slots=(0, 0, 0, 14, 0))
    s, gained, lost = scoring.score_beagle_goal(s, BLUE)
    assert (gained, lost) == (12, 2)
    assert s.p(BLUE).vp == 10
    assert scoring.beagle_delay(s, s.p(GREEN)) == 2
    stamps = ((0, 0, 0),) * 3
    s = replace(s, envelope_stamps=((3, 1, 3), *stamps[1:]))
    assert scoring.envelope_winners(s, 0) == ([GREEN, BLUE], [])


def test_e5_end_game_evolution_coins_and_knowledge():
    s = started(3)
    full_rows = {
        f"{c}-{k}" for c in "GR" for k in ("reptile", "plant", "bird", "fossil")
    }
    s = museum_exactly(s, full_rows)
    s = s.with_player(
        BLUE, evolution=16, silver_slots=(0, 0, 0, 12, 0), coins=13, temp=2, vp=0
    )
    s = seals(s, BLUE, 1, "GGGGGG")
    b = scoring.breakdown(s, BLUE)
    assert b["evolution"] == 40
    assert b["coins"] == 2 and b["knowledge"] == 2
    assert b["workers"] == 10
    assert b["objectives"] == 2
