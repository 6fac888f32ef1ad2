"""What happens between actions: drawing missions, settling a trick, checking
the win conditions, the final vote (spec 1(c), 1(d), "Authoritative additions").
"""

from __future__ import annotations

from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob import outcome as O
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.cards import winning_index
from ludoteca.games.insidejob.state import Reveal, State, Trick


def intel_target(state: State) -> int:
    return R.TARGETS[state.num_players][1]


def mission_target(state: State) -> int:
    return R.TARGETS[state.num_players][0]


def reveal_threshold(state: State) -> int:
    if state.prof_no:
        return R.PROF_NO_REVEAL[state.num_players]
    return intel_target(state)


def planned_tricks(state: State) -> int:
    return R.DEAL[state.num_players][1]


def begin_trick(state: State) -> State:
    """The leader draws two missions, or the vote starts after the last trick."""
    if len(state.tricks) >= planned_tricks(state):
        return start_vote(state)
    deck = state.mission_deck
    if len(deck) >= 2:
        return replace(state, phase="mission", offered=deck[:2], mission_deck=deck[2:])
    # ASSUMPTION (1(c)): one card left is taken as it is; none, no mission.
    mission = deck[0] if deck else None
    return replace(state, phase="play", mission=mission, mission_deck=deck[1:])


def settle_trick(state: State) -> tuple[State, list[Event]]:
    """All cards are down: winner, intel, mission, then the end checks."""
    trump = missions.trump_of(state.mission)
    index = winning_index(state.trick, trump)
    winner = state.trick[index].seat
    pot = sum(1 for p in state.trick if p.wager)
    intel = list(state.intel)
    supply = state.supply
    events: list[Event] = []
    if state.roles[winner] == R.ACCOMPLICE:
        # The Accomplice takes nothing; the partner pays one token instead.
        supply += pot
        gained = 0
        if intel[state.partner] > 0:
            intel[state.partner] -= 1
            supply += 1
            events.append(event("intel_lost", seat=state.partner, reason="accomplice"))
    else:
        from_supply = 1 if supply > 0 else 0  # ASSUMPTION 1(e): empty supply
        supply -= from_supply
        gained = pot + from_supply
        intel[winner] += gained
    completed = state.mission is not None and missions.is_completed(
        state.mission, state.trick, index
    )
    trick = Trick(state.leader, state.mission, state.trick, winner, completed)
    events.insert(0, event("trick_won", seat=winner, intel=gained, pot=pot))
    done = list(state.completed)
    failed = list(state.failed)
    if state.mission is not None:
        (done if completed else failed).append(state.mission)
        kind = "mission_completed" if completed else "mission_failed"
        events.append(event(kind, mission=state.mission))
    state = replace(
        state,
        intel=tuple(intel),
        supply=supply,
        completed=tuple(done),
        failed=tuple(failed),
        mission=None,
        trick=(),
        tricks=(*state.tricks, trick),
        leader=winner,
    )
    state, more = check_end(state)
    events += more
    if state.phase == "over":
        return state, events
    return begin_trick(state), events


def check_end(state: State) -> tuple[State, list[Event]]:
    """Reveals, then the win conditions; the Insider's side wins ties."""
    n = state.num_players
    events: list[Event] = []
    intel = list(state.intel)
    supply = state.supply
    revealed: list[Reveal] = list(state.revealed)
    crew_reasons: list[str] = []
    threshold = reveal_threshold(state)
    for seat in range(n):
        role = state.roles[seat]
        if revealed[seat] or intel[seat] < threshold:
            continue
        if role == R.INSIDER:
            continue  # the Insider wins instead of revealing
        revealed[seat] = "intel"
        events.append(event("role_revealed", seat=seat, role=role, reason="intel"))
        if role == R.FULL_RISK:
            crew_reasons.append("full_risk")
        elif role == R.PROF_NO:
            crew_reasons.append("prof_no_revealed")
        elif role == R.TIM_SHADY:
            right = R.right_of(seat, n)
            if intel[right] > 0:
                intel[right] -= 1
                supply += 1  # ASSUMPTION: the token goes back to the supply
                events.append(event("intel_lost", seat=right, reason="tim_shady"))
    state = replace(state, intel=tuple(intel), supply=supply, revealed=tuple(revealed))
    traitor = state.traitor
    reason = ""
    if R.MICROPHONE in state.roles and intel[state.roles.index(R.MICROPHONE)] > 1:
        reason = "microphone"
    elif not state.prof_no and intel[traitor] >= intel_target(state):
        reason = "intel"
    elif state.prof_no and all(revealed[s] for s in range(n) if s != traitor):
        reason = "all_revealed"
    elif len(state.completed) >= mission_target(state):
        reason = "missions"
    elif crew_reasons:
        reason = crew_reasons[0]
    if not reason:
        return state, events
    state, ended = end_match(state, reason, None)
    return state, events + ended


def end_match(
    state: State, reason: str, vote: O.VoteResult | None
) -> tuple[State, list[Event]]:
    winners = O.winners(state.roles, state.revealed, state.partner, reason, vote)
    state = replace(
        state,
        phase="over",
        end_reason=reason,
        winners=winners,
        offered=(),
    )
    roles = list(state.roles)
    return state, [
        event("match_ended", reason=reason, winners=list(winners), roles=roles)
    ]


# -- the final vote ----------------------------------------------------------


def can_vote(state: State, seat: int) -> bool:
    role = state.roles[seat]
    if role == R.ACCOMPLICE:
        return False
    if state.revealed[seat] and (state.prof_no or role in (R.TIM_SHADY, R.SLEEPING)):
        return False
    return bool(vote_targets(state, seat))


def vote_targets(state: State, seat: int) -> list[int]:
    """Nobody votes for themselves or for a revealed player."""
    return [t for t in range(state.num_players) if t != seat and not state.revealed[t]]


def ballots(state: State, seat: int) -> list[tuple[int, ...]]:
    """Every ballot `seat` may cast: one name, or two for the Paranoid Agent."""
    targets = vote_targets(state, seat)
    if state.roles[seat] != R.PARANOID:
        return [(t,) for t in targets]
    if state.revealed[seat] == "intel":
        return [(a, b) for a in targets for b in targets if a <= b]
    if len(targets) == 1:
        return [(targets[0],)]
    return [(a, b) for a in targets for b in targets if a < b]


def start_vote(state: State) -> State:
    voters = tuple(s for s in range(state.num_players) if can_vote(state, s))
    state = replace(state, phase="vote", voters=voters, offered=())
    if not voters:
        return finish_vote(state)[0]
    return state


def finish_vote(state: State) -> tuple[State, list[Event]]:
    result = O.count_votes(state.votes, state.roles, state.traitor)
    shown = event(
        "votes_revealed",
        votes={str(s): list(state.votes[s]) for s in state.voters},
        tally=list(result.tally),
    )
    state, events = end_match(state, "vote", result)
    return state, [shown, *events]
