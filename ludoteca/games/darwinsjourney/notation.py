"""A one-line text form of a state, for golden playthroughs and logs."""

from __future__ import annotations

from ludoteca.games.darwinsjourney.state import State


def notation(state: State) -> str:
    top = state.top()
    task = f"{top.kind}@{top.seat}" if top else "-"
    players = " ".join(
        f"[{p.coins}c {p.vp}vp {p.temp}k e{p.evolution} "
        f"s{'/'.join(''.join(r) or '-' for r in p.seals)} "
        f"{p.ship} {','.join(e or '-' for e in p.explorers)} "
        f"r{len(p.research)} t{p.tents_left} st{''.join(map(str, p.stamps))}]"
        for p in state.players
    )
    line = f"R{state.round} {state.phase} {task} beagle={state.beagle} {players}"
    a = state.alfred
    if a is not None:
        line += (
            f" alfred[{a.coins}c {a.vp}vp e{a.evolution} b{a.bonus} {a.ship} "
            f"{','.join(e or '-' for e in a.explorers)} r{len(a.research)}]"
        )
    return line
