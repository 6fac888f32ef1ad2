"""The course of a match (spec 2(b), 2(c)): deal, set aside, predict, play.

Each function takes a state and returns the next one with its events. A round
ends by itself when every hand holds one card, or at once when the player to
act has no legal declaration (a paradox); the next round is then dealt
straight away, so the only states that wait are ones where a seat must act.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine import Event, Rng
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import event
from ludoteca.games.catinthebox import rules as R
from ludoteca.games.catinthebox.scoring import largest_groups, round_scores
from ludoteca.games.catinthebox.state import (
    BLUE,
    COLORS,
    COPIES,
    DEALT,
    EMPTY,
    GREEN,
    HIGHEST_CARD,
    NONE,
    OBSERVED,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PREDICT,
    PHASE_SET_ASIDE,
    RED,
    SEEDED_CARDS,
    YELLOW,
    Play,
    RoundResult,
    Rules,
    State,
)

Events = list[Event]


def _set(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*items[:index], value, *items[index + 1 :])


def new_match(num_players: int, seed: int, rules: Rules) -> tuple[State, Events]:
    rng = Rng(seed)
    n = num_players
    start = rng.below(n) if rules.first_start_player == "random" else 0
    blank = State(
        num_players=n,
        rules=rules,
        phase=PHASE_SET_ASIDE,
        round=0,
        start_player=start,
        hands=((),) * n,
        set_aside=(NONE,) * n,
        undealt=(),
        observed_cards=(),
        bids=(NONE,) * n,
        board=(),
        crossed=(),
        tricks=(0,) * n,
        leader=start,
        turn=start,
        trick=(),
        last_trick=(),
        last_winner=NONE,
        results=(),
        rng=rng.state,
    )
    return deal_round(blank, 1, start)


def deal_round(state: State, number: int, start: int) -> tuple[State, Events]:
    """Setup per round: clear the board and X marks, shuffle and deal."""
    n = state.num_players
    rng = Rng(state.rng)
    top = HIGHEST_CARD[n]
    deck = rng.shuffled([card for card in range(1, top + 1) for _ in range(COPIES)])
    size = DEALT[n]
    hands = tuple(tuple(sorted(deck[i * size : (i + 1) * size])) for i in range(n))
    nxt = replace(
        state,
        phase=PHASE_SET_ASIDE,
        round=number,
        start_player=start,
        hands=hands,
        set_aside=(NONE,) * n,
        undealt=tuple(deck[n * size :]),
        observed_cards=(),
        bids=(NONE,) * n,
        board=((EMPTY,) * top,) * len(COLORS),
        crossed=((False,) * len(COLORS),) * n,
        tricks=(0,) * n,
        leader=start,
        turn=start,
        trick=(),
        last_trick=(),
        last_winner=NONE,
        rng=rng.state,
    )
    events = [event("round_started", round=number, player=start)]
    events += [event("dealt", to=[s], hand=list(hands[s])) for s in range(n)]
    return nxt, events


def set_aside(state: State, seat: int, card: int) -> tuple[State, Events]:
    """A seat puts one card face down; it takes no further part in the round."""
    hand = list(state.hands[seat])
    hand.remove(card)
    nxt = replace(
        state,
        hands=(*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :]),
        set_aside=_set(state.set_aside, seat, card),
    )
    events = [event("card_set_aside", seat=seat)]
    if NONE in nxt.set_aside:
        return nxt, events
    if nxt.num_players == 2 and nxt.rules.two_player_seed:
        nxt, more = seed_observed(nxt)
        events += more
    if nxt.has_predictions:
        first = nxt.start_player
        if nxt.rules.prediction_order == "start_player_last":
            first = (first + 1) % nxt.num_players
        return replace(nxt, phase=PHASE_PREDICT, turn=first), events
    return begin_play(nxt, events)


def seed_observed(state: State) -> tuple[State, Events]:
    """2 players (assumption 2): turn up 3 undealt cards and block their cells.

    A number turned up once blocks its green cell; twice, green and yellow;
    three times, green, yellow and blue.
    """
    shown = state.undealt[:SEEDED_CARDS]
    board = [list(row) for row in state.board]
    for card, count in Counter(shown).items():
        for color in (GREEN, YELLOW, BLUE)[:count]:
            board[color][card - 1] = OBSERVED
    nxt = replace(
        state,
        undealt=state.undealt[SEEDED_CARDS:],
        observed_cards=tuple(sorted(shown)),
        board=tuple(tuple(row) for row in board),
    )
    return nxt, [event("cells_observed", cards=sorted(shown))]


def predict(state: State, seat: int, tricks: int) -> tuple[State, Events]:
    nxt = replace(state, bids=_set(state.bids, seat, tricks))
    events = [event("predicted", seat=seat, tricks=tricks)]
    if NONE in nxt.bids:
        return replace(nxt, turn=(seat + 1) % state.num_players), events
    return begin_play(nxt, events)


def begin_play(state: State, events: Events) -> tuple[State, Events]:
    """The round's start player leads the first trick."""
    start = state.start_player
    nxt = replace(state, phase=PHASE_PLAY, leader=start, turn=start, trick=())
    return offer_turn(nxt, events)


def offer_turn(state: State, events: Events) -> tuple[State, Events]:
    """The paradox check, run whenever a seat is about to declare."""
    if R.legal_plays(state, state.turn):
        return state, events
    events.append(event("paradox", seat=state.turn))
    return end_round(state, state.turn, events)


def play(state: State, seat: int, card: int, color: int) -> tuple[State, Events]:
    hand = list(state.hands[seat])
    hand.remove(card)
    hands = (*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :])
    was_broken = R.is_red_broken(state.board)
    row = _set(state.board[color], card - 1, seat)
    board = (*state.board[:color], row, *state.board[color + 1 :])
    events = [event("played", seat=seat, card=card, color=COLORS[color])]
    crossed = state.crossed
    if state.trick and color != R.led_color(state.trick):
        led = R.led_color(state.trick)
        marks = (*crossed[seat][:led], True, *crossed[seat][led + 1 :])
        crossed = (*crossed[:seat], marks, *crossed[seat + 1 :])
        events.append(event("x_revealed", seat=seat, color=COLORS[led]))
    if color == RED and not was_broken:
        events.append(event("red_broken", seat=seat))
    trick = (*state.trick, Play(seat, card, color))
    nxt = replace(state, hands=hands, board=board, crossed=crossed, trick=trick)
    if len(trick) < state.num_players:
        return offer_turn(replace(nxt, turn=(seat + 1) % state.num_players), events)
    return finish_trick(nxt, events)


def finish_trick(state: State, events: Events) -> tuple[State, Events]:
    winner = R.trick_winner(state.trick)
    tricks = _set(state.tricks, winner, state.tricks[winner] + 1)
    events.append(event("trick_won", seat=winner, number=sum(tricks)))
    nxt = replace(
        state,
        tricks=tricks,
        last_trick=state.trick,
        last_winner=winner,
        trick=(),
        leader=winner,
        turn=winner,
    )
    if all(len(hand) == 1 for hand in nxt.hands):
        return end_round(nxt, NONE, events)
    return offer_turn(nxt, events)


def end_round(state: State, paradox: int, events: Events) -> tuple[State, Events]:
    """Score the round, then deal the next one or end the match."""
    board = state.board
    if paradox != NONE and not state.rules.paradox_tokens_stay:
        cells = {(p.color, p.card - 1) for p in state.trick}
        board = tuple(
            tuple(EMPTY if (c, x) in cells else v for x, v in enumerate(row))
            for c, row in enumerate(board)
        )
    n = state.num_players
    largest = largest_groups(board, n, state.rules.rows)
    bonus, scores = round_scores(n, state.tricks, state.bids, largest, paradox)
    result = RoundResult(
        round=state.round,
        start_player=state.start_player,
        bids=state.bids,
        tricks=state.tricks,
        groups=largest,
        bonus=bonus,
        scores=scores,
        paradox=paradox,
        unfinished=state.trick if paradox != NONE else (),
        board=board,
    )
    nxt = replace(state, results=(*state.results, result), board=board)
    events.append(
        event(
            "round_scored",
            round=state.round,
            tricks=list(state.tricks),
            groups=list(largest),
            bonus=list(bonus),
            scores=list(scores),
            paradox=None if paradox == NONE else paradox,
        )
    )
    if state.round == n:
        events.append(event("game_over", scores=list(nxt.totals)))
        return replace(nxt, phase=PHASE_OVER, trick=(), turn=NONE), events
    more: Events
    nxt, more = deal_round(nxt, state.round + 1, (state.start_player + 1) % n)
    return nxt, events + more
