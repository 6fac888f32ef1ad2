"""The whole match state is written at the deal, every STATE_EVERY-th move
and at the end (`Table.state_version` says which version it is); the state at
the table's version is that one with the record's later moves replayed, so a
process that has nothing in memory (restarted, or another process) replays at
most STATE_EVERY - 1 moves."""

from __future__ import annotations

import pytest

from ludoteca.engine.record import replay
from ludoteca.web.play import actions, games
from ludoteca.web.play.models import STATE_EVERY, Table
from tests.web.conftest import make_table, make_user, next_move

pytestmark = [pytest.mark.django_db(transaction=True)]


def four_players() -> int:
    return make_table(
        [make_user(n) for n in ("ana", "bia", "cris", "dora")], "catinthebox"
    )


def play(table_id: int) -> Table:
    args, kwargs = next_move(table_id)
    actions.do_act(*args, **kwargs)
    return Table.objects.get(pk=table_id)


def from_the_database(table_id: int) -> object:
    """The state at the table's version as a process without memory reads it."""
    table = Table.objects.get(pk=table_id)
    return actions.current_state(table, games.get(table.game))


def test_the_state_is_stored_every_sixteenth_move_and_at_the_end():
    table_id = four_players()
    game = games.get("catinthebox")
    table = Table.objects.get(pk=table_id)
    assert table.state_version == 0 and table.state is not None
    stored = 0
    while table.status == Table.PLAYING:
        table = play(table_id)
        if table.version % STATE_EVERY == 0:
            stored += 1
        expected = (
            table.version
            if table.status == Table.FINISHED
            else (table.version // STATE_EVERY * STATE_EVERY)
        )
        assert table.state_version == expected, table.version
        assert table.version - table.state_version < STATE_EVERY
    assert stored >= 1, "the match was shorter than STATE_EVERY moves"
    # The finished row holds the final state, as a replay of its record makes it.
    assert table.state == game.to_json(replay(table.record()))


def test_a_process_without_memory_replays_the_moves_since_the_stored_state():
    table_id = four_players()
    game = games.get("catinthebox")
    table = Table.objects.get(pk=table_id)
    for _ in range(STATE_EVERY + 3):
        table = play(table_id)
        if table.status != Table.PLAYING:
            pytest.fail("the match ended before STATE_EVERY + 3 moves")
    assert table.state_version == STATE_EVERY
    rebuilt = from_the_database(table_id)
    assert game.to_json(rebuilt) == game.to_json(replay(table.record()))
    # ... and the next action is applied on that state.
    table = play(table_id)
    assert table.version == STATE_EVERY + 4
    assert game.to_json(from_the_database(table_id)) == game.to_json(
        replay(table.record())
    )
