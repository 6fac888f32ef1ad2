"""The rulebook corrections of 2026-12 (`rules/agentavenue.md`, CORRECTED).

Each line tagged CORRECTED (rulebook) in the spec, and the test that fails
on the rule played before it:

- 1(b) agent table: the official English names, Enforcer (was Henchman) and
  Sidekick (was Assistant): test_official_english_names.
- 1(c) hand rule, PLAY 1.3, TakeBM 5, example 6: option refill_timing,
  "end" (help page, default) or "after_play" (rulebook):
  test_example_6_refill_at_the_end, test_example_6_refill_after_play,
  test_example_1_after_play_draws_before_the_pick; and the default's
  black-market rule (the active side waits for END):
  test_the_first_rules_refilled_the_active_side_after_an_instant_card.
- 1(c) team variant, refilling: test_teammates_refill_after_their_own_card.
- 1(c) team variant, discard-and-draw after the partner has played: unchanged
  in effect (already allowed): test_a_follower_may_discard_after_the_lead.
- 1(c) black-market table: only Outpost, Mind Control and Spycation are
  confirmed English names: test_official_english_names (the help pages say
  which names come from a fan build).

Records made before the corrections replay with the `edition` option's legacy
value (test_old_records.py).
"""

from __future__ import annotations

from ludoteca.engine.i18n import read_po
from ludoteca.games.agentavenue import GAME, text
from ludoteca.games.agentavenue.state import FOLLOW, LEAD, PLAY

from .helpers import act, make, names

PO = read_po(
    __import__("pathlib").Path(text.__file__).parent
    / "locale"
    / "pt_BR"
    / "LC_MESSAGES"
    / "django.po"
)


def test_official_english_names():
    assert text.AGENTS["henchman"] == "Enforcer"
    assert text.AGENTS["assistant"] == "Sidekick"
    assert PO["Enforcer"] == "Capanga" and PO["Sidekick"] == "Ajudante"
    for confirmed in ("outpost", "mind_control", "spycation"):
        assert text.BM_CARDS[confirmed] in ("Outpost", "Mind Control", "Spycation")
    assert "Henchman" not in PO and "Assistant" not in PO


def _example_6(timing=None, edition=None):
    """P1 (active, cell 4) holds Sentinel, Sentinel, Enforcer, Mole; the
    deck's top cards are Daredevil, Codebreaker; Outpost is on offer. P2 (on
    12) takes the Mole and lands on the corner 9 too, so the turn pauses for
    P2's black-market choice after P1's Outpost has resolved."""
    options = {"black_market": True}
    if timing:
        options["refill_timing"] = timing
    if edition:
        options["edition"] = edition
    state = make(
        2,
        options,
        active=0,
        phase=PLAY,
        pos=(4, 12),
        hands=(
            ["sentinel", "sentinel", "henchman", "mole"],
            ["daredevil", "codebreaker", "saboteur", "double_agent"],
        ),
        deck=["saboteur"] * 5 + ["codebreaker", "daredevil"],
        bm_supply=["outpost", "masterplan", "getaway_car"],
        bm_deck=["supercomputer", "sinister_twin"],
    )
    state = act(state, 0, type="offer", up="henchman", down="mole")
    after_offer = names(state.hands[0])
    state = act(state, 1, type="pick", take="down")  # P2 takes the Mole
    assert state.pos == (5, 9)  # both on corners
    after_outpost = act(state, 0, type="take_bm", card="outpost")
    assert GAME.active_seats(after_outpost) == frozenset({1})  # P2 chooses
    end = GAME.apply(after_outpost, 1, {"type": "take_bm", "card": "masterplan"})
    return after_offer, after_outpost, end


FINAL_HAND = {"sentinel": 1, "daredevil": 1, "codebreaker": 1, "saboteur": 1}


def test_example_6_refill_at_the_end():
    after_offer, after_outpost, end = _example_6()
    assert after_offer == {"sentinel": 2}
    assert names(after_outpost.hands[0]) == {"sentinel": 1}  # waits for END
    refills = [e.data for e in end.events if e.type == "hand_refilled"]
    assert refills == [{"seat": 0, "count": 3}]
    assert names(end.state.hands[0]) == FINAL_HAND


def test_example_6_refill_after_play():
    after_offer, after_outpost, end = _example_6("after_play")
    assert after_offer == {"sentinel": 2, "daredevil": 1, "codebreaker": 1}
    assert names(after_outpost.hands[0]) == FINAL_HAND  # drew 1 after Outpost
    assert "hand_refilled" not in [e.type for e in end.events]  # nothing at END


def test_the_first_rules_refilled_the_active_side_after_an_instant_card():
    """Records before 2026-12 (edition 2026-11): the active taker drew at once."""
    _, after_outpost, end = _example_6(edition="2026-11")
    assert names(after_outpost.hands[0]) == FINAL_HAND
    assert names(end.state.hands[0]) == FINAL_HAND


def test_example_1_after_play_draws_before_the_pick():
    for timing, drawn_at_offer in (("end", False), ("after_play", True)):
        state = make(
            2,
            {"refill_timing": timing},
            active=0,
            phase=PLAY,
            hands=(
                ["henchman", "sentinel", "mole", "saboteur"],
                ["daredevil", "codebreaker", "sentinel", "henchman"],
            ),
            deck=["saboteur"] * 6,
        )
        step = GAME.apply(
            state, 0, {"type": "offer", "up": "henchman", "down": "sentinel"}
        )
        drew = "hand_refilled" in [e.type for e in step.events]
        assert drew == drawn_at_offer
        state = act(step.state, 1, type="pick", take="up")
        assert state.pos == (0, 8)  # same result either way
        assert sum(state.hands[0]) == 4


def _four(timing):
    return make(
        4,
        {"teams": True, "refill_timing": timing},
        active=0,
        phase=LEAD,
        hands=(
            ["henchman", "sentinel", "mole", "saboteur"],
            ["daredevil", "codebreaker", "sentinel", "henchman"],
            ["sentinel", "sentinel", "double_agent", "codebreaker"],
            ["saboteur", "saboteur", "henchman", "codebreaker"],
        ),
        deck=["saboteur"] * 6,
    )


def test_teammates_refill_after_their_own_card():
    state = act(_four("after_play"), 2, type="lead", card="codebreaker")
    assert sum(state.hands[2]) == 4 and state.phase == FOLLOW
    state = act(state, 0, type="follow", card="mole")
    assert sum(state.hands[0]) == 4
    late = act(_four("end"), 2, type="lead", card="codebreaker")
    assert sum(late.hands[2]) == 3


def test_a_follower_may_discard_after_the_lead():
    state = act(_four("end"), 2, type="lead", card="codebreaker")
    assert {"type": "discard", "card": "mole"} in GAME.legal_actions(state, 0)
    state = act(state, 0, type="discard", card="mole")
    assert state.phase == FOLLOW and len(state.discards[0]) == 1
