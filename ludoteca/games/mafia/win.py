"""The win check (spec §7), in the source's order: the 1v1 tie-break,
dominance and parity by win priority, the empty ending, the stalemate, then the
co-winner pass."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ludoteca.games.mafia.roles import PRIORITY, ROLES, is_neutral
from ludoteca.games.mafia.state import Player, State


@dataclass(frozen=True)
class Result:
    primary: str  # the winning entity, "" when none
    reason: str  # TIEBREAK, DOMINANCE, PARITY, NO_FACTION_LEFT, STALEMATE, DRAW
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Counts:
    town: int
    mafia: int
    cult: int
    nk: Counter[str]
    neutrals: int
    alive: int


def count(players: tuple[Player, ...]) -> Counts:
    alive = [p for p in players if p.alive]
    f = [ROLES[p.role].faction for p in alive]
    return Counts(
        town=f.count("TOWN"),
        mafia=f.count("MAFIA"),
        cult=f.count("CULT"),
        nk=Counter(p.role for p in alive if ROLES[p.role].faction == "NK"),
        neutrals=sum(1 for p in alive if is_neutral(p.role)),
        alive=len(alive),
    )


def entity(p: Player) -> str:
    """A player's rank key for the 1v1 tie-break; "" if not ranked (§7.3)."""
    f = ROLES[p.role].faction
    if f in ("MAFIA", "CULT", "TOWN"):
        return f
    if p.role == "EXECUTIONER":
        return "EXECUTIONER" if p.target_lynched else ""
    if p.role == "JESTER":
        return "JESTER" if p.jester_won else ""
    return p.role if p.role in PRIORITY else ""


def primary_met(ent: str, c: Counts, scope: str) -> str:
    """The reason `ent` wins by dominance or parity, or ""."""
    if ent in ("WEREWOLF", "SERIAL_KILLER"):
        last = c.nk.get(ent, 0) > 0 and set(c.nk) == {ent}
        if last and c.town == c.mafia == c.cult == 0:
            return "DOMINANCE"
        return ""
    if ent == "MAFIA":
        if c.mafia > 0 and c.town == c.cult == 0 and not c.nk:
            return "DOMINANCE"
        blockers = c.neutrals if scope == "all" else sum(c.nk.values())
        if c.mafia > 0 and c.mafia >= c.town and c.cult == 0 and blockers == 0:
            return "PARITY"
        return ""
    if ent == "CULT":
        if c.cult > 0 and c.town == c.mafia == 0 and not c.nk:
            return "DOMINANCE"
        if c.cult > c.alive - c.cult:
            return "PARITY"
        return ""
    if ent == "TOWN" and c.town > 0 and c.mafia == c.cult == 0 and not c.nk:
        return "DOMINANCE"
    return ""


def check(state: State, at_dawn: bool) -> Result | None:
    """The match's result, or None while it goes on."""
    players, opts = state.players, state.options
    alive = [p for p in players if p.alive]
    if not alive:
        return finish(state, "", "DRAW")
    tiebreak = _tiebreak(alive)
    if tiebreak and opts["tiebreak_first"]:
        return finish(state, tiebreak, "TIEBREAK")
    c = count(players)
    for ent in ("WEREWOLF", "SERIAL_KILLER", "MAFIA", "CULT", "TOWN"):
        reason = primary_met(ent, c, str(opts["mafia_parity_neutral_scope"]))
        if reason:
            return finish(state, ent, reason)
    if tiebreak:
        return finish(state, tiebreak, "TIEBREAK")
    if c.town == c.mafia == c.cult == 0 and not c.nk:
        return finish(state, "", "NO_FACTION_LEFT")
    if at_dawn and state.quiet_nights >= opts["stalemate_nights"]:
        return finish(
            state, stalemate_winner(c, str(opts["stalemate_tie"])), "STALEMATE"
        )
    return None


def _tiebreak(alive: list[Player]) -> str:
    if len(alive) != 2:
        return ""
    ranked = [PRIORITY.index(e) for p in alive if (e := entity(p))]
    return PRIORITY[min(ranked)] if ranked else ""


def stalemate_winner(c: Counts, tie: str) -> str:
    """A-36: the group with most living members; a tie goes to win priority."""
    groups = {"MAFIA": c.mafia, "CULT": c.cult, "TOWN": c.town, **c.nk}
    groups = {k: v for k, v in groups.items() if v > 0}
    if not groups:
        return ""
    top = max(groups.values())
    tied = [k for k, v in groups.items() if v == top]
    if len(tied) == 1 or tie == "priority":
        return min(tied, key=PRIORITY.index)
    return ""


def finish(state: State, primary: str, reason: str) -> Result:
    """The co-winner pass (§7.4)."""
    opts = state.options
    won: set[int] = set()
    for s, p in enumerate(state.players):
        f = ROLES[p.role].faction
        if primary in ("MAFIA", "CULT", "TOWN"):
            if f == primary or (primary == "MAFIA" and f == "MAFIA_ALLY"):
                won.add(s)
        elif primary in ("WEREWOLF", "SERIAL_KILLER"):
            if p.role == primary and (p.alive or opts["nk_dead_share_win"]):
                won.add(s)
        elif primary and p.alive and entity(p) == primary:
            won.add(s)
    town_won = primary == "TOWN"
    for s, p in enumerate(state.players):
        if p.role in ("WITCH", "PLAGUE"):
            if not town_won and (p.alive or not opts["witch_plague_need_alive"]):
                won.add(s)
        elif p.role in ("SURVIVOR", "POLITICIAN", "NECROMANCER", "THIEF"):
            if p.alive:
                won.add(s)
        elif p.role == "AMNESIAC":
            if p.alive and opts["amnesiac_wins_unremembered"]:
                won.add(s)
        elif p.role == "EXECUTIONER" and p.target_lynched:
            won.add(s)
        if p.jester_won:
            won.add(s)
    if reason == "STALEMATE" and not primary:
        reason = "STALEMATE_DRAW"
    return Result(primary, reason, tuple(sorted(won)))
