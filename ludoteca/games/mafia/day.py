"""The day (spec §5.4): nominations, the trial threshold, judgement and the
lynch with its post-lynch processing."""

from __future__ import annotations

from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.engine.rng import Rng
from ludoteca.games.mafia.dawn import after_deaths, shown_role
from ludoteca.games.mafia.roles import ROLES
from ludoteca.games.mafia.state import NO_VOTE, PASSED, Note, State, add_notes

VERDICTS = ("guilty", "innocent", "abstain")
MAX_ACQUITTALS = 3


def weight(state: State, seat: int) -> int:
    return ROLES[state.players[seat].role].vote_weight


def threshold(state: State) -> int:
    """floor(L/2) + 1 weighted votes put a player on trial."""
    return sum(1 for p in state.players if p.alive) // 2 + 1


def tally(state: State) -> dict[int, int]:
    out: dict[int, int] = {}
    for seat, target in enumerate(state.votes):
        if target >= 0 and state.players[seat].alive:
            out[target] = out.get(target, 0) + weight(state, seat)
    return out


def on_trial(state: State) -> int:
    """The seat whose weighted votes reached the threshold, or -1."""
    need = threshold(state)
    for target, votes in sorted(tally(state).items()):
        if votes >= need:
            return target
    return -1


def voting_done(state: State) -> bool:
    """Every living player has nominated someone or passed (ends voting early)."""
    return all(
        state.votes[s] != NO_VOTE for s, p in enumerate(state.players) if p.alive
    )


def judges(state: State) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive and s != state.accused]


def judgement_done(state: State) -> bool:
    return all(state.verdicts[s] for s in judges(state))


def judged_guilty(state: State) -> bool:
    """Lynched iff weighted Guilty exceeds weighted Innocent; a tie acquits."""
    guilty = innocent = 0
    for s in judges(state):
        if state.verdicts[s] == "guilty":
            guilty += weight(state, s)
        elif state.verdicts[s] == "innocent":
            innocent += weight(state, s)
    return guilty > innocent


def published_verdicts(state: State) -> tuple[str, ...]:
    """Individual votes as published after the judgement (default Abstain)."""
    return tuple(
        (state.verdicts[s] or "abstain") if s in judges(state) else ""
        for s in range(state.num_players)
    )


def lynch(state: State) -> tuple[State, list[Event]]:
    """The accused dies; Jester, Executioner, promotions (§5.4 last words)."""
    seat, day = state.accused, state.day
    ps = list(state.players)
    p = ps[seat]
    shown = shown_role(replace(p, cleaned_by=-1), day)
    ps[seat] = replace(p, alive=False, died=f"D{day}", causes=("LYNCH",), shown=shown)
    events = [event("lynched", seat=seat, role=shown)]
    haunt: tuple[int, ...] = ()
    haunter = -1
    if p.role == "JESTER":
        ps[seat] = replace(ps[seat], jester_won=True)
        events.append(event("jester_won", seat=seat))
        if state.options["jester_haunt"]:
            haunter = seat
            haunt = tuple(
                s
                for s, v in enumerate(state.last_verdicts)
                if v in ("guilty", "abstain") and ps[s].alive
            )
    new_notes: dict[int, list[Note]] = {}
    for s, q in enumerate(ps):
        if q.alive and q.role == "EXECUTIONER" and q.target == seat:
            ps[s] = replace(q, target_lynched=True)
            new_notes.setdefault(s, []).append(Note("target_lynched", day, seat=seat))
    rng = Rng(state.rng)
    for s, kind, role in after_deaths(ps, state.options, rng, day, "D", {seat}):
        if kind == "died":
            events.append(event("cult_collapse", seat=s, role=role))
        else:
            new_notes.setdefault(s, []).append(Note(kind, day, role=role))
    for s, items in new_notes.items():
        for note in items:
            events.append(Event("note", note.as_dict(), (s,)))
    quiet = 0 if state.options["stalemate_reset_on_day_death"] else state.quiet_nights
    nxt = replace(
        state,
        players=tuple(ps),
        rng=rng.state,
        haunt=haunt,
        haunter=haunter,
        quiet_nights=quiet,
    )
    return add_notes(nxt, new_notes), events


def clear_votes(state: State) -> State:
    n = state.num_players
    return replace(state, votes=(NO_VOTE,) * n, verdicts=("",) * n, accused=-1)


__all__ = ["PASSED", "VERDICTS"]
