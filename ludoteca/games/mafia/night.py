"""Night resolution, steps P0-P7 (spec §6): actions, control, roleblock, the
Mafia executor, protections and marks, visits, attacks and conversions.

Every check reads `snap`, the roles frozen at the start of the night (A-01).
The wake order only breaks ties inside a step. Steps P8-P11 (information,
role changes, applying the dawn) are in `dawn.py`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ludoteca.engine.frozen import replace
from ludoteca.games.mafia.roles import (
    BASIC,
    NONE,
    POWERFUL,
    ROLES,
    UNSTOPPABLE,
    faction,
    is_mafia_member,
)
from ludoteca.games.mafia.state import Note, Player, State
from ludoteca.games.mafia.targets import can_act_tonight, full_moon


@dataclass
class Act:
    actor: int
    ability: str  # the role whose ability is used, or MAFIA_KILL / HAUNT
    target: int
    second: int = -1
    visits: bool = True

    @property
    def self_targeted(self) -> bool:
        return self.target == self.actor


@dataclass
class Attack:
    source: int
    target: int
    level: int
    kind: str  # direct, passive, counter, guilt
    cause: str


@dataclass
class Night:
    """The working data of one night's resolution."""

    state: State
    players: list[Player]
    snap: list[str]
    night: int
    acts: dict[int, Act] = field(default_factory=dict)
    picks: dict[int, int] = field(default_factory=dict)  # GF / Mafioso picks
    controlled: set[int] = field(default_factory=set)
    blocked: set[int] = field(default_factory=set)
    sk_blockers: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    alerted: set[int] = field(default_factory=set)
    vested: set[int] = field(default_factory=set)
    heals: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    wards: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    frames: set[int] = field(default_factory=set)
    marks: list[tuple[int, int]] = field(default_factory=list)  # (janitor, target)
    blackmail: list[int] = field(default_factory=list)
    infect: list[int] = field(default_factory=list)
    visits: list[tuple[int, int]] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    deaths: dict[int, list[str]] = field(default_factory=dict)  # in order
    converts: list[int] = field(default_factory=list)
    notes: dict[int, list[Note]] = field(default_factory=lambda: defaultdict(list))
    staged: list[tuple[str, int, int]] = field(default_factory=list)
    cult_attacked: set[int] = field(default_factory=set)
    guilt: list[Attack] = field(default_factory=list)

    @property
    def opts(self) -> dict[str, object]:
        return self.state.options

    def tell(self, to: int, kind: str, **data: object) -> None:
        self.notes[to].append(Note(kind, self.night, **data))  # type: ignore[arg-type]

    def key(self, act: Act) -> tuple[int, int]:
        w = 10 if act.ability == "MAFIA_KILL" else ROLES[self.snap[act.actor]].wake
        if act.ability == "HAUNT":
            w = 100
        return (w, act.actor)

    def ordered(self, *abilities: str) -> list[Act]:
        acts = [
            a for a in self.acts.values() if not abilities or a.ability in abilities
        ]
        return sorted(acts, key=self.key)

    def defence(self, seat: int, with_heal: bool = True) -> int:
        d = ROLES[self.snap[seat]].defence
        if seat in self.alerted or seat in self.vested:
            d = max(d, BASIC)
        if with_heal and self.heals.get(seat) and not self.heal_void(seat):
            d = max(d, POWERFUL)
        return d

    def heal_void(self, seat: int) -> bool:
        """A heal gives no protection to an infected player (A-12)."""
        return self.players[seat].infected and self.opts["plague_effect"] == "no_heal"


def start(state: State) -> Night:
    """P0: validate and normalise the submitted actions; apply guilt."""
    g = Night(state, list(state.players), [p.role for p in state.players], state.day)
    for seat, chosen in enumerate(state.actions):
        p = state.players[seat]
        if chosen is None or chosen == ():
            continue
        if not p.alive:
            if seat == state.haunter:
                g.acts[seat] = Act(seat, "HAUNT", chosen[0], visits=False)
            continue
        if not can_act_tonight(state, seat):
            continue
        g.acts[seat] = _make_act(g, seat, chosen)
    for seat, p in enumerate(state.players):
        if p.alive and p.guilty:  # §6.2 P0.3: guilt, and no action that night
            g.guilt.append(Attack(seat, seat, UNSTOPPABLE, "guilt", "GUILT"))
            g.acts.pop(seat, None)
            g.players[seat] = _r(g.players[seat], guilty=False)
    for seat, act in g.acts.items():
        if act.ability in ("GODFATHER", "MAFIOSO"):
            g.picks[seat] = act.target
    return g


def _make_act(g: Night, seat: int, chosen: tuple[int, ...]) -> Act:
    role = g.snap[seat]
    r = ROLES[role]
    if r.target == "witch":
        return Act(seat, role, chosen[0], chosen[1])
    target = chosen[0]
    visits = r.visits and target != seat
    return Act(seat, role, target, visits=visits)


def _r(p: Player, **changes: object) -> Player:
    return replace(p, **changes)


def control(g: Night) -> None:
    """P1: each Witch forces A to use its ability on B."""
    for witch in g.ordered("WITCH"):
        a, b = witch.target, witch.second
        if ROLES[g.snap[a]].control_immune:
            g.tell(a, "control_resisted")
            continue
        g.controlled.add(a)
        g.tell(a, "controlled")
        forced = _forced_act(g, a, b)
        g.acts.pop(a, None)
        g.picks.pop(a, None)
        if forced is None:
            continue
        g.acts[a] = forced
        if forced.ability in ("GODFATHER", "MAFIOSO"):
            g.picks[a] = b


def _forced_act(g: Night, a: int, b: int) -> Act | None:
    """A's ability aimed at B, or None when it fizzles (§6.2 P1)."""
    role = g.snap[a]
    r = ROLES[role]
    if r.target not in ("other", "any") or not can_act_tonight(g.state, a):
        return None  # no ability, dead targets only, or a vest: nothing happens
    no_self = r.target != "any" or (role != "WEREWOLF" and g.players[a].self_uses <= 0)
    if b == a and no_self:
        return None
    return Act(a, role, b, visits=r.visits and b != a)


def roleblock(g: Night) -> None:
    """P2: Escorts, then Consorts (wake order), block their targets."""
    stops_self = g.opts["roleblock_stops_self_actions"]
    for block in g.ordered("ESCORT", "CONSORT"):
        if block.actor not in g.acts:
            continue
        t = block.target
        role = g.snap[t]
        if ROLES[role].block_immune:
            g.tell(t, "block_resisted")
            continue
        g.blocked.add(t)
        if role == "SERIAL_KILLER":
            g.sk_blockers[t].append(block.actor)
            g.acts.pop(t, None)
            continue
        if role == "WEREWOLF" and (
            full_moon(g.night) or g.opts["werewolf_every_night"]
        ):
            g.acts[t] = Act(t, "WEREWOLF", t, visits=False)  # stays home
            continue
        g.tell(t, "roleblocked")
        act = g.acts.get(t)
        if act is None:
            continue
        if not stops_self and (
            role in ("VETERAN", "SURVIVOR")
            or (role in ("DOCTOR", "BODYGUARD") and act.self_targeted)
        ):
            continue
        g.acts.pop(t)


def mafia_executor(g: Night) -> None:
    """P3: the Godfather's order, carried out by the Mafioso if free (§4.2)."""
    gf = _holder(g, "GODFATHER")
    mo = _holder(g, "MAFIOSO")
    gf_pick = g.picks.get(gf, -1) if gf >= 0 and gf not in g.blocked else -1
    mo_pick = g.picks.get(mo, -1) if mo >= 0 else -1
    if mo >= 0 and mo in g.controlled and mo in g.picks:
        gf_pick = -1  # a controlled Mafioso attacks the Witch's choice
    target = gf_pick if gf_pick >= 0 else mo_pick
    for seat in (gf, mo):
        if seat >= 0 and g.acts.get(seat, Act(0, "", 0)).ability in (
            "GODFATHER",
            "MAFIOSO",
        ):
            g.acts.pop(seat)
    if g.night == 1 and not g.opts["mafia_kill_night1"]:
        return
    if mo >= 0 and mo not in g.blocked:
        executor = mo
    elif gf >= 0 and gf not in g.blocked:
        executor = gf
    else:
        return
    if target >= 0 and g.players[target].alive:
        g.acts[executor] = Act(executor, "MAFIA_KILL", target)


def _holder(g: Night, role: str) -> int:
    for seat, r in enumerate(g.snap):
        if r == role and g.players[seat].alive:
            return seat
    return -1


def protect_and_mark(g: Night) -> None:
    """P4: alerts, vests, heals, guards; frames, disguises, cleans, blackmail."""
    frame_keep = g.opts["frame_duration"] == "until_investigated"
    for act in g.ordered():
        a, t, ab = act.actor, act.target, act.ability
        p = g.players[a]
        if ab == "VETERAN":
            g.alerted.add(a)
            g.players[a] = _r(p, charges=p.charges - 1)
        elif ab == "SURVIVOR":
            g.vested.add(a)
            g.players[a] = _r(p, charges=p.charges - 1)
        elif ab == "DOCTOR":
            g.heals[t].append(a)
            if act.self_targeted:
                g.players[a] = _r(p, self_uses=p.self_uses - 1)
        elif ab == "BODYGUARD":
            if act.self_targeted:
                g.vested.add(a)
                g.players[a] = _r(p, self_uses=p.self_uses - 1)
            else:
                g.wards[t].append(a)
        elif ab == "FRAMER":
            g.frames.add(t)
            if frame_keep:
                g.players[t] = _r(g.players[t], framed=True)
        elif ab == "DISGUISER":
            g.players[a] = _r(p, disguise=g.snap[t], disguise_until=g.night)
        elif ab == "JANITOR":
            g.marks.append((a, t))
        elif ab == "BLACKMAILER":
            g.blackmail.append(t)
        elif ab == "PLAGUE":
            g.infect.append(t)


def build_visits(g: Night) -> None:
    """P5: every surviving visiting action goes to its final target."""
    for act in g.ordered():
        if act.visits:
            g.visits.append((act.actor, act.target))
    for sk, blockers in sorted(g.sk_blockers.items()):
        g.visits.extend((sk, b) for b in blockers)


def conversions(g: Night) -> None:
    """P7: the Cult Leader converts a living, convertible, defenceless target."""
    for act in g.ordered("CULT_LEADER"):
        x = act.target
        ok = (
            x not in g.deaths
            and faction(g.snap[x]) != "CULT"
            and not ROLES[g.snap[x]].convert_immune
            and g.defence(x) == NONE
            and not (g.players[x].barrier and g.snap[x] == "WITCH")
            and g.snap[x] != "INQUISITOR"
            and x not in g.converts
        )
        if ok:
            g.converts.append(x)
            g.players[act.actor] = _r(g.players[act.actor], last_convert=g.night)
        else:
            g.tell(act.actor, "convert_failed", seat=x)


def checked_role(g: Night, seat: int) -> str:
    """The exact role a Consigliere or a Witch sees; a disguise fools it."""
    p = g.players[seat]
    if p.disguise and p.disguise_until >= g.night:
        return p.disguise
    return g.snap[seat]


def is_mafia_visitor(g: Night, seat: int) -> bool:
    return is_mafia_member(g.snap[seat])
