"""Mafia bots make and weigh formal claims (games/mafia/claims.py): the
Detective comes out with its results, the Town believes a claimant its own
knowledge does not contradict, the Mafia counter-claims and silences the
claimant, the Doctor guards it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludoteca.engine.protocol import Action
from ludoteca.games.mafia import GAME, bot, evidence
from ludoteca.games.mafia.state import NIGHT, Claim, Note, State
from tests.games.mafia.helpers import table
from tests.games.mafia.test_day import voting

# Seats: 0 Godfather, 1 Mafioso, 2 Detective, 3 Doctor, 4 Escort, 5 Citizen, 6 Jester.
ROLES = ("GODFATHER", "MAFIOSO", "DETECTIVE", "DOCTOR", "ESCORT", "CITIZEN", "JESTER")


def decide(state: State, seat: int) -> list[Action]:
    return bot.prune(GAME, state, seat, GAME.legal_actions(state, seat))


def told(state: State, seat: int, *notes: Note) -> State:
    all_notes = list(state.notes)
    all_notes[seat] = (*all_notes[seat], *notes)
    return replace(state, notes=tuple(all_notes))


def said(state: State, *claims: Claim) -> State:
    return replace(state, claims=(*state.claims, *claims))


def accused_by(claimant: int, target: int) -> State:
    """The voting of day 2 after `claimant` claimed the Detective and called
    `target` suspicious."""
    return said(
        voting(table(*ROLES)),
        Claim(claimant, 2, "DETECTIVE"),
        Claim(claimant, 2, "DETECTIVE", target, "suspicious"),
    )


def play(state: State, seat: int, action: dict[str, Any]) -> State:
    return GAME.apply(state, seat, action).state


def test_the_detective_comes_out_reports_every_result_then_votes() -> None:
    s = voting(table(*ROLES))
    s = told(
        s,
        2,
        Note("detective", 1, seat=1, result="suspicious"),
        Note("detective", 1, seat=4, result="not_suspicious"),
    )
    # Its first report claims the Detective with it (one action).
    assert decide(s, 2) == [{"type": "report", "target": 1, "result": "suspicious"}]
    s = play(s, 2, decide(s, 2)[0])
    assert s.claims[-2] == Claim(2, s.day, "DETECTIVE")
    s = play(s, 2, decide(s, 2)[0])
    assert s.claims[-1] == Claim(2, s.day, "DETECTIVE", 4, "not_suspicious")
    assert decide(s, 2) == [{"type": "vote", "target": 1}]


def test_a_detective_comes_out_with_a_cleared_player_too_but_not_empty_handed() -> None:
    s = voting(table(*ROLES))
    assert [a["type"] for a in decide(s, 2)] == ["vote"]
    cleared = told(s, 2, Note("detective", 1, seat=4, result="not_suspicious"))
    assert decide(cleared, 2) == [
        {"type": "report", "target": 4, "result": "not_suspicious"}
    ]


def test_a_detective_with_nothing_to_report_claims_once_a_vote_names_it() -> None:
    s = voting(table(*ROLES))
    assert [a["type"] for a in decide(s, 2)] == ["vote"]
    for voter in (4, 6):
        s = play(s, voter, {"type": "vote", "target": 2})
    assert decide(s, 2) == [{"type": "claim", "role": "DETECTIVE"}]
    before = evidence.suspicion(s, 5, plan=True)[2]
    s = play(s, 2, decide(s, 2)[0])
    # The Town believes the lone claimant, whatever the votes on it.
    after = evidence.suspicion(s, 5, plan=True)[2]
    assert after == before - 0.8 * evidence.BELIEVED_CLAIMANT < 0
    assert [a["type"] for a in decide(s, 2)] == ["vote"]


def test_with_a_godfather_in_the_list_a_cleared_player_is_only_less_suspect() -> None:
    s = told(
        voting(table(*ROLES)), 2, Note("detective", 1, seat=0, result="not_suspicious")
    )
    assert 0 not in evidence.trusted(s, 2)
    scores = evidence.suspicion(s, 2)
    assert scores[0] < min(v for t, v in scores.items() if t != 0)


def test_a_claimant_whose_death_revealed_another_role_lied() -> None:
    s = said(
        voting(table(*ROLES)),
        Claim(1, 1, "DETECTIVE"),
        Claim(1, 1, "DETECTIVE", 2, "suspicious"),
    )
    players = list(s.players)
    players[1] = replace(players[1], alive=False, died="N2", shown="MAFIOSO")
    s = replace(s, players=tuple(players))
    assert 1 in evidence.liars(s, 4)
    assert evidence.claimed_evidence(s, 4).get(2, 0.0) == 0.0


def test_a_claimant_with_more_results_than_nights_lies_to_everyone() -> None:
    """A Detective checks one player a night: on day 1 one result is all it
    can have, so a second one exposes the claimant to every seat."""
    day1 = replace(voting(table(*ROLES)), day=1)
    s = said(day1, Claim(5, 1, "DETECTIVE"), Claim(5, 1, "DETECTIVE", 1, "suspicious"))
    assert evidence.reporters(s) == [5]
    assert evidence.liars(s, 4) == set()
    assert decide(s, 4) == [{"type": "vote", "target": 1}]
    s = said(s, Claim(5, 1, "DETECTIVE", 3, "not_suspicious"))
    for seat in (2, 3, 4, 6):
        assert evidence.liars(s, seat) == {5}
        assert evidence.claimed_evidence(s, seat).get(1, 0.0) == 0.0
    # On day 2 the same two results fit two nights.
    assert evidence.liars(replace(s, day=2), 4) == set()


def test_the_town_believes_an_uncontested_claimant() -> None:
    s = accused_by(2, 1)
    for seat in (3, 4, 5):
        assert decide(s, seat) == [{"type": "vote", "target": 1}]


def test_an_accused_mafia_member_counter_claims_and_accuses_back() -> None:
    s = accused_by(2, 1)
    # Accusing the accuser back claims the Detective with it.
    assert decide(s, 1) == [{"type": "report", "target": 2, "result": "suspicious"}]
    s = play(s, 1, decide(s, 1)[0])
    assert evidence.reporters(s) == [2, 1]
    # The Town cannot tell them apart but believes the first claimant more;
    # the real Detective knows its rival lies.
    assert decide(s, 4) == [{"type": "vote", "target": 1}]
    assert evidence.liars(s, 2) == {1}
    assert decide(s, 2) == [{"type": "vote", "target": 1}]


def test_a_town_player_accused_by_a_claimant_knows_it_lies() -> None:
    s = accused_by(0, 5)
    assert evidence.liars(s, 5) == {0}
    assert decide(s, 5) == [{"type": "claim", "role": "CITIZEN"}]
    s = play(s, 5, decide(s, 5)[0])
    assert decide(s, 5) == [{"type": "vote", "target": 0}]


def test_a_revealed_death_confirms_a_claimant_and_exposes_its_rival() -> None:
    s = said(
        voting(table(*ROLES)),
        Claim(2, 1, "DETECTIVE"),
        Claim(2, 1, "DETECTIVE", 4, "not_suspicious"),
        Claim(1, 1, "DETECTIVE"),
        Claim(1, 1, "DETECTIVE", 4, "suspicious"),
    )
    players = list(s.players)
    players[4] = replace(players[4], alive=False, died="N2", shown="ESCORT")
    s = replace(s, players=tuple(players))
    assert 1 in evidence.liars(s, 5)


def night(state: State) -> State:
    return replace(state, phase=NIGHT, actions=(None,) * state.num_players)


def test_the_mafia_silences_the_claimant_and_the_doctor_guards_it() -> None:
    s = night(
        said(
            table(*ROLES),
            Claim(2, 1, "DETECTIVE"),
            Claim(2, 1, "DETECTIVE", 1, "suspicious"),
        )
    )
    assert decide(s, 0) == [{"type": "act", "target": 2}]
    assert decide(s, 1) == [{"type": "act", "target": 2}]
    assert decide(s, 3) == [{"type": "act", "target": 2}]


def test_the_claim_rules_of_thumb_read_only_what_the_seat_knows() -> None:
    """The fair-bot check (tests/bots/test_fair.py) on the claim decisions:
    in every sampled day and night with claims on the record, each seat's
    pruned choice is the same in worlds it cannot tell apart."""
    from ludoteca.engine import testkit
    from ludoteca.engine.rng import mix_seed

    spoke = healed = late = waits = bused = neutral = 0
    phases = ("discussion", "voting", "judgement", "night")
    for m in range(8):
        playout = testkit.play_random(GAME, 7, mix_seed("claims-fair", m), keep=400)
        for state in playout.states:
            if not state.claims or state.phase not in phases:
                continue
            for seat in sorted(GAME.active_seats(state)):
                kept = decide(state, seat)
                for k in range(3):
                    twin = GAME.determinize(state, seat, k)
                    assert decide(twin, seat) == kept
                role = state.players[seat].role
                spoke += kept[0]["type"] in ("claim", "report")
                healed += role == "DOCTOR" and len(kept) == 1
                # A revealed Mafia death changes what a clear is worth.
                late += evidence.clears_until(state) < evidence.EVERY_NIGHT
                waits += evidence.town_waits(state)
                # The Mafia's side: a partner on trial; the neutrals' claims.
                member = state.accused >= 0 and evidence.is_member(state, seat)
                bused += member and evidence.is_member(state, state.accused)
                neutral += role in bot.NEUTRAL_TALK and kept[0]["type"] == "report"
    assert spoke and healed and late and waits and bused and neutral


def test_easy_and_medium_neither_make_nor_weigh_claims() -> None:
    from ludoteca.bots.ismcts import IsmctsBot, Search

    tiny = Search(iterations=4, max_seconds=None, rollout_depth=10)
    # A match whose lot alone would not name the accused (seat 1).
    s = next(
        replace(accused_by(2, 1), lot=k)
        for k in range(100)
        if evidence.suspect(replace(accused_by(2, 1), lot=k, claims=()), 5) != 1
    )
    hard, medium = (
        IsmctsBot("h", tiny, level="hard"),
        IsmctsBot("m", tiny, level="medium"),
    )
    # The Citizen: hard follows the Detective claimant, medium the day's lot.
    assert hard.choose(GAME, s, 5, 1) == {"type": "vote", "target": 1}
    lot = evidence.suspect(replace(s, claims=()), 5)
    assert medium.choose(GAME, s, 5, 1) == {"type": "vote", "target": lot}
    # The Detective with a suspect: medium does not come out.
    found = told(
        voting(table(*ROLES)), 2, Note("detective", 1, seat=1, result="suspicious")
    )
    assert medium.choose(GAME, found, 2, 1)["type"] == "vote"
    assert hard.choose(GAME, found, 2, 1) == {
        "type": "report",
        "target": 1,
        "result": "suspicious",
    }


def test_two_early_votes_cannot_drag_a_hard_town_seat_off_its_pick() -> None:
    """Hard keeps to whom its grounds and the day's lot point at; medium
    follows the nominations, so the Mafia voting first steers it."""
    s = voting(table(*ROLES))
    pick = evidence.suspect(s, 5, plan=True)
    steer = next(t for t in (2, 3, 4, 6) if t != pick)
    votes = list(s.votes)
    votes[0] = votes[1] = steer
    s = replace(s, votes=tuple(votes))
    assert decide(s, 5) == [{"type": "vote", "target": pick}]
    medium = bot.decide(GAME, [s], 5, 1, "medium")
    assert medium == {"type": "vote", "target": steer}
    # Enough of the table on another player moves it too.
    for voter in [v for v in (3, 4, 6) if v != steer][:2]:
        votes[voter] = steer
    s = replace(s, votes=tuple(votes))
    assert decide(s, 5) == [{"type": "vote", "target": steer}]


def babbling(state: State, *seats: int) -> State:
    """`seats` each claimed a role today, the Detective twice over."""
    return said(
        state,
        *(Claim(s, state.day, "DETECTIVE" if s % 2 else "DOCTOR") for s in seats),
    )


def test_a_table_where_nearly_everyone_claims_babbles() -> None:
    s = voting(table(*ROLES))
    assert not evidence.babble(babbling(s, 0, 1, 3, 4))  # four of seven
    assert evidence.babble(babbling(s, 0, 1, 3, 4, 6))  # five of seven
    # Only the living count, on both sides of the two thirds.
    assert evidence.babble(dead(dead(babbling(s, 0, 1, 3, 4), 2, "N1"), 5, "N1"))
    assert not evidence.babble(dead(dead(babbling(s, 0, 1, 3, 4, 6), 6, "N1"), 4, "N1"))


def test_in_a_babbling_table_hard_hears_no_claim_and_keeps_no_plan() -> None:
    """Where nearly everyone claims, a Detective claimant's accusation is
    noise and nobody keeps to the day's lot: hard follows the nominations."""
    s = babbling(accused_by(1, 4), 0, 3, 6)
    assert not evidence.babble(s)
    assert decide(s, 5) == [{"type": "vote", "target": 4}]  # the report counts
    loud = babbling(s, 2)
    assert evidence.babble(loud)
    pick = evidence.suspect(loud, 5, plan=True)
    assert pick != 4  # the report no longer counts
    steer = next(t for t in (2, 3, 6) if t != pick)
    votes = list(loud.votes)
    votes[0] = votes[1] = steer
    steered = replace(loud, votes=tuple(votes))
    assert decide(steered, 5) == [{"type": "vote", "target": steer}]
    # The same two votes in a quiet table leave it on its pick.
    quiet = replace(voting(table(*ROLES)), votes=tuple(votes))
    assert decide(quiet, 5) == [
        {"type": "vote", "target": evidence.suspect(quiet, 5, plan=True)}
    ]
    # Its verdict no longer spares whom a claimant cleared.
    cleared = said(s, Claim(1, 2, "DETECTIVE", 3, "not_suspicious"))
    assert bot._verdict(judging(cleared, 3), 5) == "innocent"
    assert bot._verdict(judging(babbling(cleared, 2), 3), 5) == "guilty"
    # Without `hard` the verdict weighs the report as before (easy and medium
    # never see a claim: `bot.decide` plays them on a world without any).
    assert bot._verdict(judging(babbling(cleared, 2), 3), 5, hard=False) == "innocent"


def test_in_a_babbling_table_the_doctor_guards_itself() -> None:
    s = said(
        table(*ROLES),
        Claim(2, 1, "DETECTIVE"),
        Claim(2, 1, "DETECTIVE", 0, "suspicious"),
    )
    assert decide(s, 3) == [{"type": "act", "target": 2}]
    assert decide(babbling(s, 0, 1, 4, 6), 3) == [{"type": "act", "target": 3}]


def dead(state: State, seat: int, when: str) -> State:
    """`seat` died at `when` ("N2": night 2, "D1": lynched on day 1), its
    role revealed."""
    players = list(state.players)
    p = players[seat]
    players[seat] = replace(p, alive=False, died=when, shown=p.role)
    return replace(state, players=tuple(players))


def test_a_clear_rules_out_nobody_once_only_the_godfather_can_be_left() -> None:
    """The list deals no Mafia but the Godfather and the Mafioso: once a death
    revealed the Mafioso, the member left is the Godfather, who reads not
    suspicious, so the Detective's clear of seat 0 (and a claimant's report of
    it) no longer saves seat 0; before that death it does."""
    checked = Note("detective", 1, seat=0, result="not_suspicious")
    s = told(voting(table(*ROLES)), 2, checked)
    s = said(s, Claim(2, 1, "DETECTIVE"), Claim(2, 1, "DETECTIVE", 0, "not_suspicious"))
    on_trial = replace(s, accused=0)
    assert evidence.cleared(s, 2) == {0}
    assert bot._verdict(on_trial, 2) == "innocent"
    assert bot._verdict(on_trial, 3) == "innocent"  # believes the report
    gone = dead(s, 1, "D1")
    assert evidence.clears_until(gone) == 0
    assert evidence.cleared(gone, 2) == set()
    assert evidence.claimed_evidence(gone, 3).get(0, 0.0) == 0.0
    assert bot._verdict(replace(gone, accused=0), 2) == "guilty"
    assert bot._verdict(replace(gone, accused=0), 3) == "guilty"
    # Easy and medium do not count the deaths: their clear still saves.
    assert bot._verdict(replace(gone, accused=0), 2, hard=False) == "innocent"


def test_after_the_godfather_died_only_the_earlier_clears_count() -> None:
    """A revealed Godfather killed on night 2 leaves the Mafioso, promoted at
    that dawn: a check of night 2 still ruled it out, one of night 3 no
    longer does."""
    s = dead(voting(table(*ROLES)), 0, "N2")
    early = told(s, 2, Note("detective", 2, seat=5, result="not_suspicious"))
    late = told(s, 2, Note("detective", 3, seat=5, result="not_suspicious"))
    assert evidence.clears_until(s) == 2
    assert evidence.cleared(early, 2) == {5}
    assert evidence.cleared(late, 2) == set()
    # The rule reads only the list and the revealed roles: a list that may
    # deal another Mafia role keeps every clear.
    wider = replace(late, rolelist=(*late.rolelist[:-1], "RM"))
    assert evidence.clears_until(wider) == evidence.EVERY_NIGHT


def test_the_escort_stays_home_with_nothing_but_the_lot_to_go_on() -> None:
    """While both killers may live, a block by lot stops no attack: the Escort
    (seat 4) stays home. It blocks a player a claimant it believes accused,
    and, once the Mafioso's death leaves one killer, its prime suspect."""
    s = table(*ROLES)
    assert decide(s, 4) == [{"type": "pass"}]
    accused = said(
        s, Claim(2, 1, "DETECTIVE"), Claim(2, 1, "DETECTIVE", 0, "suspicious")
    )
    assert decide(accused, 4) == [{"type": "act", "target": 0}]
    alone = dead(s, 1, "N1")
    assert evidence.lone_killer(alone) and not evidence.lone_killer(s)
    target = evidence.suspect(alone, 4)
    assert decide(alone, 4) == [{"type": "act", "target": target}]
    # Easy and medium block their prime suspect every night.
    lot = evidence.suspect(s, 4, hard=False)
    legal = GAME.legal_actions(s, 4)
    assert bot._prune(s, 4, legal, hard=False) == [{"type": "act", "target": lot}]


def test_in_a_babbling_table_the_escort_keeps_blocking_through_quiet_nights() -> None:
    """With one killer left and the claims noise, a night without a death
    after its block says the Escort (seat 4) likely stopped the killer: it
    blocks the same player night after night while no one dies at night,
    though the day's lot changes, and draws again once a night brings a
    death. Easy and medium, and hard at a table that weighs its words, block
    their prime suspect as before."""
    alone = dead(table(*ROLES), 1, "D1")  # the Mafioso lynched: one killer left
    loud = babbling(alone, 0, 2, 3, 5, 6)  # five of the six living claimed
    assert evidence.lone_killer(loud) and evidence.babble(loud)
    nights = [replace(loud, day=d) for d in (2, 3, 4, 5)]
    target = decide(nights[0], 4)[0]["target"]
    for n in nights:
        assert decide(n, 4) == [{"type": "act", "target": target}]
    assert len({evidence.suspect(n, 4) for n in nights}) > 1  # not the day's lot
    # The draw is the match's own: other matches keep other players.
    other_matches = {
        decide(replace(nights[0], lot=lot), 4)[0]["target"] for lot in range(1, 40)
    }
    assert len(other_matches) > 1
    after_a_death = [
        dead(replace(loud, day=3), t, "N2") for t in (0, 2, 3, 5, 6) if t != target
    ]
    drawn = [decide(n, 4)[0]["target"] for n in after_a_death]
    for n, t in zip(after_a_death, drawn, strict=True):
        assert n.players[t].alive and decide(n, 4) == [{"type": "act", "target": t}]
    assert any(t != target for t in drawn)
    # A lynch is no night's outcome: the block stays.
    lynched = next(t for t in (2, 3, 5, 6) if t != target)
    assert decide(dead(nights[2], lynched, "D3"), 4)[0]["target"] == target
    for n in nights:
        prime = {"type": "act", "target": evidence.suspect(n, 4, hard=False)}
        assert bot._prune(n, 4, GAME.legal_actions(n, 4), hard=False) == [prime]
        heard = replace(n, claims=alone.claims)
        assert decide(heard, 4) == [
            {"type": "act", "target": evidence.suspect(heard, 4)}
        ]


def test_the_doctor_with_no_claimant_to_guard_heals_itself_once() -> None:
    s = table(*ROLES)
    assert decide(s, 3) == [{"type": "act", "target": 3}]
    players = list(s.players)
    players[3] = replace(players[3], self_uses=0)
    spent = replace(s, players=tuple(players))
    legal = GAME.legal_actions(spent, 3)
    assert decide(spent, 3) == legal  # left to the search
    # Easy and medium leave it to the search from the first night.
    first = GAME.legal_actions(s, 3)
    assert bot._prune(s, 3, first, hard=False) == first
    guarded = said(
        s, Claim(2, 1, "DETECTIVE"), Claim(2, 1, "DETECTIVE", 0, "suspicious")
    )
    assert decide(guarded, 3) == [{"type": "act", "target": 2}]


def test_the_town_holds_its_lynch_when_a_quiet_night_wins_the_count() -> None:
    """After the Citizen's death the table counts 3 Town, 2 Mafia and the
    Jester. With two quiet nights behind, a third ends the match to the
    Town, and a Town player lynched by lot would tie the count (a tie goes
    to the Mafia): a Town seat without grounds passes and acquits. One
    quiet night earlier, or with grounds, it votes and condemns."""
    s = replace(dead(voting(table(*ROLES)), 5, "N1"), quiet_nights=2)
    counts = evidence.living_sides(s)
    assert counts is not None and (counts.town, counts.mafia) == (3, 2)
    assert evidence.town_waits(s)
    assert decide(s, 2) == [{"type": "pass"}]
    assert bot._verdict(replace(s, accused=6), 2) == "innocent"
    early = replace(s, quiet_nights=1)
    assert not evidence.town_waits(early)
    assert [a["type"] for a in decide(early, 2)] == ["vote"]
    assert bot._verdict(replace(early, accused=6), 2) == "guilty"
    accused = said(
        s, Claim(2, 2, "DETECTIVE"), Claim(2, 2, "DETECTIVE", 6, "suspicious")
    )
    assert bot._verdict(replace(accused, accused=6), 3) == "guilty"
    # The Mafia does not wait, and easy and medium do not count.
    assert bot._verdict(replace(s, accused=6), 0) == "guilty"
    assert bot._verdict(replace(s, accused=6), 2, hard=False) == "guilty"
    # Four Town alive: one lynched by lot still leaves the Town the larger side.
    assert not evidence.town_waits(replace(voting(table(*ROLES)), quiet_nights=2))


def judging(state: State, accused: int) -> State:
    """The judgement of `accused` on the day of `state`'s voting."""
    return replace(voting(state), phase="judgement", accused=accused)


def test_a_mafia_member_condemns_a_partner_its_vote_cannot_save() -> None:
    """With four other judges a lone "innocent" saves nobody, and once the
    lynch shows the Mafioso it names its voter as the partner
    (`evidence.defenders`): hard condemns like the Town. Where few judges
    are left its vote may tie the count, and it saves its partner. Easy and
    medium always save it."""
    s = judging(table(*ROLES), 1)
    assert bot._verdict(s, 0) == "guilty"
    assert decide(s, 0) == [{"type": "judge", "verdict": "guilty"}]
    assert bot._verdict(s, 0, hard=False) == "innocent"
    few = judging(dead(dead(dead(table(*ROLES), 4, "N1"), 5, "D1"), 6, "N2"), 1)
    assert bot._verdict(few, 0) == "innocent"
    # Anyone else on trial: condemned, as before.
    assert bot._verdict(judging(table(*ROLES), 3), 0) == "guilty"


def test_the_mafia_aims_at_a_doctor_claimant_after_the_detective_claimant() -> None:
    """The Detective claimant first; with none alive (or only the Mafia's own
    counter-claimant), a Doctor claimant, who would guard it; else the lot."""
    s = said(table(*ROLES), Claim(2, 1, "DETECTIVE"), Claim(3, 1, "DOCTOR"))
    assert decide(s, 0) == [{"type": "act", "target": 2}]
    gone = dead(s, 2, "N1")
    assert decide(gone, 0) == [{"type": "act", "target": 3}]
    assert decide(gone, 1) == [{"type": "act", "target": 3}]
    own = said(table(*ROLES), Claim(1, 1, "DETECTIVE"), Claim(3, 1, "DOCTOR"))
    assert decide(own, 0) == [{"type": "act", "target": 3}]


def test_the_jester_lies_where_everyone_sees_it_and_acquits() -> None:
    """On day 1 the Jester (seat 6) clears two players: more results than
    nights, a liar to every seat, so the hard Town votes for it."""
    s = replace(voting(table(*ROLES)), day=1)
    for _ in range(2):
        kept = decide(s, 6)
        assert len(kept) == 1 and kept[0]["type"] == "report"
        assert kept[0]["result"] == "not_suspicious"
        s = play(s, 6, kept[0])
    assert [a["type"] for a in decide(s, 6)] != ["report"]
    for seat in (0, 2, 3, 4, 5):
        assert 6 in evidence.liars(s, seat)
    for seat in (2, 3, 4, 5):
        assert decide(s, seat) == [{"type": "vote", "target": 6}]
    # Judging anyone, it acquits (a defender of a lynched Mafia member is the
    # next day's suspect); easy and medium leave its verdict to the search.
    assert bot._verdict(judging(table(*ROLES), 1), 6) == "innocent"
    assert bot._verdict(judging(table(*ROLES), 1), 6, hard=False) == ""


def test_the_executioner_calls_its_target_suspicious_once() -> None:
    roles = (*ROLES[:6], "EXECUTIONER")
    s = voting(table(*roles))
    players = list(s.players)
    players[6] = replace(players[6], target=4)
    s = replace(s, players=tuple(players))
    assert decide(s, 6) == [{"type": "report", "target": 4, "result": "suspicious"}]
    s = play(s, 6, decide(s, 6)[0])
    assert decide(s, 6) == [{"type": "vote", "target": 4}]
    # The Town believes a lone claimant.
    assert decide(s, 5) == [{"type": "vote", "target": 4}]
