"""The conformance checks every game passes, called from each game's tests.

    from ludoteca.engine import testkit
    def test_conformance():
        testkit.check_game(GAME)

It plays random matches for every player count and checks, on states sampled
from them: matches end with an outcome; an active seat always has a legal
action; JSON round trips; replays reproduce every state; refused actions
(fuzzed with hypothesis) raise `IllegalAction` and change nothing, and every
listed legal action is accepted; no view leaks (resampling what a seat cannot
see leaves its view and legal actions unchanged, and the spectator sees only
what every seat sees); `determinize` depends only on what the seat knows; and
states and views stay small. A failure raises `GameCheckError` naming the
check, the player count and the seed, so it can be reproduced.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.protocol import TIMEOUT, Action, Game, Step
from ludoteca.engine.record import Move, Record, replay
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.engine.validate import key


class GameCheckError(AssertionError):
    """A game broke a rule of the protocol; the message names check and seed."""


def deep() -> bool:
    """``LUDOTECA_DEEP=1`` asks for many more matches (a pre-release run)."""
    return os.environ.get("LUDOTECA_DEEP", "") not in ("", "0")


@dataclass
class Playout:
    record: Record
    states: list[Any] = field(default_factory=list)
    finished: bool = False


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def random_step(game: Game[Any], state: Any, rng: Rng) -> tuple[int | None, Action]:
    """A uniformly random (seat, action) among the active seats, or a timeout."""
    seats = sorted(game.active_seats(state))
    timed = game.phase_seconds(state) is not None
    if not seats or (timed and rng.below(20) == 0):
        if not timed:
            raise GameCheckError("no active seat, no outcome and no timed phase")
        return None, dict(TIMEOUT)
    seat = rng.choice(seats)
    actions = game.legal_actions(state, seat)
    if not actions:
        raise GameCheckError(f"active seat {seat} has no legal action")
    return seat, rng.choice(actions)


def play_random(
    game: Game[Any],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_moves: int = 20_000,
    keep: int = 40,
) -> Playout:
    """Play random legal moves to the end, keeping about `keep` sampled states."""
    opts = game.resolve_options(options)
    state = game.setup(players, seed, opts)
    record = Record(game.info.id, players, seed, opts)
    trail = [state]
    rng = Rng(mix_seed("playout", seed))
    while game.outcome(state) is None and len(record.moves) < max_moves:
        seat, action = random_step(game, state, rng)
        state = game.apply(state, seat, action).state
        record.moves.append(Move(seat, action))
        trail.append(state)
    stride = max(1, len(trail) // keep)
    sampled = trail[::stride]
    if sampled[-1] is not trail[-1]:
        sampled.append(trail[-1])
    return Playout(record, sampled, game.outcome(state) is not None)


# -- individual checks -----------------------------------------------------


def check_flow(game: Game[Any], state: Any) -> None:
    n = game.num_players(state)
    outcome = game.outcome(state)
    active = game.active_seats(state)
    if outcome is not None:
        if active:
            raise GameCheckError("seats are still active after the match ended")
        if len(outcome.ranks) != n or not all(1 <= r <= n for r in outcome.ranks):
            raise GameCheckError(f"outcome ranks are wrong: {outcome.ranks}")
        if outcome.scores is not None and len(outcome.scores) != n:
            raise GameCheckError("outcome has a score per seat")
        json.dumps(outcome.as_dict())
    for seat in range(n):
        has_actions = bool(game.legal_actions(state, seat))
        if (seat in active) != has_actions:
            raise GameCheckError(
                f"seat {seat}: active={seat in active} but legal actions={has_actions}"
            )


def check_json_roundtrip(game: Game[Any], state: Any) -> None:
    data = game.to_json(state)
    text = json.dumps(data)
    back = game.from_json(json.loads(text))
    if _canon(game.to_json(back)) != _canon(data):
        raise GameCheckError("to_json/from_json is not an exact round trip")
    if back != state:
        raise GameCheckError("from_json(to_json(s)) != s: not a round trip")
    for seat in [None, *range(game.num_players(state))]:
        json.dumps(game.view(state, seat))


def check_replay(game: Game[Any], playout: Playout) -> None:
    again = replay(playout.record, game=game)
    final = playout.states[-1]
    if _canon(game.to_json(again)) != _canon(game.to_json(final)):
        raise GameCheckError("replaying the record does not reproduce the match")


def check_no_leak(game: Game[Any], state: Any, seed: int) -> None:
    """Resampling what a seat cannot see changes nothing it can see."""
    n = game.num_players(state)
    spectator = _canon(game.view(state, None))
    for seat in range(n):
        world = game.determinize(state, seat, seed)
        if _canon(game.view(world, seat)) != _canon(game.view(state, seat)):
            diff = _first_difference(game.view(state, seat), game.view(world, seat))
            raise GameCheckError(f"seat {seat}'s view shows hidden information: {diff}")
        mine = sorted(map(key, game.legal_actions(state, seat)))
        if sorted(map(key, game.legal_actions(world, seat))) != mine:
            raise GameCheckError(f"seat {seat}'s legal actions depend on hidden state")
        if _canon(game.view(world, None)) != spectator:
            diff = _first_difference(game.view(state, None), game.view(world, None))
            raise GameCheckError(
                f"the spectator view shows what seat {seat} cannot see: {diff}"
            )
        check_json_roundtrip(game, world)


def check_determinize_fair(game: Game[Any], state: Any, seed: int) -> None:
    """Two states a seat cannot tell apart give the same sampled world."""
    for seat in range(game.num_players(state)):
        twin = game.determinize(state, seat, seed + 7919)
        a = game.determinize(state, seat, seed)
        b = game.determinize(twin, seat, seed)
        if _canon(game.to_json(a)) != _canon(game.to_json(b)):
            raise GameCheckError(
                f"determinize for seat {seat} depends on what the seat cannot see"
            )


def resampled_seats(game: Game[Any], state: Any, seed: int) -> set[int]:
    """Seats whose sampled worlds differ in what another seat would see.

    A `determinize` that keeps the real hidden state (say, the other hands)
    passes the leak and fairness checks; this finds it, because in some state
    of a match the others' private information must vary between samples.
    """
    n = game.num_players(state)
    found = set()
    for seat in range(n):
        worlds = [game.determinize(state, seat, seed + k) for k in range(4)]
        for other in range(n):
            if other == seat:
                continue
            seen = {_canon(game.view(w, other)) for w in worlds}
            if len(seen) > 1:
                found.add(seat)
                break
    return found


def check_sizes(
    game: Game[Any], state: Any, max_state: int = 200_000, max_view: int = 100_000
) -> None:
    size = len(json.dumps(game.to_json(state)))
    if size > max_state:
        raise GameCheckError(f"state is {size} bytes of JSON (limit {max_state})")
    for seat in [None, *range(game.num_players(state))]:
        size = len(json.dumps(game.view(state, seat)))
        if size > max_view:
            raise GameCheckError(f"view is {size} bytes of JSON (limit {max_view})")


def check_apply_contract(
    game: Game[Any],
    state: Any,
    seat: int | None,
    action: Any,
    before: str | None = None,
    legal_keys: set[str] | None = None,
    unchanged: bool = True,
) -> Step[Any] | None:
    """`action` is accepted iff listed as legal; a refusal changes nothing.

    `before` is `state`'s canonical JSON when the caller has it: checking many
    actions on one state, it stays true after each check that passes.
    `legal_keys` are the keys of `seat`'s legal actions when the caller has
    them; `unchanged=False` leaves the check that `state` is untouched to the
    caller, who checks it once after a batch."""
    if before is None and unchanged:
        before = _canon(game.to_json(state))
    n = game.num_players(state)
    if seat is None:
        listed = action == TIMEOUT and game.phase_seconds(state) is not None
    else:
        if legal_keys is None:
            legal = game.legal_actions(state, seat) if 0 <= seat < n else []
            legal_keys = {key(a) for a in legal}
        listed = key(action) in legal_keys
    step: Step[Any] | None = None
    try:
        accepted = game.apply(state, seat, action)
    except IllegalAction:
        if listed:
            raise GameCheckError(
                f"listed legal action {action!r} of seat {seat} was refused"
            ) from None
    except Exception as exc:  # any other exception is a defect
        raise GameCheckError(
            f"apply({seat}, {action!r}) raised {type(exc).__name__}: {exc}"
        ) from exc
    else:
        if not listed:
            raise GameCheckError(f"unlisted action {action!r} of seat {seat} accepted")
        step = accepted
        for ev in accepted.events:
            json.dumps(ev.as_dict())
            if ev.to is not None and not all(0 <= s < n for s in ev.to):
                raise GameCheckError(f"event {ev.type} has a bad audience {ev.to}")
    if unchanged and _canon(game.to_json(state)) != before:
        raise GameCheckError("apply mutated its input state")
    return step


def check_fuzzed_actions(
    game: Game[Any], states: Sequence[Any], examples: int, seed: int
) -> None:
    """Hypothesis throws malformed and mutated actions at sampled states."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=False),
        st.text(max_size=12),
    )
    json_values = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.text(max_size=8), inner, max_size=4),
        ),
        max_leaves=8,
    )

    @st.composite
    def actions(draw: Callable[..., Any], state: Any, seat: int | None) -> Any:
        legal = game.legal_actions(state, seat) if seat is not None else []
        if not legal or draw(st.integers(0, 3)) == 0:
            return draw(
                st.one_of(
                    json_values,
                    st.dictionaries(st.just("type"), st.text(max_size=10)),
                    st.just(dict(TIMEOUT)),
                )
            )
        base = dict(draw(st.sampled_from(legal)))
        mutation = draw(st.integers(0, 4))
        names = sorted(base)
        if mutation == 0:
            return base
        if mutation == 1 and names:
            base.pop(draw(st.sampled_from(names)))
        elif mutation == 2:
            base[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
        elif names:
            base[draw(st.sampled_from(names))] = draw(json_values)
        return base

    n = game.num_players(states[0])

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def run(data: Any) -> None:
        state = data.draw(st.sampled_from(list(states)))
        seat = data.draw(st.one_of(st.none(), st.integers(-1, n)))
        action = data.draw(actions(state, seat if seat is not None else None))
        check_apply_contract(game, state, seat, action)

    run()


def mutations(action: Action) -> list[Any]:
    """Near misses of a legal action: each field retyped, dropped or joined."""
    out: list[Any] = [None, [], "play", [action], {}]
    for name, value in action.items():
        swaps: list[Any] = [None, str(value), [value], {"v": value}, 10**30]
        if isinstance(value, bool):
            swaps += [int(value), not value]
        elif isinstance(value, int):
            swaps += [float(value), True, value + 1000, -value - 1]
        elif isinstance(value, str):
            swaps += [0, value.upper() + "_X", ""]
        for swap in swaps:
            out.append({**action, name: swap})
        out.append({k: v for k, v in action.items() if k != name})
    out.append({**action, "extra": 1})
    return out


def check_mutated_actions(game: Game[Any], state: Any) -> None:
    """Near misses of up to five legal actions of each active seat, and each
    of those actions from every other seat, are refused (or listed).

    The state is serialised once per legal action's batch of near misses, not
    once per near miss: a mutation stays in the state, so the batch's check
    still catches it, and names the action whose near misses did it."""
    n = game.num_players(state)
    before = _canon(game.to_json(state))
    legal_keys: dict[int, set[str]] = {}

    def keys_of(seat: int) -> set[str]:
        if seat not in legal_keys:
            legal = game.legal_actions(state, seat) if 0 <= seat < n else []
            legal_keys[seat] = {key(a) for a in legal}
        return legal_keys[seat]

    for seat in sorted(game.active_seats(state)):
        for action in game.legal_actions(state, seat)[:5]:
            for near_miss in mutations(action):
                check_apply_contract(
                    game, state, seat, near_miss, None, keys_of(seat), False
                )
            for other in (None, -1, n, *(s for s in range(n) if s != seat)):
                known = keys_of(other) if other is not None else None
                check_apply_contract(game, state, other, action, None, known, False)
            if _canon(game.to_json(state)) != before:
                raise GameCheckError(
                    f"apply mutated its input state (a near miss of {action!r}, "
                    f"seat {seat}, or that action from another seat)"
                )


def check_every_legal_action(game: Game[Any], state: Any) -> None:
    before = _canon(game.to_json(state))
    for seat in sorted(game.active_seats(state)):
        legal = game.legal_actions(state, seat)
        keys = {key(a) for a in legal}
        for action in legal[:50]:
            check_apply_contract(game, state, seat, action, None, keys, False)
        if _canon(game.to_json(state)) != before:
            raise GameCheckError(
                f"apply of a legal action of seat {seat} mutated its input state"
            )


# -- the whole suite -------------------------------------------------------


@dataclass
class Report:
    matches: int = 0
    moves: int = 0
    states_checked: int = 0


def check_game(
    game: Game[Any],
    player_counts: Sequence[int] | None = None,
    matches: int | None = None,
    options: Sequence[Mapping[str, Any]] = ({},),
    seed: int = 1,
    max_moves: int = 20_000,
    fuzz_examples: int | None = None,
    max_state_bytes: int = 200_000,
    max_view_bytes: int = 100_000,
) -> Report:
    """Run every check for each player count and option set; return a report."""
    counts = player_counts or range(game.info.min_players, game.info.max_players + 1)
    per_count = matches if matches is not None else (6 if not deep() else 200)
    fuzz = fuzz_examples if fuzz_examples is not None else (60 if not deep() else 600)
    report = Report()
    for opts in options:
        for players in counts:
            for m in range(per_count):
                match_seed = mix_seed(seed, players, m, _canon(dict(opts)))
                where = f"{game.info.id}, {players} players, options {dict(opts)}"
                where += f", seed {match_seed}"
                try:
                    _check_match(
                        game,
                        players,
                        match_seed,
                        opts,
                        max_moves,
                        fuzz if m == 0 else 0,
                        max_state_bytes,
                        max_view_bytes,
                        report,
                    )
                except GameCheckError as exc:
                    raise GameCheckError(f"[{where}] {exc}") from exc
    return report


def _check_match(
    game: Game[Any],
    players: int,
    match_seed: int,
    opts: Mapping[str, Any],
    max_moves: int,
    fuzz: int,
    max_state: int,
    max_view: int,
    report: Report,
) -> None:
    playout = play_random(game, players, match_seed, opts, max_moves=max_moves)
    if not playout.finished:
        raise GameCheckError(f"no outcome after {max_moves} random moves")
    report.matches += 1
    report.moves += len(playout.record.moves)
    check_replay(game, playout)
    json.dumps(playout.record.to_json())
    resampling: set[int] = set()
    for index, state in enumerate(playout.states):
        if len(resampling) < players:
            resampling |= resampled_seats(game, state, match_seed + index)
        check_flow(game, state)
        check_json_roundtrip(game, state)
        check_no_leak(game, state, match_seed + index)
        check_determinize_fair(game, state, match_seed + index)
        check_sizes(game, state, max_state, max_view)
        if fuzz:
            check_mutated_actions(game, state)
        report.states_checked += 1
    if game.info.hidden_information and players > 1 and len(resampling) < players:
        missing = sorted(set(range(players)) - resampling)
        raise GameCheckError(
            f"determinize never resamples hidden information for seats {missing}"
        )
    check_every_legal_action(game, playout.states[len(playout.states) // 2])
    if fuzz:
        check_fuzzed_actions(game, playout.states, fuzz, match_seed)


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k} present in only one"
            if _canon(a[k]) != _canon(b[k]):
                return _first_difference(a[k], b[k], f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if _canon(x) != _canon(y):
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or '<root>'}: {str(a)[:80]} != {str(b)[:80]}"
