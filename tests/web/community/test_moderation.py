"""Moderation: reports with their context, a player muted for oneself (chat
hidden, invitations and requests refused), a moderator's chat mute with an
expiry, and new accounts' slower chat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from ludoteca.web.community import friends, moderation
from ludoteca.web.community.models import ChatBan, Notification, Rematch, Report
from ludoteca.web.lobby import actions as lobby
from ludoteca.web.play import actions
from ludoteca.web.play.models import ChatMessage, Table
from tests.web.communicator import database_sync_to_async
from tests.web.community.test_notifications import play_out
from tests.web.conftest import make_table, make_user, open_socket


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_report_a_player_from_their_profile():
    ana, bia = make_user("ana"), make_user("bia")
    page = client_of(ana).get("/u/bia/").content.decode()
    assert "/report/player/bia/" in page and "Silenciar" in page
    client_of(ana).post("/report/player/bia/", {"reason": "insultos"})
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason) == (ana, bia, "insultos")
    assert client_of(ana).get("/report/player/ana/").status_code == 404


@pytest.mark.django_db
def test_report_a_public_chat_line_with_what_came_before():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia])
    first = ChatMessage.objects.create(table_id=table, seat=0, author="ana", text="oi")
    bad = ChatMessage.objects.create(table_id=table, seat=1, author="bia", text="rude")
    secret = ChatMessage.objects.create(
        table_id=table, channel="mafia", seat=1, author="bia", text="night plan"
    )
    page = client_of(ana).get(f"/report/chat/{table}/").content.decode()
    assert "rude" in page and "night plan" not in page
    refused = client_of(ana).post(
        f"/report/chat/{table}/", {"line": str(secret.pk), "reason": "x"}
    )
    assert "Escolha a fala que você denuncia." in refused.content.decode()
    client_of(ana).post(f"/report/chat/{table}/", {"line": str(bad.pk), "reason": "x"})
    report = Report.objects.get()
    assert report.reported == bia and report.line == bad
    assert [b["text"] for b in report.context["before"]] == [first.text, "rude"]
    eve = make_user("eve")
    private = lobby.do_create_table(ana, "highcard", 2, {}, private=True)
    assert client_of(eve).get(f"/report/chat/{private.pk}/").status_code == 404


@pytest.mark.django_db
def test_a_muted_player_cannot_invite_befriend_or_offer_a_rematch():
    ana, bia = make_user("ana"), make_user("bia")
    client_of(ana).post("/mute/bia/mute/")
    assert moderation.has_muted(ana.pk, "bia")
    friends.do_request(bia, ana)
    assert not Notification.objects.filter(user=ana).exists()
    assert friends.requests_to(ana) == []
    old = make_table([bia, ana])
    play_out(old)
    client_of(bia).post(f"/t/{old}/rematch/")
    rematch = Rematch.objects.get(source_id=old)
    assert rematch.status == Rematch.DECLINED
    assert not Notification.objects.filter(
        user=ana, kind=Notification.INVITATION
    ).exists()
    client_of(ana).post("/mute/bia/unmute/")
    assert not moderation.has_muted(ana.pk, "bia")


@pytest.mark.django_db
def test_a_moderators_mute_refuses_chat_until_it_expires():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia])
    ban = ChatBan.objects.create(user=ana, until=timezone.now() + timedelta(hours=1))
    with pytest.raises(actions.Refused) as refused:
        actions.do_chat(table, 0, "ana", "table", "hello", ana.pk)
    assert refused.value.code == "chat_muted"
    ban.until = timezone.now() - timedelta(seconds=1)
    ban.save()
    actions.do_chat(table, 0, "ana", "table", "hello", ana.pk)
    assert ChatMessage.objects.filter(text="hello").exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_muted_authors_lines_never_reach_the_socket(sockets):
    ana, bia = (
        await database_sync_to_async(make_user)("ana"),
        await database_sync_to_async(make_user)("bia"),
    )
    table = await database_sync_to_async(make_table)([ana, bia])
    await database_sync_to_async(moderation.do_mute)(ana, bia)
    await database_sync_to_async(ChatMessage.objects.create)(
        table_id=table, seat=1, author="bia", text="before"
    )
    a = await open_socket(sockets, f"/ws/play/{table}/", ana)
    b = await open_socket(sockets, f"/ws/play/{table}/", bia)
    await a.send("hello")
    await b.send("hello")
    await a.until("state")
    await b.until("state")
    await b.send("chat", text="muted words")
    await b.until("chat", where=lambda d: d["text"] == "muted words")
    await b.send("chat", text="again")
    await b.until("chat", where=lambda d: d["text"] == "again")
    await a.send("chat", text="anyone?")
    await a.until("chat", where=lambda d: d["text"] == "anyone?")  # after bia's
    texts = [f["d"]["text"] for f in a.frames if f["t"] == "chat"]
    assert "muted words" not in texts and "before" not in texts and "again" not in texts


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_new_accounts_chat_more_slowly(sockets):
    ana = await database_sync_to_async(make_user)("ana")
    table = await database_sync_to_async(make_table)([ana, "random"])
    with override_settings(LUDOTECA_NEW_ACCOUNT_HOURS=24):
        a = await open_socket(sockets, f"/ws/play/{table}/", ana)
        await a.send("hello")
        await a.until("state")
        for i in range(3):
            await a.send("chat", text=f"line {i}")
        refused = await a.until("refused")
    assert refused["d"]["code"] == "rate_limited"
    assert (
        await database_sync_to_async(
            ChatMessage.objects.filter(text__startswith="line ").count
        )()
        == 2
    )


@pytest.mark.django_db
def test_the_table_chat_links_to_a_report():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia])
    assert Table.objects.get(pk=table).status == Table.PLAYING
    page = client_of(ana).get(f"/t/{table}/").content.decode()
    assert f"/report/chat/{table}/" in page and "Denunciar uma fala" in page
