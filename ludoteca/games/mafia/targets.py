"""Who may act at night and on whom (spec §4.2 targeting limits, §6.2 P0)."""

from __future__ import annotations

from ludoteca.games.mafia.roles import ROLES
from ludoteca.games.mafia.state import NIGHT, State


def full_moon(night: int) -> bool:
    """Every even night is a full moon (§3.6)."""
    return night % 2 == 0


def same_team(state: State, a: int, b: int) -> bool:
    fa = ROLES[state.players[a].role].faction
    return fa in ("MAFIA", "CULT") and ROLES[state.players[b].role].faction == fa


def can_act_tonight(state: State, seat: int) -> bool:
    """Whether `seat`'s role has a usable night ability this night."""
    p = state.players[seat]
    r = ROLES[p.role]
    night = state.day
    opts = state.options
    if not p.alive or p.guilty or r.target in ("none", "passive"):
        return False
    if p.charges == 0:
        return False
    if r.night1_only and night != 1:
        return False
    if r.not_night1 and night == 1:
        return False
    if p.role == "VIGILANTE" and night == 1 and not opts["vigilante_night1"]:
        return False
    if r.full_moon_only and not (full_moon(night) or opts["werewolf_every_night"]):
        return False
    if p.role in ("GODFATHER", "MAFIOSO") and night == 1:
        return bool(opts["mafia_kill_night1"])
    if p.role == "CULT_LEADER" and p.last_convert:
        return bool(night - p.last_convert > opts["cult_conversion_cooldown"])
    return True


def night_choices(state: State, seat: int) -> list[tuple[int, ...]]:
    """Every legal night choice of `seat` (besides passing), as target tuples."""
    if state.phase != NIGHT:
        return []
    p = state.players[seat]
    if not p.alive:
        if seat == state.haunter:
            return [(t,) for t in state.haunt if state.players[t].alive]
        return []
    if not can_act_tonight(state, seat):
        return []
    r = ROLES[p.role]
    n = state.num_players
    alive = [t for t in range(n) if state.players[t].alive]
    if r.target == "self":
        return [(seat,)]
    if r.target == "dead":
        dead = [t for t in range(n) if not state.players[t].alive]
        if p.role != "GRAVEDIGGER":
            dead = [t for t in dead if state.players[t].shown != "CLEANED"]
        return [(t,) for t in dead]
    if r.target == "witch":
        return [(a, b) for a in alive if a != seat for b in alive]
    out: list[tuple[int, ...]] = []
    for t in alive:
        if t == seat:
            if r.target != "any":
                continue
            if p.role != "WEREWOLF" and p.self_uses <= 0:
                continue
        elif r.exclude_team and same_team(state, seat, t):
            continue
        out.append((t,))
    return out


def night_actors(state: State) -> list[int]:
    """Seats that must be ready before the night can end early: all the living
    (so that being asked to act reveals nothing), plus a haunting Jester."""
    seats = [s for s, p in enumerate(state.players) if p.alive]
    if state.haunter >= 0 and state.haunt:
        seats.append(state.haunter)
    return sorted(seats)
