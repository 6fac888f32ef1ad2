"""Night resolution, steps P5-P6 (spec §6.2): visits and attacks, the
Bodyguards' interceptions and the evaluation against defence."""

from __future__ import annotations

from ludoteca.engine.frozen import replace
from ludoteca.games.mafia.night import Attack, Night
from ludoteca.games.mafia.roles import BASIC, POWERFUL, UNSTOPPABLE, faction


def visitors_of(g: Night, seat: int) -> list[int]:
    return sorted({v for v, t in g.visits if t == seat and v != seat})


def attacks(g: Night) -> None:
    """P6: passive attacks, direct attacks in W order, Bodyguards, evaluation."""
    passive: list[Attack] = []
    for vet in sorted(g.alerted):
        passive += [
            Attack(vet, v, POWERFUL, "passive", "VETERAN") for v in visitors_of(g, vet)
        ]
    for act in g.ordered("WEREWOLF"):
        for v in visitors_of(g, act.target):
            if v != act.actor:
                passive.append(Attack(act.actor, v, POWERFUL, "passive", "WEREWOLF"))
    for seat, role in enumerate(g.snap):
        if role == "INQUISITOR" and g.state.players[seat].alive:
            for v in visitors_of(g, seat):
                if g.snap[v] == "CULT_LEADER":
                    passive.append(Attack(seat, v, POWERFUL, "passive", "INQUISITOR"))
    direct: list[Attack] = []
    for act in g.ordered("MAFIA_KILL", "VIGILANTE", "WEREWOLF", "INQUISITOR", "HAUNT"):
        a, t = act.actor, act.target
        if act.ability == "MAFIA_KILL":
            direct.append(Attack(a, t, BASIC, "direct", "MAFIA"))
        elif act.ability == "VIGILANTE":
            direct.append(Attack(a, t, BASIC, "direct", "VIGILANTE"))
            g.players[a] = replace(g.players[a], charges=g.players[a].charges - 1)
        elif act.ability == "WEREWOLF" and not act.self_targeted:
            direct.append(Attack(a, t, POWERFUL, "direct", "WEREWOLF"))
        elif act.ability == "INQUISITOR" and faction(g.snap[t]) == "CULT":
            direct.append(Attack(a, t, POWERFUL, "direct", "INQUISITOR"))
            g.cult_attacked.add(a)
        elif act.ability == "HAUNT":
            passive.append(Attack(a, t, UNSTOPPABLE, "passive", "JESTER"))
    sk_direct = []
    for act in g.ordered("SERIAL_KILLER"):
        sk_direct.append(
            Attack(act.actor, act.target, BASIC, "direct", "SERIAL_KILLER")
        )
    for sk, blockers in sorted(g.sk_blockers.items()):
        sk_direct += [Attack(sk, b, BASIC, "direct", "SERIAL_KILLER") for b in blockers]
    direct = sorted(direct + sk_direct, key=lambda x: _attack_order(g, x))
    counters = _intercept(g, direct)
    _evaluate(g, [*g.guilt, *passive, *direct, *counters])


_W = {
    "MAFIA": 10,
    "VIGILANTE": 19,
    "SERIAL_KILLER": 20,
    "WEREWOLF": 21,
    "INQUISITOR": 31,
}


def _attack_order(g: Night, atk: Attack) -> tuple[int, int]:
    return (_W.get(atk.cause, 99), atk.source)


def _intercept(g: Night, direct: list[Attack]) -> list[Attack]:
    """P6.3: a guarding Bodyguard takes the first attack on its ward."""
    used: set[int] = set()
    counters = []
    for atk in direct:
        guards = [b for b in sorted(g.wards.get(atk.target, [])) if b not in used]
        guards = [b for b in guards if b != atk.source]
        if not guards:
            continue
        bg = guards[0]
        used.add(bg)
        g.tell(bg, "guarded", seat=atk.target)
        atk.target = bg
        counters.append(Attack(bg, atk.source, POWERFUL, "counter", "BODYGUARD"))
    return counters


def _evaluate(g: Night, attacks: list[Attack]) -> None:
    """P6.4-7: every attack against the target's defence; deaths are simultaneous."""
    barrier_used: set[int] = set()
    attacked: dict[int, bool] = {}  # target -> saved only by a heal
    for atk in attacks:
        t = atk.target
        if not g.state.players[t].alive:
            continue
        dfn = g.defence(t)
        bare = g.defence(t, with_heal=False)
        if g.players[t].barrier and t not in barrier_used and atk.kind != "guilt":
            barrier_used.add(t)
            dfn, bare = max(dfn, BASIC), max(bare, BASIC)
            g.players[t] = replace(g.players[t], barrier=False)
        g.attacks.append(atk)
        if atk.kind == "guilt" or atk.level > dfn:
            g.deaths.setdefault(t, []).append(atk.cause)
        else:
            attacked[t] = attacked.get(t, False) or atk.level > bare
    for t, healed in attacked.items():
        if t in g.deaths:
            continue
        g.tell(t, "healed" if healed else "defence_held")
    for doctor_target, doctors in g.heals.items():
        hit = doctor_target in attacked or doctor_target in g.deaths
        for doc in doctors:
            g.tell(
                doc,
                "heal_report",
                seat=doctor_target,
                result="attacked" if hit else "quiet",
            )
    for atk in g.attacks:
        shot = atk.cause == "VIGILANTE" and atk.kind == "direct"
        town = faction(g.snap[atk.target]) == "TOWN"
        if shot and town and atk.target in g.deaths and atk.source not in g.deaths:
            g.players[atk.source] = replace(g.players[atk.source], guilty=True)
