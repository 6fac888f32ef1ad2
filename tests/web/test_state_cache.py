"""The per-table cache of recent versions (`actions._states`): the latest
keeps its decoded state, the older ones only who moved and who could act,
which is what a moment-old version is checked against."""

from __future__ import annotations

import pytest

from ludoteca.web.play import actions
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user, next_move, state_of

pytestmark = [pytest.mark.django_db(transaction=True)]


def play_a_card(table_id: int, seat: int, user_id: int) -> None:
    table = Table.objects.get(pk=table_id)
    card = state_of(table_id).hands[seat][0]
    actions.do_act(
        table_id, seat, {"type": "play", "card": card}, table.version, user_id=user_id
    )


def test_older_versions_keep_who_could_act_not_the_whole_state():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    actions.forget_state(table_id)
    play_a_card(table_id, 0, ana.pk)
    play_a_card(table_id, 1, bia.pk)
    play_a_card(table_id, 0, ana.pk)
    table = Table.objects.get(pk=table_id)
    recent = actions._recent(table)
    assert [v for v, *_ in recent] == [1, 2, 3]
    assert [mover for _, mover, _, _ in recent] == [0, 1, 0]
    assert [active for _, _, active, _ in recent] == [{1}, {0}, {1}]
    assert [state is None for *_, state in recent] == [True, True, False]
    assert actions.current_state(table, actions.games.get("highcard")) is recent[-1][3]


def test_at_most_the_kept_number_of_versions():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    actions.forget_state(table_id)
    table = Table.objects.get(pk=table_id)
    for version in range(1, 30):
        table.version = version
        actions.remember_state(table, version % 2, {"v": version}, frozenset({0}))
    recent = actions._recent(table)
    assert len(recent) == actions.RECENT_KEPT
    assert [v for v, *_ in recent] == list(range(30 - actions.RECENT_KEPT, 30))
    assert sum(state is not None for *_, state in recent) == 1


def test_a_finished_table_leaves_nothing_behind_in_the_process():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    play_a_card(table_id, 0, ana.pk)
    while Table.objects.get(pk=table_id).status == Table.PLAYING:
        args, kwargs = next_move(table_id)
        actions.do_act(*args, **kwargs)
    table = Table.objects.get(pk=table_id)
    assert actions._recent(table) == []
