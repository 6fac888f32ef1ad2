"""Group commit (SQLite): actions gathered into one transaction are each
answered only after its COMMIT, and one refused or failed action undoes only
itself."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from ludoteca.web.play import actions, groupcommit
from ludoteca.web.play.models import Move, Table
from tests.web.conftest import make_table, make_user, next_move

# Real transactions: the batch's own BEGIN and COMMIT are what is tested.
pytestmark = pytest.mark.django_db(transaction=True)


def test_a_refused_action_in_a_batch_undoes_only_itself():
    first = make_table([make_user("ana"), make_user("bia")])
    second = make_table([make_user("cris"), make_user("dora")])
    calls = [next_move(first), next_move(second)]
    stale = ((second, *calls[1][0][1:3], calls[1][0][3] + 5), calls[1][1])
    outcomes = groupcommit.apply_all([calls[0], stale, calls[1]])
    assert [applied for applied, _ in outcomes] == [True, False, True]
    assert isinstance(outcomes[1][1], actions.Refused)
    assert outcomes[1][1].code == "stale_version"
    for table_id in (first, second):
        assert Table.objects.get(pk=table_id).version == 1
        assert Move.objects.filter(table_id=table_id).count() == 1


def test_two_actions_of_one_table_in_a_batch_both_count():
    table_id = make_table([make_user("ana"), make_user("bia")])
    first = next_move(table_id)
    outcomes = groupcommit.apply_all([first])
    assert outcomes[0][0]
    # The next action, then a batch with it and a repeat of it: the repeat
    # sees the first one's uncommitted row and is refused as stale.
    second = next_move(table_id)
    outcomes = groupcommit.apply_all([second, second])
    assert [applied for applied, _ in outcomes] == [True, False]
    assert Table.objects.get(pk=table_id).version == 2


@pytest.mark.asyncio
async def test_when_the_batch_cannot_commit_no_action_is_acknowledged(monkeypatch):
    from channels.db import database_sync_to_async

    def two_tables() -> tuple[int, list[Any]]:
        one = make_table([make_user("ana"), make_user("bia")])
        two = make_table([make_user("cris"), make_user("dora")])
        return two, [next_move(one), next_move(two)]

    other, calls = await database_sync_to_async(two_tables)()
    real = actions.do_act

    def failing(*args: Any, **kwargs: Any) -> actions.Change:
        change = real(*args, **kwargs)
        if args[0] == other:
            # As when a savepoint cannot be rolled back: the transaction is
            # doomed although each action returned.
            transaction.set_rollback(True)
        return change

    monkeypatch.setattr(actions, "do_act", failing)
    batcher = groupcommit.Batcher()
    # Both wait for the same batch: the first is sent while the second queues.
    results = await asyncio.gather(
        *(batcher.do_act(*args, **kwargs) for args, kwargs in calls),
        return_exceptions=True,
    )
    assert all(isinstance(r, DatabaseError) for r in results), results
    count = await database_sync_to_async(Move.objects.count)()
    assert count == 0


@pytest.mark.asyncio
async def test_a_batch_holds_at_most_batch_max_actions(monkeypatch):
    from channels.db import database_sync_to_async

    def tables() -> list[Any]:
        made = [
            make_table([make_user(f"p{i}a"), make_user(f"p{i}b")]) for i in range(5)
        ]
        return [next_move(t) for t in made]

    calls = await database_sync_to_async(tables)()
    sizes: list[int] = []
    real = groupcommit._apply_all

    async def counting(batch: list[Any]) -> list[Any]:
        sizes.append(len(batch))
        return await real(batch)  # type: ignore[no-any-return]

    monkeypatch.setattr(groupcommit, "BATCH_MAX", 2)
    monkeypatch.setattr(groupcommit, "_apply_all", counting)
    batcher = groupcommit.Batcher()
    changes = await asyncio.gather(
        *(batcher.do_act(*args, **kwargs) for args, kwargs in calls)
    )
    assert [c.version for c in changes] == [1] * 5
    assert max(sizes) == 2 and sum(sizes) == 5, sizes
    assert await database_sync_to_async(Move.objects.count)() == 5


def test_sqlite_syncs_every_commit():
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("a SQLite setting")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA synchronous")
        (level,) = cursor.fetchone()
    assert level == 2  # FULL: NORMAL (1) may lose acknowledged actions
