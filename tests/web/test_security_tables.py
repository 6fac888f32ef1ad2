"""What a hostile or unlucky player found at the tables: a clock refilled by
leaving and coming back, and bot-played tables that stopped after a restart."""

from __future__ import annotations

import asyncio

import pytest

from ludoteca.web.live import owners
from ludoteca.web.play import actions
from ludoteca.web.play.models import Move, Seat, Table
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_leaving_and_reclaiming_keeps_the_time_the_seat_had():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia], minutes=1, increment=0)
    Seat.objects.filter(table_id=table_id, index=0).update(clock_ms=12_345)
    actions.do_leave(table_id, 0, ana.pk)
    actions.do_reclaim(table_id, 0, ana.pk)
    # Before: any clock came back at 60 s, on every leave and reclaim.
    assert Seat.objects.get(table_id=table_id, index=0).clock_ms <= 12_345


def test_a_seat_whose_clock_ran_out_is_not_taken_back():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia], minutes=1, increment=0)
    Seat.objects.filter(table_id=table_id, index=0).update(clock_ms=0)
    actions.do_standin(table_id, 0, "timeout")
    with pytest.raises(actions.Refused) as refused:
        actions.do_reclaim(table_id, 0, ana.pk)
    assert refused.value.code == "out_of_time"
    seat = Seat.objects.get(table_id=table_id, index=0)
    assert seat.standin and seat.clock_ms == 0


def test_leaving_from_a_socket_needs_the_seat_to_be_yours():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    with pytest.raises(actions.Refused) as refused:
        actions.do_leave(table_id, 1, ana.pk)
    assert refused.value.code == "not_your_seat"
    assert not Seat.objects.get(table_id=table_id, index=1).standin


@pytest.mark.asyncio
async def test_after_a_restart_tables_played_by_bots_and_stand_ins_go_on():
    """No socket connects: the sweeper alone must take them and move them
    (its query once matched only tables where every seat was a bot)."""
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    mixed = await database_sync_to_async(make_table)([ana, "random"])
    standins = await database_sync_to_async(make_table)([ana, bia])
    await database_sync_to_async(
        lambda: Seat.objects.filter(table_id=standins).update(standin="random")
    )()
    await database_sync_to_async(
        lambda: Seat.objects.filter(table_id=mixed, index=0).update(standin="random")
    )()
    owner = await owners.get()
    await owner._take_with_bots()  # what the sweeper does after a restart

    def finished() -> bool:
        return all(
            Table.objects.get(pk=t).status == Table.FINISHED for t in (mixed, standins)
        )

    for _ in range(400):  # each bot move is a task of the table's actor
        if await database_sync_to_async(finished)():
            break
        await asyncio.sleep(0.05)
    assert await database_sync_to_async(finished)()
    count = await database_sync_to_async(Move.objects.filter(table_id=mixed).count)()
    assert count == 4


@pytest.mark.parametrize("channel", ["table", "will:0", "mafia"])
def test_a_line_for_a_seat_its_user_no_longer_holds_is_refused(channel: str):
    """Role chats and last wills too: the seat's holder is checked first."""
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    with pytest.raises(actions.Refused) as refused:
        actions.do_chat(table_id, 0, "bia", channel, "as seat 0", bia.pk)
    assert refused.value.code == "not_your_seat"
    line_id, _ = actions.do_chat(table_id, 1, "bia", "table", "as seat 1", bia.pk)
    assert line_id
