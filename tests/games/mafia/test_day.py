"""The day (spec §5.4): votes, trials, judgement, lynch processing; E49-E50,
E67-E69, E87-E89."""

from dataclasses import replace

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.protocol import TIMEOUT
from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.state import (
    DEFENSE,
    JUDGEMENT,
    LAST_WORDS,
    NIGHT,
    NO_VOTE,
    VOTING,
    State,
)
from tests.games.mafia.helpers import table

T = dict(TIMEOUT)


def voting(state: State) -> State:
    n = state.num_players
    return replace(
        state,
        phase=VOTING,
        day=max(state.day, 1),
        votes=(NO_VOTE,) * n,
        verdicts=("",) * n,
        accused=-1,
        acquittals=0,
    )


def vote(state, voter, target):
    return GAME.apply(state, voter, {"type": "vote", "target": target}).state


def judge(state, seat, verdict):
    return GAME.apply(state, seat, {"type": "judge", "verdict": verdict}).state


def lynch_now(state: State, seat: int) -> State:
    """Put `seat` on trial by fiat, judge guilty and run the last words."""
    s = replace(voting(state), phase=LAST_WORDS, accused=seat)
    return GAME.apply(s, None, T).state


def test_trial_threshold_and_judgement_flow():
    s = voting(table("GODFATHER", "MAFIOSO", "DOCTOR", "DETECTIVE", "ESCORT"))
    assert GAME.view(s, 0)["threshold"] == 4
    for voter in (0, 1, 2):
        s = vote(s, voter, 6)
    assert s.phase == VOTING
    s = vote(s, 3, 6)
    assert s.phase == DEFENSE and s.accused == 6
    s = GAME.apply(s, None, T).state
    assert s.phase == JUDGEMENT and 6 not in GAME.active_seats(s)
    for seat in range(6):
        s = judge(s, seat, "guilty" if seat < 4 else "innocent")
    assert s.phase == LAST_WORDS
    assert list(s.last_verdicts) == ["guilty"] * 4 + ["innocent"] * 2 + [""]
    s = GAME.apply(s, None, T).state
    assert not s.players[6].alive and s.players[6].causes == ("LYNCH",)
    assert s.phase == NIGHT


def test_e89_tie_acquits_and_voting_resumes():
    s = replace(voting(table("GODFATHER", "MAFIOSO")), phase=JUDGEMENT, accused=6)
    s = judge(s, 0, "guilty")
    s = judge(s, 1, "innocent")
    for seat in (2, 3, 4, 5):
        s = judge(s, seat, "abstain")
    assert s.phase == VOTING and s.players[6].alive and s.acquittals == 1


def test_three_acquittals_end_the_day():
    s = replace(voting(table("GODFATHER", "MAFIOSO")), phase=JUDGEMENT, accused=6)
    s = replace(s, acquittals=2)
    s = GAME.apply(s, None, T).state  # everyone abstains by default
    assert s.phase == NIGHT


def test_voting_ends_when_everyone_passed():
    s = voting(table("GODFATHER", "MAFIOSO"))
    for seat in range(7):
        s = GAME.apply(s, seat, {"type": "pass"}).state
    assert s.phase == NIGHT and s.day == 3  # the table helper starts on day 2


def test_e88_politician_vote_counts_two():
    s = table("GODFATHER", "MAFIOSO", "POLITICIAN", *["CITIZEN"] * 6)
    s = voting(s)
    assert GAME.view(s, 0)["threshold"] == 5
    for voter in (0, 1, 2):
        s = vote(s, voter, 8)
    assert s.phase == VOTING
    s = vote(s, 3, 8)
    assert s.phase == DEFENSE and s.accused == 8


def test_cannot_vote_for_self_or_the_dead():
    s = voting(table("GODFATHER", "MAFIOSO"))
    for target, code in ((0, "cannot_vote_self"), (9, "no_such_seat")):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(s, 0, {"type": "vote", "target": target})
        assert refused.value.code == code
    s = replace(
        s, players=(s.players[0], replace(s.players[1], alive=False), *s.players[2:])
    )
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, {"type": "vote", "target": 1})
    assert refused.value.code == "target_dead"


def test_e50_godfather_lynched_mafioso_promoted_at_once():
    s = lynch_now(table("GODFATHER", "MAFIOSO", "DOCTOR"), 0)
    assert s.players[1].role == "GODFATHER"


def test_e67_jester_lynched_wins_game_goes_on():
    s = lynch_now(table("GODFATHER", "MAFIOSO", "JESTER"), 2)
    assert s.players[2].jester_won and s.phase == NIGHT


def test_jester_haunt_option():
    s = table("GODFATHER", "MAFIOSO", "JESTER", jester_haunt=True)
    s = replace(voting(s), phase=JUDGEMENT, accused=2)
    for seat in (0, 1, 3, 4, 5, 6):
        s = judge(s, seat, "guilty" if seat != 3 else "innocent")
    s = GAME.apply(s, None, T).state
    assert s.haunter == 2 and 3 not in s.haunt and 4 in s.haunt
    assert 2 in GAME.active_seats(s)
    s = GAME.apply(s, 2, {"type": "act", "target": 4}).state
    s = GAME.apply(s, None, T).state
    assert s.players[4].causes == ("JESTER",)


def test_e68_executioner_target_lynched():
    s = table("GODFATHER", "MAFIOSO", "EXECUTIONER")
    target = s.players[2].target
    s = lynch_now(s, target)
    assert s.players[2].target_lynched


def test_e69_executioner_becomes_jester_when_target_killed_at_night():
    from tests.games.mafia.helpers import night

    s = table("GODFATHER", "MAFIOSO", "EXECUTIONER")
    target = s.players[2].target
    s = night(s, s1=(target,))
    assert s.players[2].role == "JESTER"


def test_e87_blackmailed_accused_is_silent_but_votes():
    from tests.games.mafia.helpers import night

    s = night(table("GODFATHER", "BLACKMAILER"), s1=(3,))
    assert s.players[3].silenced_day == s.day
    s = replace(voting(s), day=s.day, phase=DEFENSE, accused=3)
    assert GAME.chat_channels(s, 3)["table"] == "read"
    s = replace(s, phase=JUDGEMENT, accused=4)
    assert GAME.legal_actions(s, 3)
    assert GAME.view(s, 3)["you"]["silenced"]


def test_e43_disguiser_lynched_next_day_shows_the_disguise():
    from tests.games.mafia.helpers import night

    s = night(table("GODFATHER", "DISGUISER", "DOCTOR"), s1=(2,))
    s = lynch_now(s, 1)
    assert s.players[1].shown == "DOCTOR"


def test_lynch_ends_the_match_when_it_decides_it():
    s = table("GODFATHER", "MAFIOSO", "DOCTOR")
    s = replace(s, players=s.players[:3], num_players=3)
    s = replace(
        s,
        actions=(None,) * 3,
        votes=(NO_VOTE,) * 3,
        verdicts=("",) * 3,
        last_verdicts=("",) * 3,
        notes=((),) * 3,
    )
    s = lynch_now(s, 0)  # two left: Mafioso and Doctor, the tie-break gives Mafia
    assert s.phase == "over" and s.reason == "TIEBREAK"
    assert GAME.outcome(s).winners == (0, 1)


def _acquitted(**options):
    s = voting(table("GODFATHER", "MAFIOSO", **options))
    before = GAME.phase_key(s)
    for voter in range(4):
        s = vote(s, voter, 6)
    assert s.phase == DEFENSE and GAME.phase_key(s) != before
    s = GAME.apply(s, None, T).state  # the defence ends
    s = GAME.apply(s, None, T).state  # everyone abstains: acquitted
    assert s.phase == VOTING and s.acquittals == 1
    return before, s


def test_voting_after_an_acquittal_resumes_the_same_timed_phase():
    """§5.4: the voting clock stops during a trial and goes on afterwards, so
    the voting keeps its key and the platform resumes its time left."""
    before, s = _acquitted()
    assert GAME.phase_key(s) == before
    assert GAME.view(s, None)["acquittals"] == 1


def test_voting_after_an_acquittal_may_restart_in_full():
    before, s = _acquitted(voting_after_acquittal="restart")
    assert GAME.phase_key(s) != before
