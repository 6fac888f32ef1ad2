"""Rolelists by player count, slot pools, validation and dealing (spec §5.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ludoteca.engine.errors import OptionError
from ludoteca.engine.rng import Rng
from ludoteca.games.mafia.roles import ROLES

MIN_PLAYERS, MAX_PLAYERS = 7, 20

POOLS: dict[str, tuple[str, ...]] = {
    "RT": (
        "DETECTIVE",
        "SPY",
        "LOOKOUT",
        "GRAVEDIGGER",
        "DOCTOR",
        "BODYGUARD",
        "VIGILANTE",
        "VETERAN",
        "ESCORT",
        "CITIZEN",
    ),
    "TI": ("DETECTIVE", "SPY", "LOOKOUT", "GRAVEDIGGER"),
    "TP": ("DOCTOR", "BODYGUARD"),
    "TK": ("VIGILANTE", "VETERAN"),
    "RM": (
        "CONSORT",
        "FRAMER",
        "BLACKMAILER",
        "DISGUISER",
        "CONSIGLIERE",
        "JANITOR",
        "MINION",
        "INFILTRATOR",
    ),
    "NE": ("JESTER", "EXECUTIONER", "WITCH", "PLAGUE"),
    "NB": ("SURVIVOR", "POLITICIAN", "AMNESIAC", "NECROMANCER", "THIEF"),
    "NK": ("SERIAL_KILLER", "WEREWOLF"),
}

_TOWN7 = ("DETECTIVE", "DOCTOR", "ESCORT")
_MAFIA = ("GODFATHER", "MAFIOSO")


def _list(
    mafia: int, town: tuple[str, ...], neutral: tuple[str, ...], cult: bool
) -> tuple[str, ...]:
    return (
        *_MAFIA,
        *("RM",) * mafia,
        *_TOWN7,
        *town,
        *neutral,
        *(("CULT_LEADER",) if cult else ()),
    )


_T12 = ("TK", "TI", "TP", "RT")
_T15 = (*_T12, "RT")
_T17 = (*_T15, "INQUISITOR")

STANDARD: dict[int, tuple[str, ...]] = {
    7: _list(0, ("RT",), ("NE",), False),
    8: _list(0, ("TK", "RT"), ("NE",), False),
    9: _list(1, ("TK", "RT"), ("NE",), False),
    10: _list(1, ("TK", "TI", "RT"), ("NE",), False),
    11: _list(1, ("TK", "TI", "RT"), ("NE", "NK"), False),
    12: _list(1, _T12, ("NE", "NK"), False),
    13: _list(2, _T12, ("NE", "NK"), False),
    14: _list(2, _T12, ("NE", "NK", "NB"), False),
    15: _list(2, _T15, ("NE", "NK", "NB"), False),
    16: _list(2, _T15, ("NE", "NK", "NB"), True),
    17: _list(2, _T17, ("NE", "NK", "NB"), True),
    18: _list(3, _T17, ("NE", "NK", "NB"), True),
    19: _list(3, (*_T17, "RT"), ("NE", "NK", "NB"), True),
    20: _list(3, (*_T17, "RT"), ("NE", "NK", "NB", "NB"), True),
}


SLOTS: tuple[str, ...] = tuple(POOLS)
ENTRIES: tuple[str, ...] = (*ROLES, *SLOTS)
"""What a host's custom list may hold: roles and random slots."""

TOWN_SLOTS = frozenset({"RT", "TI", "TP", "TK"})


class RolelistError(OptionError):
    """A rolelist that breaks a constraint of §5.1; `code` names which."""


def validate(roles: Sequence[str]) -> None:
    """Check a dealt list of concrete roles against every constraint of §5.1."""
    n = len(roles)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RolelistError(
            "rolelist_players",
            f"a match needs {MIN_PLAYERS}-{MAX_PLAYERS} players",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    _check_entries(roles, n)


def validate_list(entries: Sequence[str], n: int) -> None:
    """Check a host's custom list (roles and slots) for `n` players, then make
    sure it can really be dealt."""
    if len(entries) != n:
        raise RolelistError(
            "rolelist_length",
            f"the list has {len(entries)} entries for {n} players",
            count=len(entries),
            players=n,
        )
    _check_entries(entries, n)
    try:
        deal_list(entries, Rng(0))
    except RuntimeError:
        raise RolelistError(
            "rolelist_undealable", "no deal of this list meets the constraints"
        ) from None


def _check_entries(entries: Sequence[str], n: int) -> None:
    """The §5.1 constraints on the roles a list names outright; slots count
    where they must (an NK slot below 11 players, a Town slot as a target)."""
    unknown = [r for r in entries if r not in ROLES and r not in POOLS]
    if unknown:
        raise RolelistError(
            "rolelist_unknown",
            f"unknown role(s): {', '.join(unknown)}",
            entries=", ".join(unknown),
        )
    count = Counter(entries)
    for r, k in count.items():
        if r in ROLES and ROLES[r].unique and k > 1:
            raise RolelistError("rolelist_unique", f"{r} is unique", role=r)
    if count["GODFATHER"] + count["MAFIOSO"] == 0:
        raise RolelistError(
            "rolelist_mafia_killer", "the Mafia needs a Godfather or a Mafioso"
        )
    if count["INQUISITOR"] and not count["CULT_LEADER"]:
        raise RolelistError(
            "rolelist_inquisitor", "the Inquisitor needs a Cult Leader in play"
        )
    if count["INFILTRATOR"] and count["MASON"] < 2:
        raise RolelistError(
            "rolelist_infiltrator", "the Infiltrator needs at least 2 Masons"
        )
    town = any(
        r in TOWN_SLOTS or (r in ROLES and ROLES[r].faction == "TOWN") for r in entries
    )
    if count["EXECUTIONER"] and not town:
        raise RolelistError(
            "rolelist_executioner", "the Executioner needs a Town player as target"
        )
    if n < 11 and (count["SERIAL_KILLER"] or count["WEREWOLF"] or count["NK"]):
        raise RolelistError(
            "rolelist_neutral_killer", "no neutral killer below 11 players"
        )
    if count["MINION"] and n < 13:
        raise RolelistError("rolelist_minion", "the Minion needs at least 13 players")
    if count["CULT_MEMBER"] and not count["CULT_LEADER"]:
        raise RolelistError("rolelist_cult_member", "Cult Members need a Cult Leader")


def deal(n: int, rng: Rng) -> list[str]:
    """Fill the standard list for `n` players; the result passes `validate`."""
    if n not in STANDARD:
        raise ValueError(f"Mafia is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    return deal_list(STANDARD[n], rng)


def deal_list(slots: Sequence[str], rng: Rng) -> list[str]:
    """Fill every slot of a list from its pool; the result passes `validate`."""
    n = len(slots)
    for _ in range(1000):
        roles = _fill(slots, n, rng)
        try:
            validate(roles)
        except RolelistError:
            continue
        return roles
    raise RuntimeError("could not deal a valid rolelist")  # pragma: no cover


def _fill(slots: Sequence[str], n: int, rng: Rng) -> list[str]:
    out: list[str] = []
    named = {r for r in slots if r in ROLES and ROLES[r].unique}
    # A Mason pair may replace two RT slots (then the Infiltrator is possible).
    rt = [i for i, s in enumerate(slots) if s == "RT"]
    pair = len(rt) >= 2 and rng.below(4) == 0
    mason_slots = set(rt[:2]) if pair else set()
    masons = pair or list(slots).count("MASON") >= 2
    for i, slot in enumerate(slots):
        if i in mason_slots:
            out.append("MASON")
            continue
        pool = POOLS.get(slot)
        if pool is None:
            out.append(slot)
            continue
        choices = [
            r
            for r in pool
            if not (ROLES[r].unique and (r in out or r in named))
            and not (r == "MINION" and n < 13)
            and not (r == "INFILTRATOR" and not masons)
        ]
        out.append(rng.choice(choices))
    return out
