"""The Mafia tutorial's script (ludoteca/games/mafia/tutorial.py): the
learner's role, the bots that wait for the learner's lead, the phases whose
timers run out, and the end the guide's last text describes."""

from __future__ import annotations

from ludoteca.engine import tutorial as scripts
from ludoteca.engine.protocol import TIMEOUT
from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.tutorial import TUTORIAL


def test_the_learner_is_the_detective_and_player_five_the_mafioso():
    state = GAME.setup(TUTORIAL.players, TUTORIAL.seed, dict(TUTORIAL.options))
    roles = [p.role for p in state.players]
    assert roles[TUTORIAL.seat] == "DETECTIVE" and roles[4] == "MAFIOSO"
    assert state.phase == "night"  # no day 0: the first step comes at once


def test_in_the_voting_the_bots_wait_for_the_learner_then_follow():
    run = scripts.play_through(TUTORIAL, GAME)
    state = GAME.setup(TUTORIAL.players, TUTORIAL.seed, dict(TUTORIAL.options))
    waited = 0
    for seat, action in run.moves:
        if state.phase == "voting" and all(
            v == -1 for v in state.votes
        ):  # the voting has just opened
            assert TUTORIAL.learner_may_act(GAME, state)
            assert all(
                scripts.bot_action(TUTORIAL, GAME, state, s) is None
                for s in range(1, 7)
                if state.players[s].alive
            )
            assert seat == TUTORIAL.seat
            waited += 1
        state = GAME.apply(state, seat, action).state
    assert waited == 2  # both days


def test_the_timers_run_out_only_where_nobody_acts():
    run = scripts.play_through(TUTORIAL, GAME)
    state = GAME.setup(TUTORIAL.players, TUTORIAL.seed, dict(TUTORIAL.options))
    timed_out = []
    for seat, action in run.moves:
        if seat is None:
            assert not GAME.active_seats(state)
            timed_out.append(state.phase)
        state = GAME.apply(state, seat, action).state
    assert timed_out == ["dawn", "discussion", "dawn", "discussion", "defense"]


def test_after_the_last_step_player_five_is_lynched_and_the_town_wins():
    run = scripts.play_through(TUTORIAL, GAME)
    assert run.learner_moves == len(TUTORIAL.steps)
    state = run.state
    assert state.phase == "last_words" and state.accused == 4
    state = GAME.apply(state, None, TIMEOUT).state
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert TUTORIAL.seat in outcome.winners and 4 not in outcome.winners
