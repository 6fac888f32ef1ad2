"""Simultaneous games: a seat is not refused because another seat acted first."""

from __future__ import annotations

import pytest

from ludoteca.games.luckybox import GAME
from ludoteca.web.play import actions
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def first_legal(table_id: int, seat: int) -> dict[str, object]:
    table = Table.objects.get(pk=table_id)
    return GAME.legal_actions(GAME.from_json(table.state), seat)[0]


def test_an_older_version_is_fine_until_the_seat_itself_has_moved():
    ana, bia, cris = make_user("ana"), make_user("bia"), make_user("cris")
    table_id = make_table([ana, bia, cris], game="luckybox")
    seen = Table.objects.get(pk=table_id).version  # all three look at the offers
    keep = {seat: first_legal(table_id, seat) for seat in range(3)}
    actions.do_act(table_id, 0, keep[0], seen, user_id=ana.pk)
    # Bia still acts on the version she saw: Ana's choice changed nothing for her.
    actions.do_act(table_id, 1, keep[1], seen, user_id=bia.pk)
    # A second click of Ana's, on the version before her own move, is refused.
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, keep[0], seen, user_id=ana.pk)
    assert refused.value.code == "stale_version"
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 2, keep[2], seen + 7, user_id=cris.pk)
    assert refused.value.code == "stale_version"  # a version from the future
    actions.do_act(table_id, 2, keep[2], seen, user_id=cris.pk)
    assert Table.objects.get(pk=table_id).version == seen + 3


def test_turn_based_games_still_refuse_any_older_version():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    table = Table.objects.get(pk=table_id)
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, {"type": "play"}, table.version - 1, user_id=ana.pk)
    assert refused.value.code == "stale_version"
