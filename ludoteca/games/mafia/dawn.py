"""Night resolution, steps P8-P11 (spec §6.2): information, end-of-night role
changes, applying the dawn (deaths, cleaning, promotions, plague, blackmail,
the stalemate counter) and the dawn report."""

from __future__ import annotations

from ludoteca.engine.frozen import replace
from ludoteca.engine.rng import Rng
from ludoteca.games.mafia import attacks as A
from ludoteca.games.mafia import night as N
from ludoteca.games.mafia.roles import AMNESIAC_UNIQUE, ROLES, faction, initial_charges
from ludoteca.games.mafia.state import Note, Player, State
from ludoteca.games.mafia.targets import full_moon

INVESTIGATIONS = frozenset(
    {"detective", "consigliere", "witch_learned", "lookout", "gravedigger"}
)


def resolve(state: State) -> tuple[State, list[Note], dict[int, list[Note]]]:
    """Resolve the whole night: the next players, the public report, the notes."""
    g = N.start(state)
    N.control(g)
    N.roleblock(g)
    N.mafia_executor(g)
    N.protect_and_mark(g)
    N.build_visits(g)
    A.attacks(g)
    N.conversions(g)
    information(g)
    role_changes(g)
    return apply_dawn(g)


# -- P8 ---------------------------------------------------------------------


def detective_result(g: N.Night, t: int) -> str:
    """The matrix of §6.4 (binary) or the faction read (A-08)."""
    role = g.snap[t]
    framed = t in g.frames or g.state.players[t].framed
    moon = full_moon(g.night) or bool(g.opts["werewolf_every_night"])
    if g.opts["detective_mode"] == "faction":
        if framed:
            return "MAFIA"
        if role == "GODFATHER" or (role == "WEREWOLF" and not moon):
            return "TOWN"
        f = faction(role)
        return {"MAFIA_ALLY": "NEUTRAL", "NK": "NEUTRAL"}.get(f, f)
    if framed:
        return "suspicious"
    if role == "WEREWOLF":
        return "suspicious" if moon else "not_suspicious"
    return "suspicious" if ROLES[role].suspicious else "not_suspicious"


def information(g: N.Night) -> None:
    """P8: investigations, feeds and reports, read from `snap` and tonight."""
    for act in g.ordered():
        a, t, ab = act.actor, act.target, act.ability
        if ab == "DETECTIVE":
            g.tell(a, "detective", seat=t, result=detective_result(g, t))
            if g.players[t].framed:
                g.players[t] = replace(g.players[t], framed=False)
        elif ab == "WITCH":
            g.tell(a, "witch_learned", seat=t, role=N.checked_role(g, t))
        elif ab == "CONSIGLIERE":
            g.tell(a, "consigliere", seat=t, role=N.checked_role(g, t))
        elif ab == "LOOKOUT":
            seen = tuple(v for v in A.visitors_of(g, t) if v != a)
            g.tell(a, "lookout", seat=t, seats=seen)
        elif ab == "GRAVEDIGGER":
            dead = g.state.players[t]
            g.tell(
                a,
                "gravedigger",
                seat=t,
                role=dead.role,
                roles=dead.death_visitors,
                result=",".join(dead.causes),
            )
        elif ab == "INQUISITOR" and a not in g.cult_attacked:
            g.tell(a, "not_cultist", seat=t)
    for seat, role in enumerate(g.snap):
        if role == "MINION" and g.night == 1 and g.state.players[seat].alive:
            members = tuple(s for s, r in enumerate(g.snap) if faction(r) == "MAFIA")
            g.tell(seat, "minion_list", seats=members)
    for act in g.ordered("SPY"):
        spied = sorted({t for v, t in g.visits if N.is_mafia_visitor(g, v) and v != t})
        g.tell(act.actor, "mafia_visits", seats=tuple(spied))


def spy_bugs(g: N.Night) -> None:
    """Last of all: each bug hears every notification its target got tonight,
    investigations excluded (§4.1 Spy)."""
    for act in g.ordered("SPY"):
        for note in list(g.notes.get(act.target, [])):
            if note.kind not in INVESTIGATIONS:
                g.tell(act.actor, "bugged", seat=act.target, result=note.kind)


# -- P9 ---------------------------------------------------------------------


def role_changes(g: N.Night) -> None:
    """P9: Thief, Necromancer, Amnesiac, in wake order; failures keep the charge."""
    revived: set[int] = set()
    for act in g.ordered("THIEF", "NECROMANCER", "AMNESIAC"):
        a, t = act.actor, act.target
        if a in g.deaths:
            continue
        if act.ability == "THIEF":
            if t not in g.deaths and g.state.players[t].alive:
                g.staged.append(("steal", a, t))
        elif act.ability == "NECROMANCER":
            target = g.state.players[t]
            if not target.alive and target.shown != "CLEANED":
                g.staged.append(("revive", a, t))
                revived.add(t)
        elif act.ability == "AMNESIAC":
            target = g.state.players[t]
            if not target.alive and target.shown != "CLEANED" and t not in revived:
                g.staged.append(("remember", a, t))


# -- P10 --------------------------------------------------------------------


def fresh(role: str, opts: dict[str, object], **kw: object) -> Player:
    """A player newly holding `role`, with the role's full charges."""
    r = ROLES[role]
    return Player(
        role,
        charges=initial_charges(role, int(opts["vigilante_bullets"])),  # type: ignore[call-overload]
        self_uses=r.self_uses,
        barrier=role == "WITCH",
        **kw,  # type: ignore[arg-type]
    )


def apply_dawn(g: N.Night) -> tuple[State, list[Note], dict[int, list[Note]]]:
    state, night, ps = g.state, g.night, g.players
    report: list[Note] = []
    for t, causes in g.deaths.items():  # 1. the night's dead
        visitors = tuple(g.snap[v] for v in A.visitors_of(g, t))
        ps[t] = replace(
            ps[t],
            alive=False,
            died=f"N{night}",
            causes=tuple(causes),
            death_visitors=visitors,
        )
    for jan, t in g.marks:  # 2. cleaning
        if t in g.deaths and ps[t].cleaned_by < 0 and ps[jan].charges > 0:
            ps[t] = replace(ps[t], cleaned_by=jan)
            ps[jan] = replace(ps[jan], charges=ps[jan].charges - 1)
            g.tell(jan, "cleaned", seat=t, role=g.snap[t])
    for t in g.deaths:  # 3. what the town sees
        ps[t] = replace(ps[t], shown=shown_role(ps[t], night))
    rng = Rng(state.rng)
    converts = state.converts
    for x in g.converts:  # 4. staged changes: conversion, theft, revival, memory
        converts += 1
        ps[x] = replace(fresh("CULT_MEMBER", state.options), cult_since=converts)
        g.tell(x, "converted")
        for s, p in enumerate(ps):
            if p.alive and faction(p.role) == "CULT" and s != x:
                g.tell(s, "cult_joined", seat=x)
    for kind, a, t in g.staged:
        if kind == "steal":
            _steal(g, a, t)
        elif kind == "revive":
            ps[t] = replace(ps[t], alive=True, died="", causes=(), shown="")
            ps[a] = replace(ps[a], charges=ps[a].charges - 1)
            report.append(Note("revived", night, seat=t))
        elif kind == "remember":
            role = _remembered(ps, ps[t].role)
            if role:
                ps[a] = fresh(role, state.options)
                if faction(role) == "CULT":  # joins the Cult as its newest member
                    converts += 1
                    ps[a] = replace(ps[a], cult_since=converts)
                if role == "EXECUTIONER":
                    ps[a] = replace(ps[a], target=_town_target(ps, a, rng))
                g.tell(a, "remembered", role=role)
                report.append(Note("amnesiac", night, role=role))
    died = set(g.deaths)
    for s, kind, role in after_deaths(ps, state.options, rng, night, "N", died):
        if kind == "died":
            g.deaths[s] = ["CULT"]
        else:
            g.tell(s, kind, role=role)
    _plague(g)  # 8
    for t in g.blackmail:  # 9
        if ps[t].alive:
            ps[t] = replace(ps[t], silenced_day=night)
            g.tell(t, "blackmailed")
    spy_bugs(g)
    report = [
        Note("death", night, seat=t, role=ps[t].shown, result=",".join(c))
        for t, c in g.deaths.items()
    ] + report
    quiet = not g.deaths and not g.converts  # 10
    nxt = replace(
        state,
        players=tuple(ps),
        rng=rng.state,
        converts=converts,
        quiet_nights=state.quiet_nights + 1 if quiet else 0,
        minion_told=state.minion_told or night == 1,
    )
    return nxt, report, g.notes


def shown_role(p: Player, day: int) -> str:
    """The role revealed at death: cleaned, a disguise in its window, or true."""
    if p.cleaned_by >= 0:
        return "CLEANED"
    if p.role == "DISGUISER" and p.disguise and p.disguise_until >= day:
        return p.disguise
    return p.role


def _steal(g: N.Night, thief: int, victim: int) -> None:
    ps = g.players
    taken = ps[victim]
    ps[thief] = replace(
        taken, infected=ps[thief].infected, silenced_day=ps[thief].silenced_day
    )
    ps[victim] = replace(
        fresh("CITIZEN", g.opts),
        infected=taken.infected,
        silenced_day=taken.silenced_day,
    )
    g.tell(thief, "stole", seat=victim, role=taken.role)
    g.tell(victim, "robbed")
    team = faction(taken.role)
    if team in ("MAFIA", "CULT"):
        for s, p in enumerate(ps):
            if p.alive and faction(p.role) == team and s != thief:
                g.tell(s, "new_holder", seat=thief, role=taken.role)


def _remembered(ps: list[Player], role: str) -> str:
    """The role an Amnesiac takes, or "" if uniqueness forbids it (§4.2)."""
    held = {p.role for p in ps if p.alive}
    if role == "GODFATHER" and not any(
        p.alive and faction(p.role) == "MAFIA" for p in ps
    ):
        return "MAFIOSO"
    if role == "CULT_LEADER" and "CULT_LEADER" in held:
        return "CULT_MEMBER"
    if role in AMNESIAC_UNIQUE and role in held:
        return ""
    return role


def _town_target(ps: list[Player], exe: int, rng: Rng) -> int:
    town = [s for s, p in enumerate(ps) if p.alive and faction(p.role) == "TOWN"]
    town = [s for s in town if s != exe]
    return rng.choice(town) if town else -1


def after_deaths(
    ps: list[Player],
    opts: dict[str, object],
    rng: Rng,
    day: int,
    when: str,
    died: set[int],
) -> list[tuple[int, str, str]]:
    """Promotions, Executioners turned Jester, the Inquisitor's switch (§4.2,
    P10.5-7); run at dawn and right after a lynch, `died` being who just died.
    The Mafioso steps up when a Godfather has just died (so an Amnesiac who
    remembers a long-dead Godfather stays Mafioso, E60). Returns (seat, note,
    role)."""
    out: list[tuple[int, str, str]] = []
    gf_died = any(ps[s].role == "GODFATHER" for s in died)

    def alive(role: str) -> list[int]:
        return [s for s, p in enumerate(ps) if p.alive and p.role == role]

    gf, mo = alive("GODFATHER"), alive("MAFIOSO")
    if not gf and mo and gf_died:
        ps[mo[0]] = replace(ps[mo[0]], role="GODFATHER", charges=-1)
        out.append((mo[0], "promoted", "GODFATHER"))
    elif not gf and not mo:
        members = [
            s for s, p in enumerate(ps) if p.alive and faction(p.role) == "MAFIA"
        ]
        if members:
            pick = members[0]
            if opts["promotion_pick"] == "seeded_random":
                pick = rng.choice(members)
            ps[pick] = replace(
                ps[pick], role="MAFIOSO", charges=-1, disguise="", disguise_until=0
            )
            out.append((pick, "promoted", "MAFIOSO"))
    cult = [s for s, p in enumerate(ps) if p.alive and faction(p.role) == "CULT"]
    if cult and not alive("CULT_LEADER"):
        if opts["cult_leader_death"] == "all_cultists_die":
            for s in cult:
                ps[s] = replace(
                    ps[s],
                    alive=False,
                    died=f"{when}{day}",
                    causes=("CULT",),
                    shown=ps[s].role,
                )
                out.append((s, "died", ps[s].role))
        else:
            heir = min(cult, key=lambda s: (ps[s].cult_since, s))
            ps[heir] = replace(ps[heir], role="CULT_LEADER")
            out.append((heir, "promoted", "CULT_LEADER"))
    for s, p in enumerate(ps):
        exe = p.alive and p.role == "EXECUTIONER" and not p.target_lynched
        if exe and p.target >= 0 and not ps[p.target].alive:
            ps[s] = replace(fresh("JESTER", opts))
            out.append((s, "became_jester", "JESTER"))
    if not any(p.alive and faction(p.role) == "CULT" for p in ps):
        for s in alive("INQUISITOR"):
            ps[s] = replace(ps[s], role="VIGILANTE", charges=1)
            out.append((s, "became_vigilante", "VIGILANTE"))
    return out


def _plague(g: N.Night) -> None:
    """P10.8: infection spreads along tonight's visits, both ways (A-12)."""
    was = {s for s, p in enumerate(g.state.players) if p.infected}
    new: set[int] = set(g.infect)
    for v, t in g.visits:
        if t in was:
            new.add(v)
        if v in was:
            new.add(t)
    for s in sorted(new - was):
        g.players[s] = replace(g.players[s], infected=True)
    infected = tuple(s for s, p in enumerate(g.players) if p.infected)
    for s, p in enumerate(g.players):
        if p.role == "PLAGUE" and p.alive and infected:
            g.tell(s, "infected_list", seats=infected)
