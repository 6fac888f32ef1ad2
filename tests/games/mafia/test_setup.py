"""Rolelists and the start of a match (spec §5.1-5.2); views and chats (E90-E91)."""

from collections import Counter
from dataclasses import replace

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.rolelist import STANDARD, RolelistError, deal, validate
from ludoteca.games.mafia.roles import ROLES, faction
from ludoteca.games.mafia.state import DAY0, DEFENSE, DISCUSSION, NIGHT, OVER
from tests.games.mafia.helpers import kill, night, table


@pytest.mark.parametrize("n", sorted(STANDARD))
def test_standard_lists_deal_valid_roles(n):
    for seed in range(30):
        roles = deal(n, Rng(seed))
        validate(roles)
        count = Counter(roles)
        assert count["GODFATHER"] == count["MAFIOSO"] == 1
        assert len(roles) == n
        assert sum(1 for r in roles if faction(r) == "NK") == (1 if n >= 11 else 0)
        assert count["CULT_LEADER"] == (1 if n >= 16 else 0)
        assert count["INQUISITOR"] == (1 if n >= 17 else 0)


@pytest.mark.parametrize(
    ("roles", "message"),
    [
        (["GODFATHER", *["CITIZEN"] * 5], "7-20"),
        (["GODFATHER", *["CITIZEN"] * 20], "7-20"),
        (["GODFATHER", "GODFATHER", *["CITIZEN"] * 5], "unique"),
        (["CITIZEN"] * 7, "Godfather or a Mafioso"),
        (["GODFATHER", "INQUISITOR", *["CITIZEN"] * 5], "Cult Leader"),
        (["GODFATHER", "INFILTRATOR", "MASON", *["CITIZEN"] * 4], "2 Masons"),
        (["GODFATHER", "EXECUTIONER", *["JESTER"] * 5], "Town player"),
        (["GODFATHER", "SERIAL_KILLER", *["CITIZEN"] * 8], "neutral killer"),
        (["GODFATHER", "MINION", *["CITIZEN"] * 8], "13 players"),
        (["GODFATHER", "WIZARD", *["CITIZEN"] * 5], "unknown"),
    ],
)
def test_custom_lists_are_validated(roles, message):
    with pytest.raises(RolelistError, match=message):
        validate(roles)


def _codes(entries, n):
    try:
        GAME.setup(n, 1, {"rolelist": entries})
    except RolelistError as error:
        return error.code
    return None


TOWN6 = ["DOCTOR", "DETECTIVE", "ESCORT", "CITIZEN", "CITIZEN", "LOOKOUT"]


@pytest.mark.parametrize(
    ("entries", "players", "code"),
    [
        (["GODFATHER", *TOWN6], 8, "rolelist_length"),
        (["GODFATHER", "GODFATHER", *TOWN6[:5]], 7, "rolelist_unique"),
        (["RM", *TOWN6], 7, "rolelist_mafia_killer"),
        (["MAFIOSO", "INQUISITOR", *TOWN6[:5]], 7, "rolelist_inquisitor"),
        (["MAFIOSO", "CULT_MEMBER", *TOWN6[:5]], 7, "rolelist_cult_member"),
        (["MAFIOSO", "INFILTRATOR", "MASON", *TOWN6[:4]], 7, "rolelist_infiltrator"),
        (
            ["MAFIOSO", "EXECUTIONER", "NE", "NB", "NB", "JESTER", "RM"],
            7,
            "rolelist_executioner",
        ),
        (["MAFIOSO", "NK", *TOWN6[:5]], 7, "rolelist_neutral_killer"),
        (["MAFIOSO", "WEREWOLF", *TOWN6, "RT", "RT"], 10, "rolelist_neutral_killer"),
        (["MAFIOSO", "MINION", *TOWN6, *["RT"] * 4], 12, "rolelist_minion"),
    ],
)
def test_a_custom_list_names_the_constraint_it_breaks(entries, players, code):
    assert _codes(entries, players) == code


def test_a_town_slot_is_enough_for_the_executioner_and_slots_for_13_allow_more():
    assert (
        _codes(["MAFIOSO", "EXECUTIONER", "RT", "NE", "NB", "JESTER", "RM"], 7) is None
    )
    big = ["GODFATHER", "MINION", "NK", "WEREWOLF", *TOWN6, *["RT"] * 3]
    assert _codes(big, 13) is None


def test_unknown_entries_are_refused_by_the_option_itself():
    with pytest.raises(ValueError, match="unknown entries"):
        GAME.setup(7, 1, {"rolelist": ["GODFATHER", "WIZARD", *TOWN6[:5]]})


def test_a_list_that_cannot_be_dealt_is_refused(monkeypatch):
    from ludoteca.games.mafia import rolelist

    monkeypatch.setattr(rolelist, "_fill", lambda slots, n, rng: ["CITIZEN"] * n)
    assert _codes(["GODFATHER", "RT", *TOWN6[:5]], 7) == "rolelist_undealable"


def test_a_custom_list_is_dealt_as_given_and_shown_in_the_role_guide():
    custom = ["GODFATHER", "CONSORT", "DOCTOR", "VETERAN", "TK", "RT", "JESTER"]
    for seed in range(40):
        s = GAME.setup(7, seed, {"rolelist": custom})
        roles = Counter(p.role for p in s.players)
        assert roles["GODFATHER"] == roles["CONSORT"] == roles["JESTER"] == 1
        assert roles["VETERAN"] == 1  # the TK slot never repeats a unique role
        assert roles["DOCTOR"] >= 1
        validate([p.role for p in s.players])
        assert s.rolelist == tuple(custom)
    view = GAME.view(s, None)
    assert view["rolelist"] == custom
    guide = view["role_guide"]
    assert {"GODFATHER", "CONSORT", "VETERAN", "VIGILANTE", "ESCORT", "CITIZEN"} <= set(
        guide
    )
    assert "SERIAL_KILLER" not in guide and "MAFIOSO" not in guide


def test_the_standard_list_is_dealt_when_the_custom_list_is_empty():
    a = GAME.setup(9, 7)
    b = GAME.setup(9, 7, {"rolelist": []})
    assert a.players == b.players and a.rolelist == STANDARD[9]


def test_setup_rejects_bad_counts_and_options():
    with pytest.raises(ValueError):
        GAME.setup(6, 1)
    with pytest.raises(ValueError):
        GAME.setup(7, 1, {"night_seconds": 1})
    with pytest.raises(ValueError):
        GAME.setup(7, 1, {"detective_mode": "psychic"})


def test_start_day_zero_and_private_cards():
    s = GAME.setup(10, 5)
    assert s.phase == DAY0 and GAME.phase_seconds(s) == 20
    assert GAME.active_seats(s) == frozenset()
    for seat, p in enumerate(s.players):
        you = GAME.view(s, seat)["you"]
        assert you["role"] == p.role
        if p.role == "EXECUTIONER":
            assert faction(s.players[you["target"]].role) == "TOWN"
    s = GAME.apply(s, None, {"type": "timeout"}).state
    assert s.phase == NIGHT and s.day == 1
    assert GAME.active_seats(s) == frozenset(range(10))
    assert GAME.setup(10, 5, {"day_zero": False}).phase == NIGHT


def test_no_view_shows_another_seats_role():
    s = GAME.setup(12, 3)
    for seat in range(12):
        view = GAME.view(s, seat)
        del view["rolelist"], view["role_guide"]  # public: the possible roles
        text = str(view)
        others = {p.role for i, p in enumerate(s.players) if i != seat}
        mine = {m["role"] for m in GAME.view(s, seat)["you"].get("team", [])}
        for role in others - mine - {s.players[seat].role}:
            assert f"'{role}'" not in text
    spectator = str({**GAME.view(s, None), "rolelist": None, "role_guide": None})
    assert not any(f"'{r}'" in spectator for r in ROLES)


def test_e90_masons_see_the_infiltrator_as_one_of_them():
    s = table("GODFATHER", "MAFIOSO", "INFILTRATOR", "MASON", "MASON")
    assert s.masons == (2, 3, 4)
    mason = GAME.view(s, 3)["you"]
    assert mason["masons"] == [2, 3, 4] and "team" not in mason
    mafia = GAME.view(s, 0)["you"]
    assert {m["seat"] for m in mafia["team"]} == {0, 1, 2}
    assert GAME.chat_channels(s, 2)["masons"] == "write"
    assert GAME.chat_channels(s, 2)["mafia"] == "write"
    assert "mafia" not in GAME.chat_channels(s, 3)


def test_e91_minion_learns_the_mafia_on_night_one():
    s = table("GODFATHER", "MAFIOSO", "CONSORT", "MINION", *["CITIZEN"] * 6, night=1)
    s = night(s)
    minion = GAME.view(s, 3)["you"]
    assert [n["seats"] for n in minion["notes"] if n["kind"] == "minion_list"] == [
        [0, 1, 2]
    ]
    assert 3 not in {m["seat"] for m in GAME.view(s, 0)["you"]["team"]}
    assert "mafia" not in GAME.chat_channels(s, 3)


def test_everyone_alive_talks_on_day_zero():
    s = GAME.setup(7, 2)
    assert all(GAME.chat_channels(s, seat)["table"] == "write" for seat in range(7))
    s = GAME.apply(s, None, {"type": "timeout"}).state
    assert all(GAME.chat_channels(s, seat)["table"] == "read" for seat in range(7))


def test_chat_channels_follow_the_phases():
    s = table("GODFATHER", "MAFIOSO", "CULT_LEADER", "DOCTOR")
    assert GAME.chat_channels(s, 0)["mafia"] == "write"
    assert GAME.chat_channels(s, 2)["cult"] == "write"
    assert GAME.chat_channels(s, 3)["table"] == "read"
    assert "mafia" not in GAME.chat_channels(s, 3)
    day = replace(s, phase=DISCUSSION)
    assert GAME.chat_channels(day, 3)["table"] == "write"
    assert GAME.chat_channels(day, 0)["mafia"] == "read"
    trial = replace(s, phase=DEFENSE, accused=4)
    assert GAME.chat_channels(trial, 4)["table"] == "write"
    assert GAME.chat_channels(trial, 3)["table"] == "read"
    gone = kill(day, 3)
    assert GAME.chat_channels(gone, 3) == {
        "table": "read",
        "dead": "write",
        "will:3": "read",
    }
    assert "dead" not in GAME.chat_channels(gone, 4)
    assert GAME.chat_channels(gone, 4)["will:3"] == "read"
    assert GAME.chat_channels(gone, 4)["will:4"] == "write"
    assert GAME.chat_channels(gone, None) == {"table": "read", "will:3": "read"}


def test_cleaned_will_only_for_the_janitor():
    s = night(table("GODFATHER", "JANITOR", "DOCTOR"), s1=(4,), s0=(4,))
    assert "will:4" not in GAME.chat_channels(s, 2)
    assert GAME.chat_channels(s, 1)["will:4"] == "read"
    assert replace(s, phase=OVER).players and "will:4" in GAME.chat_channels(
        replace(s, phase=OVER), 2
    )


def test_determinize_keeps_what_the_seat_knows():
    s = GAME.setup(12, 9)
    for seat in range(12):
        world = GAME.determinize(s, seat, 77)
        assert world.players[seat].role == s.players[seat].role
        assert GAME.view(world, seat) == GAME.view(s, seat)
        for m in GAME.view(s, seat)["you"].get("team", []):
            assert world.players[m["seat"]].role == m["role"]
    # The hidden roles are redrawn from the public rolelist: swapping what a
    # seat cannot see changes nothing in its sampled world (no multiset leak).
    viewer = next(i for i, p in enumerate(s.players) if faction(p.role) == "TOWN")
    hidden = [i for i in range(12) if i != viewer]
    a, b = hidden[0], hidden[1]
    other = replace(
        s,
        players=tuple(
            replace(p, role="SURVIVOR") if i in (a, b) else p
            for i, p in enumerate(s.players)
        ),
    )
    assert GAME.determinize(s, viewer, 5) == GAME.determinize(other, viewer, 5)
    for k in range(20):
        validate([p.role for p in GAME.determinize(s, viewer, k).players])


def test_role_guide_lists_the_possible_roles():
    guide = GAME.view(GAME.setup(7, 1), None)["role_guide"]
    assert {"GODFATHER", "MAFIOSO", "DETECTIVE", "DOCTOR", "ESCORT"} <= set(guide)
    assert {"JESTER", "EXECUTIONER", "WITCH", "PLAGUE", "CITIZEN"} <= set(guide)
    assert "SERIAL_KILLER" not in guide and "CULT_LEADER" not in guide
    assert "MASON" not in guide  # a Mason pair needs two random Town slots


@pytest.mark.parametrize("n", sorted(STANDARD))
def test_the_role_guide_is_exactly_what_the_list_can_deal(n):
    dealt = set()
    for seed in range(600):
        dealt |= set(deal(n, Rng(seed)))
    guide = set(GAME.view(GAME.setup(n, 1), None)["role_guide"])
    assert dealt <= guide
    assert guide - dealt <= {"INFILTRATOR"}  # rare: a Mason pair and that RM pick


def test_phase_key_changes_with_the_phase_not_with_votes():
    s = GAME.apply(GAME.setup(7, 1), None, {"type": "timeout"}).state
    key = GAME.phase_key(s)
    s2 = GAME.apply(s, 0, {"type": "pass"}).state
    assert GAME.phase_key(s2) == key
    assert GAME.phase_key(GAME.apply(s, None, {"type": "timeout"}).state) != key


def test_blackmailed_read_only_all_day_and_dead_leave_team_chats():
    s = night(
        table("GODFATHER", "BLACKMAILER", "MASON", "MASON", "INFILTRATOR"), s1=(2,)
    )
    for phase in (DISCUSSION, "voting", "judgement"):
        day = replace(s, phase=phase)
        assert GAME.chat_channels(day, 2)["table"] == "read"
        assert GAME.chat_channels(day, 3)["table"] == "write"
    gone = replace(kill(kill(s, 2), 3), phase=NIGHT)  # both Masons dead
    assert "masons" not in GAME.chat_channels(gone, 4)
    assert GAME.chat_channels(gone, 4)["mafia"] == "write"
    dead_mafia = kill(s, 1)
    assert "mafia" not in GAME.chat_channels(dead_mafia, 1)
    assert GAME.chat_channels(dead_mafia, 1)["dead"] == "write"


def test_disguised_dead_do_not_join_the_team_in_sampled_worlds():
    """A dead Disguiser revealed as the Cult Leader: the Cult knows better."""
    s = table("GODFATHER", "DISGUISER", "CULT_LEADER", *["CITIZEN"] * 6)
    s = replace(kill(s, 1, shown="CULT_LEADER"), phase=DISCUSSION)
    for k in range(10):
        world = GAME.determinize(s, 2, k)
        assert GAME.view(world, 2) == GAME.view(s, 2)
        assert world.players[1].role != "CULT_LEADER"
    assert GAME.determinize(s, 5, 0).players[1].role == "CULT_LEADER"
