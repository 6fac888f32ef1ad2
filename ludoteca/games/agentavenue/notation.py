"""A compact one-line text form of states, for golden files and logs.

State: ``T3 pick a0 P0,8 g8 | h0 HE.SE.MO h1 CB.DD.SE.SE | d26 x1,0 |
ip0 SE ip1 HE | bm TR.MP.GC/12 own0 - own1 -``. It shows everything,
hidden cards included: it is for tests and developers, never for players.
"""

from __future__ import annotations

from ludoteca.games.agentavenue.state import Counts, State

AGENT_CODES = ("DA", "HE", "CB", "SA", "DD", "SE", "AS", "MO")
BM_CODES = (
    "TR", "SS", "OP", "SR", "DT", "SC", "MC", "LP", "MP", "SY", "GC", "LT", "SU",
    "DI", "TW",
)  # fmt: skip


def counts(c: Counts) -> str:
    return ".".join(AGENT_CODES[a] for a, k in enumerate(c) for _ in range(k)) or "-"


def market(cards: tuple[int, ...]) -> str:
    return ".".join(BM_CODES[c] if c >= 0 else "__" for c in cards) or "-"


def state_line(state: State) -> str:
    parts = [
        f"T{state.turn} {state.phase} a{state.active}",
        f"P{state.pos[0]},{state.pos[1]} g{state.gap}",
        "|",
        " ".join(f"h{s} {counts(h)}" for s, h in enumerate(state.hands)),
        "|",
        f"d{len(state.deck)} x" + ",".join(str(len(d)) for d in state.discards),
        f"| ip0 {counts(state.in_play[0])} ip1 {counts(state.in_play[1])}",
    ]
    if state.offer_up >= 0 and state.phase in ("follow", "pick"):
        down = AGENT_CODES[state.offer_down] if state.offer_down >= 0 else "?"
        parts.append(f"| offer {AGENT_CODES[state.offer_up]}/{down}")
    if state.black_market:
        parts.append(
            f"| bm {market(state.bm_supply)}/{len(state.bm_deck)}"
            f" own0 {market(state.bm_owned[0])} own1 {market(state.bm_owned[1])}"
        )
    if state.tasks:
        parts.append("| tasks " + ",".join(t.kind for t in state.tasks))
    if state.winner >= 0:
        parts.append(f"| winner {state.winner} ({state.end_reason})")
    return " ".join(parts)
