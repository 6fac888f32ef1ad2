"""One test per rule of the spec (sections 1(b)-1(e), "Betting", "Final vote")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.insidejob import GAME
from ludoteca.games.insidejob.cards import Played, parse, winning_index
from ludoteca.games.insidejob.missions import base_ids, catalogue, risky_ids

from .helpers import play, table, trick, vote

FOUR = {0: ("B2", "G1"), 1: ("B3", "G2"), 2: ("B4", "G3"), 3: ("B5", "G4")}


@pytest.mark.parametrize(
    ("n", "dealt", "aside", "supply"), [(3, 14, 10, 11), (4, 12, 4, 10), (5, 10, 2, 9)]
)
def test_setup_deal_intel_and_leader(n, dealt, aside, supply):
    """1(b): H cards each, the rest set aside; 1 intel each; leader left of dealer."""
    state = GAME.setup(n, 11)
    assert [len(h) for h in state.hands] == [dealt] * n
    assert len(state.set_aside) == aside
    assert sorted(c for h in state.hands for c in h) + list(state.set_aside) != []
    assert len({c for h in state.hands for c in h} | set(state.set_aside)) == 52
    assert state.intel == (1,) * n and state.supply == supply
    assert sorted(state.roles) == ["agent"] * (n - 1) + ["insider"]
    assert state.leader == (state.dealer + 1) % n
    assert state.phase == "mission" and len(state.offered) == 2


def test_roles_and_dealer_vary_with_the_seed():
    seen = {GAME.setup(4, seed).roles.index("insider") for seed in range(30)}
    assert seen == {0, 1, 2, 3}


def test_mission_deck_is_24_plus_4_risky_with_the_option():
    assert len(base_ids()) == 24 and len(risky_ids()) == 4
    trumps = [catalogue()[m].trump for m in base_ids()]
    assert sorted(trumps.count(s) for s in range(4)) == [6, 6, 6, 6]
    plain = GAME.setup(4, 2)
    assert len(plain.mission_deck) + len(plain.offered) == 24
    risky = GAME.setup(4, 2, {"risky_missions": True})
    assert len(risky.mission_deck) + len(risky.offered) == 28


def test_leader_keeps_one_mission_the_other_leaves_unseen():
    state = GAME.setup(4, 5)
    leader, (keep, drop) = state.leader, state.offered
    others = [s for s in range(4) if s != leader]
    assert "offered" in GAME.view(state, leader)["you"]
    assert all("offered" not in GAME.view(state, s)["you"] for s in others)
    step = GAME.apply(state, leader, {"type": "choose_mission", "mission": keep})
    after = step.state
    assert after.mission == keep and after.phase == "play"
    assert GAME.view(after, None)["mission"]["id"] == keep
    assert drop not in after.mission_deck and after.discards[-1].mission == drop
    assert GAME.view(after, leader)["you"]["discarded"] == [drop]
    for s in others:
        assert drop not in str(GAME.view(after, s))
    private = [e for e in step.events if e.type == "mission_discarded"]
    assert private[0].to == (leader,)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, leader, {"type": "choose_mission", "mission": "ZZ"})
    assert err.value.code == "mission_not_offered"


def test_one_card_left_is_taken_and_none_means_no_mission():
    """1(c) ASSUMPTION: a single last mission is taken; none, the trick has none."""
    state = table(4, hands=FOUR, mission="A12", mission_deck=("D4",))
    state = trick(state, "B2", "B3", "B4", "B5")
    assert state.phase == "play" and state.mission == "D4"
    state = replace(state, mission_deck=(), mission=None)
    state = trick(state, "G4", "G1", "G2", "G3")
    assert state.tricks[-1].mission is None and state.intel[3] == 3


def test_followers_must_follow_the_led_colour_when_they_can():
    state = play(table(4, hands=FOUR), 0, "B2")
    assert [a["card"] for a in GAME.legal_actions(state, 1)] == [parse("B3")]
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "G2")
    assert err.value.code == "must_follow_suit"


def test_a_void_player_may_play_anything():
    state = table(4, hands={0: ("B2",), 1: ("G2", "R9"), 2: ("B4",), 3: ("B5",)})
    state = play(state, 0, "B2")
    assert {a["card"] for a in GAME.legal_actions(state, 1)} == {
        parse("G2"),
        parse("R9"),
    }


def test_the_insider_never_has_to_follow():
    state = play(table(4, hands=FOUR), 0, "B2")
    state = play(play(state, 1, "B3"), 2, "B4")
    assert {a["card"] for a in GAME.legal_actions(state, 3)} == {
        parse("B5"),
        parse("G4"),
    }


def test_only_the_player_in_turn_may_play():
    with pytest.raises(IllegalAction) as err:
        play(table(4, hands=FOUR), 1, "B3")
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        play(table(4, hands=FOUR), 0, "B9")
    assert err.value.code == "card_not_in_hand"


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        (["B9", "B3", "B12", "G13"], 2, 2),  # highest of the led colour
        (["B9", "Y2", "B12", "Y5"], 2, 3),  # highest trump
        (["B9", "G13", "R13", "B10"], 2, 3),  # off-colour cards cannot win
    ],
)
def test_trick_winner(cards, trump, winner):
    trick_cards = [Played(s, parse(c)) for s, c in enumerate(cards)]
    assert winning_index(trick_cards, trump) == winner


def test_wagered_card_counts_as_trump_and_ties_go_to_the_later_card():
    """Betting: a bet card is trump; equal value with a real trump, later wins."""
    cards = [
        Played(0, parse("B5")),
        Played(1, parse("G8"), True),
        Played(2, parse("R8")),
    ]
    assert winning_index(cards, 3) == 2
    cards = [
        Played(0, parse("B5")),
        Played(1, parse("R8")),
        Played(2, parse("G8"), True),
    ]
    assert winning_index(cards, 3) == 2


def test_winner_takes_the_bets_and_one_from_the_supply():
    state = table(4, hands=FOUR, intel=(1, 1, 1, 1), options={"wagers": True})
    supply = state.supply
    state = trick(state, "B2", ("B3", True), ("B4", True), "B5")
    # Both bet cards count as trump: B4 beats B3 and takes both tokens.
    assert state.intel == (1, 0, 3, 1) and state.supply == supply - 1


def test_betting_needs_the_option_and_an_intel_token():
    state = play(table(4, hands=FOUR), 0, "B2")
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "B3", wager=True)
    assert err.value.code == "wagers_off"
    state = play(
        table(4, hands=FOUR, intel=(1, 0, 1, 1), options={"wagers": True}), 0, "B2"
    )
    assert not any(a["wager"] for a in GAME.legal_actions(state, 1))
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "B3", wager=True)
    assert err.value.code == "no_intel_to_wager"


def test_completed_missions_count_failed_ones_leave():
    state = table(4, hands=FOUR, mission="D3")  # the leader's card wins? No: B5 wins
    state = trick(state, "B2", "B3", "B4", "B5")
    assert state.failed == ("D3",) and state.completed == ()
    state = table(4, hands=FOUR, mission="D4")  # the last card wins
    state = trick(state, "B2", "B3", "B4", "B5")
    assert state.completed == ("D4",)


@pytest.mark.parametrize(("n", "missions"), [(3, 9), (4, 7), (5, 6)])
def test_agents_win_on_reaching_the_mission_target(n, missions):
    hands = {s: (f"B{s + 2}",) for s in range(n)}
    state = table(n, hands=hands, mission="D4", completed=missions - 1)
    state = trick(state, *[f"B{s + 2}" for s in range(n)])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["reason"] == "missions"
    assert outcome.winners == tuple(range(n - 1))
    assert outcome.teams is not None and outcome.teams[0] == tuple(range(n - 1))
    assert outcome.scores == (1.0,) * (n - 1) + (0.0,)


@pytest.mark.parametrize(("n", "intel"), [(3, 6), (4, 5), (5, 4)])
def test_insider_wins_on_reaching_the_intel_target(n, intel):
    hands = {s: (f"B{s + 2}",) for s in range(n)}
    start = tuple(intel - 1 if s == n - 1 else 1 for s in range(n))
    state = table(n, hands=hands, mission="A12", intel=start)
    state = trick(state, *[f"B{s + 2}" for s in range(n)])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (n - 1,)
    assert outcome.ranks == (2,) * (n - 1) + (1,)


def test_vote_starts_after_the_planned_tricks_with_cards_left():
    for n, left in ((3, 2), (4, 2), (5, 1)):
        state = GAME.setup(n, 3)
        from ludoteca.engine.rng import Rng

        rng = Rng(9)
        while state.phase not in ("vote", "over"):
            seat = min(GAME.active_seats(state))
            state = GAME.apply(
                state, seat, rng.choice(GAME.legal_actions(state, seat))
            ).state
        if state.phase == "vote":
            assert all(len(h) == left for h in state.hands)


def test_vote_is_secret_until_everyone_has_voted():
    state = trick(table(4, hands=FOUR, last_trick=True), "B2", "B3", "B4", "B5")
    step = GAME.apply(state, 0, {"type": "vote", "targets": [3]})
    assert all(e.data == {"seat": 0} for e in step.events if e.type == "voted")
    state = step.state
    for seat in (1, 2, 3):
        view = GAME.view(state, seat)
        assert "ballot" not in view["you"] and view["vote"]["voted"] == [0]
        assert "[3]" not in str(view["vote"])
    assert GAME.view(state, 0)["you"]["ballot"] == [3]
    assert GAME.active_seats(state) == {1, 2, 3}
    with pytest.raises(IllegalAction):
        vote(state, 0, 2)
    with pytest.raises(IllegalAction) as err:
        vote(state, 1, 1)
    assert err.value.code == "cannot_vote_self"


def test_insider_identified_only_with_strictly_most_votes():
    state = trick(table(4, hands=FOUR, last_trick=True), "B2", "B3", "B4", "B5")
    tied = vote(vote(vote(vote(state, 0, 3), 1, 3), 2, 1), 3, 1)
    assert GAME.outcome(tied).winners == (3,)
    found = vote(vote(vote(vote(state, 0, 3), 1, 3), 2, 3), 3, 1)
    assert GAME.outcome(found).winners == (0, 1, 2)


def test_view_hides_roles_hands_and_deck():
    state = GAME.setup(4, 8)
    insider = state.roles.index("insider")
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["you"]["role"] == state.roles[seat]
        assert view["you"]["hand"] == list(state.hands[seat])
        assert "roles" not in view and "hands" not in view
        assert view["revealed"] == []
        assert view["mission_deck"] == len(state.mission_deck)
    spectator = GAME.view(state, None)
    assert "you" not in spectator and "insider" not in str(spectator)
    assert "insider" in str(GAME.view(state, insider)["you"])


def test_roles_are_shown_to_all_at_the_end():
    state = table(4, hands=FOUR, mission="D4", completed=6)
    state = trick(state, "B2", "B3", "B4", "B5")
    assert GAME.view(state, None)["result"]["roles"] == list(state.roles)


def test_determinize_respects_shown_voids():
    """A non-Insider who did not follow holds none of that colour in any world."""
    state = GAME.setup(4, 21)
    from ludoteca.engine.rng import Rng

    rng = Rng(4)
    for _ in range(25):
        seat = min(GAME.active_seats(state))
        state = GAME.apply(
            state, seat, rng.choice(GAME.legal_actions(state, seat))
        ).state
    from ludoteca.games.insidejob.determinize import shown_voids

    voids = shown_voids(state)
    for seat in range(4):
        for k in range(10):
            world = GAME.determinize(state, seat, k)
            for other in range(4):
                if world.roles[other] == "insider" or other == seat:
                    continue
                suits = {c // 13 for c in world.hands[other]}
                assert not any(voids[other] >> x & 1 for x in suits)


@pytest.mark.parametrize(
    "options",
    [
        {"wagers": True},
        {"wagers": True, "character_accomplice": True, "character_tim_shady": True},
    ],
    ids=str,
)
def test_the_fourteen_intel_tokens_are_conserved(options):
    """1(b): 14 tokens in all, between players, supply and bets on the table."""
    from ludoteca.engine.testkit import play_random

    for seed in range(6):
        playout = play_random(GAME, 4, seed, options, keep=100)
        assert playout.finished
        for state in playout.states:
            bets = sum(1 for p in state.trick if p.wager)
            assert sum(state.intel) + state.supply + bets == 14
            assert min(state.intel) >= 0
