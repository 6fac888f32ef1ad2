"""The night engine (spec §6) on hand-built states: edge cases E01-E66, E85-E86."""

from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.state import set_player
from tests.games.mafia.helpers import alive, dead, kill, kinds, night, note, table


def legal_targets(state, seat):
    return [
        a.get("target") for a in GAME.legal_actions(state, seat) if a["type"] == "act"
    ]


# -- protection and attacks (E01-E16) ------------------------------------------


def test_e01_doctor_heals_mafia_target():
    s = night(table("GODFATHER", "MAFIOSO", "DOCTOR"), s1=(3,), s2=(3,))
    assert 3 in alive(s)
    assert note(s, 2, "heal_report").result == "attacked"
    assert "healed" in kinds(s, 3)


def test_e02_doctor_heals_serial_killer_target():
    s = night(
        table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "DOCTOR"), s2=(4,), s3=(4,)
    )
    assert 4 in alive(s)


def test_e03_second_self_heal_refused():
    s = table("GODFATHER", "MAFIOSO", "DOCTOR")
    assert 2 in legal_targets(s, 2)
    s = set_player(s, 2, self_uses=0)
    assert 2 not in legal_targets(s, 2)


def test_e04_werewolf_rampage_kills_visiting_doctor():
    s = night(table("GODFATHER", "MAFIOSO", "WEREWOLF", "DOCTOR"), s2=(4,), s3=(4,))
    assert 4 in alive(s) and 3 in dead(s)


def test_e05_bodyguard_takes_mafioso_attack():
    s = night(table("GODFATHER", "MAFIOSO", "BODYGUARD"), s0=(3,), s2=(3,))
    assert dead(s) == {1, 2}
    assert s.players[0].alive and s.players[3].alive


def test_e06_bodyguard_counter_kills_godfather_then_promotion():
    s = night(table("GODFATHER", "CONSORT", "BODYGUARD"), s0=(3,), s2=(3,))
    assert dead(s) == {0, 2}
    assert s.players[1].role == "MAFIOSO"


def test_e07_healed_bodyguard_survives_and_kills_serial_killer():
    s = table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "DOCTOR", "BODYGUARD")
    s = night(s, s3=(4,), s4=(5,), s2=(5,))
    assert dead(s) == {2}


def test_e08_bodyguard_intercepts_first_attack_only():
    s = table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "BODYGUARD")
    s = night(s, s0=(4,), s2=(4,), s3=(4,))
    assert dead(s) == {1, 3, 4}


def test_e09_bodyguard_and_doctor_save_the_target():
    s = table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "BODYGUARD", "CITIZEN", "DOCTOR")
    s = night(s, s0=(4,), s2=(4,), s3=(4,), s5=(4,))
    assert dead(s) == {1, 3}


def test_e10_two_bodyguards_take_one_attack_each():
    s = table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "BODYGUARD", "BODYGUARD")
    s = night(s, s0=(5,), s2=(5,), s3=(5,), s4=(5,))
    assert dead(s) == {1, 2, 3, 4}
    assert 5 in alive(s)


def test_e11_bodyguard_vest():
    s = night(table("GODFATHER", "MAFIOSO", "BODYGUARD"), s0=(2,), s2=(2,))
    assert 2 in alive(s)
    assert s.players[2].self_uses == 0


def test_e12_vigilante_cannot_kill_godfather():
    s = night(table("GODFATHER", "MAFIOSO", "VIGILANTE"), s2=(0,))
    assert 0 in alive(s)
    assert "defence_held" in kinds(s, 0)
    assert s.players[2].charges == 2


def test_e13_vigilante_guilt():
    s = night(table("GODFATHER", "MAFIOSO", "VIGILANTE"), s2=(3,))
    assert 3 in dead(s) and s.players[2].guilty
    s = night(_next(s), s2=(4,))
    assert s.players[2].causes == ("GUILT",)
    assert 4 in alive(s)


def _next(s):
    from tests.games.mafia.helpers import next_night

    return next_night(s)


def test_e14_vigilante_not_on_night1():
    s = table("GODFATHER", "MAFIOSO", "VIGILANTE", night=1)
    assert legal_targets(s, 2) == []
    assert legal_targets(table("GODFATHER", "MAFIOSO", "VIGILANTE"), 2)


def test_e15_vigilante_cannot_kill_serial_killer():
    s = night(table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "VIGILANTE"), s3=(2,))
    assert 2 in alive(s)


def test_e16_survivor_vest():
    s = night(table("GODFATHER", "MAFIOSO", "SURVIVOR"), s1=(2,), s2=(2,))
    assert 2 in alive(s) and s.players[2].charges == 3


# -- Werewolf, Escort, Veteran (E17-E31) -----------------------------------------


def test_e17_werewolf_only_on_full_moons():
    assert legal_targets(table("GODFATHER", "MAFIOSO", "WEREWOLF", night=3), 2) == []
    s = table("GODFATHER", "MAFIOSO", "WEREWOLF", night=3, werewolf_every_night=True)
    assert legal_targets(s, 2)


def test_e18_rampage_kills_target_and_visitors():
    s = table("GODFATHER", "MAFIOSO", "WEREWOLF", "DETECTIVE")
    s = night(s, s2=(4,), s3=(4,), s1=(4,))
    assert {1, 3, 4} <= dead(s)


def test_e19_werewolf_at_home_kills_escort():
    s = night(table("GODFATHER", "MAFIOSO", "WEREWOLF", "ESCORT"), s2=(2,), s3=(2,))
    assert dead(s) == {3}


def test_e20_blocked_werewolf_stays_home():
    s = night(table("GODFATHER", "CONSORT", "WEREWOLF"), s2=(4,), s1=(2,))
    assert dead(s) == {1}


def test_e21_serial_killer_attacks_blocker():
    s = night(
        table("GODFATHER", "MAFIOSO", "SERIAL_KILLER", "ESCORT"), s2=(4,), s3=(2,)
    )
    assert dead(s) == {3}


def test_e22_serial_killer_attacks_every_blocker():
    s = table("GODFATHER", "CONSORT", "SERIAL_KILLER", "ESCORT")
    s = night(s, s2=(4,), s3=(2,), s1=(2,))
    assert dead(s) == {1, 3}


def test_e23_veteran_shoots_every_visitor():
    s = table("GODFATHER", "MAFIOSO", "VETERAN", "DOCTOR", "DETECTIVE")
    s = night(s, s2=(2,), s0=(2,), s3=(2,), s4=(2,))
    assert dead(s) == {1, 3, 4}
    assert s.players[2].charges == 2


def test_e24_veteran_and_werewolf_kill_each_other():
    s = night(table("GODFATHER", "MAFIOSO", "VETERAN", "WEREWOLF"), s2=(2,), s3=(2,))
    assert {2, 3} <= dead(s)


def test_e25_escort_blocking_alerted_veteran_dies():
    s = night(table("GODFATHER", "MAFIOSO", "VETERAN", "ESCORT"), s2=(2,), s3=(2,))
    assert dead(s) == {3}
    assert "block_resisted" in kinds(s, 2)


def test_e26_no_fourth_alert():
    s = set_player(table("GODFATHER", "MAFIOSO", "VETERAN"), 2, charges=0)
    assert legal_targets(s, 2) == []


def test_e27_healed_mafioso_survives_veteran():
    s = table("GODFATHER", "MAFIOSO", "VETERAN", "DOCTOR")
    s = night(s, s2=(2,), s1=(2,), s3=(1,))
    assert 1 in alive(s)


def test_e28_godfather_kills_when_mafioso_blocked():
    s = table("GODFATHER", "MAFIOSO", "ESCORT", "LOOKOUT")
    s = night(s, s2=(1,), s0=(4,), s3=(4,))
    assert 4 in dead(s)
    assert note(s, 3, "lookout").seats == (0,)


def test_e29_blocked_godfather_order_is_void():
    s = table("GODFATHER", "MAFIOSO", "ESCORT")
    assert dead(night(s, s2=(0,), s0=(4,), s1=(5,))) == {5}
    assert dead(night(s, s2=(0,), s0=(4,))) == set()


def test_e30_consort_blocks_doctor():
    s = night(
        table("GODFATHER", "MAFIOSO", "CONSORT", "DOCTOR"), s2=(3,), s1=(4,), s3=(4,)
    )
    assert 4 in dead(s)


def test_e31_consort_cannot_block_escort():
    s = table("GODFATHER", "MAFIOSO", "CONSORT", "ESCORT")
    s = night(s, s2=(3,), s3=(1,), s0=(4,))
    assert 4 in dead(s)  # the Godfather carried it out: the Mafioso was blocked
    assert "block_resisted" in kinds(s, 3)


# -- the Witch (E32-E38) ------------------------------------------------------------


def test_e32_witch_controls_vigilante_onto_mafioso():
    s = night(table("GODFATHER", "MAFIOSO", "WITCH", "VIGILANTE"), s2=(3, 1))
    assert dead(s) == {1}
    assert s.players[3].charges == 2 and not s.players[3].guilty
    assert "controlled" in kinds(s, 3)


def test_e33_witch_controls_doctor_onto_herself():
    s = table("GODFATHER", "MAFIOSO", "WITCH", "DOCTOR", "LOOKOUT")
    s = set_player(s, 2, barrier=False)
    s = night(s, s2=(3, 2), s1=(2,), s4=(2,))
    assert 2 in alive(s)
    assert 3 in note(s, 4, "lookout").seats


def test_e34_witch_controlling_alerted_veteran_dies():
    s = night(table("GODFATHER", "MAFIOSO", "WITCH", "VETERAN"), s2=(3, 4), s3=(3,))
    assert dead(s) == {2}
    assert "controlled" not in kinds(s, 3)


def test_e35_witch_barrier_breaks_once():
    s = night(table("GODFATHER", "MAFIOSO", "WITCH"), s1=(2,))
    assert 2 in alive(s) and not s.players[2].barrier
    s = night(_next(s), s1=(2,))
    assert 2 in dead(s)


def test_e36_witch_controls_detective_onto_godfather():
    s = night(table("GODFATHER", "MAFIOSO", "WITCH", "DETECTIVE"), s2=(3, 0))
    assert note(s, 3, "detective").result == "not_suspicious"
    assert note(s, 2, "witch_learned").role == "DETECTIVE"


def test_e37_witch_controls_escort_onto_serial_killer():
    s = table("GODFATHER", "MAFIOSO", "WITCH", "ESCORT", "SERIAL_KILLER")
    s = night(s, s2=(3, 4), s4=(5,))
    assert 3 in dead(s) and 5 in alive(s)


def test_e38_escort_cannot_block_witch():
    s = table("GODFATHER", "MAFIOSO", "WITCH", "ESCORT", "VIGILANTE")
    s = night(s, s3=(2,), s2=(4, 1))
    assert 1 in dead(s)


# -- investigation and deception (E39-E49) ------------------------------------


def test_e39_framed_citizen_is_suspicious():
    s = night(table("GODFATHER", "FRAMER", "DETECTIVE"), s1=(3,), s2=(3,))
    assert note(s, 2, "detective").result == "suspicious"


def test_e40_godfather_not_suspicious_unless_framed():
    s = night(table("GODFATHER", "FRAMER", "DETECTIVE", "WITCH"), s2=(0,))
    assert note(s, 2, "detective").result == "not_suspicious"
    s = night(_next(s), s3=(1, 0), s2=(0,))  # the Witch makes the Framer frame him
    assert note(s, 2, "detective").result == "suspicious"


def test_e41_werewolf_suspicious_only_at_full_moon():
    s = night(table("GODFATHER", "MAFIOSO", "WEREWOLF", "DETECTIVE", night=1), s3=(2,))
    assert note(s, 3, "detective").result == "not_suspicious"
    s = night(_next(s), s3=(2,))
    assert note(s, 3, "detective").result == "suspicious"


def test_e42_disguise_fools_role_checks_not_the_detective():
    s = table("GODFATHER", "DISGUISER", "DETECTIVE", "DOCTOR", "WITCH", "CONSIGLIERE")
    # the Witch sends the Consigliere onto its own teammate, the Disguiser
    s = night(s, s1=(3,), s2=(1,), s4=(5, 1))
    assert note(s, 2, "detective").result == "suspicious"
    assert note(s, 5, "consigliere").role == "DOCTOR"
    assert note(s, 4, "witch_learned").role == "CONSIGLIERE"


def test_e43_disguised_disguiser_revealed_as_disguise():
    s = table("GODFATHER", "DISGUISER", "VIGILANTE", "DOCTOR")
    s = night(s, s1=(3,), s2=(1,))
    assert s.players[1].shown == "DOCTOR"


def test_e44_lookout_sees_executor_and_doctor():
    s = table("GODFATHER", "MAFIOSO", "LOOKOUT", "DOCTOR")
    s = night(s, s2=(4,), s0=(4,), s3=(4,))
    assert note(s, 2, "lookout").seats == (1, 3)


def test_e45_spy_bug_and_mafia_feed():
    s = table("GODFATHER", "MAFIOSO", "SPY", "DOCTOR")
    s = night(s, s2=(4,), s0=(4,), s3=(4,))
    assert note(s, 2, "mafia_visits").seats == (4,)
    bugged = [n.result for n in s.notes[2] if n.kind == "bugged"]
    assert "healed" in bugged


def test_e46_detective_reads_the_snapshot():
    s = table("GODFATHER", "MAFIOSO", "DETECTIVE", "CULT_LEADER")
    s = night(s, s3=(4,), s2=(4,))
    assert s.players[4].role == "CULT_MEMBER"
    assert note(s, 2, "detective").result == "not_suspicious"


def test_e47_janitor_cleans_a_kill():
    s = table("GODFATHER", "JANITOR", "GRAVEDIGGER", "DOCTOR")
    s = night(s, s1=(3,), s0=(3,))
    assert s.players[3].shown == "CLEANED"
    assert s.players[1].charges == 2
    assert note(s, 1, "cleaned").role == "DOCTOR"
    assert GAME.view(s, 5)["players"][3]["role"] == "CLEANED"
    s = night(_next(s), s2=(3,))
    assert note(s, 2, "gravedigger").role == "DOCTOR"


def test_e48_failed_clean_keeps_the_charge():
    s = table("GODFATHER", "JANITOR", "DOCTOR")
    s = night(s, s1=(3,), s0=(3,), s2=(3,))
    assert 3 in alive(s) and s.players[1].charges == 3


def test_e49_mark_does_not_clean_a_lynch():
    from tests.games.mafia.test_day import lynch_now

    s = night(table("GODFATHER", "JANITOR", "DOCTOR"), s1=(3,))
    s = lynch_now(s, 3)
    assert s.players[3].shown == "CITIZEN"


# -- promotions, the Cult, the Inquisitor (E50-E58) ---------------------------


def test_e51_consort_becomes_mafioso_minion_never():
    from ludoteca.engine.rng import Rng
    from ludoteca.games.mafia.dawn import after_deaths

    s = table("GODFATHER", "MAFIOSO", "CONSORT", "MINION")
    s = kill(kill(s, 0), 1)
    ps = list(s.players)
    after_deaths(ps, s.options, Rng(1), 2, "N", {0, 1})
    assert ps[2].role == "MAFIOSO" and ps[3].role == "MINION"


def test_e52_conversion_at_dawn():
    s = table("GODFATHER", "MAFIOSO", "CULT_LEADER")
    s = night(s, s2=(4,))
    assert s.players[4].role == "CULT_MEMBER" and s.quiet_nights == 0
    assert "converted" in kinds(s, 4)


def test_e53_conversion_immune_roles():
    for role in ("SERIAL_KILLER", "WEREWOLF", "WITCH", "MINION", "CONSORT"):
        s = night(table("GODFATHER", "MAFIOSO", "CULT_LEADER", role), s2=(3,))
        assert s.players[3].role == role
        assert "convert_failed" in kinds(s, 2)
    s = night(table("GODFATHER", "MAFIOSO", "CULT_LEADER"), s2=(0,))
    assert s.players[0].role == "GODFATHER"


def test_e54_defence_blocks_conversion():
    s = table(
        "GODFATHER", "MAFIOSO", "CULT_LEADER", "DOCTOR", "SURVIVOR", "EXECUTIONER"
    )
    assert night(s, s2=(6,), s3=(6,)).players[6].role == "CITIZEN"
    assert night(s, s2=(4,), s4=(4,)).players[4].role == "SURVIVOR"
    assert night(s, s2=(5,)).players[5].role == "EXECUTIONER"
    v = night(table("GODFATHER", "MAFIOSO", "CULT_LEADER", "VETERAN"), s2=(3,), s3=(3,))
    assert v.players[3].role == "VETERAN" and 2 in dead(v)


def test_e55_killed_target_is_not_converted():
    s = night(table("GODFATHER", "MAFIOSO", "CULT_LEADER"), s2=(4,), s1=(4,))
    assert 4 in dead(s) and s.players[4].shown == "CITIZEN"


def test_e56_blocked_cult_leader():
    s = night(table("GODFATHER", "CONSORT", "CULT_LEADER"), s1=(2,), s2=(4,))
    assert s.players[4].role == "CITIZEN"


def test_e57_cult_leader_visiting_inquisitor_dies_and_heir_leads():
    s = table("GODFATHER", "MAFIOSO", "CULT_LEADER", "INQUISITOR", "CULT_MEMBER")
    s = set_player(s, 4, cult_since=1)
    s = night(s, s2=(3,))
    assert 2 in dead(s) and s.players[4].role == "CULT_LEADER"


def test_e58_inquisitor():
    s = table("GODFATHER", "MAFIOSO", "CULT_LEADER", "INQUISITOR", "CULT_MEMBER")
    s = night(s, s3=(4,))
    assert 4 in dead(s)
    s = night(table("GODFATHER", "MAFIOSO", "CULT_LEADER", "INQUISITOR"), s3=(5,))
    assert note(s, 3, "not_cultist").seat == 5


def test_inquisitor_becomes_vigilante_without_cult():
    s = table("GODFATHER", "MAFIOSO", "CULT_LEADER", "INQUISITOR")
    s = night(s, s3=(2,))
    assert 2 in dead(s)
    assert s.players[3].role == "VIGILANTE" and s.players[3].charges == 1


# -- role changes at dawn (E59-E66) ---------------------------------------------


def test_e59_amnesiac_remembers_janitor():
    s = kill(table("GODFATHER", "MAFIOSO", "AMNESIAC", "JANITOR"), 3)
    s = night(s, s2=(3,))
    assert s.players[2].role == "JANITOR" and s.players[2].charges == 3
    assert [n.role for n in s.report if n.kind == "amnesiac"] == ["JANITOR"]


def test_e60_amnesiac_godfather_without_mafia_becomes_mafioso():
    s = table("GODFATHER", "MAFIOSO", "AMNESIAC", "SERIAL_KILLER")
    s = kill(kill(s, 0), 1)
    s = night(s, s2=(0,))
    assert s.players[2].role == "MAFIOSO"


def test_e61_amnesiac_killed_while_remembering():
    s = kill(table("GODFATHER", "MAFIOSO", "AMNESIAC", "DOCTOR"), 3)
    s = night(s, s2=(3,), s1=(2,))
    assert s.players[2].role == "AMNESIAC" and 2 in dead(s)


def test_e62_amnesiac_cannot_pick_cleaned():
    s = kill(table("GODFATHER", "MAFIOSO", "AMNESIAC", "DOCTOR"), 3, shown="CLEANED")
    assert legal_targets(s, 2) == []


def test_e63_thief_robs_serial_killer():
    s = table("GODFATHER", "MAFIOSO", "THIEF", "SERIAL_KILLER")
    s = night(s, s2=(3,), s3=(5,))
    assert 5 in dead(s)
    assert s.players[2].role == "SERIAL_KILLER" and s.players[3].role == "CITIZEN"
    assert "robbed" in kinds(s, 3)


def test_e64_blocked_thief_keeps_charge():
    s = night(table("GODFATHER", "CONSORT", "THIEF"), s1=(2,), s2=(4,))
    assert s.players[2].role == "THIEF" and s.players[2].charges == 1


def test_e65_necromancer_revives_doctor():
    s = table("GODFATHER", "MAFIOSO", "NECROMANCER", "DOCTOR")
    s = kill(s, 3)
    s = set_player(s, 3, died="D1", causes=("LYNCH",))
    s = night(s, s2=(3,))
    assert 3 in alive(s) and s.players[3].self_uses == 1
    assert [n.seat for n in s.report if n.kind == "revived"] == [3]


def test_e66_necromancer_before_amnesiac():
    s = kill(table("GODFATHER", "MAFIOSO", "NECROMANCER", "AMNESIAC", "DOCTOR"), 4)
    s = night(s, s2=(4,), s3=(4,))
    assert 4 in alive(s)
    assert s.players[3].role == "AMNESIAC" and s.players[3].charges == 1


# -- the Plague (E85-E86) ------------------------------------------------------------


def test_e85_infection_voids_heal_and_spreads():
    s = night(table("GODFATHER", "MAFIOSO", "PLAGUE", "DOCTOR", night=1), s2=(4,))
    assert s.players[4].infected
    s = night(_next(s), s1=(4,), s3=(4,))
    assert 4 in dead(s)
    assert s.players[1].infected and s.players[3].infected


def test_plague_cosmetic_option_keeps_the_heal():
    s = table("GODFATHER", "MAFIOSO", "PLAGUE", "DOCTOR", plague_effect="cosmetic")
    s = set_player(s, 4, infected=True)
    assert 4 in alive(night(s, s1=(4,), s3=(4,)))


def test_e86_blocked_plague_infects_nobody():
    s = table("GODFATHER", "CONSORT", "PLAGUE", night=1)
    s = night(s, s1=(2,), s2=(4,))
    assert not any(p.infected for p in s.players)
