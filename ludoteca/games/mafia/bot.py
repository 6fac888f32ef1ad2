"""Hints for the search bots (see ludoteca/bots/hints.py): rules of thumb and talk.

The search plays Mafia like any game; these hints (`prune`) make each seat
act on what it knows, which the sampled worlds alone do not weigh (roles
are sampled from public information):

- Votes follow the seat's evidence (`evidence.suspect`): its investigation
  results, its team and Mason partners, and who votes with whom today. A
  Town seat votes for whom that points at; a Mafia member reasons the same
  way with its partners left out, so its vote looks like the Town's (a
  consistent bluff) and never lands on a partner; an Executioner votes its
  target; a Jester is left to the search. Ties go to a public lot of the
  day, so a table of bots holds trials instead of scattering its votes.
- Verdicts: a Mafia member saves a partner and condemns anyone else (hard
  saves a partner only where its vote may tie the count: a lone "innocent"
  names its voter once the lynch shows the role); a Town seat condemns whom
  its investigations found suspicious, acquits whom they cleared (and its
  Mason partners), and otherwise follows the trial the table agreed on.
  A hard Jester acquits (a defender of a lynched member is the next
  day's suspect).
- The Mafia's killers (Godfather, Mafioso) attack every night they can,
  never a player their own notes say survives a basic attack nor the one
  they attacked in vain the night before, and both aim at the same target
  (a lot of the night). Hard aims first at the Detective claimant, then a
  Doctor claimant.
- Formal claims (`claims.py`, hard only: easy and medium play these rules
  on a world without the record, `decide`): in the discussion a seat says
  what it has to say and is then ready to vote; the Detective comes out with
  its results, an accused Mafia member counter-claims, the Town weighs each
  claimant by what it knows (`evidence.claimed_evidence`), the Mafia attacks
  a Detective claimant and the Doctor guards the one it believes. The
  Jester lies where the table sees it (more results than nights) to be
  lynched; the Executioner claims the Detective and calls its target
  suspicious.
- Talk (`talk`): a bot says whom it votes for and why it judges as it does;
  accused, it pleads innocence and claims a Town role the public list may
  deal, the same one every time, whatever its real role (a claim that
  depended on the role would reveal it).

Only the acting seat's own role, notes and team are read; in a world
sampled for that seat they are the real ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.mafia import day, evidence
from ludoteca.games.mafia.claims import REPORTER, claimed_role
from ludoteca.games.mafia.roles import BASIC, ROLES, faction
from ludoteca.games.mafia.state import (
    DEFENSE,
    DISCUSSION,
    JUDGEMENT,
    NIGHT,
    VOTING,
    State,
)
from ludoteca.games.mafia.views import role_guide

KILLERS = frozenset({"GODFATHER", "MAFIOSO"})
SPEECH_ACTS = frozenset({"claim", "report"})
LEARNED = frozenset({"consigliere", "witch_learned"})
"""Notes that tell a Mafia seat another player's exact role."""


def _find(actions: list[Action], **wanted: Any) -> list[Action]:
    return [a for a in actions if all(a.get(k) == v for k, v in wanted.items())]


def _unsaid(state: State, seat: int, found: dict[int, str]) -> list[tuple[int, str]]:
    """The seat's results on living players it has not reported yet."""
    said = {(c.target, c.result) for c in state.claims if c.seat == seat}
    out = []
    for t, read in sorted(found.items()):
        result = "suspicious" if read in evidence.GUILTY_READS else "not_suspicious"
        if state.players[t].alive and (t, result) not in said:
            out.append((t, result))
    return out


def _lie(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The Jester wins by its own lynch, so it lies where the whole table can
    see it: it reports on more players than nights have passed
    (`evidence.liars`), clearing them, so its words hurt nobody."""
    if len(evidence.reports(state, seat)) > state.day:
        return []
    told = evidence.reports(state, seat)
    others = [
        t
        for t, p in enumerate(state.players)
        if p.alive and t != seat and t not in told
    ]
    for t in sorted(others, key=lambda t: evidence.lot(state, t)):
        kept = _find(actions, type="report", target=t, result="not_suspicious")
        if kept:
            return kept
    return []


def _frame(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The Executioner wins if the Town lynches its target, a Town player:
    it claims the Detective and calls its target suspicious, once (one
    result never exceeds the nights that have passed)."""
    target = state.players[seat].target
    if (
        target < 0
        or not state.players[target].alive
        or state.players[seat].target_lynched
    ):
        return []
    if evidence.reports(state, seat):
        return []
    return _find(actions, type="report", target=target, result="suspicious")


NEUTRAL_TALK = {"JESTER": _lie, "EXECUTIONER": _frame}


def _nominated(state: State, seat: int) -> bool:
    """Whether a living player votes for the seat today."""
    votes = state.votes or ()
    return any(v == seat and state.players[s].alive for s, v in enumerate(votes))


def _speak(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """A claim or a report the seat wants on the record before it votes.

    The Detective comes out with its first result on a living player (the
    report claims the Detective with it) and reports every result it has not
    reported yet: a cleared player narrows the Town's search, and the Doctor
    guards a claimant; with nothing to report, it claims once a vote names
    it. A Mafia member a Detective claimant accused counter-claims the
    Detective by accusing the accuser back (the same story every day). A
    Town player accused by a claimant answers with its real role."""
    me, mine = state.players[seat], claimed_role(state, seat)
    if me.role in NEUTRAL_TALK:
        return NEUTRAL_TALK[me.role](state, seat, actions)
    if me.role == REPORTER:
        # Its first report claims the Detective with it (claims.record).
        for t, result in _unsaid(state, seat, evidence.reads(state, seat)):
            kept = _find(actions, type="report", target=t, result=result)
            if kept:
                return kept
        if mine != REPORTER and _nominated(state, seat):
            # Nothing to report yet, but a Detective lynched by a lot is
            # the Town's worst loss: it comes out before the trial.
            return _find(actions, type="claim", role=REPORTER)
        return []
    accusers = [
        c
        for c in evidence.reporters(state)
        if state.players[c].alive
        and evidence.reports(state, c).get(seat) == "suspicious"
    ]
    if not accusers:
        return []
    if evidence.is_member(state, seat):
        if mine not in ("", REPORTER):
            return []
        back = [c for c in accusers if not evidence.is_member(state, c)]
        said = {c.target for c in state.claims if c.seat == seat}
        for c in back:
            if c not in said:
                return _find(actions, type="report", target=c, result="suspicious")
        if mine != REPORTER:
            return _find(actions, type="claim", role=REPORTER)
        return []
    if faction(me.role) == "TOWN" and not mine:
        return _find(actions, type="claim", role=me.role)
    return []


def _vote(state: State, seat: int, actions: list[Action], hard: bool) -> list[Action]:
    """Vote for whom the seat's evidence points at (`evidence.suspect`); hard
    keeps to its own pick against a few nominations (`evidence.PLAN`), except
    where the table babbles (`evidence.babble`): there it follows them."""
    said = _speak(state, seat, actions)
    if said:
        return said
    me = state.players[seat]
    if me.role == "JESTER":
        return actions  # its goal is its own lynch: the search plays it
    target = me.target if me.role == "EXECUTIONER" else -1
    if target < 0 or not state.players[target].alive:
        plan = hard and not evidence.babble(state)
        target = evidence.suspect(state, seat, plan=plan, hard=hard)
        if hard and _waits(state, seat, target):
            return _find(actions, type="pass") or actions
    kept = [a for a in actions if a["type"] == "vote" and a["target"] == target]
    return kept or actions


def _waits(state: State, seat: int, target: int) -> bool:
    """A Town seat with no grounds against `target` holds the lynch while the
    count says a quiet night wins the match (`evidence.town_waits`)."""
    if faction(state.players[seat].role) != "TOWN" or not evidence.town_waits(state):
        return False
    if target in evidence.guilty(state, seat):
        return False
    return evidence.grounds(state, seat).get(target, 0.0) <= 0


def _verdict(state: State, seat: int, hard: bool = True) -> str:
    """The verdict the seat's side wants on the accused ("" : no opinion)."""
    accused, me = state.accused, state.players[seat]
    if accused < 0:
        return ""
    if evidence.is_member(state, seat):
        # Judge like the Town would, as a bluff; save a partner, but hard
        # only where its vote may tie the count (`_may_save`).
        if not evidence.is_member(state, accused):
            return "guilty"
        return "innocent" if not hard or _may_save(state) else "guilty"
    if me.role == "EXECUTIONER":
        return "guilty" if accused == me.target else ""
    if me.role == "JESTER" and hard:
        # A defender of a lynched Mafia member is the next day's suspect.
        return "innocent"
    if faction(me.role) != "TOWN":
        return ""
    if accused in evidence.guilty(state, seat):
        return "guilty"
    if accused in evidence.trusted(state, seat):
        return "innocent"
    if accused in evidence.cleared(state, seat, deaths=hard):
        return "innocent"  # its own check cleared the accused
    if evidence.heard(state, seat, hard).get(accused, 0.0) < 0:
        return "innocent"  # a Detective this seat believes cleared the accused
    if hard and _waits(state, seat, accused):
        return "innocent"  # a quiet night wins: no lynch on the lot
    return "guilty"  # the table agreed on a trial: a lynch beats a lost day


SAVING_JUDGES = 3
"""At most this many judges (the member among them) for a Mafia member's
"innocent" on its partner to be worth its risk (`_may_save`)."""


def _may_save(state: State) -> bool:
    """Whether a Mafia member's "innocent" may save its accused partner.

    The Town condemns whom the table put on trial. With three other judges
    or more, an "innocent" saves the partner only if two of them fail to
    condemn, and once the lynch shows a Mafia role the published verdicts
    name its defender as the likeliest partner (`evidence.defenders`): the
    whole team is lost for one vote. With two others, one of them failing
    to condemn ties the count (a tie acquits), and the partner's death
    would likely end the match anyway."""
    return len(day.judges(state)) <= SAVING_JUDGES


def _judge(state: State, seat: int, actions: list[Action], hard: bool) -> list[Action]:
    verdict = _verdict(state, seat, hard)
    kept = [a for a in actions if verdict and a.get("verdict") == verdict]
    return kept or actions


def _unkillable(state: State, seat: int) -> set[int]:
    """Players the seat learned (by its own notes) a basic attack cannot kill."""
    if seat >= len(state.notes):
        return set()
    return {
        n.seat
        for n in state.notes[seat]
        if n.kind in LEARNED and n.role in ROLES and ROLES[n.role].defence >= BASIC
    }


def _kill(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The Mafia's attack never passes a night nor aims at a player it knows
    survives it; its two killers draw the same target from a lot of the night
    (what they would agree on in their night chat)."""
    spared = _unkillable(state, seat) | evidence.trusted(state, seat)
    spared.add(_last_target(state, spared))
    targets = [a for a in actions if a["type"] == "act" and a["target"] not in spared]
    if not targets:
        return actions
    # A Detective claimant is the Town's eyes: silenced first (the first one
    # claimed, the same for both killers), then a Doctor claimant, who
    # guards it.
    for c in [*evidence.reporters(state), *_claimants(state, "DOCTOR")]:
        kept = [a for a in targets if a["target"] == c]
        if kept:
            return kept
    return [max(targets, key=lambda a: _kill_lot(state, state.day, a["target"]))]


def _claimants(state: State, role: str) -> list[int]:
    """Living players whose latest claim is `role`, first claimant first."""
    order = [c.seat for c in state.claims if c.target < 0 and c.role == role]
    seen = sorted(set(order), key=order.index)
    return [
        s for s in seen if state.players[s].alive and claimed_role(state, s) == role
    ]


def _kill_lot(state: State, night: int, target: int) -> int:
    """The killers' lot of a night; not the Town's lot (`evidence.lot`), so
    the Detective's check does not follow the attack."""
    return mix_seed("mafia-kill", state.lot, night, target)


def _last_target(state: State, spared: set[int]) -> int:
    """Whom this policy attacked last night, if that player is still alive
    (then the attack failed: aiming again would likely waste the night).

    The bots keep no memory, but the choice was a lot among the players
    alive then, which the seat can draw again: the living now and those
    who died last night or on the day after it."""
    last = state.day - 1
    if last < 1:
        return -1
    gone = {f"N{last}", f"D{last}"}
    then = [
        t
        for t, p in enumerate(state.players)
        if (p.alive or p.died in gone) and t not in spared
    ]
    if not then:
        return -1
    pick = max(then, key=lambda t: _kill_lot(state, last, t))
    return pick if state.players[pick].alive else -1


def _aim(actions: list[Action], target: int) -> list[Action]:
    kept = [a for a in actions if a["type"] == "act" and a.get("target") == target]
    return kept or actions


def _investigate(
    state: State, seat: int, actions: list[Action], hard: bool
) -> list[Action]:
    """The Detective checks the most suspicious player it has not checked yet."""
    checked = set(evidence.reads(state, seat))
    return _aim(actions, evidence.suspect(state, seat, checked, hard=hard))


def _shoot(state: State, seat: int, actions: list[Action], hard: bool) -> list[Action]:
    """The Vigilante shoots only a player its own notes found guilty: a shot at
    a Town player kills the shooter of guilt the next night."""
    found = sorted(t for t in evidence.guilty(state, seat) if state.players[t].alive)
    if found:
        return _aim(actions, found[0])
    return [a for a in actions if a["type"] == "pass"] or actions


def _block(state: State, seat: int, actions: list[Action], hard: bool) -> list[Action]:
    """The Escort roleblocks whom its evidence points at. With nothing but the
    day's lot to go on it stays home while two killers may be alive: a
    killer blocked then is replaced by its partner (the Mafioso carries out
    the Godfather's order, the Godfather carries out his own), so a block by
    lot stops no attack and hits the Town's Detective or Doctor as often as
    a killer. Once the deaths show one killer at most is left
    (`evidence.lone_killer`), a block on its prime suspect may stop the
    night's attack; where the table babbles (`evidence.babble`), the night's
    outcome outweighs its other grounds (`_kept_block`). Easy and medium
    block their prime suspect every night."""
    target = evidence.suspect(state, seat, hard=hard)
    grounded = evidence.grounds(state, seat).get(target, 0.0) > 0
    lone = evidence.lone_killer(state)
    if hard and lone and evidence.babble(state):
        return _aim(actions, _kept_block(state, seat))
    if not hard or grounded or lone:
        return _aim(actions, target)
    return _find(actions, type="pass") or actions


def _kept_block(state: State, seat: int) -> int:
    """With one killer left, a night without a death after the Escort's block
    says it likely blocked the killer: it keeps blocking the same player
    while the nights stay quiet, and draws again (maybe the same player)
    after a death at night, whatever killed (the Mafia's deaths alone
    would tell more; not measured).

    The draw is a lot of the match and of the night deaths so far, so the
    memoryless bot finds the same player every quiet night (the day's lot
    changes every day); -1 when the Escort trusts every living player."""
    deaths = sum(1 for p in state.players if p.died.startswith("N"))
    trust = evidence.trusted(state, seat)
    living = [t for t, p in enumerate(state.players) if p.alive and t not in trust]
    return max(
        living, key=lambda t: mix_seed("mafia-escort", state.lot, deaths, t), default=-1
    )


def _heal(state: State, seat: int, actions: list[Action], hard: bool) -> list[Action]:
    """The Doctor guards the Detective claimant it believes most. With no such
    claim, or (hard) where the table babbles (`evidence.babble`), it guards
    itself while its one self-heal lasts: it is the one player it knows the
    Mafia may attack (a heal on another may land on a Mafia member, whom the
    Mafia never attacks); after that it is left to the search (easy and
    medium leave it to the search at once)."""
    lying = evidence.liars(state, seat)
    living = [
        c
        for c in evidence.reporters(state)
        if state.players[c].alive and c not in lying and c != seat
    ]
    if not living or (hard and evidence.babble(state)):
        own = _find(actions, type="act", target=seat) if hard else []
        return own or actions
    best = max(living, key=lambda c: evidence.credibility(state, seat, c, lying))
    return _aim(actions, best)


TOWN_NIGHT = {
    "DETECTIVE": _investigate,
    "VIGILANTE": _shoot,
    "ESCORT": _block,
    "DOCTOR": _heal,
}


def prune(
    game: Game[Any], state: State, seat: int, actions: list[Action]
) -> list[Action]:
    """The hard bot's rules of thumb (the search's prune)."""
    return _prune(state, seat, actions, hard=True)


def _discuss(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """Say what the seat wants on the record before the first vote, then
    be ready to vote."""
    return _speak(state, seat, actions) or _find(actions, type="ready") or actions


def _prune(state: State, seat: int, actions: list[Action], hard: bool) -> list[Action]:
    if state.phase == DISCUSSION:
        return _discuss(state, seat, actions)
    if state.phase == VOTING:
        return _vote(state, seat, actions, hard)
    if state.phase == JUDGEMENT:
        return _judge(state, seat, actions, hard)
    if state.phase == NIGHT:
        role = state.players[seat].role
        if role in KILLERS:
            return _kill(state, seat, actions)
        if role in TOWN_NIGHT:
            return TOWN_NIGHT[role](state, seat, actions, hard)
    return actions


DECIDE_LEVELS = frozenset({"easy", "medium"})
"""Levels that play the rules of thumb without the formal claims: they
neither make claims nor weigh them. Only hard reads the record, so the levels
differ in what they listen to, not only in how long they think."""
DECIDE_WORLDS = 1


def decide(
    game: Game[Any], worlds: Sequence[State], seat: int, seed: int, level: str
) -> Action | None:
    """The rule of thumb on a world without the claims; None (the search)
    where the rules of thumb leave the choice open."""
    world = replace(worlds[0], claims=())
    actions = [
        a for a in game.legal_actions(world, seat) if a["type"] not in SPEECH_ACTS
    ]
    kept = _prune(world, seat, actions, hard=False)
    return kept[0] if len(kept) == 1 else None


def talk(
    game: Game[Any], state: State, seat: int, action: Action | None, rng: Rng
) -> list[dict[str, Any]]:
    if action is None:
        if state.phase == DEFENSE and seat == state.accused:
            # The claim never depends on the bot's own role: true claims from
            # the Town alone would tell every seat who is who (and a plain
            # "Citizen" who is not Town). Any accused bot names a Town role
            # the public list may deal, so the claim tells nothing.
            # The same claim every time this seat is accused (a bluff that
            # changes from one day to the next gives itself away).
            town = sorted(r for r in role_guide(state.rolelist) if faction(r) == "TOWN")
            pick = mix_seed("mafia-claim", seat, *state.rolelist)
            claim = claimed_role(state, seat) or (
                town[pick % len(town)] if town else "CITIZEN"
            )
            return [
                {"channel": "table", "code": "defend"},
                {"channel": "table", "code": "claim", "role": claim},
            ]
        return []
    if action["type"] == "vote" and state.phase == VOTING:
        return [{"channel": "table", "code": "accuse", "seat": action["target"]}]
    verdict = action.get("verdict")
    if state.phase == JUDGEMENT and verdict in ("guilty", "innocent") and rng.below(2):
        return [{"channel": "table", "code": verdict, "seat": state.accused}]
    return []
