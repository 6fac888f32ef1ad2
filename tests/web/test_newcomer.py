"""What a newcomer trips over (issue 23), on the server side: whose turn it is
at one's own tables, one result after a stand-in, notices in log order, the
end screen's standings, the rated-with-bots box, dates and the wiki's compare."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ludoteca.web.live import frames
from ludoteca.web.play import actions as play
from ludoteca.web.play import games
from ludoteca.web.play.models import NOTICE_VERSION, ChatMessage, Seat, Table
from tests.web.conftest import make_table, make_user, next_move

pytestmark = pytest.mark.django_db


def logged_in(user: User, lang: str = "pt-br") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = lang
    return client


def play_one(table_id: int) -> None:
    args, kwargs = next_move(table_id)
    play.do_act(*args, **kwargs)


def test_my_tables_show_whose_turn_first_and_lead_back_to_my_seat():
    ana, bia = make_user("ana"), make_user("bia")
    waiting_on_bia = make_table([ana, bia])  # seat 0 (ana) is to play
    play_one(waiting_on_bia)  # now seat 1, bia, is to play
    waiting_on_ana = make_table([ana, bia])
    page = logged_in(ana).get("/").content.decode()
    # Her tables come before the game tiles (a long scroll on a phone).
    assert page.index('id="my-tables"') < page.index("<h1>Jogar</h1>")
    mine = page[page.index('id="my-tables"') :]
    mine = mine[: mine.index("</section>")]
    # Ana's turn at one table: that row comes first, marked, and says so in the header.
    assert mine.count("Sua vez") == 1
    assert mine.index(f"/t/{waiting_on_ana}/") < mine.index(f"/t/{waiting_on_bia}/")
    assert "Sua vez em 1 mesa" in page
    # Every running table of hers opens her seat, in the public list too.
    assert mine.count("Voltar à mesa") == 2
    playing = page[page.index("Partidas em andamento") :]
    assert f"/t/{waiting_on_ana}/watch/" not in playing
    assert "Voltar à mesa" in playing
    english = logged_in(bia, "en").get("/").content.decode()
    assert "Your turn at 1 table" in english and "Back to the table" in english
    # A spectator (no seat) still gets the watch link.
    carla = make_user("carla")
    assert f"/t/{waiting_on_ana}/watch/" in logged_in(carla).get("/").content.decode()


def test_the_header_count_is_plural_and_ignores_seats_a_bot_plays():
    ana, bia = make_user("ana"), make_user("bia")
    first, second = make_table([ana, bia]), make_table([ana, bia])
    assert "Your turn at 2 tables" in logged_in(ana, "en").get("/").content.decode()
    play.do_standin(first, 0, "left")
    page = logged_in(ana, "en").get("/wiki/").content.decode()
    assert "Your turn at 1 table" in page and f"/t/{second}/" not in page


def finish(table_id: int) -> None:
    while Table.objects.get(pk=table_id).status == Table.PLAYING:
        play_one(table_id)


def test_after_a_stand_in_the_end_screen_gives_the_history_result():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    play.do_standin(table_id, 0, "timeout")
    while Table.objects.get(pk=table_id).status == Table.PLAYING:
        args, kwargs = next_move(table_id)
        if args[1] == 0:
            standin = Seat.objects.get(table_id=table_id, index=0).standin
            kwargs = {"user_id": None, "bot": standin}
        play.do_act(*args, **kwargs)
    snap = frames.load(table_id)
    data = frames.seat_data(snap, 0)
    standings = data["standings"]
    assert standings["left"] == [True, False]
    assert standings["ranks"] == [2, 1]  # whatever the cards said
    assert 0 not in standings["winners"]
    profile = logged_in(ana).get("/u/ana/").content.decode()
    assert "saiu" in profile


def test_a_notice_keeps_its_place_in_the_log():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    play_one(table_id)
    play_one(table_id)
    play.do_standin(table_id, 0, "timeout")
    started, timeout = ChatMessage.objects.filter(table_id=table_id).order_by("id")
    assert started.params[NOTICE_VERSION] == 0
    assert timeout.params[NOTICE_VERSION] == 2
    snap = frames.load(table_id)
    entry = frames.chat_entry(timeout, snap.names, "en", snap.game)
    assert entry["v"] == 2
    assert entry["text"] == "ana ran out of time; a bot plays their seat now."


def test_the_rated_with_bots_box_says_what_it_does():
    ana = make_user("ana")
    pt = logged_in(ana).get("/new/highcard/").content.decode()
    en = logged_in(ana, "en").get("/new/highcard/").content.decode()
    assert "uma pessoa sozinha com robôs nunca é ranqueada" in pt
    assert "one person alone with bots is never rated" in en
    # ... and that is what happens: alone with a bot, the box ticked, no rating.
    from ludoteca.web.history.models import Participation, Rating

    table_id = make_table([ana, "random"], rated_with_bots=True)
    while Table.objects.get(pk=table_id).status == Table.PLAYING:
        args, kwargs = next_move(table_id)
        if args[1] == 1:
            kwargs = {"user_id": None, "bot": "random"}
        play.do_act(*args, **kwargs)
    assert not Participation.objects.get(table_id=table_id, seat=0).rated
    assert not Rating.objects.filter(user=ana).exists()


def test_dates_are_written_the_readers_way():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    finish(table_id)
    finished_at = Table.objects.get(pk=table_id).finished_at
    assert finished_at is not None
    from django.utils import timezone

    # The day as the site's clock reads it (TIME_ZONE), not UTC's: near
    # midnight the two are different days.
    when = timezone.localtime(finished_at)
    pt = logged_in(ana).get("/").content.decode()
    en = logged_in(ana, "en").get("/").content.decode()
    assert when.strftime("%d/%m/%Y") in pt and when.strftime("%Y-%m-%d") not in pt
    assert when.strftime("%m/%d/%Y") in en


def test_the_wiki_compare_link_carries_no_csrf_token():
    from ludoteca.web.wiki.models import Page

    page = Page.objects.filter(language="en").first()
    assert page is not None
    staff = make_user("mod")
    staff.is_staff = True
    staff.save()
    html = logged_in(staff, "en").get(f"/wiki/en/{page.slug}/history/").content.decode()
    get_form = html[html.index('method="get"') :]
    get_form = get_form[: get_form.index("</form>")]
    assert "csrfmiddlewaretoken" not in get_form
    assert 'form="hide-' in html and "csrfmiddlewaretoken" in html


def test_every_page_names_its_favicon():
    html = Client().get("/").content.decode()
    assert 'rel="icon"' in html and "core/favicon.svg" in html


def test_a_new_table_starts_with_a_clock_that_fits_the_game():
    ana = make_user("ana")
    client = logged_in(ana)
    darwin = client.get("/new/darwinsjourney/").content.decode()
    assert 'name="clock_minutes" value="30"' in darwin
    assert 'name="clock_increment" value="20"' in darwin
    agent = client.get("/new/agentavenue/").content.decode()
    assert 'name="clock_minutes" value="8"' in agent


SPEC_CODE = re.compile(r"\([A-Z]{1,3}-\d+\)")
OPTION_KEY = re.compile(r"<code>[a-z]+(?:_[a-z0-9]+)+</code>|''[a-z]+_[a-z_]+''")


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_mafias_form_folds_its_options_and_shows_no_spec_codes(lang):
    client = logged_in(make_user("ana"), lang)
    page = client.get("/new/mafia/").content.decode()
    assert SPEC_CODE.findall(page) == []
    folded = page[page.index('<details class="advanced"') :]
    assert 'name="option_day_zero"' in folded and 'name="players"' not in folded
    # No help that only repeats its label.
    helps = re.findall(r'class="helptext"[^>]*>([^<]*)<', folded)
    labels = re.findall(r"<label[^>]*>([^<]*)</label>", folded)
    assert not set(h.strip().rstrip(".") for h in helps) & set(
        lab.strip().rstrip(":").rstrip(".") for lab in labels
    )
    small = client.get("/new/agentavenue/").content.decode()
    assert '<details class="advanced"' not in small


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_help_pages_name_options_as_the_form_does(lang):
    from ludoteca.engine import registry

    client = logged_in(make_user("ana"), lang)
    for game in registry.ids():
        page = client.get(f"/help/{game}/").content.decode()
        assert SPEC_CODE.findall(page) == [], game
        assert OPTION_KEY.findall(page) == [], game


def test_words_a_newcomer_reads_the_same_way_everywhere():
    from django.utils import translation

    from ludoteca.bots import registry as bots
    from ludoteca.web.play import botnames
    from ludoteca.web.play.text import NOTICES

    for lang, signup_word in (("pt-br", "Usuário"), ("en", "Username")):
        client = Client()
        client.cookies["django_language"] = lang
        signup = client.get("/accounts/signup/").content.decode()
        login = client.get("/accounts/login/").content.decode()
        assert signup_word in signup and signup_word in login
        first_steps = client.get("/first-steps/").content.decode()
        with translation.override(lang):
            for _bot, label in botnames.choices(bots.names("highcard")):
                assert f"<i>{label}</i>" in first_steps, (lang, label)
    # A yes/no option reads "Sim"/"Não" ("Yes"/"No") in every game, never
    # "sim" in one and "Sim" in another.
    from ludoteca.engine import registry

    for game in registry.all():
        flags = [n for n, o in game.options.items() if isinstance(o.default, bool)]
        for lang, words in (("pt-br", ("Sim", "Não")), ("en", ("Yes", "No"))):
            with translation.override(lang):
                for name in flags:
                    said = tuple(
                        games.option_choice_label(game, name, v) for v in (True, False)
                    )
                    if said != words:  # a label of its own, not a yes/no word
                        assert said[0].lower() not in ("sim", "yes"), (name, said)
    with translation.override("pt-br"):
        for key in ("left", "timeout", "absent"):
            sentence = translation.gettext(NOTICES[key])
            assert "dele" not in sentence and "dela" not in sentence
