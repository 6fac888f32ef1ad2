"""One batch of the writer (`store.persist`) over several tables: their
fenced UPDATEs run together, and a table another owner took in the middle of
them writes nothing while the others are written whole."""

from __future__ import annotations

import pytest
from django.db import transaction

from ludoteca.web.live import changes, store
from ludoteca.web.live import table as live_table
from ludoteca.web.play.models import Move, Table
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _pending(live: live_table.LiveTable, state: bool = False) -> store.Write:
    seat = min(live.game.active_seats(live.state))
    action = live.game.legal_actions(live.state, seat)[0]
    user = live.seats[seat].user_id
    pending = changes.act(live, seat, action, live.table.version, user_id=user)
    if state:  # the state column too: another statement than the others'
        pending.write.state = store.Write.of(live, state=True).state
    return pending.write


@pytest.mark.parametrize("taken", [None, 0, 2, 4])
@pytest.mark.parametrize("with_state", [(), (1,), (1, 3)])
def test_a_fenced_table_in_a_batch_writes_nothing_and_the_others_everything(
    taken, with_state
):
    users = [make_user("ana"), make_user("bia")]
    ids = [make_table(users) for _ in range(5)]
    lives = [live_table.take(t) for t in ids]
    before = {t: Table.objects.get(pk=t).version for t in ids}
    writes = [_pending(live, i in with_state) for i, live in enumerate(lives)]
    if taken is not None:
        live_table.take(ids[taken])  # another owner: a newer epoch
    with transaction.atomic():
        outcome = store.persist(writes)
    for i, table_id in enumerate(ids):
        version = Table.objects.get(pk=table_id).version
        moves = Move.objects.filter(table_id=table_id).count()
        if i == taken:
            assert isinstance(outcome[i], store.Fenced)
            assert (version, moves) == (before[table_id], 0)
        else:
            assert outcome[i] is None
            assert (version, moves) == (before[table_id] + 1, 1)
