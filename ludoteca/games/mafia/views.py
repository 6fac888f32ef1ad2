"""What each seat may know: `view` (an allow-list) and `determinize`.

A seat knows its own role and notes, its team (Mafia members with their roles,
the Cult, the Mason list dealt at the start, the Minion's list of names), and
what is public: the living, the revealed roles of the dead, the votes, the
published verdicts and the dawn reports. Everything else is resampled by
`determinize` from what the seat cannot tell apart.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.frozen import replace
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.mafia.dawn import fresh
from ludoteca.games.mafia.day import MAX_ACQUITTALS, threshold
from ludoteca.games.mafia.options import PHASE_OPTION
from ludoteca.games.mafia.rolelist import POOLS
from ludoteca.games.mafia.roles import ROLES, faction
from ludoteca.games.mafia.sampling import sample_roles
from ludoteca.games.mafia.state import (
    DISCUSSION,
    JUDGEMENT,
    NIGHT,
    OVER,
    PASSED,
    VOTING,
    Player,
    State,
)
from ludoteca.games.mafia.targets import full_moon

DAY_PHASES = ("discussion", "voting", "defense", "judgement", "last_words")


def team_seats(state: State, seat: int) -> list[int]:
    """Seats whose exact role `seat` knows: itself and its Mafia or Cult team."""
    own = faction(state.players[seat].role)
    if own in ("MAFIA", "CULT"):
        return [s for s, p in enumerate(state.players) if faction(p.role) == own]
    return [seat]


def minion_list(state: State, seat: int) -> tuple[int, ...]:
    for note in state.notes[seat]:
        if note.kind == "minion_list":
            return note.seats
    return ()


def mason_list(state: State, seat: int) -> tuple[int, ...]:
    """The Mason list as dealt, shown to Masons and to the Infiltrator."""
    if seat in state.masons:
        return state.masons
    return ()


def view(state: State, seat: int | None) -> dict[str, Any]:
    night = state.phase == NIGHT
    out: dict[str, Any] = {
        "phase": state.phase,
        "day": state.day,
        "seconds": (
            None if state.phase == OVER else state.options[PHASE_OPTION[state.phase]]
        ),
        "full_moon": full_moon(state.day if night else state.day + 1),
        "rolelist": list(state.rolelist),
        "role_guide": role_guide(state.rolelist),
        "threshold": threshold(state),
        "accused": state.accused,
        "acquittals": state.acquittals,
        "trials_left": MAX_ACQUITTALS - state.acquittals,
        "players": [_public_player(state, s) for s in range(state.num_players)],
        "last_verdicts": list(state.last_verdicts),
        "report": [n.as_dict() for n in state.report],
        "haunter": state.haunter,
        "claims": [c.as_dict() for c in state.claims],
    }
    if state.phase == OVER:
        out["result"] = {
            "winners": list(state.winners),
            "primary": state.primary,
            "reason": state.reason,
            "roles": [p.role for p in state.players],
        }
    if seat is not None:
        out["you"] = _private(state, seat)
    return out


def role_guide(rolelist: tuple[str, ...]) -> list[str]:
    """Every role this match's list may deal, for the board's role guide (as
    `rolelist.deal_list` fills it: a Mason pair needs two RT slots, the
    Infiltrator Masons, the Minion 13 players)."""
    pair = rolelist.count("RT") >= 2
    masons = pair or rolelist.count("MASON") >= 2
    seen: dict[str, None] = {}
    for slot in rolelist:
        for r in POOLS.get(slot, (slot,)):
            if slot in POOLS and (
                (r == "INFILTRATOR" and not masons)
                or (r == "MINION" and len(rolelist) < 13)
            ):
                continue
            seen[r] = None
    if pair:
        seen["MASON"] = None
    return list(seen)


def _public_player(state: State, s: int) -> dict[str, Any]:
    p = state.players[s]
    out: dict[str, Any] = {"seat": s, "alive": p.alive}
    if p.died:
        out.update(died=p.died, causes=list(p.causes), role=p.shown)
    if state.phase == VOTING:
        out["vote"] = state.votes[s]
    if state.phase == DISCUSSION and state.options.get("claims", False):
        out["ready"] = state.votes[s] == PASSED
    if state.phase == NIGHT:
        out["ready"] = state.actions[s] is not None
    if state.phase == JUDGEMENT:
        out["judged"] = bool(state.verdicts[s])
    return out


def _private(state: State, seat: int) -> dict[str, Any]:
    p = state.players[seat]
    action = state.actions[seat] if state.actions else None
    out: dict[str, Any] = {
        "seat": seat,
        "role": p.role,
        "faction": faction(p.role),
        "charges": p.charges,
        "self_uses": p.self_uses,
        "notes": [n.as_dict() for n in state.notes[seat]],
        "action": None if action is None else list(action),
        "verdict": state.verdicts[seat] if state.verdicts else "",
        "silenced": p.alive
        and p.silenced_day == state.day
        and state.phase in DAY_PHASES,
        "guilty": p.guilty,
    }
    if p.role == "EXECUTIONER":
        out["target"] = p.target
        out["target_lynched"] = p.target_lynched
    own = faction(p.role)
    if own in ("MAFIA", "CULT"):
        out["team"] = [
            {"seat": s, "role": state.players[s].role} for s in team_seats(state, seat)
        ]
    masons = mason_list(state, seat)
    if masons:
        out["masons"] = list(masons)
    return out


# -- determinize -------------------------------------------------------------


def determinize(state: State, seat: int, seed: int) -> State:
    rng = Rng(mix_seed("determinize", seed))
    ps = list(state.players)
    n = state.num_players
    viewer = ps[seat]
    exact = set(range(n)) if state.phase == OVER else set(team_seats(state, seat))
    masons = [s for s in mason_list(state, seat) if s not in exact]
    mafia_names = [
        s for s in minion_list(state, seat) if s not in exact and s not in masons
    ]
    roles = sample_roles(state, seat, exact, masons, mafia_names, rng)
    world: list[Player] = []
    for s in range(n):
        p = ps[s]
        if s in exact:
            q = p
        else:
            q = fresh(roles[s], state.options)
            q = replace(
                q,
                alive=p.alive,
                died=p.died,
                causes=p.causes,
                shown=p.shown,
                cleaned_by=p.cleaned_by if p.cleaned_by == seat else -1,
            )
        world.append(q)
    knows_infection = viewer.role == "PLAGUE" or state.phase == OVER
    for s in range(n):
        if not knows_infection:
            world[s] = replace(world[s], infected=False)
        if faction(viewer.role) != "MAFIA" and s != seat:
            world[s] = replace(world[s], framed=False)
        if s not in exact and roles[s] == "EXECUTIONER":
            town = [t for t in range(n) if faction(roles[t]) == "TOWN" and t != s]
            world[s] = replace(world[s], target=rng.choice(town) if town else -1)
    actions = tuple(
        a if (s == seat or a is None) else () for s, a in enumerate(state.actions)
    )
    verdicts = tuple(
        v if (s == seat or not v) else "abstain" for s, v in enumerate(state.verdicts)
    )
    notes = tuple(ns if s == seat else () for s, ns in enumerate(state.notes))
    if seat in state.masons:
        mason_seats = state.masons
    else:
        mason_seats = tuple(s for s in _dealt_masons(roles) if s != seat)
    return replace(
        state,
        players=tuple(world),
        actions=actions,
        verdicts=verdicts,
        notes=notes,
        masons=mason_seats,
        quiet_nights=_public_quiet(state),
        converts=state.converts if faction(viewer.role) == "CULT" else 0,
        rng=rng.state,
    )


def _dealt_masons(roles: list[str]) -> tuple[int, ...]:
    seats = tuple(s for s, r in enumerate(roles) if r in ("MASON", "INFILTRATOR"))
    return seats if sum(1 for s in seats if roles[s] == "MASON") >= 2 else ()


def _public_quiet(state: State) -> int:
    """Nights since the last night with a public death (conversions are secret)."""
    done = state.day - 1 if state.phase in (NIGHT, "day0") else state.day
    last = 0
    for p in state.players:
        if p.died.startswith("N"):
            last = max(last, int(p.died[1:]))
    return max(0, done - last)


__all__ = ["ROLES", "determinize", "view"]
