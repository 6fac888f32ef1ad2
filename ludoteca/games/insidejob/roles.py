"""Roles, characters and the numbers that depend on the player count.

Sources: spec 1(b) (deal, thresholds) and "Authoritative additions" (the
eight characters). Seats run clockwise; the player to the right of seat i is
seat i-1 (ASSUMPTION from the spec).
"""

from __future__ import annotations

AGENT = "agent"
INSIDER = "insider"
MICROPHONE = "microphone"
PARANOID = "paranoid"
FULL_RISK = "full_risk"
DECOY = "decoy"
ACCOMPLICE = "accomplice"
TIM_SHADY = "tim_shady"
SLEEPING = "sleeping"
PROF_NO = "prof_no"

CHARACTERS = (
    MICROPHONE,
    PARANOID,
    FULL_RISK,
    DECOY,
    ACCOMPLICE,
    TIM_SHADY,
    SLEEPING,
    PROF_NO,
)
"""The eight special characters, in the order the lobby lists them."""

TRAITORS = frozenset({INSIDER, PROF_NO})
"""Roles that may ignore the led suit and that the vote hunts for."""

CREW_ROLES = frozenset({AGENT, MICROPHONE, PARANOID, FULL_RISK, SLEEPING})
"""Roles that start on the Agents' side (the Sleeping Agent may change)."""

SOLO_ROLES = frozenset({DECOY, ACCOMPLICE, TIM_SHADY})
"""Characters with goals of their own."""

REVEALED_AT_SETUP = frozenset({MICROPHONE, ACCOMPLICE})

# players -> (cards dealt, planned tricks); 3p and 5p are ASSUMPTIONS (1(f) 3).
DEAL = {3: (14, 12), 4: (12, 10), 5: (10, 9)}
# players -> (completed missions the Agents need, intel the Insider needs).
TARGETS = {3: (9, 6), 4: (7, 5), 5: (6, 4)}
# players -> the reveal threshold for everyone when Prof. No plays.
PROF_NO_REVEAL = {4: 4, 5: 3}
INTEL_TOKENS = 14
CHARACTER_PLAYERS = (4, 5)


def right_of(seat: int, num_players: int) -> int:
    return (seat - 1) % num_players


def option_name(character: str) -> str:
    """The lobby option that lets a character into the match."""
    return f"character_{character}"
