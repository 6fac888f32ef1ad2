"""The roles table (spec §4.1) as data, and the source's fixed orders (§2).

Every role is one `Role` row: faction, wake index, what its night ability
targets, its charges, attack and defence, immunities and how a Detective sees
it. The night engine and the win check read this table; they never test role
names for things the table can say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Attack and defence levels (spec §3.3).
NONE, BASIC, POWERFUL, UNSTOPPABLE = 0, 1, 2, 3
INVINCIBLE = 3

Faction = Literal["TOWN", "MAFIA", "MAFIA_ALLY", "CULT", "NK", "NEUTRAL"]

Target = Literal[
    "none",  # no night ability
    "other",  # one other living player
    "any",  # any living player, self included (self = a separate use)
    "self",  # only itself (alert, vest)
    "dead",  # a dead player (Gravedigger, Amnesiac, Necromancer)
    "witch",  # two targets: A (other living) and B (any living)
    "passive",  # acts by itself (Minion's night-1 list)
]


@dataclass(frozen=True)
class Role:
    id: str
    faction: Faction
    wake: int  # the source's wake order W (§2.1); 99 = no wake slot
    target: Target = "none"
    charges: int = -1  # uses of the night ability; -1 = unlimited
    self_uses: int = 0  # Doctor self-heal, Bodyguard vest
    visits: bool = True  # whether the night ability visits its target
    attack: int = NONE
    defence: int = NONE
    unique: bool = False
    block_immune: bool = False
    control_immune: bool = False
    convert_immune: bool = False
    suspicious: bool = False  # Detective result in `snap` (§6.4), not framed
    night1_only: bool = False
    not_night1: bool = False
    full_moon_only: bool = False
    vote_weight: int = 1
    exclude_team: bool = False  # may not target its own team (Mafia, Cult)


def _r(id_: str, faction: Faction, wake: int, **kw: object) -> Role:
    return Role(id_, faction, wake, **kw)  # type: ignore[arg-type]


ROLES: dict[str, Role] = {
    r.id: r
    for r in (
        _r(
            "WITCH",
            "NEUTRAL",
            1,
            target="witch",
            block_immune=True,
            control_immune=True,
            convert_immune=True,
        ),
        _r("PLAGUE", "NEUTRAL", 2, target="other", night1_only=True, unique=True),
        _r("ESCORT", "TOWN", 3, target="other", block_immune=True),
        _r(
            "CONSORT",
            "MAFIA",
            4,
            target="other",
            block_immune=True,
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "FRAMER",
            "MAFIA",
            5,
            target="other",
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "BLACKMAILER",
            "MAFIA",
            6,
            target="other",
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "DISGUISER",
            "MAFIA",
            7,
            target="other",
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "CONSIGLIERE",
            "MAFIA",
            8,
            target="other",
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "JANITOR",
            "MAFIA",
            9,
            target="other",
            charges=3,
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "GODFATHER",
            "MAFIA",
            10,
            target="other",
            attack=BASIC,
            defence=BASIC,
            unique=True,
            convert_immune=True,
            exclude_team=True,
        ),
        _r(
            "MAFIOSO",
            "MAFIA",
            11,
            target="other",
            attack=BASIC,
            unique=True,
            convert_immune=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r(
            "MINION",
            "MAFIA_ALLY",
            12,
            target="passive",
            night1_only=True,
            unique=True,
            convert_immune=True,
        ),
        _r("SPY", "TOWN", 13, target="other"),
        _r("MASON", "TOWN", 14),
        _r(
            "INFILTRATOR",
            "MAFIA",
            15,
            unique=True,
            convert_immune=True,
            suspicious=True,
        ),
        _r("DETECTIVE", "TOWN", 16, target="other"),
        _r("DOCTOR", "TOWN", 17, target="any", self_uses=1),
        _r("BODYGUARD", "TOWN", 18, target="any", self_uses=1, attack=POWERFUL),
        _r("VIGILANTE", "TOWN", 19, target="other", charges=3, attack=BASIC),
        _r(
            "SERIAL_KILLER",
            "NK",
            20,
            target="other",
            attack=BASIC,
            defence=BASIC,
            convert_immune=True,
            suspicious=True,
        ),
        _r(
            "WEREWOLF",
            "NK",
            21,
            target="any",
            attack=POWERFUL,
            defence=BASIC,
            unique=True,
            convert_immune=True,
            full_moon_only=True,
        ),
        _r(
            "CULT_LEADER",
            "CULT",
            22,
            target="other",
            unique=True,
            suspicious=True,
            exclude_team=True,
        ),
        _r("CULT_MEMBER", "CULT", 23, suspicious=True),
        _r(
            "VETERAN",
            "TOWN",
            24,
            target="self",
            charges=3,
            visits=False,
            attack=POWERFUL,
            unique=True,
            block_immune=True,
            control_immune=True,
        ),
        _r("SURVIVOR", "NEUTRAL", 25, target="self", charges=4, visits=False),
        _r("GRAVEDIGGER", "TOWN", 26, target="dead", visits=False),
        _r("THIEF", "NEUTRAL", 27, target="other", charges=1),
        _r(
            "NECROMANCER",
            "NEUTRAL",
            28,
            target="dead",
            charges=1,
            visits=False,
            unique=True,
        ),
        _r("AMNESIAC", "NEUTRAL", 29, target="dead", charges=1, visits=False),
        _r("LOOKOUT", "TOWN", 30, target="other"),
        _r(
            "INQUISITOR",
            "TOWN",
            31,
            target="other",
            attack=POWERFUL,
            unique=True,
            convert_immune=True,
        ),
        _r("POLITICIAN", "NEUTRAL", 99, vote_weight=2),
        _r("EXECUTIONER", "NEUTRAL", 99, defence=BASIC),
        _r("JESTER", "NEUTRAL", 99),
        _r("CITIZEN", "TOWN", 99),
    )
}

ROLE_IDS: tuple[str, ...] = tuple(ROLES)

# Source win priority (§2.2), rank 1 first.
PRIORITY: tuple[str, ...] = (
    "WEREWOLF",
    "SERIAL_KILLER",
    "THIEF",
    "MAFIA",
    "CULT",
    "TOWN",
    "WITCH",
    "PLAGUE",
    "POLITICIAN",
    "EXECUTIONER",
    "AMNESIAC",
    "NECROMANCER",
    "SURVIVOR",
    "JESTER",
)

# Roles the Amnesiac cannot take while a living player holds them (§4.2).
AMNESIAC_UNIQUE = frozenset(
    {
        "GODFATHER",
        "MAFIOSO",
        "VETERAN",
        "WEREWOLF",
        "CULT_LEADER",
        "INQUISITOR",
        "INFILTRATOR",
        "MINION",
        "PLAGUE",
        "NECROMANCER",
    }
)

# Actions that protect only the actor; a roleblock does not stop them.
SELF_PROTECTIONS = frozenset({"VETERAN", "SURVIVOR"})


def role(role_id: str) -> Role:
    return ROLES[role_id]


def faction(role_id: str) -> Faction:
    return ROLES[role_id].faction


def is_mafia_member(role_id: str) -> bool:
    return ROLES[role_id].faction == "MAFIA"


def is_neutral(role_id: str) -> bool:
    """Neutral of any kind, killers included; the Minion is not neutral (§7.2)."""
    return ROLES[role_id].faction in ("NK", "NEUTRAL")


def team_of(role_id: str) -> str:
    """The group a player fights for: TOWN, MAFIA, CULT, an NK role, or its role."""
    f = ROLES[role_id].faction
    if f in ("TOWN", "MAFIA", "CULT"):
        return f
    if f == "MAFIA_ALLY":
        return "MAFIA"
    return role_id


def wake(role_id: str) -> int:
    return ROLES[role_id].wake


def initial_charges(role_id: str, vigilante_bullets: int = 3) -> int:
    if role_id == "VIGILANTE":
        return vigilante_bullets
    return ROLES[role_id].charges
