"""The Mafia game on the Game protocol: setup, the phase cycle, actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.errors import IllegalAction, game_over, malformed
from ludoteca.engine.frozen import replace
from ludoteca.engine.memo import latest_state
from ludoteca.engine.protocol import (
    TIMEOUT,
    Event,
    Game,
    GameInfo,
    Outcome,
    Step,
    event,
)
from ludoteca.engine.rng import Rng
from ludoteca.engine.validate import action_type, check_shape, is_listed, same
from ludoteca.games.mafia import chat, claims, day, views
from ludoteca.games.mafia.dawn import resolve
from ludoteca.games.mafia.match import finish, new_match, note_events, start_night
from ludoteca.games.mafia.options import OPTIONS, PHASE_OPTION
from ludoteca.games.mafia.refusals import refusal
from ludoteca.games.mafia.rolelist import STANDARD, deal, deal_list, validate_list
from ludoteca.games.mafia.roles import team_of
from ludoteca.games.mafia.state import (
    DAWN,
    DAY0,
    DEFENSE,
    DISCUSSION,
    JUDGEMENT,
    LAST_WORDS,
    NIGHT,
    NO_VOTE,
    OVER,
    PASSED,
    VOTING,
    Claim,
    Note,
    Player,
    State,
    add_notes,
)
from ludoteca.games.mafia.targets import night_actors, night_choices

SHAPES: dict[str, dict[str, Any]] = {
    "pass": {"type": str},
    "unvote": {"type": str},
    "vote": {"type": str, "target": int},
    "judge": {"type": str, "verdict": str},
    "act": {"type": str, "target": int},
    "claim": {"type": str, "role": str},
    "ready": {"type": str},
    "report": {"type": str, "target": int, "result": str},
}
"""The fields of each kind of action, as `check_shape` wants them."""
SHAPE_OF_TWO_TARGETS: dict[str, Any] = {"type": str, "target": int, "second": int}
"""The Witch's night action: whom she controls, and onto whom."""


class Mafia(Game[State]):
    info = GameInfo(
        "mafia",
        "Mafia",
        {"en": "Mafia", "pt-BR": "Máfia"},
        7,
        20,
        kind="simultaneous",
        hidden_information=True,
        teams=True,
    )
    options = OPTIONS
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        if num_players not in STANDARD:
            raise ValueError("Mafia is for 7 to 20 players")
        rng = Rng(seed)
        custom = tuple(opts["rolelist"])
        if custom:
            validate_list(custom, num_players)
            roles = rng.shuffled(deal_list(custom, rng))
            return new_match(roles, rng.next64(), opts, custom)
        roles = rng.shuffled(deal(num_players, rng))
        return new_match(roles, rng.next64(), opts, STANDARD[num_players])

    # -- who acts ----------------------------------------------------------

    @latest_state  # a move asks several times
    def active_seats(self, state: State) -> frozenset[int]:
        if state.phase == NIGHT:
            return frozenset(night_actors(state))
        if state.phase == DISCUSSION:
            return frozenset(claims.talking(state))
        if state.phase == VOTING:
            return frozenset(s for s, p in enumerate(state.players) if p.alive)
        if state.phase == JUDGEMENT:
            return frozenset(day.judges(state))
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        # A new list each time, as a caller may change the list it gets (not
        # the actions in it: those are shared).
        return list(self._legal_listed(state, seat))

    @latest_state  # a move asks twice: the seat's choice, then the check of it
    def _legal_listed(self, state: State, seat: int) -> tuple[dict[str, Any], ...]:
        return tuple(self._legal_actions(state, seat))

    def _legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.active_seats(state):
            return []
        if state.phase == NIGHT:
            out: list[dict[str, Any]] = [{"type": "pass"}]
            for choice in night_choices(state, seat):
                if len(choice) == 2:
                    out.append(
                        {"type": "act", "target": choice[0], "second": choice[1]}
                    )
                else:
                    out.append({"type": "act", "target": choice[0]})
            return out
        if state.phase == DISCUSSION:
            return [{"type": "ready"}, *claims.claim_actions(state, seat)]
        if state.phase == VOTING:
            out = [
                {"type": "vote", "target": t}
                for t, p in enumerate(state.players)
                if p.alive and t != seat
            ]
            out.append({"type": "pass"})
            if state.votes[seat] != NO_VOTE:
                out.append({"type": "unvote"})
            return out + claims.claim_actions(state, seat)
        return [{"type": "judge", "verdict": v} for v in day.VERDICTS]

    def phase_key(self, state: State) -> tuple[str, int, int]:
        """Changes exactly when a new timed phase begins. The phase clock should
        restart only when this changes, not on every vote or night action.
        The voting keeps one key all day unless the table chose to restart it
        after each acquittal: the platform then resumes it with the time it
        had left when the trial began (spec §5.4)."""
        resume = state.options["voting_after_acquittal"] == "resume"
        if state.phase == VOTING and resume:
            return (state.phase, state.day, 0)
        return (state.phase, state.day, state.acquittals)

    def phase_seconds(self, state: State) -> float | None:
        if state.phase == OVER:
            return None
        return float(state.options[PHASE_OPTION[state.phase]])

    # -- apply -------------------------------------------------------------

    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        if state.phase == OVER:
            raise game_over()
        if seat is None:
            if not same(action, TIMEOUT):
                raise IllegalAction("system_only_timeout", "only a timeout has no seat")
            return self._advance(state)
        kind = action_type(action)
        if not isinstance(seat, int) or not 0 <= seat < state.num_players:
            raise IllegalAction("no_such_seat", "there is no such seat")
        self._check(state, seat, kind, action)
        if kind in ("act", "pass") and state.phase == NIGHT:
            choice = () if kind == "pass" else _targets(action)
            return self._night_action(state, seat, choice)
        if kind in ("claim", "report"):
            nxt, said = claims.record(state, seat, kind, action)
            return Step(nxt, tuple(said))
        if kind == "ready":
            return self._ready(state, seat)
        if kind in ("vote", "pass", "unvote"):
            return self._vote(state, seat, kind, action)
        return self._judge(state, seat, action["verdict"])

    def _check(self, state: State, seat: int, kind: str, action: Any) -> None:
        if kind == "act" and isinstance(action, dict) and "second" in action:
            shape = SHAPE_OF_TWO_TARGETS
        elif kind in SHAPES:
            shape = SHAPES[kind]
        else:
            raise IllegalAction("unknown_action", "this game has no such action")
        check_shape(action, shape)
        if seat not in self.active_seats(state):
            raise IllegalAction("not_your_turn", "you cannot act now")
        if is_listed(action, self.legal_actions(state, seat)):
            return
        raise refusal(state, seat, kind, action)

    def _advance(self, state: State) -> Step[State]:
        """The phase timer ran out."""
        phase = state.phase
        events: list[Event] = []
        if phase == DAY0:
            nxt, events = start_night(state, 1)
        elif phase == NIGHT:
            return self._dawn(state)
        elif phase == DAWN:
            nxt = replace(day.clear_votes(state), phase=DISCUSSION)
            events = [event("day_begins", day=state.day)]
        elif phase == DISCUSSION:
            nxt, events = _open_voting(state)
        elif phase == VOTING:
            nxt, events = start_night(state, state.day + 1)
            events.insert(0, event("no_lynch"))
        elif phase == DEFENSE:
            nxt = replace(state, phase=JUDGEMENT, verdicts=("",) * state.num_players)
            events = [event("judgement_opens", seat=state.accused)]
        elif phase == JUDGEMENT:
            return self._conclude_judgement(state)
        else:  # LAST_WORDS
            nxt, events = day.lynch(state)
            nxt, over = finish(nxt, at_dawn=False)
            events += over
            if nxt.phase != OVER:
                nxt, more = start_night(nxt, state.day + 1)
                events += more
        return Step(nxt, tuple(events))

    def _dawn(self, state: State) -> Step[State]:
        nxt, report, notes = resolve(state)
        nxt = replace(
            add_notes(nxt, notes),
            phase=DAWN,
            report=tuple(report),
            actions=(None,) * state.num_players,
            haunt=(),
            haunter=-1,
        )
        events = [Event("report", n.as_dict()) for n in report]
        events += note_events(notes)
        nxt, over = finish(nxt, at_dawn=True)
        return Step(nxt, (event("dawn", night=state.day), *events, *over))

    def _night_action(
        self, state: State, seat: int, choice: tuple[int, ...]
    ) -> Step[State]:
        actions = list(state.actions)
        actions[seat] = choice
        nxt = replace(state, actions=tuple(actions))
        events = [
            event("ready", seat=seat),
            event("night_choice", to=[seat], choice=list(choice)),
        ]
        if state.options["night_ends_early"] and all(
            nxt.actions[s] is not None for s in night_actors(nxt)
        ):
            dawn = self._dawn(nxt)
            return Step(dawn.state, (*events, *dawn.events))
        return Step(nxt, tuple(events))

    def _ready(self, state: State, seat: int) -> Step[State]:
        """The seat has said what it wanted to say: once every living player
        is ready the voting opens without waiting for the clock."""
        votes = list(state.votes)
        votes[seat] = PASSED
        nxt = replace(state, votes=tuple(votes))
        events = [event("ready", seat=seat)]
        if not claims.talking(nxt):
            nxt, more = _open_voting(nxt)
            events += more
        return Step(nxt, tuple(events))

    def _vote(self, state: State, seat: int, kind: str, action: Any) -> Step[State]:
        votes = list(state.votes)
        votes[seat] = (
            action["target"]
            if kind == "vote"
            else PASSED
            if kind == "pass"
            else NO_VOTE
        )
        nxt = replace(state, votes=tuple(votes))
        if kind == "vote":
            events = [event("voted", seat=seat, target=votes[seat])]
        else:
            events = [
                event("passed" if kind == "pass" else "vote_withdrawn", seat=seat)
            ]
        accused = day.on_trial(nxt)
        if accused >= 0:
            nxt = replace(nxt, phase=DEFENSE, accused=accused)
            events.append(event("trial", seat=accused))
        elif day.voting_done(nxt):
            nxt, more = start_night(nxt, state.day + 1)
            events += [event("no_lynch"), *more]
        return Step(nxt, tuple(events))

    def _judge(self, state: State, seat: int, verdict: str) -> Step[State]:
        verdicts = list(state.verdicts)
        verdicts[seat] = verdict
        nxt = replace(state, verdicts=tuple(verdicts))
        events = [
            event("judged", seat=seat),
            event("verdict_set", to=[seat], verdict=verdict),
        ]
        if day.judgement_done(nxt):
            done = self._conclude_judgement(nxt)
            return Step(done.state, (*events, *done.events))
        return Step(nxt, tuple(events))

    def _conclude_judgement(self, state: State) -> Step[State]:
        published = day.published_verdicts(state)
        guilty = day.judged_guilty(state)
        nxt = replace(state, last_verdicts=published)
        events = [
            event("verdicts", seat=state.accused, votes=list(published), guilty=guilty)
        ]
        if guilty:
            return Step(replace(nxt, phase=LAST_WORDS), tuple(events))
        acquittals = state.acquittals + 1
        if acquittals >= day.MAX_ACQUITTALS:
            nxt, more = start_night(nxt, state.day + 1)
            return Step(nxt, (*events, *more))
        nxt = replace(day.clear_votes(nxt), phase=VOTING, acquittals=acquittals)
        return Step(nxt, (*events, event("voting_opens", threshold=day.threshold(nxt))))

    # -- what seats see ----------------------------------------------------

    def to_json(self, state: State) -> dict[str, Any]:
        """The codec's JSON, built by hand: the testkit and bots call it often."""
        out = dict(state.__dict__)
        out["options"] = dict(state.options)
        out["rolelist"] = list(state.rolelist)
        out["players"] = [_player_json(p) for p in state.players]
        out["actions"] = [None if a is None else list(a) for a in state.actions]
        for name in (
            "votes",
            "verdicts",
            "last_verdicts",
            "haunt",
            "winners",
            "masons",
        ):
            out[name] = list(out[name])
        out["notes"] = [[_note_json(n) for n in ns] for ns in state.notes]
        out["report"] = [_note_json(n) for n in state.report]
        out["claims"] = [_compact(c, _CLAIM_DEFAULTS, "seat") for c in state.claims]
        return out

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return views.determinize(state, seat, seed)

    def chat_channels(self, state: State, seat: int | None) -> dict[str, str]:
        return chat.channels(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        n = state.num_players
        won = set(state.winners)
        ranks = tuple(1 if (s in won or not won) else 2 for s in range(n))
        teams: dict[str, list[int]] = {}
        for s, p in enumerate(state.players):
            teams.setdefault(team_of(p.role), []).append(s)
        sides = {name: any(s in won for s in seats) for name, seats in teams.items()}
        return Outcome(
            winners=state.winners,
            ranks=ranks,
            teams=tuple(tuple(t) for t in teams.values()),
            details={
                "primary": state.primary,
                "reason": state.reason,
                "roles": [p.role for p in state.players],
                "day": state.day,
                "side": state.primary or state.reason or "none",
                "sides": sides,
                "length": {"days": state.day},
            },
        )


_PLAYER_DEFAULTS = Player("").__dict__
_NOTE_DEFAULTS = Note("", 0).__dict__
_CLAIM_DEFAULTS = Claim(0, 0, "").__dict__


def _compact(obj: Any, defaults: dict[str, Any], keep: str) -> dict[str, Any]:
    """The fields that differ from their defaults (the codec fills the rest)."""
    return {
        k: list(v) if isinstance(v, tuple) else v
        for k, v in obj.__dict__.items()
        if k == keep or v != defaults[k]
    }


def _player_json(p: Player) -> dict[str, Any]:
    return _compact(p, _PLAYER_DEFAULTS, "role")


def _note_json(n: Note) -> dict[str, Any]:
    return _compact(n, _NOTE_DEFAULTS, "kind")


def _open_voting(state: State) -> tuple[State, list[Event]]:
    nxt = replace(day.clear_votes(state), phase=VOTING)
    return nxt, [event("voting_opens", threshold=day.threshold(state))]


def _targets(action: dict[str, Any]) -> tuple[int, ...]:
    if "second" in action:
        return (action["target"], action["second"])
    return (action["target"],)


__all__ = ["Mafia", "malformed"]
