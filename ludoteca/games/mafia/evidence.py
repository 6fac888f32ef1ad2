"""What a seat's own knowledge says about the others, for the bots' votes.

Everything here reads only what the seat knows: its role and notes
(investigation results), its team (Mafia members know one another), the
Mason list dealt to it, the roles of the dead, and the public votes of the
day, which say who votes with whom. In a world sampled for the seat
(`determinize`) those are the real ones; the rest of the world is a guess
that these functions never read.

Suspicion is a score per living seat: an investigation that found a player
suspicious (or Mafia) outweighs everything; a cleared player, a Mason
partner or a teammate is never suspected; the rest follows the day's
nominations (a player the table already votes for draws more votes, so the
table converges on a trial), plus a little for voting alongside a player
the seat knows is guilty, or against one it knows is innocent. Ties go to a
public lot of the day, the same for every seat, so bots with no evidence
agree on a suspect instead of scattering their votes and never holding a
trial.
"""

from __future__ import annotations

from ludoteca.engine.rng import mix_seed
from ludoteca.games.mafia.roles import ROLES, faction
from ludoteca.games.mafia.state import State

GUILTY_READS = frozenset({"suspicious", "MAFIA"})
INNOCENT_READS = frozenset({"not_suspicious", "TOWN"})
FOUND_GUILTY = 100.0
ALONGSIDE_GUILTY = 2.0
AGAINST_INNOCENT = 2.0
DEFENDED_MAFIA = 5.0
WITH_THE_SUSPECT = 1.5


def reads(state: State, seat: int) -> dict[int, str]:
    """The seat's latest investigation result for each player it checked."""
    if seat >= len(state.notes):
        return {}
    return {n.seat: n.result for n in state.notes[seat] if n.kind == "detective"}


def is_member(state: State, seat: int) -> bool:
    return faction(state.players[seat].role) == "MAFIA"


def trusted(state: State, seat: int) -> set[int]:
    """Players the seat knows are on its side: itself, its team, its Mason
    partners, those it investigated and found innocent."""
    out = {seat}
    own = faction(state.players[seat].role)
    if own in ("MAFIA", "CULT"):
        out |= {s for s, p in enumerate(state.players) if faction(p.role) == own}
    if seat in state.masons:
        out |= set(state.masons)
    out |= {t for t, r in reads(state, seat).items() if r in INNOCENT_READS}
    return out


def guilty(state: State, seat: int) -> set[int]:
    """Players the seat's own investigations found suspicious or Mafia."""
    return {t for t, r in reads(state, seat).items() if r in GUILTY_READS}


def lot(state: State, target: int) -> int:
    """The day's public lot: breaks ties the same way for every seat."""
    return mix_seed("mafia-lot", state.day, target) & 0xFFFF


def defenders(state: State) -> set[int]:
    """Who judged innocent a player the lynch then showed to be Mafia.

    The published verdicts are those of the last trial; when the latest
    lynch revealed a Mafia role and nobody was tried since, the players
    who tried to save that member are its likeliest partners."""
    lynched = [
        (int(p.died[1:]), p.shown)
        for p in state.players
        if p.died.startswith("D") and p.died[1:].isdigit()
    ]
    if not lynched or not state.last_verdicts or state.accused >= 0:
        return set()
    day, shown = max(lynched)
    if day < state.day - 1 or shown not in ROLES or faction(shown) != "MAFIA":
        return set()
    return {s for s, v in enumerate(state.last_verdicts) if v == "innocent"}


def leader(state: State, living: list[int]) -> int:
    """The player with the most nominations today (-1: none yet)."""
    counts: dict[int, int] = {}
    for voter in living:
        target = state.votes[voter] if state.votes else -1
        if target >= 0:
            counts[target] = counts.get(target, 0) + 1
    if not counts:
        return -1
    return max(counts, key=lambda t: (counts[t], lot(state, t)))


def suspicion(state: State, seat: int) -> dict[int, float]:
    """A score for each living player the seat does not trust."""
    trust, bad = trusted(state, seat), guilty(state, seat)
    scores: dict[int, float] = {}
    living = [s for s, p in enumerate(state.players) if p.alive]
    votes = dict(enumerate(state.votes)) if state.votes else {}
    saved = defenders(state)
    top = leader(state, living)
    for target in living:
        if target in trust:
            continue
        score = FOUND_GUILTY if target in bad else 0.0
        if target in saved:
            score += DEFENDED_MAFIA
        # Voting with today's prime suspect, away from it, is what its
        # partner does: a member never votes for its own.
        mark = votes.get(target, -1)
        if top >= 0 and target != top and mark >= 0 and mark == votes.get(top, -1):
            score += WITH_THE_SUSPECT
        # One per nomination: a vote's weight (the Politician's) is hidden.
        score += sum(1.0 for voter in living if votes.get(voter) == target)
        if mark in bad:
            score += ALONGSIDE_GUILTY
        if mark >= 0 and mark in trust and mark != seat and target not in bad:
            score += AGAINST_INNOCENT
        scores[target] = score
    return scores


def suspect(state: State, seat: int, exclude: set[int] | None = None) -> int:
    """The player the seat's evidence points at most (-1: nobody to suspect)."""
    scores = {
        t: v for t, v in suspicion(state, seat).items() if t not in (exclude or set())
    }
    if not scores:
        return -1
    return max(scores, key=lambda t: (scores[t], lot(state, t)))
