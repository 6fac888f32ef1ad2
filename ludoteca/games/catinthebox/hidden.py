"""What a seat sees (`view`) and the worlds it cannot tell apart (`determinize`).

Secret: every hand but one's own, every face-down card but one's own, and the
undealt cards still face down (2 players). Public: the research board, the X
marks, the predictions, the tricks, the observed cards and every score.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ludoteca.engine import Rng
from ludoteca.engine.frozen import replace
from ludoteca.engine.rng import mix_seed
from ludoteca.games.catinthebox import rules as R
from ludoteca.games.catinthebox.scoring import largest_group_cells, largest_groups
from ludoteca.games.catinthebox.state import (
    COLORS,
    EMPTY,
    NONE,
    OBSERVED,
    PHASE_PLAY,
    PHASE_PREDICT,
    PHASE_SET_ASIDE,
    Play,
    RoundResult,
    Rules,
    State,
)

ATTEMPTS = 64
"""Plain rejection draws before the constructive fallback of `determinize`."""


def active(state: State) -> frozenset[int]:
    """The seats that may act (asked of one state many times over: its
    clocks, the seats to act, each seat's legal actions, the view)."""
    global _active_memo
    memo = _active_memo
    if memo is not None and memo[0] is state:
        return memo[1]
    if state.phase == PHASE_SET_ASIDE:
        found = frozenset(s for s, c in enumerate(state.set_aside) if c == NONE)
    elif state.phase in (PHASE_PREDICT, PHASE_PLAY):
        found = frozenset({state.turn})
    else:
        found = frozenset()
    _active_memo = (state, found)
    return found


# The last state asked and its seats to act (keyed by identity, holding the
# state, so the key cannot be reused; one tuple set whole: threads).
_active_memo: tuple[State, frozenset[int]] | None = None


Board = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=4096)
def _shared_board(board: Board, rows: tuple[int, ...]) -> tuple[Any, ...]:
    """The board of the public views (rows in drawn order; a cell holds a
    seat, None or "observed"), made once per board: most actions leave the
    board as it was, and every view of it shares it."""
    return tuple(_shared_row(c, board[c]) for c in rows)


@lru_cache(maxsize=4096)
def _shared_row(color: int, cells: tuple[int, ...]) -> dict[str, Any]:
    """One row of `_shared_board`, made once: a play changes one row of the
    board, and the next board shares the others."""
    return {
        "color": COLORS[color],
        "cells": tuple(
            None if v == EMPTY else "observed" if v == OBSERVED else v for v in cells
        ),
    }


@lru_cache(maxsize=1024)
def _x_revealed(crossed: tuple[tuple[bool, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """The colours of each seat's revealed X."""
    return tuple(
        tuple(COLORS[c] for c in range(len(COLORS)) if seat[c]) for seat in crossed
    )


@lru_cache(maxsize=64)
def _options(rules: Rules) -> dict[str, Any]:
    """The options every public view shows (shared: not to be changed)."""
    return {
        "predictions": rules.predictions,
        "two_player_seed": rules.two_player_seed,
        "leader_red_when_forced": rules.leader_red_when_forced,
        "row_order": rules.row_order,
        "first_start_player": rules.first_start_player,
        "prediction_order": rules.prediction_order,
        "paradox_tokens_stay": rules.paradox_tokens_stay,
        "tie_break": rules.tie_break,
    }


def _plays(plays: tuple[Play, ...]) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "card": p.card, "color": COLORS[p.color]} for p in plays]


def _bid(bid: int) -> int | None:
    return None if bid == NONE else bid


@lru_cache(maxsize=4096)
def _largest(board: Board, rows: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Each seat's largest group (cached: views of one board repeat a lot)."""
    return largest_groups(board, n, rows)


@lru_cache(maxsize=1024)
def _cells(board: Board, rows: tuple[int, ...], n: int) -> tuple[Any, ...]:
    return tuple(
        tuple((COLORS[c], x) for c, x in largest_group_cells(board, s, rows))
        for s in range(n)
    )


def result_json(state: State, r: RoundResult) -> dict[str, Any]:
    """A finished round as the public view shows it (tuples for arrays: kept
    in a cache below, out of the collector's sight)."""
    return {
        "round": r.round,
        "start_player": r.start_player,
        "bids": tuple(_bid(b) for b in r.bids),
        "tricks": r.tricks,
        "largest_group": r.groups,
        "group_cells": _cells(r.board, state.rules.rows, state.num_players),
        "bonus": r.bonus,
        "scores": r.scores,
        "paradox": None if r.paradox == NONE else r.paradox,
        "unfinished_trick": tuple(_plays(r.unfinished)),
        "board": _shared_board(r.board, state.rules.rows),
    }


# A finished round's entry, made once: every later state of the match holds
# the same `RoundResult` (keyed by identity, holding it, so the key cannot be
# reused), and every public view after it shows it (shared: not to be changed).
_results: dict[int, tuple[RoundResult, Any, dict[str, Any]]] = {}


def _result_json(state: State, r: RoundResult) -> dict[str, Any]:
    rules = (state.rules.rows, state.num_players)
    found = _results.get(id(r))
    if found is not None and found[0] is r and found[1] == rules:
        return found[2]
    if len(_results) >= 4096:
        _results.clear()
    entry = result_json(state, r)
    _results[id(r)] = (r, rules, entry)
    return entry


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything a board draws, built field by field.

    phase, round/rounds, start_player, active (seats that may act), turn;
    columns and board (rows top to bottom: colour and cells holding a seat,
    None or "observed"); red_broken; largest_group (each seat's largest group
    on the board now); x_revealed (colours per seat); predictions
    (whether this player count predicts), allowed_predictions, bids (None until
    made), tricks; trick (leader, led colour, plays with declared colours) and
    last_trick (winner, plays); hand_sizes, set_aside_done, observed_cards
    (2 players); scores (totals), round_scores, results (per round: bids,
    tricks, largest_group with group_cells (the [colour, number] cells of one
    largest group per seat), bonus, scores, paradox, unfinished_trick and the
    final board); paradox (seat and round of the latest round's paradox);
    options. A seat also gets seat, hand (sorted) and its own set_aside card.
    """
    out = dict(public_view(state))
    out.update(private_view(state, seat))
    return out


def public_view(state: State) -> dict[str, Any]:
    """The part of `view` every seat and the spectator get (shared: not to
    be changed)."""
    global _public_memo
    memo = _public_memo
    if memo is not None and memo[0] is state:
        return memo[1]
    public = _public_view(state)
    _public_memo = (state, public)
    return public


def private_view(state: State, seat: int | None) -> dict[str, Any]:
    """What `view` adds for `seat` alone: its seat, hand and set-aside card
    (nothing for the spectator)."""
    if seat is None:
        return {}
    card = state.set_aside[seat]
    return {
        "seat": seat,
        "hand": sorted(state.hands[seat]),
        "set_aside": None if card == NONE else card,
    }


# The public part of the last state viewed: every seat's and the spectator's
# view of one state share it (the fan-out of an action asks for each in
# turn). Keyed by identity, holding the state, so the key cannot be reused.
_public_memo: tuple[State, dict[str, Any]] | None = None


# The parts of the public view made of the finished rounds, by the results
# tuple (every state of a round holds the same one; keyed by identity,
# holding it, so the key cannot be reused; shared: not to be changed).
_rounds_known: dict[int, tuple[tuple[RoundResult, ...], Any, tuple[Any, ...]]] = {}


def _rounds(state: State) -> tuple[Any, ...]:
    """scores, round_scores, results and paradox of the public view."""
    results = state.results
    rules = (state.rules.rows, state.num_players)
    found = _rounds_known.get(id(results))
    if found is not None and found[0] is results and found[1] == rules:
        return found[2]
    last = results[-1] if results else None
    parts = (  # tuples, as in `result_json`
        tuple(state.totals),
        tuple(r.scores for r in results),
        tuple(_result_json(state, r) for r in results),
        {"seat": last.paradox, "round": last.round}
        if last is not None and last.paradox != NONE
        else None,
    )
    if len(_rounds_known) >= 1024:
        _rounds_known.clear()
    _rounds_known[id(results)] = (results, rules, parts)
    return parts


def _public_view(state: State) -> dict[str, Any]:
    """What every seat and the spectator see of `state` (see `view`)."""
    n = state.num_players
    scores, round_scores, results, paradox = _rounds(state)
    out: dict[str, Any] = {
        "phase": state.phase,
        "round": state.round,
        "rounds": n,
        "start_player": state.start_player,
        "active": sorted(active(state)),
        "turn": state.turn if state.phase in (PHASE_PREDICT, PHASE_PLAY) else None,
        "columns": state.highest_card,
        "board": _shared_board(state.board, state.rules.rows),
        "red_broken": R.is_red_broken(state.board),
        "largest_group": list(_largest(state.board, state.rules.rows, n)),
        "x_revealed": _x_revealed(state.crossed),
        "predictions": state.has_predictions,
        "allowed_predictions": list(state.allowed_predictions),
        "bids": [_bid(b) for b in state.bids],
        "tricks": list(state.tricks),
        "trick": {
            "leader": state.leader if state.phase == PHASE_PLAY else None,
            "led": COLORS[R.led_color(state.trick)] if state.trick else None,
            "plays": _plays(state.trick),
        },
        "last_trick": {
            "winner": None if state.last_winner == NONE else state.last_winner,
            "plays": _plays(state.last_trick),
        },
        "hand_sizes": [len(h) for h in state.hands],
        "set_aside_done": [c != NONE for c in state.set_aside],
        "observed_cards": list(state.observed_cards),
        "scores": scores,
        "round_scores": round_scores,
        "results": results,
        "paradox": paradox,
        "options": _options(state.rules),
    }
    return out


def _deal(state: State, seat: int, pool: list[int], given: int = NONE) -> State:
    """Give the other seats their hands and face-down cards from `pool`.

    `given`, when set, is a card already chosen for the player to act.
    """
    hands = list(state.hands)
    aside = list(state.set_aside)
    for s in range(state.num_players):
        if s == seat:
            continue
        size = len(state.hands[s])
        if s == state.turn and given != NONE:
            hands[s] = tuple(sorted([given, *pool[: size - 1]]))
            del pool[: size - 1]
        else:
            hands[s] = tuple(sorted(pool[:size]))
            del pool[:size]
        if aside[s] != NONE:
            aside[s] = pool.pop(0)
    return replace(
        state, hands=tuple(hands), set_aside=tuple(aside), undealt=tuple(pool)
    )


def _consistent(world: State, seat: int) -> bool:
    """The player to act has a legal play, or the paradox would have ended it."""
    if world.phase != PHASE_PLAY or world.turn == seat:
        return True
    return bool(R.legal_plays(world, world.turn))


def _playable(state: State, card: int) -> bool:
    """Whether a hand holding `card` gives the player to act a legal play."""
    turn = state.turn
    hands = (*state.hands[:turn], (card,), *state.hands[turn + 1 :])
    return bool(R.legal_plays(replace(state, hands=hands), turn))


def determinize(state: State, seat: int, seed: int) -> State:
    rng = Rng(mix_seed("determinize", seed))
    unseen: list[int] = list(state.undealt)
    for s in range(state.num_players):
        if s != seat:
            unseen += state.hands[s]
            if state.set_aside[s] != NONE:
                unseen.append(state.set_aside[s])
    unseen.sort()
    for _ in range(ATTEMPTS):
        world = _deal(state, seat, rng.shuffled(unseen))
        if _consistent(world, seat):
            return replace(world, rng=rng.state)
    # Rare (a late, crowded board): first give the player to act one card it
    # can declare, then deal the rest at random.
    playable = [i for i, card in enumerate(unseen) if _playable(state, card)]
    given = unseen.pop(rng.choice(playable))
    world = _deal(state, seat, rng.shuffled(unseen), given)
    return replace(world, rng=rng.state)
