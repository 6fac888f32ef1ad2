"""Accounts and lobby pages over Django's test client."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ludoteca.engine.record import Record, replay, seed_digest
from ludoteca.web.play.models import Table
from tests.engine import toygame
from tests.web.conftest import make_table, make_user, next_move, state_of

pytestmark = pytest.mark.django_db


def logged_in(name: str) -> tuple[Client, User]:
    user = make_user(name)
    client = Client()
    client.force_login(user)
    return client, user


def test_sign_up_log_out_and_log_in():
    client = Client()
    page = client.get("/accounts/signup/")
    assert page.status_code == 200 and "Criar conta" in page.content.decode()
    response = client.post(
        "/accounts/signup/",
        {
            "username": "carla",
            "password1": "x-long-secret-1",
            "password2": "x-long-secret-1",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="carla").password.startswith("md5$")  # test hasher
    assert "carla" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "carla" not in client.get("/").content.decode()
    response = client.post(
        "/accounts/login/", {"username": "carla", "password": "x-long-secret-1"}
    )
    assert response.status_code == 302


def test_pages_come_in_portuguese_by_default_and_english_on_request():
    client = Client()
    assert "Mesas abertas" in client.get("/").content.decode()
    response = client.post(
        "/i18n/setlang/", {"language": "en", "next": "/accounts/login/"}
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/login/"
    page = client.get("/accounts/login/").content.decode()
    assert "No account yet?" in page and "Ainda não" not in page


def test_forms_need_the_csrf_token():
    user = make_user("dora")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/new/highcard/", {"players": "2"})
    assert response.status_code == 403
    assert not Table.objects.exists()


def test_new_table_form_is_generated_from_the_game_options():
    client, _ = logged_in("ana")
    page = client.get("/new/highcard/").content.decode()
    assert 'name="option_cards"' in page and 'name="players"' in page
    response = client.post(
        "/new/highcard/",
        {
            "players": "3",
            "option_cards": "10",
            "clock": "realtime",
            "clock_minutes": "5",
            "clock_increment": "2",
        },
    )
    table = Table.objects.get()
    assert response["Location"] == f"/t/{table.pk}/"
    assert table.options == {"cards": 10} and table.players == 3
    assert (table.clock_minutes, table.clock_increment) == (5, 2)
    # A choice outside the declared ones is refused by the form.
    client.post(
        "/new/highcard/",
        {
            "players": "2",
            "option_cards": "12",
            "clock": "realtime",
            "clock_minutes": "5",
            "clock_increment": "2",
        },
    )
    assert Table.objects.count() == 1


def test_join_add_bots_and_start():
    ana, _ana_user = logged_in("ana")
    bia, _bia_user = logged_in("bia")
    ana.post(
        "/new/highcard/",
        {
            "players": "3",
            "option_cards": "8",
            "clock": "relaxed",
            "clock_minutes": "10",
            "clock_increment": "0",
        },
    )
    table = Table.objects.get()
    lobby = bia.get("/").content.decode()
    assert f"/t/{table.pk}/" in lobby
    bia.post(f"/t/{table.pk}/join/")
    ana.post(f"/t/{table.pk}/start/")
    table.refresh_from_db()
    assert table.status == Table.OPEN  # one seat is still empty
    ana.post(f"/t/{table.pk}/bot/add/", {"bot": "random"})
    ana.post(f"/t/{table.pk}/bot/remove/", {"seat": "2"})
    assert table.seats.get(index=2).is_empty
    ana.post(f"/t/{table.pk}/bot/add/", {"bot": "random"})
    table.refresh_from_db()
    assert table.status == Table.OPEN  # two humans: they start it themselves
    ana.post(f"/t/{table.pk}/start/")
    table.refresh_from_db()
    assert table.status == Table.PLAYING and table.state is not None
    page = bia.get(f"/t/{table.pk}/").content.decode()
    assert "table-config" in page and "/ws/play/" in page


def test_one_human_with_bots_starts_at_once_and_others_watch():
    ana, _ = logged_in("ana")
    ana.post(
        "/new/highcard/",
        {
            "players": "2",
            "option_cards": "8",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
        },
    )
    table = Table.objects.get()
    ana.post(f"/t/{table.pk}/bot/add/", {"bot": "random"})
    table.refresh_from_db()
    assert table.status == Table.PLAYING
    stranger = Client()
    response = stranger.get(f"/t/{table.pk}/")
    assert (
        response.status_code == 302 and response["Location"] == f"/t/{table.pk}/watch/"
    )
    page = stranger.get(f"/t/{table.pk}/watch/").content.decode()
    assert "/ws/watch/" in page


def test_private_tables_need_the_invitation_link():
    ana, _ = logged_in("ana")
    ana.post(
        "/new/highcard/",
        {
            "players": "2",
            "option_cards": "8",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
            "private": "on",
        },
    )
    table = Table.objects.get()
    bia, _ = logged_in("bia")
    assert f"/t/{table.pk}/" not in bia.get("/").content.decode()
    assert bia.get(f"/t/{table.pk}/")["Location"] == "/"
    bia.get(f"/invite/{table.invite_token}/")
    assert bia.get(f"/t/{table.pk}/").status_code == 200
    bia.post(f"/t/{table.pk}/join/")
    assert table.seats.get(index=1).user is not None


def test_names_are_escaped_in_pages():
    user = User.objects.create_user("<b>x&y", password="pw-123456789")
    client = Client()
    client.force_login(user)
    page = client.get("/").content.decode()
    assert "<b>x&y" not in page and "&lt;b&gt;x&amp;y" in page


def test_record_download_replays_with_the_revealed_seed(tmp_path, capsys):
    from ludoteca.cli import main
    from ludoteca.web.play import actions

    ana = make_user("ana")
    table_id = make_table([ana, make_user("bia")])
    table = Table.objects.get(pk=table_id)
    client = Client()
    client.force_login(ana)
    assert client.get(f"/t/{table_id}/record.json").status_code == 404  # not yet
    state = toygame.GAME.from_json(table.state)
    version = 0
    while toygame.GAME.outcome(state) is None:
        seat = state.turn
        user_id = table.seats.get(index=seat).user_id
        actions.do_act(
            table_id,
            seat,
            {"type": "play", "card": state.hands[seat][0]},
            version,
            user_id=user_id,
        )
        version += 1
        table.refresh_from_db()
        state = state_of(table_id)
    response = client.get(f"/t/{table_id}/record.json")
    data = json.loads(response.content)
    assert data["seed"] == table.seed and seed_digest(data["seed"]) == table.seed_hash
    assert toygame.GAME.to_json(replay(Record.from_json(data))) == table.state
    path = tmp_path / "record.json"
    path.write_text(response.content.decode())
    assert main(["replay", str(path)]) == 0
    assert '"outcome"' in capsys.readouterr().out


def test_help_page_renders_safely(tmp_path, monkeypatch):
    from ludoteca.web.play import helppages

    page = tmp_path / "en.wiki"
    page.write_text(
        "== Goal ==\n'''Win''' the game. <span onclick=\"x()\">hi</span> "
        "[javascript:alert(1) bad link]\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(helppages, "help_file", lambda game, lang: page)
    monkeypatch.setattr("ludoteca.web.play.games.exists", lambda game: True)
    monkeypatch.setattr("ludoteca.web.play.games.get", lambda game: toygame.GAME)
    html = Client().get("/help/highcard/").content.decode()
    assert "<strong>Win</strong>" in html and "Goal" in html
    assert "onclick" not in html and "javascript:" not in html


def test_a_solo_table_starts_at_once(monkeypatch):
    from ludoteca.engine.protocol import GameInfo
    from tests.engine.toygame import HighCard

    class Solo(HighCard):
        info = GameInfo("solocard", "Solo Card", {"en": "Solo Card"}, 1, 2)

    from ludoteca.engine import registry

    monkeypatch.setitem(registry._games(), "solocard", Solo())
    client, _ = logged_in("ana")
    client.post(
        "/new/solocard/",
        {
            "players": "1",
            "option_cards": "8",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
        },
    )
    assert Table.objects.get().status == Table.PLAYING


def test_the_home_page_lists_just_finished_public_matches_with_their_replays():
    from ludoteca.web.play import actions

    ana, bia = make_user("ana"), make_user("bia")
    done = make_table([ana, bia])
    hidden = make_table([ana, bia], private=True)
    for table_id in (done, hidden):
        while Table.objects.get(pk=table_id).status == Table.PLAYING:
            args, kwargs = next_move(table_id)
            actions.do_act(*args, **kwargs)
    outcome = Table.objects.get(pk=done).outcome
    client = Client()
    client.cookies["django_language"] = "en"
    page = client.get("/").content.decode()
    assert "Just finished" in page and f'href="/replay/{done}/"' in page
    assert f"/replay/{hidden}/" not in page  # a private match stays off the list
    winners = [["ana", "bia"][s] for s in outcome["winners"]]
    for name in winners:
        assert f"<strong>{name}</strong>" in page
    assert 'href="/leaderboard/highcard/"' in page
    client.cookies["django_language"] = "pt-br"
    page = client.get("/").content.decode()
    assert "Acabaram de terminar" in page and "Classificação" in page
