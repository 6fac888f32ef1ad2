"""A game whose rules raise (a bug) must not take the table down: the action
is refused, nothing is stored, and the log names the action's kind only,
never its content (a card or a night target is hidden information)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from ludoteca.web.play import actions
from ludoteca.web.play.actions import Refused
from ludoteca.web.play.models import Move, Table
from tests.engine import toygame
from tests.web.conftest import make_table, make_user

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_a_crashing_apply_is_refused_and_logs_no_hidden_card(monkeypatch, caplog):
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    before = Table.objects.get(pk=table_id)
    card = before.state["hands"][0][0]
    moves = Move.objects.filter(table_id=table_id).count()

    def broken(self: Any, state: Any, seat: Any, action: Any) -> Any:
        raise RuntimeError(f"no card {card} in the hand")

    monkeypatch.setattr(toygame.HighCard, "apply", broken)
    with caplog.at_level(logging.ERROR), pytest.raises(Refused) as refused:
        actions.do_act(table_id, 0, {"type": "play", "card": card}, 0, user_id=ana.pk)
    assert refused.value.code == "malformed_action"
    after = Table.objects.get(pk=table_id)
    assert after.version == before.version and after.state == before.state
    assert Move.objects.filter(table_id=table_id).count() == moves
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "apply failed" in logged and "'play'" in logged
    assert "RuntimeError" in logged and "test_game_bug.py" in logged
    # Neither the action nor the error's message (the source lines of the
    # traceback are code, not values):
    assert f"'card': {card}" not in logged
    assert f"no card {card} in the hand" not in logged
