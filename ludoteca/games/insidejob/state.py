"""The state of an Inside Job match: frozen dataclasses of tuples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludoteca.games.insidejob.cards import Played

Phase = Literal["partner", "mission", "play", "vote", "over"]
Reveal = Literal["", "setup", "intel", "end"]


@dataclass(frozen=True)
class Trick:
    """A finished trick, public."""

    leader: int
    mission: str | None
    cards: tuple[Played, ...]
    winner: int  # seat
    completed: bool


@dataclass(frozen=True)
class Discard:
    """A mission the leader put out of the game unseen (only they know it).

    `forced` is True when the public can tell it was not risky (the Agent at
    Full Risk's rule made a risky one mandatory and a plain one was kept).
    """

    seat: int
    mission: str
    forced: bool = False


@dataclass(frozen=True)
class State:
    num_players: int
    wagers: bool
    risky_missions: bool
    characters: tuple[str, ...]  # the characters in this match (public)
    roles: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    set_aside: tuple[int, ...]  # undealt cards, unseen all game
    intel: tuple[int, ...]
    supply: int
    mission_deck: tuple[str, ...]  # top first
    offered: tuple[str, ...]  # the leader's two drawn missions (secret)
    discards: tuple[Discard, ...]
    mission: str | None  # the current mission (public)
    completed: tuple[str, ...]
    failed: tuple[str, ...]
    dealer: int
    leader: int
    trick: tuple[Played, ...]
    tricks: tuple[Trick, ...]
    revealed: tuple[Reveal, ...]
    partner: int  # the Accomplice's partner, -1 if none
    phase: Phase
    votes: tuple[tuple[int, ...], ...]  # per seat; () while not cast (secret)
    voters: tuple[int, ...]  # seats that vote in the final vote
    end_reason: str
    winners: tuple[int, ...]
    rng: int

    @property
    def traitor(self) -> int:
        """The Insider's (or Prof. No's) seat."""
        for seat, role in enumerate(self.roles):
            if role in ("insider", "prof_no"):
                return seat
        raise ValueError("no Insider in this state")

    @property
    def prof_no(self) -> bool:
        return "prof_no" in self.characters

    @property
    def turn(self) -> int | None:
        if self.phase != "play":
            return None
        return (self.leader + len(self.trick)) % self.num_players
