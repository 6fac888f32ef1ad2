"""Hints for the search bots (see `ludoteca.bots.hints`).

Random rollouts make a poor model of a match: half the time the simulated
picker hands the other side its winning card, so the search cannot tell a
risky offer from a safe one. These hints play rollouts by rules of thumb
instead, scored with `win_chance`, a rough estimate of each side's chance
from the pawns and the agents in play:

- the picker sees only the face-up card (never the sampled face-down one):
  it takes that card if having it is better for its side than leaving it to
  the other side;
- the side offering knows both of its cards, so it can foresee that choice,
  and offers the pair whose foreseen result is best for it (now and then a
  random pair, so that rollouts stay varied);
- nobody discards in a rollout.

The picker's rule reads only public information; the offer reads the
offering seat's own hand, which is its to read in the sampled world.
"""

from __future__ import annotations

import math
from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from ludoteca.games.agentavenue import play
from ludoteca.games.agentavenue.cards import (
    AGENTS,
    CODEBREAKER,
    DAREDEVIL,
    DOUBLE_AGENT,
    SENTINEL,
    TRACK,
)
from ludoteca.games.agentavenue.movement import move_value
from ludoteca.games.agentavenue.state import OVER, PICK, PLAY, Counts, State

EXPLORE = 0.15
"""Share of rollout offers made at random."""
STEP = 0.3
"""Weight of one space of lead (in the logit of `win_chance`)."""


def _threat(in_play: Counts) -> float:
    """What a side's agents in play promise for its next recruits."""
    value = 0.0
    if in_play[CODEBREAKER] == 2:
        value += 1.2  # one more Codebreaker wins
    if in_play[DAREDEVIL] == 2:
        value -= 0.6  # one more Daredevil loses
    if in_play[DOUBLE_AGENT] == 1:
        value += 0.3  # the second moves 6
    if in_play[SENTINEL] == 2:
        value += 0.3  # the third moves 6
    return value


def _chance(pos: tuple[int, int], in_play: tuple[Counts, Counts], active: int) -> float:
    """Team 0's chance after a recruit: 1 or 0 if the END step decides,
    else a logistic guess from the lead and the agents in play."""
    gap = pos[1] - pos[0]
    named = set()
    for team in (0, 1):
        if (gap <= 0) if team == 0 else (gap >= TRACK):
            named.add(team)
        if in_play[team][CODEBREAKER] >= 3:
            named.add(team)
        if in_play[team][DAREDEVIL] >= 3:
            named.add(1 - team)
    if len(named) == 2:
        return 1.0 if active == 0 else 0.0
    if named:
        return 1.0 if 0 in named else 0.0
    lead = TRACK - 2 * gap  # team 1's distance to a catch minus team 0's
    logit = STEP * lead + _threat(in_play[0]) - _threat(in_play[1])
    return 1.0 / (1.0 + math.exp(-logit))


def win_chance(state: State) -> float:
    """Team 0's chance of winning from a state, by the rough estimate."""
    if state.phase == OVER:
        return 1.0 if state.winner == 0 else 0.0
    return _chance(state.pos, state.in_play, state.active)


def _recruit(state: State, gets: dict[int, int]) -> float:
    """Team 0's chance once each team in `gets` has recruited its agent."""
    pos = list(state.pos)
    in_play = list(state.in_play)
    for team, agent in gets.items():
        pos[team] += move_value(state, team, agent)
        counts = list(in_play[team])
        counts[agent] += 1
        in_play[team] = tuple(counts)
    return _chance((pos[0], pos[1]), (in_play[0], in_play[1]), state.active)


def _takes_up(state: State, picker: int, up: int) -> bool:
    """The picker's rule: take the face-up card if having it beats leaving it."""
    mine = _recruit(state, {picker: up})
    theirs = _recruit(state, {1 - picker: up})
    if picker == 1:
        mine, theirs = 1.0 - mine, 1.0 - theirs
    return mine >= theirs


def _offer(state: State, seat: int, rng: Rng) -> Action | None:
    pairs = play.offers(state.hands[seat])
    if not pairs:
        return None
    if rng.random() < EXPLORE:
        up, down = rng.choice(pairs)
        return {"type": "offer", "up": AGENTS[up], "down": AGENTS[down]}
    team, picker = state.active, 1 - state.active
    best: list[tuple[int, int]] = []
    top = -1.0
    for up, down in pairs:
        if _takes_up(state, picker, up):
            chance = _recruit(state, {picker: up, team: down})
        else:
            chance = _recruit(state, {picker: down, team: up})
        value = chance if team == 0 else 1.0 - chance
        if value > top + 1e-9:
            best, top = [(up, down)], value
        elif value > top - 1e-9:
            best.append((up, down))
    up, down = best[0] if len(best) == 1 else rng.choice(best)
    return {"type": "offer", "up": AGENTS[up], "down": AGENTS[down]}


def rollout_policy(game: Game[Any], state: State, seat: int, rng: Rng) -> Action | None:
    if state.teams:
        return None  # the team variant's lead/follow phases: random play
    if state.phase == PLAY:
        return _offer(state, seat, rng)
    if state.phase == PICK:
        picker = 1 - state.active
        take = "up" if _takes_up(state, picker, state.offer_up) else "down"
        return {"type": "pick", "take": take}
    return None


def evaluate(game: Game[Any], state: State) -> list[float]:
    """Each seat's chance by `win_chance` (a seat plays for team seat % 2)."""
    chance = win_chance(state)
    return [chance if s % 2 == 0 else 1.0 - chance for s in range(state.num_players)]
