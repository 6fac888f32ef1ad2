"""The start of a match and the moves between phases that several actions
share: nightfall and the end of the match (spec §5.2-5.3, §7.1)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.engine.rng import Rng
from ludoteca.games.mafia import day
from ludoteca.games.mafia.dawn import fresh
from ludoteca.games.mafia.rolelist import validate
from ludoteca.games.mafia.roles import faction
from ludoteca.games.mafia.state import DAY0, NIGHT, NO_VOTE, OVER, Note, State
from ludoteca.games.mafia.targets import full_moon
from ludoteca.games.mafia.win import check


def new_match(
    roles: Sequence[str],
    seed: int,
    opts: dict[str, Any],
    rolelist: Sequence[str],
    check_list: bool = True,
) -> State:
    """A match with these roles dealt to seats 0..n-1 (already shuffled); a
    host's custom list is validated against §5.1 first."""
    if check_list:
        validate(roles)
    rng = Rng(seed)
    players = [fresh(r, opts) for r in roles]
    town = [s for s, r in enumerate(roles) if faction(r) == "TOWN"]
    for s, r in enumerate(roles):
        if r == "EXECUTIONER":
            players[s] = replace(players[s], target=rng.choice(town) if town else -1)
    masons = tuple(s for s, r in enumerate(roles) if r in ("MASON", "INFILTRATOR"))
    n = len(roles)
    state = State(
        num_players=n,
        options=dict(opts),
        rolelist=tuple(rolelist),
        players=tuple(players),
        phase=DAY0,
        day=0,
        rng=rng.state,
        actions=(None,) * n,
        votes=(NO_VOTE,) * n,
        verdicts=("",) * n,
        last_verdicts=("",) * n,
        notes=((),) * n,
        masons=masons if list(roles).count("MASON") >= 2 else (),
        lot=bots_lot(seed),
    )
    if not opts["day_zero"]:
        state = start_night(state, 1)[0]
    return state


def bots_lot(seed: int) -> int:
    """The match's number for the bots' lots. A one-way hash of the seed:
    the seed decides every hidden draw of the match, and SplitMix64's output
    (like `mix_seed`'s) can be turned back into its input."""
    digest = hashlib.blake2b(f"mafia-bots-lot:{seed}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def start_night(state: State, night: int) -> tuple[State, list[Event]]:
    n = state.num_players
    nxt = replace(
        day.clear_votes(state),
        phase=NIGHT,
        day=night,
        actions=(None,) * n,
        acquittals=0,
    )
    events = [event("night_falls", night=night, full_moon=full_moon(night))]
    if full_moon(night):
        events.append(event("full_moon", night=night))
    return nxt, events


def finish(state: State, at_dawn: bool) -> tuple[State, list[Event]]:
    result = check(state, at_dawn)
    if result is None:
        return state, []
    over = replace(
        state,
        phase=OVER,
        winners=result.winners,
        primary=result.primary,
        reason=result.reason,
        actions=(None,) * state.num_players,
    )
    roles = [p.role for p in state.players]
    return over, [
        event(
            "game_over",
            winners=list(result.winners),
            primary=result.primary,
            reason=result.reason,
            roles=roles,
        )
    ]


def note_events(notes: Mapping[int, list[Note]]) -> list[Event]:
    return [
        Event("note", note.as_dict(), (seat,))
        for seat in sorted(notes)
        for note in notes[seat]
    ]
