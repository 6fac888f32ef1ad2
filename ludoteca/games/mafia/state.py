"""The state of a Mafia match: frozen dataclasses of tuples.

A `Player` holds one seat's role and everything the rules track about it;
`State` holds the phase, the votes, the submitted night actions and each
seat's private notes. Round trips through the engine's dataclass codec.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.frozen import replace

# Phases of the cycle (spec §5.3).
DAY0 = "day0"
NIGHT = "night"
DAWN = "dawn"
DISCUSSION = "discussion"
VOTING = "voting"
DEFENSE = "defense"
JUDGEMENT = "judgement"
LAST_WORDS = "last_words"
OVER = "over"
PHASES = (DAY0, NIGHT, DAWN, DISCUSSION, VOTING, DEFENSE, JUDGEMENT, LAST_WORDS, OVER)

# Ballot markers in `State.votes`.
NO_VOTE = -1
PASSED = -2


# Notes whose list of seats is part of the message even when empty.
LIST_KINDS = frozenset({"lookout", "mafia_visits", "minion_list", "infected_list"})


@dataclass(frozen=True)
class Note:
    """One private message or public announcement, e.g. an investigation result.

    `kind` names the sentence in text.py; the other fields fill it.
    """

    kind: str
    night: int
    seat: int = -1
    role: str = ""
    seats: tuple[int, ...] = ()
    roles: tuple[str, ...] = ()
    result: str = ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "night": self.night}
        if self.seat >= 0:
            out["seat"] = self.seat
        if self.role:
            out["role"] = self.role
        if self.seats or self.kind in LIST_KINDS:
            out["seats"] = list(self.seats)
        if self.roles or self.kind == "gravedigger":
            out["roles"] = list(self.roles)
        if self.result:
            out["result"] = self.result
        return out


@dataclass(frozen=True)
class Claim:
    """`seat` said on `day` that it is `role`; with a `target`, that its
    investigation of that player gave `result`."""

    seat: int
    day: int
    role: str
    target: int = -1
    result: str = ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "day": self.day, "role": self.role}
        if self.target >= 0:
            out.update(target=self.target, result=self.result)
        return out


@dataclass(frozen=True)
class Player:
    role: str
    alive: bool = True
    charges: int = -1  # night ability uses left; -1 = unlimited
    self_uses: int = 0  # Doctor self-heal / Bodyguard vest left
    barrier: bool = False  # the Witch's one-time barrier
    infected: bool = False  # Plague
    guilty: bool = False  # Vigilante shot a Town player: dies next night
    framed: bool = False  # frame kept until investigated (option)
    target: int = -1  # the Executioner's target
    target_lynched: bool = False  # the Executioner's goal is fulfilled
    jester_won: bool = False  # lynched as Jester (the source's immediate win)
    cult_since: int = 0  # conversion order, for the Cult Leader promotion
    disguise: str = ""  # role shown by a disguised Disguiser
    disguise_until: int = 0  # last day number the disguise holds
    silenced_day: int = 0  # blackmailed for this day number
    last_convert: int = 0  # night of the Cult Leader's last conversion
    # Death record (public part: when, causes, shown role).
    died: str = ""  # "N3" (night 3) or "D2" (lynched on day 2); "" while alive
    causes: tuple[str, ...] = ()
    shown: str = ""  # role revealed at death; "" alive, "CLEANED" when cleaned
    cleaned_by: int = -1  # the Janitor who cleaned this player
    death_visitors: tuple[str, ...] = ()  # roles that visited on the death night


@dataclass(frozen=True)
class State:
    num_players: int
    options: dict[str, Any]
    rolelist: tuple[str, ...]  # the public slot list (e.g. "GODFATHER", "RT")
    players: tuple[Player, ...]
    phase: str
    day: int  # night N is followed by day N
    rng: int
    # Night: each seat's submitted action: None = not yet, () = pass,
    # (t,) one target, (a, b) the Witch's pair.
    actions: tuple[tuple[int, ...] | None, ...] = ()
    # Day: each seat's nomination (a seat, NO_VOTE or PASSED); in the
    # discussion, PASSED marks a player ready to vote (claims.talking).
    votes: tuple[int, ...] = ()
    accused: int = -1
    acquittals: int = 0
    # Judgement: "" not voted, else "guilty", "innocent" or "abstain".
    verdicts: tuple[str, ...] = ()
    last_verdicts: tuple[str, ...] = ()  # published after the judgement
    quiet_nights: int = 0
    converts: int = 0  # conversions so far (orders `cult_since`)
    minion_told: bool = False
    masons: tuple[
        int, ...
    ] = ()  # the Mason list dealt at the start (with the Infiltrator)
    notes: tuple[tuple[Note, ...], ...] = ()  # each seat's private messages
    report: tuple[Note, ...] = ()  # the last dawn report (public)
    haunt: tuple[int, ...] = ()  # seats the lynched Jester may haunt
    haunter: int = -1
    claims: tuple[Claim, ...] = ()  # formal claims and reports (claims.py)
    # A number of this match for the bots' lots (bot.py, evidence.lot), so
    # their tie-breaks differ from one match to the next. Never in a view.
    lot: int = 0
    # Game end.
    winners: tuple[int, ...] = ()
    primary: str = ""
    reason: str = ""


def set_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def living(state: State) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive]


def add_notes(state: State, new: dict[int, list[Note]]) -> State:
    if not any(new.values()):
        return state
    notes = list(state.notes)
    for seat, items in new.items():
        notes[seat] = (*notes[seat], *items)
    return replace(state, notes=tuple(notes))
