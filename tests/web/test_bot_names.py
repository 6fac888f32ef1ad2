"""Bot seats get a friendly name in the viewer's language and an avatar."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from ludoteca.bots import names
from ludoteca.web.live import frames
from ludoteca.web.play import botnames
from ludoteca.web.play.models import Seat
from tests.web.conftest import make_table, make_user, open_highcard_table
from tests.web.history_fixtures import finished, user

pytestmark = pytest.mark.django_db


def persona(table: int, seat: int) -> names.Persona:
    return names.for_seat(table, seat)[0]


def test_a_bot_seat_reads_as_a_persona_and_its_level_in_both_languages():
    first = persona(7, 1)
    with translation.override("en"):
        assert botnames.bot_label("hard", 7, 1) == f"{first.name} · hard bot"
        assert botnames.bot_label("random", 7, 1).endswith(" · beginner bot")
    pt = {
        "Captain Meeple": "Capitã Meeple",
        "Dice Daisy": "Margarida dos Dados",
        "Sir Shuffles": "Sir Embaralha",
        "Lady Luck": "Dona Sorte",
        "Professor Pawn": "Professor Peão",
        "Turbo Turtle": "Tartaruga Turbo",
        "Bluffing Bea": "Bia Blefe",
        "Clever Clara": "Clara Esperta",
        "Grandpa Gambit": "Vovô Gambito",
        "Ticking Tom": "Tom Relógio",
        "Oliver the Owl": "Coruja Oliver",
        "Rookie Rita": "Rita Novata",
    }
    with translation.override("pt-br"):
        assert botnames.bot_label("hard", 7, 1) == f"{pt[first.name]} · robô difícil"
        assert botnames.bot_label("medium", 7, 1).endswith(" · robô médio")
        assert botnames.bot_label("luckybox-greedy", 7, 1).endswith(" · robô guloso")
        assert botnames.bot_label("some-new-bot", 7, 1).endswith(" · robô")


def test_personas_are_deterministic_and_differ_within_a_table():
    seats = [botnames.bot_label("easy", 42, s) for s in range(12)]
    assert seats == [botnames.bot_label("easy", 42, s) for s in range(12)]
    assert len(set(seats)) == 12
    assert persona(1, 0) != persona(2, 0)  # tables do not all start alike
    # Past twelve seats (Mafia has up to 20) a number tells the seats apart.
    with translation.override("en"):
        twenty = [botnames.persona_name(3, s) for s in range(20)]
    assert len(set(twenty)) == 20
    assert twenty[12] == f"{persona(3, 12).name} 2"


def test_avatars_are_a_letter_a_colour_and_a_robot_head_for_bots():
    bot = botnames.avatar("Dice Daisy · hard bot", 5, 2, bot=True)
    assert bot == {"letter": "D", "hue": bot["hue"], "bot": True}
    assert 0 <= bot["hue"] < botnames.HUES
    person = botnames.avatar("ana", 5, 0, bot=False)
    assert person["letter"] == "A" and person["bot"] is False
    assert botnames.avatar("¿", 5, 0, bot=False)["letter"] == "?"


def test_the_waiting_room_names_bots_and_offers_levels_by_name():
    ana = make_user("ana")
    client = Client()
    client.force_login(ana)
    table = open_highcard_table(client)
    client.post(f"/t/{table.pk}/bot/add/", {"bot": "hard"})
    seat = table.seats.get(bot="hard")
    face = persona(table.pk, seat.index)
    page = client.get(f"/t/{table.pk}/").content.decode()  # Portuguese by default
    assert "· robô difícil" in page and '<option value="hard">robô difícil' in page
    assert 'class="avatar hue-' in page and ' bot"' in page
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = client.get(f"/t/{table.pk}/").content.decode()
    assert f"{face.name} · hard bot" in page
    assert page.index('value="random"') < page.index('value="hard"')  # weakest first


def test_the_table_sends_each_viewer_names_avatars_and_the_stand_in():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia, "easy"])
    Seat.objects.filter(table_id=table_id, index=1).update(standin="medium")
    snap = frames.load(table_id)
    with translation.override("en"):
        seats = snap.public_seats()
    name = persona(table_id, 2).name
    assert seats[2]["name"] == f"{name} · easy bot"
    assert seats[2]["avatar"]["bot"] is True and seats[2]["standin_badge"] is None
    assert seats[0]["name"] == "ana" and seats[0]["avatar"]["letter"] == "A"
    helper = persona(table_id, 1).name
    assert seats[1]["name"] == "bia"
    assert seats[1]["standin_badge"] == f"played by {helper} · medium bot"
    with translation.override("pt-br"):
        seats = snap.public_seats()
    assert seats[2]["name"].endswith(" · robô fácil")
    assert seats[1]["standin_badge"].startswith("jogado por ")
    assert seats[1]["standin_badge"].endswith(" · robô médio")


def test_the_next_snapshot_keeps_the_seats_names_only_while_they_hold():
    """A snapshot reuses the previous one's names and avatars (`of_live`):
    a clock that ran changes nothing of them, a stand-in does."""
    from ludoteca.web.live import table as live_table

    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia, "easy"])
    live = live_table.read(table_id)
    first = frames.of_live(live)
    before = first.public_seats("en")
    live.seats[0].clock_ms = (live.seats[0].clock_ms or 0) + 1234
    ran = frames.of_live(live, first)
    after = ran.public_seats("en")
    assert [s["clock_ms"] for s in after] != [s["clock_ms"] for s in before]
    assert [s["name"] for s in after] == [s["name"] for s in before]
    assert all(s["standin_badge"] is None for s in after)
    live.seats[1].standin = "medium"
    stood = frames.of_live(live, ran).public_seats("en")
    helper = persona(table_id, 1).name
    assert stood[1]["standin_badge"] == f"played by {helper} · medium bot"
    assert (
        stood[1]["standin"] == "medium" and stood[0]["clock_ms"] == after[0]["clock_ms"]
    )


def test_profile_and_replay_name_the_bots():
    ana = user("ana")
    table = finished([ana, "hard"], [1, 2])
    name = persona(table.pk, 1).name
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    profile = client.get("/u/ana/").content.decode()
    assert f"{name} · hard bot" in profile and "avatar hue-" in profile
    replay = client.get(f"/replay/{table.pk}/").content.decode()
    assert f"{name} · hard bot" in replay


def test_a_snapshot_keeps_few_versions_texts_and_a_resume_translates_the_rest():
    """Only the newest versions' event texts stay with the snapshots (what
    the collector walks); a reader resuming from further back gets every
    missed event all the same, translated again."""
    from ludoteca.engine.protocol import Event
    from ludoteca.web.live import table as live_table

    ana, bia = make_user("ana"), make_user("bia")
    live = live_table.read(make_table([ana, bia]))
    start = live.table.version
    snap = frames.of_live(live)
    for n in range(1, 40):
        live.table.version = start + n
        live.events[start + n] = [Event("played", {"seat": n % 2, "card": n})]
        snap = frames.of_live(live, snap)
        frames.visible_events(snap, 0, start + n - 1, "en")  # the update's read
        frames.visible_events(snap, 1, start + n - 1, "pt-br")
        assert len(snap.texts) <= frames.TEXTS_KEPT + 2 < 39 * 2  # not every version
    resumed = frames.visible_events(snap, 0, start, "en")
    fresh = frames.of_live(live)  # nothing translated yet
    assert resumed == frames.visible_events(fresh, 0, start, "en")
    assert [e["card"] for e in resumed] == list(range(1, 40))
