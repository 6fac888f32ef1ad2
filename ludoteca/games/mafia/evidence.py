"""What a seat's own knowledge says about the others, for the bots' votes.

Everything here reads only what the seat knows: its role and notes
(investigation results), its team (Mafia members know one another), the
Mason list dealt to it, the roles of the dead, and the public votes of the
day, which say who votes with whom. In a world sampled for the seat
(`determinize`) those are the real ones; the rest of the world is a guess
that these functions never read.

Formal claims (`claims.py`) are public and weighed by how credible the
claimant is to this seat: a Detective claimant whose role a death revealed
is believed; one the seat's own knowledge contradicts (its own results, its
own innocence, a dead player's revealed role) is a liar, and lying is the
strongest evidence there is; of two claimants the seat cannot tell apart the
first is believed more (a counter-claim usually answers an accusation).
Where nearly the whole table claims a role (`babble`), the claims are noise:
the hard bots then weigh none of them.

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

from collections import Counter

from ludoteca.engine.rng import mix_seed
from ludoteca.games.mafia.claims import REPORTER, claimable, claimed_role
from ludoteca.games.mafia.rolelist import POOLS
from ludoteca.games.mafia.roles import ROLES, faction
from ludoteca.games.mafia.state import State
from ludoteca.games.mafia.win import Counts, stalemate_winner

GUILTY_READS = frozenset({"suspicious", "MAFIA"})
INNOCENT_READS = frozenset({"not_suspicious", "TOWN"})
IMMUNE = frozenset({"GODFATHER", "WEREWOLF"})
"""Roles a Detective may find innocent: where the list may deal one, a
cleared player is only less suspect, never trusted."""
OWN_CLEAR = 20.0
FOUND_GUILTY = 100.0
ALONGSIDE_GUILTY = 2.0
AGAINST_INNOCENT = 2.0
DEFENDED_MAFIA = 5.0
WITH_THE_SUSPECT = 1.5
REPORTED_GUILTY = 40.0
REPORTED_CLEAR = 8.0
KNOWN_LIAR = 60.0
BELIEVED_CLAIMANT = 10.0
PLAN = 3.0
"""What a hard seat's own pick (its evidence, then the day's lot) weighs
against today's nominations: more than the two votes a Mafia casts
together, so two players cannot steer a table that keeps to its plan."""


def reads(state: State, seat: int) -> dict[int, str]:
    """The seat's latest investigation result for each player it checked."""
    if seat >= len(state.notes):
        return {}
    return {n.seat: n.result for n in state.notes[seat] if n.kind == "detective"}


def is_member(state: State, seat: int) -> bool:
    return faction(state.players[seat].role) == "MAFIA"


MAFIA_CORE = frozenset({"GODFATHER", "MAFIOSO"})
SWITCHERS = frozenset({"AMNESIAC", "THIEF"})
"""Roles that may take a Mafia role during the match."""
EVERY_NIGHT = 1 << 30


def clears_until(state: State) -> int:
    """The last night whose "not suspicious" result still rules out the Mafia
    (`EVERY_NIGHT`: every night's).

    Where the list deals no Mafia member but the Godfather and the Mafioso,
    the deaths tell everyone what the member left holds: a revealed Mafioso
    leaves the Godfather, who reads not suspicious on every night; a revealed
    Godfather leaves the Mafioso, promoted Godfather on the day or at the
    dawn of that death, so only the results of the nights up to then rule it
    out. A clear after that says nothing about the Mafia."""
    dealable = frozenset(claimable(state))
    mafia = {r for r in dealable if faction(r) == "MAFIA"}
    if not mafia <= MAFIA_CORE or dealable & SWITCHERS:
        return EVERY_NIGHT
    until = EVERY_NIGHT
    for p in state.players:
        if p.alive or p.shown not in MAFIA_CORE or not p.died[1:].isdigit():
            continue
        until = min(until, 0 if p.shown == "MAFIOSO" else int(p.died[1:]))
    return until


HIDDEN_CHANGES = frozenset(
    {"AMNESIAC", "THIEF", "DISGUISER", "JANITOR", "CULT_LEADER", "CULT_MEMBER"}
)
"""Roles that make the sides' counts unknowable to the table: a role taken
or converted in secret, a role hidden or disguised at death."""


def _side(role: str) -> str:
    f = faction(role)
    return role if f == "NK" else f


def living_sides(state: State) -> Counts | None:
    """How many living players each side has, as the whole table can count
    it: every slot of the list deals one side only, and every death revealed
    a role (None when the list or a death leaves it open)."""
    dealable = frozenset(claimable(state))
    if dealable & HIDDEN_CHANGES:
        return None
    sides: Counter[str] = Counter()
    for slot in state.rolelist:
        found = {_side(r) for r in POOLS.get(slot, (slot,)) if r in dealable}
        if len(found) != 1:
            return None
        sides[found.pop()] += 1
    for p in state.players:
        if p.alive:
            continue
        if p.shown not in ROLES:
            return None
        sides[_side(p.shown)] -= 1
    if min(sides.values(), default=0) < 0:
        return None
    nk = Counter({r: n for r, n in sides.items() if r in ROLES and n > 0})
    return Counts(
        town=sides["TOWN"],
        mafia=sides["MAFIA"],
        cult=sides["CULT"],
        nk=nk,
        neutrals=sides["NEUTRAL"] + sides["MAFIA_ALLY"] + sum(nk.values()),
        alive=sum(1 for p in state.players if p.alive),
    )


def town_waits(state: State) -> bool:
    """Whether the Town should hold its lynch for the stalemate: one more
    night without a death ends the match (`stalemate_nights`), the count
    gives it to the Town (the group with most living members), and one Town
    player fewer would give it to another side. A lynch without evidence
    then risks the match on a lot that names the Mafia less often than not."""
    nights = int(state.options["stalemate_nights"])
    if state.quiet_nights < nights - 1:
        return False
    c = living_sides(state)
    if c is None or c.town < 1:
        return False
    tie = str(state.options["stalemate_tie"])
    fewer = Counts(c.town - 1, c.mafia, c.cult, c.nk, c.neutrals, c.alive - 1)
    return stalemate_winner(c, tie) == "TOWN" != stalemate_winner(fewer, tie)


def lone_killer(state: State) -> bool:
    """Whether the list and the revealed deaths show that one Mafia member at
    most is alive (the Godfather, `clears_until`)."""
    return clears_until(state) < EVERY_NIGHT


def cleared(state: State, seat: int, deaths: bool = True) -> set[int]:
    """Players the seat's own checks found not suspicious on a night when that
    still ruled out the Mafia (`clears_until`; without `deaths`, the easy and
    medium bots, every night's)."""
    if seat >= len(state.notes):
        return set()
    until = clears_until(state) if deaths else EVERY_NIGHT
    return {
        n.seat
        for n in state.notes[seat]
        if n.kind == "detective" and n.result in INNOCENT_READS and n.night <= until
    }


def trusted(state: State, seat: int) -> set[int]:
    """Players the seat knows are on its side: itself, its team, its Mason
    partners, those it investigated and found innocent."""
    out = {seat}
    own = faction(state.players[seat].role)
    if own in ("MAFIA", "CULT"):
        out |= {s for s, p in enumerate(state.players) if faction(p.role) == own}
    if seat in state.masons:
        out |= set(state.masons)
    if IMMUNE.isdisjoint(claimable(state)):
        out |= cleared(state, seat) - guilty(state, seat)
    return out


def guilty(state: State, seat: int) -> set[int]:
    """Players the seat's own investigations found suspicious or Mafia."""
    return {t for t, r in reads(state, seat).items() if r in GUILTY_READS}


def reporters(state: State) -> list[int]:
    """Players whose latest claim is the Detective, first claimant first."""
    order: list[int] = []
    for c in state.claims:
        if c.target < 0 and c.role == REPORTER and c.seat not in order:
            order.append(c.seat)
    return [s for s in order if claimed_role(state, s) == REPORTER]


def reports(state: State, claimant: int) -> dict[int, str]:
    """The claimant's latest reported result for each player."""
    return {
        c.target: c.result for c in state.claims if c.seat == claimant and c.target >= 0
    }


def _said(read: str) -> str:
    return "suspicious" if read in GUILTY_READS else "not_suspicious"


def _contradicted(state: State, seat: int, said: dict[int, str]) -> bool:
    """Whether a claimant's reports contradict what the seat knows: its own
    result on that player, its own innocence, a dead player's revealed role.
    With a Framer in the list a true report may accuse the innocent."""
    if "FRAMER" in claimable(state):
        return False
    own = reads(state, seat)
    innocent = faction(state.players[seat].role) == "TOWN"
    for t, result in said.items():
        shown = state.players[t].shown
        if t in own and _said(own[t]) != result:
            return True
        accused = result == "suspicious"
        town = shown in ROLES and faction(shown) == "TOWN"
        if accused and ((t == seat and innocent) or town):
            return True
    return False


def _overreported(state: State, claimant: int) -> bool:
    """Whether a claimant reported results on more players than nights have
    passed: a Detective checks one player a night (night N comes before day
    N), so the whole table can tell such a claimant is lying."""
    return len(reports(state, claimant)) > state.day


def liars(state: State, seat: int) -> set[int]:
    """Claimants whose words the seat's own knowledge, or what the whole
    table has seen, contradicts."""
    out = {
        c
        for c in reporters(state)
        if c != seat
        and (_overreported(state, c) or _contradicted(state, seat, reports(state, c)))
    }
    for c in reporters(state):
        shown = state.players[c].shown
        if shown in ROLES and shown != REPORTER:
            out.add(c)  # its death revealed another role
    revealed = {q.shown for q in state.players if not q.alive}
    for c, p in enumerate(state.players):
        role = claimed_role(state, c) if p.alive and c != seat else ""
        if role in revealed and ROLES[role].unique:
            out.add(c)  # a unique role a death already revealed
    return out


def credibility(state: State, seat: int, claimant: int, lying: set[int]) -> float:
    """How far the seat believes a Detective claimant's reports (0 to 1)."""
    if claimant in lying or claimant in guilty(state, seat):
        return 0.0  # a Detective reads innocent (a framed one aside)
    if claimant in trusted(state, seat) or state.players[claimant].shown == REPORTER:
        return 1.0
    rivals = [c for c in reporters(state) if c != claimant and c not in lying]
    if not rivals:
        return 0.8
    first = reporters(state)
    return 0.6 if first.index(claimant) < min(first.index(c) for c in rivals) else 0.3


def claimed_evidence(state: State, seat: int) -> dict[int, float]:
    """What the public claims add to each player's suspicion, for this seat."""
    lying = liars(state, seat)
    until = clears_until(state)
    out: dict[int, float] = {c: KNOWN_LIAR for c in lying}
    for c in reporters(state):
        if c == seat:
            continue  # its own words add nothing to what it knows
        weight = credibility(state, seat, c, lying)
        out[c] = out.get(c, 0.0) - weight * BELIEVED_CLAIMANT
        latest = {k.target: k for k in state.claims if k.seat == c and k.target >= 0}
        for t, k in latest.items():
            if k.result == "suspicious":
                delta = REPORTED_GUILTY
            else:
                # A report on day N states a check made on night N at the
                # latest: after `clears_until` it may clear the Godfather.
                delta = -REPORTED_CLEAR if k.day <= until else 0.0
            out[t] = out.get(t, 0.0) + weight * delta
    return out


def babble(state: State) -> bool:
    """Whether the table's claims are noise: two thirds of the living players,
    three at least, have claimed a role (on any day so far). A table of
    players who weigh their words has a few claimants (the accused, a
    Detective with a result); where nearly everyone claims, the claims
    contradict one another and say nothing, and nobody keeps to the day's
    lot either: the hard bots then weigh no claim (`heard`; they still answer
    one, `bot._speak`), keep no plan and follow the nominations.

    The count covers every day, so late in a match a few honest claimants
    among few living players can reach it too; no table of hard or medium
    bots measured so far did at any decision (docs/bots.md, session 30)."""
    living = sum(1 for p in state.players if p.alive)
    claimers = {c.seat for c in state.claims if c.target < 0}
    talking = sum(1 for s in claimers if state.players[s].alive)
    return talking >= 3 and 3 * talking >= 2 * living


def heard(state: State, seat: int, hard: bool) -> dict[int, float]:
    """The claims' weight for the seat (`claimed_evidence`), none where hard
    hears the table `babble`."""
    return {} if hard and babble(state) else claimed_evidence(state, seat)


def lot(state: State, target: int) -> int:
    """The day's lot: breaks ties the same way for every seat, and
    differently in every match (a lot fixed for all matches would have the
    bots vote, check and guard the same seats every time)."""
    return mix_seed("mafia-lot", state.lot, state.day, target) & 0xFFFF


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


def grounds(state: State, seat: int, hard: bool = True) -> dict[int, float]:
    """What the seat's knowledge says of each living player it does not
    trust, before today's nominations: its results, the claims it
    believes, who defended a lynched member."""
    trust, bad = trusted(state, seat), guilty(state, seat)
    saved = defenders(state)
    claimed = heard(state, seat, hard)
    clear = cleared(state, seat, deaths=hard)
    scores: dict[int, float] = {}
    for target, p in enumerate(state.players):
        if not p.alive or target in trust:
            continue
        score = FOUND_GUILTY if target in bad else 0.0
        if target in clear and target not in bad:
            score -= OWN_CLEAR
        score += claimed.get(target, 0.0)
        if target in saved:
            score += DEFENDED_MAFIA
        scores[target] = score
    return scores


def suspicion(
    state: State,
    seat: int,
    plan: bool = False,
    exclude: set[int] | None = None,
    hard: bool = True,
) -> dict[int, float]:
    """A score for each living player the seat does not trust.

    With `plan` (the hard bots), the seat first picks whom its own grounds
    point at (ties: the day's lot) and keeps to that pick unless today's
    nominations outweigh it by `PLAN`: a Mafia that votes first cannot
    drag the table onto a Town player. Without it (easy, medium) the seat
    follows the nominations as they come (a bandwagon)."""
    trust, bad = trusted(state, seat), guilty(state, seat)
    living = [s for s, p in enumerate(state.players) if p.alive]
    votes = dict(enumerate(state.votes)) if state.votes else {}
    top = leader(state, living)
    found = grounds(state, seat, hard)
    base = {t: v for t, v in found.items() if t not in (exclude or ())}
    pick = max(base, key=lambda t: (base[t], lot(state, t)), default=-1)
    scores: dict[int, float] = {}
    for target, score in base.items():
        if plan and target == pick:
            score += PLAN
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


def suspect(
    state: State,
    seat: int,
    exclude: set[int] | None = None,
    plan: bool = False,
    hard: bool = True,
) -> int:
    """The player the seat's evidence points at most (-1: nobody to suspect).
    `hard`: what a clear is worth follows the revealed deaths
    (`clears_until`), and no claim counts where the table `babble`s."""
    scores = suspicion(state, seat, plan, exclude, hard)
    if not scores:
        return -1
    return max(scores, key=lambda t: (scores[t], lot(state, t)))
