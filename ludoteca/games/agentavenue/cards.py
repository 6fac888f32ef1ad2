"""The cards of Agent Avenue: 38 agents, 15 black-market cards, the track.

Agents and black-market cards are small integers inside states (fast to
count and compare); actions, views and events use the string ids below.
Numbers come from the spec (rules/agentavenue.md §1(b), §1(c)).
"""

from __future__ import annotations

# -- agents ------------------------------------------------------------------

DOUBLE_AGENT, ENFORCER, CODEBREAKER, SABOTEUR = 0, 1, 2, 3
DAREDEVIL, SENTINEL, SIDEKICK, MOLE = 4, 5, 6, 7

# The ids are the names records store: "henchman" and "assistant" predate
# the official English names, Enforcer and Sidekick (spec 1(b), CORRECTED
# (rulebook)), which players see through text.AGENTS.
AGENTS = (
    "double_agent",
    "henchman",
    "codebreaker",
    "saboteur",
    "daredevil",
    "sentinel",
    "assistant",
    "mole",
)
AGENT_INDEX = {name: i for i, name in enumerate(AGENTS)}
NUM_AGENTS = len(AGENTS)

COPIES = (6, 6, 6, 6, 6, 6, 1, 1)  # 38 cards in all
"""How many of each agent the deck holds (spec §1(b))."""

ICONS: tuple[tuple[int, int, int], ...] = (
    (-1, 6, -1),  # Double Agent
    (1, 2, 3),  # Enforcer
    (0, 0, 0),  # Codebreaker: the third icon is the win check, not a move
    (-1, -1, -2),  # Saboteur
    (2, 3, 0),  # Daredevil: the third icon is the loss check, not a move
    (0, 2, 6),  # Sentinel
    (4, 4, 4),  # Sidekick: one copy, one icon
    (-3, -3, -3),  # Mole: one copy, one icon
)
"""Movement for the 1st, 2nd and 3rd-or-later copy in play (spec §1(b))."""

HAND_SIZE = 4

# -- the track ------------------------------------------------------------------

TRACK = 14
HOMES = (0, 7)
"""Home cell of team 0 (green) and team 1 (blue)."""
BM_CELLS = frozenset({2, 5, 9, 12})
"""The corners; black-market spaces on the advanced side (ASSUMPTION 2)."""
GETAWAY_BONUS = 3

# -- black-market cards ------------------------------------------------------

SURVEILLANCE_TRUCK, SMOKE_SCREEN, OUTPOST, SECRET_RECRUIT = 0, 1, 2, 3
DOUBLE_TROUBLE, SPYCATION, MIND_CONTROL = 4, 5, 6
LEADER_OF_THE_PACK, MASTERPLAN, SECURITY_SYSTEM, GETAWAY_CAR = 7, 8, 9, 10
LOOKOUT_TREEHOUSE, SUPERCOMPUTER, DISTRACTION_DEVICE, SINISTER_TWIN = 11, 12, 13, 14

BM_CARDS = (
    "surveillance_truck",
    "smoke_screen",
    "outpost",
    "secret_recruit",
    "double_trouble",
    "spycation",
    "mind_control",
    "leader_of_the_pack",
    "masterplan",
    "security_system",
    "getaway_car",
    "lookout_treehouse",
    "supercomputer",
    "distraction_device",
    "sinister_twin",
)
BM_INDEX = {name: i for i, name in enumerate(BM_CARDS)}
INSTANT = frozenset(range(SURVEILLANCE_TRUCK, MIND_CONTROL + 1))
"""Seven instant cards (lightning symbol); the other eight are ongoing."""
BM_SUPPLY = 3
MASTERPLAN_NAMES = 7


def icon(agent: int, copies: int) -> int:
    """The printed movement of the `copies`-th copy in play (4th+ = 3rd)."""
    return ICONS[agent][min(copies, 3) - 1]


def movement(agent: int, copies: int, owned: tuple[int, ...]) -> int:
    """How far a pawn moves for its `copies`-th `agent`, with ongoing cards.

    Modifiers (spec §1(c), advanced): Distraction Device flips a Saboteur,
    Sinister Twin doubles a Double Agent, Lookout Treehouse adds 2 to a
    Enforcer, Supercomputer adds 3 to any Codebreaker.
    """
    v = icon(agent, copies)
    if not owned:
        return v
    if agent == SABOTEUR and DISTRACTION_DEVICE in owned:
        return -v
    if agent == DOUBLE_AGENT and SINISTER_TWIN in owned:
        return 2 * v
    if agent == ENFORCER and LOOKOUT_TREEHOUSE in owned:
        return v + 2
    if agent == CODEBREAKER and SUPERCOMPUTER in owned:
        return v + 3
    return v


def cell(position: int) -> int:
    """The board cell of an unbounded position."""
    return position % TRACK
