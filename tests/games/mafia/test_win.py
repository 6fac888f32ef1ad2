"""The win check (spec §7) following the source page: tie-break, dominance,
parity, co-winners, the empty ending and the stalemate; E68-E84."""

from dataclasses import replace

from ludoteca.games.mafia.state import State, set_player
from ludoteca.games.mafia.win import check
from tests.games.mafia.helpers import table


def only(*roles: str, dead: tuple[str, ...] = (), **options) -> State:
    """A table where exactly `roles` are alive and `dead` are dead."""
    s = table(*roles, *dead, **options)
    s = replace(
        s,
        players=s.players[: len(roles) + len(dead)],
        num_players=len(roles) + len(dead),
    )
    for seat in range(len(roles), len(roles) + len(dead)):
        s = set_player(s, seat, alive=False, died="N1", shown=s.players[seat].role)
    return s


def result(state, at_dawn=True):
    r = check(state, at_dawn)
    return None if r is None else (r.primary, r.reason, set(r.winners))


def test_e72_mafioso_beats_doctor_on_tiebreak():
    assert result(only("MAFIOSO", "DOCTOR")) == ("MAFIA", "TIEBREAK", {0})


def test_e73_cult_beats_town_on_tiebreak():
    assert result(only("CULT_MEMBER", "CITIZEN")) == ("CULT", "TIEBREAK", {0})


def test_e74_neutral_blocks_mafia_parity_unless_option():
    s = only("GODFATHER", "MAFIOSO", "CITIZEN", "DOCTOR", "SURVIVOR")
    assert result(s) is None
    s = replace(s, options={**s.options, "mafia_parity_neutral_scope": "killing"})
    assert result(s) == ("MAFIA", "PARITY", {0, 1, 4})


def test_e75_cult_parity():
    s = only("CULT_LEADER", "CULT_MEMBER", "CULT_MEMBER", "MAFIOSO", "CITIZEN")
    assert result(s) == ("CULT", "PARITY", {0, 1, 2})


def test_e76_town_against_serial_killer_goes_on():
    assert result(only("CITIZEN", "CITIZEN", "DOCTOR", "SERIAL_KILLER")) is None


def test_e77_unstolen_thief_wins_tiebreak():
    s = only("THIEF", "CITIZEN", dead=("WITCH", "GODFATHER"))
    assert result(s) == ("THIEF", "TIEBREAK", {0, 2})


def test_e78_survivor_beats_unlynched_jester():
    assert result(only("SURVIVOR", "JESTER")) == ("SURVIVOR", "TIEBREAK", {0})


def test_e79_unfulfilled_executioner_is_not_ranked():
    assert result(only("EXECUTIONER", "SURVIVOR", dead=("CITIZEN",)))[:2] == (
        "SURVIVOR",
        "TIEBREAK",
    )


def test_e80_everyone_dead_is_a_draw_witch_and_plague_win():
    s = only(dead=("GODFATHER", "CITIZEN", "WITCH", "PLAGUE", "SURVIVOR"))
    assert result(s) == ("", "DRAW", {2, 3})


def test_e81_minion_does_not_count_and_co_wins():
    s = only("MAFIOSO", "MINION", "CITIZEN", dead=("GODFATHER",))
    assert result(s) == ("MAFIA", "PARITY", {0, 1, 3})


def test_e82_minion_is_not_ranked_in_tiebreak():
    s = only("MINION", "CITIZEN", dead=("GODFATHER",))
    assert result(s) == ("TOWN", "TIEBREAK", {1})


def test_e83_stalemate_goes_to_the_largest_group():
    s = only("CITIZEN", "CITIZEN", "DOCTOR", "GODFATHER", "MAFIOSO", "SERIAL_KILLER")
    assert result(s) is None
    s = replace(s, quiet_nights=3)
    assert result(s, at_dawn=False) is None  # evaluated only at dawn
    assert result(s) == ("TOWN", "STALEMATE", {0, 1, 2})


def test_stalemate_tie_goes_to_priority_or_draw():
    s = replace(only("SERIAL_KILLER", "WEREWOLF", "SURVIVOR"), quiet_nights=3)
    assert result(s) == ("WEREWOLF", "STALEMATE", {1, 2})
    s = replace(s, options={**s.options, "stalemate_tie": "draw"})
    assert result(s) == ("", "STALEMATE_DRAW", {2})


def test_e84_stalemate_counts_nights_only():
    from tests.games.mafia.helpers import next_night, night

    s = table("GODFATHER", "MAFIOSO", "DOCTOR", "SERIAL_KILLER", *["CITIZEN"] * 7)
    for _ in range(3):
        s = night(s)
        s = next_night(s)
    s = night(s)
    assert s.reason == "STALEMATE"


def test_lynch_does_not_reset_quiet_nights_unless_option():
    from tests.games.mafia.test_day import lynch_now

    s = replace(table("GODFATHER", "MAFIOSO", *["CITIZEN"] * 6), quiet_nights=2)
    assert lynch_now(s, 5).quiet_nights == 2
    s = replace(s, options={**s.options, "stalemate_reset_on_day_death": True})
    assert lynch_now(s, 5).quiet_nights == 0


def test_dominance_each_faction():
    assert result(only("CITIZEN", "DOCTOR", "JESTER", "WITCH"))[:2] == (
        "TOWN",
        "DOMINANCE",
    )
    assert result(only("GODFATHER", "MAFIOSO", "CONSORT"))[:2] == ("MAFIA", "DOMINANCE")
    assert result(only("CULT_LEADER", "CULT_MEMBER", "SURVIVOR"))[:2] == (
        "CULT",
        "DOMINANCE",
    )
    sk = only("SERIAL_KILLER", "SERIAL_KILLER", "SURVIVOR", dead=("SERIAL_KILLER",))
    assert result(sk) == ("SERIAL_KILLER", "DOMINANCE", {0, 1, 2, 3})
    ww = only("WEREWOLF", "JESTER", "WITCH")
    assert result(ww) == ("WEREWOLF", "DOMINANCE", {0, 2})


def test_dead_killers_share_only_with_option():
    s = only("SERIAL_KILLER", "SURVIVOR", "JESTER", dead=("SERIAL_KILLER",))
    s = replace(s, options={**s.options, "nk_dead_share_win": False})
    assert result(s) == ("SERIAL_KILLER", "DOMINANCE", {0, 1})


def test_town_wins_witch_loses_and_e71_survivors():
    s = only("CITIZEN", "DOCTOR", "SURVIVOR", dead=("GODFATHER", "WITCH", "SURVIVOR"))
    assert result(s) == ("TOWN", "DOMINANCE", {0, 1, 2})


def test_e70_mafia_wins_with_dead_witch():
    s = only("GODFATHER", "MAFIOSO", "CONSORT", dead=("WITCH", "CITIZEN"))
    assert result(s) == ("MAFIA", "DOMINANCE", {0, 1, 2, 3})
    s = replace(s, options={**s.options, "witch_plague_need_alive": True})
    assert result(s) == ("MAFIA", "DOMINANCE", {0, 1, 2})


def test_e68_fulfilled_executioner_co_wins_dead():
    s = only("GODFATHER", "MAFIOSO", "CONSORT", dead=("EXECUTIONER", "CITIZEN"))
    s = set_player(s, 3, target_lynched=True)
    assert result(s) == ("MAFIA", "DOMINANCE", {0, 1, 2, 3})


def test_lynched_jester_co_wins():
    s = only("CITIZEN", "DOCTOR", "ESCORT", dead=("JESTER", "GODFATHER"))
    s = set_player(s, 3, jester_won=True)
    assert result(s) == ("TOWN", "DOMINANCE", {0, 1, 2, 3})


def test_only_benign_neutrals_left():
    s = only("SURVIVOR", "POLITICIAN", "AMNESIAC", dead=("GODFATHER", "CITIZEN"))
    assert result(s) == ("", "NO_FACTION_LEFT", {0, 1, 2})
    s = replace(s, options={**s.options, "amnesiac_wins_unremembered": False})
    assert result(s) == ("", "NO_FACTION_LEFT", {0, 1})


def test_tiebreak_order_option():
    s = only("MAFIOSO", "CITIZEN", dead=("SERIAL_KILLER",))
    assert result(s)[:2] == ("MAFIA", "TIEBREAK")
    s = replace(s, options={**s.options, "tiebreak_first": False})
    assert result(s)[:2] == ("MAFIA", "PARITY")


def test_werewolf_outranks_everyone_in_tiebreak():
    assert result(only("WEREWOLF", "GODFATHER"))[:2] == ("WEREWOLF", "TIEBREAK")
    assert result(only("SERIAL_KILLER", "CULT_LEADER"))[:2] == (
        "SERIAL_KILLER",
        "TIEBREAK",
    )
