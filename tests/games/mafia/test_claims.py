"""Formal claims (option ``claims``): a role claim once a day, Detective
reports once a day per player (the first claims the Detective with it),
public to every seat, refused clearly."""

from dataclasses import replace

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.state import DEFENSE, DISCUSSION, NO_VOTE, VOTING, Claim
from tests.games.mafia.helpers import table
from tests.games.mafia.test_day import vote, voting

ROLES = ("GODFATHER", "MAFIOSO", "DETECTIVE", "DOCTOR", "ESCORT", "CITIZEN", "JESTER")


def claim(state, seat, role):
    return GAME.apply(state, seat, {"type": "claim", "role": role})


def report(state, seat, target, result="suspicious"):
    action = {"type": "report", "target": target, "result": result}
    return GAME.apply(state, seat, action)


def refused(state, seat, action) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    return err.value.code


def test_a_claim_is_public_and_leaves_the_vote_as_it_was():
    s = vote(voting(table(*ROLES)), 3, 0)
    step = claim(s, 3, "DETECTIVE")
    assert [(e.type, e.data, e.to) for e in step.events] == [
        ("claimed", {"seat": 3, "role": "DETECTIVE"}, None)
    ]
    after = step.state
    assert after.votes == s.votes and after.phase == s.phase
    assert after.claims == (Claim(3, s.day, "DETECTIVE"),)
    for seat in (None, 0, 3, 6):
        assert GAME.view(after, seat)["claims"] == [
            {"seat": 3, "day": s.day, "role": "DETECTIVE"}
        ]


def test_one_role_claim_a_day_among_the_roles_the_list_may_deal():
    s = voting(table(*ROLES))
    assert refused(s, 1, {"type": "claim", "role": "WEREWOLF"}) == "unknown_claim"
    s = claim(s, 1, "DOCTOR").state
    assert refused(s, 1, {"type": "claim", "role": "ESCORT"}) == "claimed_today"
    assert not any(a["type"] == "claim" for a in GAME.legal_actions(s, 1))
    # The next day the player may claim again: a changed claim is on the record.
    s = replace(voting(s), day=s.day + 1)
    s = claim(s, 1, "ESCORT").state
    assert [c.role for c in s.claims if c.seat == 1] == ["DOCTOR", "ESCORT"]


def test_a_report_claims_the_detective_in_the_same_action():
    """The first report of a player who has not claimed the Detective claims
    it with the report: one thing said, so no vote falls between the claim
    and its news."""
    s = voting(table(*ROLES))
    step = report(s, 2, 0)
    assert [(e.type, e.data) for e in step.events] == [
        ("claimed", {"seat": 2, "role": "DETECTIVE"}),
        ("reported", {"seat": 2, "target": 0, "result": "suspicious"}),
    ]
    assert step.state.claims == (
        Claim(2, s.day, "DETECTIVE"),
        Claim(2, s.day, "DETECTIVE", 0, "suspicious"),
    )
    # The claim it made is today's: no other role claim today.
    assert refused(step.state, 2, {"type": "claim", "role": "DOCTOR"}) == (
        "claimed_today"
    )


def test_a_report_is_refused_after_another_role_was_claimed_today():
    s = claim(voting(table(*ROLES)), 2, "DOCTOR").state
    action = {"type": "report", "target": 0, "result": "suspicious"}
    assert refused(s, 2, action) == "report_needs_claim"
    assert not any(a["type"] == "report" for a in GAME.legal_actions(s, 2))
    # The next day the report claims the Detective over the Doctor.
    s = report(replace(voting(s), day=s.day + 1), 2, 0).state
    assert [c.role for c in s.claims if c.seat == 2 and c.target < 0] == [
        "DOCTOR",
        "DETECTIVE",
    ]
    # Where the list cannot deal a Detective nobody reports.
    s = voting(table("GODFATHER", "MAFIOSO", "DOCTOR", "ESCORT"))
    assert refused(s, 2, action) == "unknown_claim"
    assert not any(a["type"] == "report" for a in GAME.legal_actions(s, 2))


def test_a_report_comes_once_a_day_per_player():
    s = voting(table(*ROLES))
    action = {"type": "report", "target": 0, "result": "suspicious"}
    s = claim(s, 2, "DETECTIVE").state
    step = report(s, 2, 0)
    assert [(e.type, e.data) for e in step.events] == [
        ("reported", {"seat": 2, "target": 0, "result": "suspicious"})
    ]
    s = step.state
    assert s.claims[-1] == Claim(2, s.day, "DETECTIVE", 0, "suspicious")
    assert refused(s, 2, action) == "reported_today"
    assert refused(s, 2, {**action, "target": 2}) == "report_self"
    assert refused(s, 2, {**action, "target": 1, "result": "MAFIA"}) == "bad_report"
    s = report(s, 2, 1, "not_suspicious").state
    legal = GAME.legal_actions(s, 2)
    assert {a["target"] for a in legal if a["type"] == "report"} == {3, 4, 5, 6}


def test_a_counter_claim_stands_beside_the_first():
    s = voting(table(*ROLES))
    s = report(claim(s, 2, "DETECTIVE").state, 2, 0).state
    s = report(claim(s, 0, "DETECTIVE").state, 0, 2).state
    seen = GAME.view(s, 5)["claims"]
    assert [(c["seat"], c.get("target")) for c in seen] == [
        (2, None),
        (2, 0),
        (0, None),
        (0, 2),
    ]


def discussion(state):
    return replace(voting(state), phase=DISCUSSION)


def ready(state, seat):
    return GAME.apply(state, seat, {"type": "ready"})


def test_claims_are_made_in_the_discussion_and_the_voting_by_the_living_who_may_speak():
    s = voting(table(*ROLES))
    talk = discussion(table(*ROLES))
    assert claim(talk, 1, "DOCTOR").state.claims == (Claim(1, s.day, "DOCTOR"),)
    assert claim(s, 1, "DOCTOR").state.claims == (Claim(1, s.day, "DOCTOR"),)
    # In the defence nobody is active: the refusal says who may act.
    trial = replace(s, phase=DEFENSE, accused=4)
    assert refused(trial, 1, {"type": "claim", "role": "DOCTOR"}) == "not_your_turn"
    players = list(s.players)
    players[1] = replace(players[1], silenced_day=s.day)
    for phase in (VOTING, DISCUSSION):
        hushed = replace(s, phase=phase, players=tuple(players))
        assert refused(hushed, 1, {"type": "claim", "role": "DOCTOR"}) == (
            "silenced_claim"
        )
        assert not any(
            a["type"] in ("claim", "report") for a in GAME.legal_actions(hushed, 1)
        )
    # Silenced, the only thing a player may do in the discussion is be ready.
    hushed = replace(talk, players=tuple(players))
    assert GAME.legal_actions(hushed, 1) == [{"type": "ready"}]


def test_the_voting_opens_once_every_living_player_is_ready():
    players = list(table(*ROLES).players)
    players[6] = replace(players[6], alive=False, died="N1")
    talk = discussion(replace(table(*ROLES), players=tuple(players)))
    assert GAME.active_seats(talk) == frozenset(range(6))
    step = report(talk, 2, 0)
    talk = step.state
    for seat in range(5):
        step = ready(talk, seat)
        assert [e.type for e in step.events] == ["ready"]
        assert GAME.view(step.state, None)["players"][seat]["ready"] is True
        talk = step.state
        assert seat not in GAME.active_seats(talk)
        assert refused(talk, seat, {"type": "ready"}) == "not_your_turn"
    assert talk.phase == DISCUSSION
    step = ready(talk, 5)
    assert [e.type for e in step.events] == ["ready", "voting_opens"]
    after = step.state
    assert after.phase == VOTING
    # The votes start empty, and the report made in the discussion stands.
    assert set(after.votes) == {NO_VOTE}
    assert after.claims == talk.claims and after.claims[-1].target == 0
    assert refused(after, 3, {"type": "ready"}) == "not_discussion_time"


def test_without_claims_nobody_acts_in_the_discussion():
    talk = discussion(table(*ROLES, claims=False))
    assert GAME.active_seats(talk) == frozenset()
    assert "ready" not in GAME.view(talk, None)["players"][0]
    assert GAME.apply(talk, None, {"type": "timeout"}).state.phase == VOTING


def test_a_table_without_claims_offers_none_and_says_why():
    s = voting(table(*ROLES, claims=False))
    assert not any(a["type"] == "claim" for a in GAME.legal_actions(s, 1))
    assert refused(s, 1, {"type": "claim", "role": "DOCTOR"}) == "claims_off"


def test_claims_survive_the_json_round_trip_and_the_sampled_worlds():
    s = voting(table(*ROLES))
    s = report(claim(s, 2, "DETECTIVE").state, 2, 0).state
    assert GAME.from_json(GAME.to_json(s)) == s
    assert GAME.determinize(s, 4, 7).claims == s.claims
