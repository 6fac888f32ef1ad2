"""Roles of a world that a seat cannot tell apart from the real one.

`determinize` must not reveal which roles are really in play, so the hidden
roles are drawn again from the public rolelist: the roles the seat knows
(its own, its team's, the revealed dead) use up the slots that could have
dealt them, and every other seat is dealt from a remaining slot's pool. Only
what the seat knows is read, so two states it cannot tell apart give the same
world for the same seed. Simplification: unknown seats are never dealt a
Mason pair or the Infiltrator (they come with a Mason pair).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from ludoteca.engine.rng import Rng
from ludoteca.games.mafia.rolelist import POOLS
from ludoteca.games.mafia.roles import ROLES, faction
from ludoteca.games.mafia.state import State

MAFIA_SLOTS = ("GODFATHER", "MAFIOSO", "RM")


def _consume(slots: list[str], role: str) -> None:
    """Remove the slot that most narrowly explains a known role, if any."""
    if role in slots:
        slots.remove(role)
        return
    fitting = [x for x in slots if role in POOLS.get(x, ())]
    if fitting:
        slots.remove(min(fitting, key=lambda x: len(POOLS[x])))


def sample_roles(
    state: State,
    seat: int,
    exact: Collection[int],
    masons: Collection[int],
    mafia_names: Collection[int],
    rng: Rng,
) -> list[str]:
    ps, n = state.players, state.num_players
    roles = ["" for _ in range(n)]
    for s in exact:
        roles[s] = ps[s].role
    for s in masons:
        roles[s] = "MASON"  # a Mason cannot tell the Infiltrator apart
    own = faction(ps[seat].role)
    banned = {own} if own in ("MAFIA", "CULT") else set()
    if mafia_names:
        banned.add("MAFIA")  # the Minion knows every member
    for s in range(n):
        shown = ps[s].shown
        if roles[s] or not ps[s].died or shown == "CLEANED":
            continue
        # A revealed role is believed, unless the seat knows better: a dead
        # "cultist" outside the Cult a cultist knows was a disguise.
        if own not in ("MAFIA", "CULT") or faction(shown) != own:
            roles[s] = shown
    slots = list(state.rolelist)
    for s in range(n):
        if roles[s]:
            _consume(slots, roles[s])
    used = {r for r in roles if r and ROLES[r].unique}

    def deal(slot: str, ok: Callable[[str], bool]) -> str:
        choices = [
            r
            for r in POOLS.get(slot, (slot,))
            if ok(r)
            and not (ROLES[r].unique and r in used)
            and not (r == "MINION" and n < 13)
            and r != "INFILTRATOR"  # only dealt beside a Mason pair
        ]
        role = rng.choice(choices) if choices else "CITIZEN"
        if ROLES[role].unique:
            used.add(role)
        return role

    order = rng.shuffled(slots)
    mafia = [x for x in order if x in MAFIA_SLOTS]
    others = [x for x in order if x not in MAFIA_SLOTS] + mafia
    for s in mafia_names:
        if not roles[s]:
            slot = mafia.pop(0) if mafia else "RM"
            if slot in others:
                others.remove(slot)
            roles[s] = deal(slot, lambda r: faction(r) == "MAFIA")
    for s in range(n):
        if not roles[s]:
            slot = others.pop(0) if others else "RT"
            roles[s] = deal(slot, lambda r: faction(r) not in banned)
    return roles
