"""Each table option changes play as the spec's ASSUMPTION says (§9)."""

from dataclasses import replace

from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.state import DISCUSSION, NIGHT, VOTING
from tests.games.mafia.helpers import alive, dead, next_night, night, note, table


def targets(state, seat):
    return [a["target"] for a in GAME.legal_actions(state, seat) if a["type"] == "act"]


def test_phase_durations_follow_options():
    s = table("GODFATHER", "MAFIOSO", night_seconds=90, voting_seconds=15)
    assert GAME.phase_seconds(s) == 90
    assert GAME.phase_seconds(replace(s, phase=VOTING)) == 15
    assert GAME.phase_seconds(replace(s, phase=DISCUSSION)) == 60


def test_night_ends_early_only_when_enabled():
    for early in (True, False):
        s = table("GODFATHER", "MAFIOSO", night_ends_early=early)
        for seat in range(7):
            s = GAME.apply(s, seat, {"type": "pass"}).state
        assert (s.phase == NIGHT) is not early


def test_a09_frame_until_investigated():
    s = table("GODFATHER", "FRAMER", "DETECTIVE", frame_duration="until_investigated")
    s = night(s, s1=(4,))
    s = night(next_night(s), s2=(4,))
    assert note(s, 2, "detective").result == "suspicious"
    s = night(next_night(s), s2=(4,))
    assert note(s, 2, "detective").result == "not_suspicious"
    s = table("GODFATHER", "FRAMER", "DETECTIVE")
    s = night(next_night(night(s, s1=(4,))), s2=(4,))
    assert note(s, 2, "detective").result == "not_suspicious"


def test_a08_detective_faction_mode():
    s = table(
        "GODFATHER", "MAFIOSO", "DETECTIVE", "SERIAL_KILLER", detective_mode="faction"
    )
    results = {}
    for t in (0, 1, 3, 4):
        results[t] = note(night(s, s2=(t,)), 2, "detective").result
    assert results == {0: "TOWN", 1: "MAFIA", 3: "NEUTRAL", 4: "TOWN"}


def test_a10_vigilante_bullets_and_night1():
    s = table("GODFATHER", "MAFIOSO", "VIGILANTE", vigilante_bullets=1)
    assert s.players[2].charges == 1
    s = table("GODFATHER", "MAFIOSO", "VIGILANTE", night=1, vigilante_night1=True)
    assert targets(s, 2)


def test_a07_no_mafia_kill_on_night1():
    s = table("GODFATHER", "MAFIOSO", night=1, mafia_kill_night1=False)
    assert targets(s, 0) == [] and targets(s, 1) == []
    assert targets(table("GODFATHER", "MAFIOSO", night=1), 0)


def test_a14_seeded_random_promotion_picks_a_member():
    picks = set()
    for seed in range(12):
        s = table(
            "GODFATHER",
            "CONSORT",
            "FRAMER",
            "BLACKMAILER",
            "VETERAN",
            promotion_pick="seeded_random",
        )
        s = replace(s, rng=seed)
        s = night(s, s4=(4,), s0=(4,))
        picks |= {i for i in (1, 2, 3) if s.players[i].role == "MAFIOSO"}
    assert picks <= {1, 2, 3} and len(picks) > 1


def test_a17_all_cultists_die_with_the_leader():
    s = table(
        "GODFATHER",
        "MAFIOSO",
        "CULT_LEADER",
        "CULT_MEMBER",
        "CULT_MEMBER",
        *["CITIZEN"] * 4,
        cult_leader_death="all_cultists_die",
    )
    s = night(s, s1=(2,))
    assert {2, 3, 4} <= dead(s)
    assert s.players[3].causes == ("CULT",)


def test_a19_conversion_cooldown():
    s = table(
        "GODFATHER",
        "MAFIOSO",
        "CULT_LEADER",
        *["CITIZEN"] * 6,
        cult_conversion_cooldown=1,
    )
    s = next_night(night(s, s2=(5,)))
    assert targets(s, 2) == []
    s = next_night(night(s))
    assert targets(s, 2)


def test_a29_roleblock_may_stop_self_protection():
    for stops in (False, True):
        s = table(
            "GODFATHER",
            "MAFIOSO",
            "SURVIVOR",
            "ESCORT",
            roleblock_stops_self_actions=stops,
        )
        s = night(s, s2=(2,), s3=(2,), s1=(2,))
        assert (2 in dead(s)) is stops


def test_a06_last_wills_can_be_switched_off():
    s = table("GODFATHER", "MAFIOSO", last_wills=False)
    assert not any(c.startswith("will:") for c in GAME.chat_channels(s, 3))
    assert "will:3" in GAME.chat_channels(table("GODFATHER", "MAFIOSO"), 3)


def test_a36_stalemate_nights():
    s = table(
        "GODFATHER",
        "MAFIOSO",
        "DOCTOR",
        "SERIAL_KILLER",
        *["CITIZEN"] * 7,
        stalemate_nights=1,
    )
    s = night(s)
    assert s.reason == "STALEMATE" and s.primary == "TOWN"
    assert alive(s) == set(range(11))
