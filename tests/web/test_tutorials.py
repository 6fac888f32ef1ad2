"""Tutorial tables over Django's test client: open, resume, guide, refuse a
move off the script, finish, and the profile that records it.

The bots' moves are applied here by hand (`tutorial.bot_action`, what the
`tutorial` bot plays), so no event loop is needed.
"""

from __future__ import annotations

import pytest
from django.test import Client

from ludoteca.engine import registry
from ludoteca.engine import tutorial as scripts
from ludoteca.web.play import actions as play
from ludoteca.web.play.actions import Refused, current_state
from ludoteca.web.play.models import Table
from ludoteca.web.tutorials.models import TutorialRun
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db
GAME = "agentavenue"


@pytest.fixture(autouse=True)
def _installed() -> None:
    if GAME not in registry.ids():
        pytest.skip("Agent Avenue is not installed")


def learner(name: str = "lia") -> tuple[Client, object]:
    user = make_user(name)
    client = Client()
    client.force_login(user)
    return client, user


def bots_move(table_id: int) -> None:
    """Let the tutorial bot play until the learner is to act (or the end)."""
    script = scripts.load(GAME)
    assert script is not None
    game = registry.get(GAME)
    while True:
        table = Table.objects.get(pk=table_id)
        if table.status != Table.PLAYING:
            return
        state = current_state(table, game)
        bots = sorted(game.active_seats(state) - {script.seat})
        if not bots:
            return
        action = scripts.bot_action(script, game, state, bots[0])
        play.do_act(table_id, bots[0], action, table.version, bot="tutorial")


def step(client: Client) -> dict:
    response = client.get(f"/tutorial/{GAME}/step.json")
    assert response.status_code == 200
    return response.json()


def test_a_tutorial_needs_an_account_and_a_script():
    assert Client().get(f"/tutorial/{GAME}/")["Location"].startswith("/accounts/login/")
    client, _ = learner()
    assert client.get("/tutorial/nosuchgame/").status_code == 404


def test_opening_deals_the_scripted_table_and_resumes_it():
    client, user = learner()
    page = client.get(f"/tutorial/{GAME}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "tutorial.js" in html and "tutorial-config" in html
    run = TutorialRun.objects.get(user=user, game=GAME)
    table = run.table
    script = scripts.load(GAME)
    assert table.seed == script.seed and table.private and not table.rated
    assert table.status == Table.PLAYING
    seats = list(table.seats.order_by("index"))
    assert seats[script.seat].user_id == user.pk
    assert all(s.bot == "tutorial" for s in seats if s.index != script.seat)
    # Coming back later finds the same table, also from "My tables".
    assert client.get(f"/t/{table.pk}/")["Location"] == f"/tutorial/{GAME}/"
    client.get(f"/tutorial/{GAME}/")
    assert TutorialRun.objects.get(pk=run.pk).table_id == table.pk
    assert TutorialRun.objects.count() == 1


def test_the_guide_follows_the_learner_and_refuses_moves_off_script():
    client, user = learner()
    client.get(f"/tutorial/{GAME}/")
    table = TutorialRun.objects.get(user=user).table
    bots_move(table.pk)
    first = step(client)
    assert first["step"] == 0 and first["your_turn"] and first["intro"]
    assert first["target"] == ".aa-hand"
    assert first["expected"] == [
        {"type": "offer", "up": "double_agent", "down": "assistant"}
    ]
    # Portuguese by default: the guide speaks it.
    assert "Agente Duplo" in first["text"], first["text"]
    table.refresh_from_db()
    wrong = {"type": "offer", "up": "henchman", "down": "sentinel"}
    with pytest.raises(Refused) as refused:
        play.do_act(table.pk, 0, wrong, table.version, user_id=user.pk)
    assert refused.value.code == "tutorial_wrong_action"
    play.do_act(table.pk, 0, first["expected"][0], table.version, user_id=user.pk)
    bots_move(table.pk)
    second = step(client)
    assert second["step"] == 1 and second["expected"] == [
        {"type": "pick", "take": "up"}
    ]


def test_finishing_every_step_is_recorded_on_the_profile():
    client, user = learner("bia")
    client.cookies["django_language"] = "en"
    client.get(f"/tutorial/{GAME}/")
    table_id = TutorialRun.objects.get(user=user).table_id
    game = registry.get(GAME)
    script = scripts.load(GAME)
    for _ in script.steps:
        bots_move(table_id)
        data = step(client)
        assert not data["done"]
        table = Table.objects.get(pk=table_id)
        options = data["expected"] or game.legal_actions(
            current_state(table, game), script.seat
        )
        play.do_act(table_id, script.seat, options[0], table.version, user_id=user.pk)
    last = step(client)
    assert last["done"] and "Finish this match" in last["text"]
    assert TutorialRun.objects.get(user=user).finished_at is not None
    profile = client.get("/u/bia/").content.decode()
    assert "Finished the Agent Avenue tutorial" in profile
    listing = client.get("/tutorial/").content.decode()
    assert "Play it again" in listing
    # Starting over deals a fresh table and keeps the finish.
    client.post(f"/tutorial/{GAME}/restart/")
    run = TutorialRun.objects.get(user=user)
    assert run.table_id != table_id and run.finished_at is not None
    assert not Table.objects.filter(pk=table_id).exists()


def test_lobby_and_help_page_link_the_tutorial():
    client, _ = learner()
    client.cookies["django_language"] = "en"
    assert f'href="/tutorial/{GAME}/"' in client.get("/").content.decode()
    help_page = client.get(f"/help/{GAME}/").content.decode()
    assert f'href="/tutorial/{GAME}/"' in help_page and "Learn by playing" in help_page
