"""Hints for the generic search bots (see ludoteca/bots/hints.py).

They receive sampled worlds only, and at the root they look at nothing the
thinking seat could not know: its own role and hand, the public table (the
trick so far, the mission, intel counts, revealed roles, who failed to follow
a colour and later played it).

- The last player of a trick sees the whole outcome of each card: Agents
  favour cards that complete the mission without handing the trick to a
  suspect; the Insider (or Prof. No) favours winning tricks and failing
  missions; betting is favoured only when it wins the trick for the bettor.
- Choosing a mission, the Insider's side leans to risky ones, Agents away.
- In the vote, a player caught breaking colour is the prime suspect, then the
  one holding the most intel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.cards import Played, winning_index
from ludoteca.games.insidejob.determinize import played_after_void
from ludoteca.games.insidejob.state import State

ITERATION_COST = 10
"""Sampling a world costs about ten actions; without this, the last vote (two
actions to the end) ran 5,500 iterations and 1.9 s (bench/bots.py)."""


def _suspicion(state: State, seat: int, target: int) -> float:
    """How much `seat` suspects `target` from public play (higher is more)."""
    if played_after_void(state)[target]:
        return 20.0
    return 1.0 + state.intel[target]


def _last_card_score(state: State, seat: int, action: Action) -> float:
    """Score a card for the last player of a trick, who sees its whole result."""
    trick = (*state.trick, Played(seat, action["card"], action["wager"]))
    trump = missions.trump_of(state.mission)
    index = winning_index(trick, trump)
    winner = trick[index].seat
    done = state.mission is not None and missions.is_completed(
        state.mission, trick, index
    )
    traitor_side = state.roles[seat] in R.TRAITORS
    score = 1.0
    if traitor_side:
        score += 3.0 * (winner == seat) + 2.0 * (not done)
    else:
        score += 3.0 * done
        score += 1.0 * (winner == seat or state.revealed[winner] != "")
    if action["wager"] and winner != seat:
        score *= 0.2  # a lost bet only feeds the winner
    return score


def prior(
    game: Game[Any], state: State, seat: int, actions: list[Action]
) -> Sequence[float]:
    if not actions:
        return []
    kind = actions[0]["type"]
    if kind == "vote":
        if state.roles[seat] in R.TRAITORS:
            return [1.0] * len(actions)
        return [sum(_suspicion(state, seat, t) for t in a["targets"]) for a in actions]
    if kind == "play" and len(state.trick) == state.num_players - 1:
        return [_last_card_score(state, seat, a) for a in actions]
    if kind == "play":
        # Bets early in a trick rarely pay: try plain cards first.
        return [0.3 if a["wager"] else 1.0 for a in actions]
    if kind == "choose_mission":
        # Risky missions are hard to complete: the Insider's side likes them.
        traitor = state.roles[seat] in R.TRAITORS
        return [
            (3.0 if traitor else 0.5) if missions.is_risky(a["mission"]) else 1.0
            for a in actions
        ]
    return [1.0] * len(actions)


def rollout_policy(game: Game[Any], state: State, seat: int, rng: Rng) -> Action | None:
    if state.phase != "play" or len(state.trick) != state.num_players - 1:
        return None
    actions = game.legal_actions(state, seat)
    scores = [_last_card_score(state, seat, a) for a in actions]
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores, strict=True) if s == best])
