"""Results, ratings, rivalries, leaderboards, replays and exports."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from openskill.models import PlackettLuce

from ludoteca import cli
from ludoteca.engine import registry
from ludoteca.web.history import stats
from ludoteca.web.history.export import export_record
from ludoteca.web.history.models import Participation, Rating
from ludoteca.web.history.results import recompute_all
from tests.web.history_fixtures import as_dict, finished, played, user

pytestmark = pytest.mark.django_db
MODEL = PlackettLuce()


def rating(u, game="highcard"):
    return Rating.objects.get(user=u, game=game)


def test_two_player_update_matches_openskill():
    ana, bia = user("ana"), user("bia")
    finished([ana, bia], [1, 2])
    [[a], [b]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert rating(ana).mu == pytest.approx(a.mu) and rating(ana).sigma == pytest.approx(
        a.sigma
    )
    assert rating(bia).mu == pytest.approx(b.mu)
    assert rating(ana).provisional and rating(ana).matches == 1


def test_four_players_with_a_tie_match_openskill():
    people = [user(n) for n in ("ana", "bia", "caio", "duda")]
    finished(people, [1, 2, 2, 4])
    expected = MODEL.rate([[MODEL.rating()] for _ in people], ranks=[1, 2, 2, 4])
    for person, [r] in zip(people, expected, strict=True):
        assert rating(person).mu == pytest.approx(r.mu)
        assert rating(person).sigma == pytest.approx(r.sigma)
    assert rating(people[1]).mu == pytest.approx(rating(people[2]).mu)


def test_teams_match_openskill():
    people = [user(n) for n in ("ana", "bia", "caio", "duda")]
    finished(people, [2, 1, 2, 1], teams=[[0, 2], [1, 3]], game="insidejob")
    new = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]],
        ranks=[2, 1],
    )
    assert rating(people[0], "insidejob").mu == pytest.approx(new[0][0].mu)
    assert rating(people[1], "insidejob").mu == pytest.approx(new[1][0].mu)
    assert rating(people[1], "insidejob").mu > rating(people[0], "insidejob").mu


def test_second_match_starts_from_the_stored_rating():
    ana, bia = user("ana"), user("bia")
    finished([ana, bia], [1, 2])
    first_a, first_b = rating(ana), rating(bia)
    second = finished([ana, bia], [2, 1])
    [[a], [_b]] = MODEL.rate(
        [
            [MODEL.rating(mu=first_a.mu, sigma=first_a.sigma)],
            [MODEL.rating(mu=first_b.mu, sigma=first_b.sigma)],
        ],
        ranks=[2, 1],
    )
    assert rating(ana).mu == pytest.approx(a.mu) and rating(ana).matches == 2
    assert rating(ana).sigma == pytest.approx(a.sigma)
    # The stored rating's change carries the second match's end.
    assert rating(ana).updated_at == rating(bia).updated_at == second.finished_at
    assert first_a.updated_at < second.finished_at


def test_a_player_who_left_is_ranked_last():
    people = [user(n) for n in ("ana", "bia", "caio")]
    finished(people, [1, 2, 3], left=(0,))
    rows = {p.user.username: p for p in Participation.objects.select_related("user")}
    assert rows["ana"].rank == 3 and rows["ana"].left and not rows["ana"].won
    assert (rows["bia"].rank, rows["caio"].rank) == (1, 2)
    assert rating(people[0]).mu < rating(people[1]).mu


def test_bots_and_friendly_tables_are_not_rated():
    ana, bia = user("ana"), user("bia")
    finished([ana, "random"], [1, 2])
    finished([ana, bia], [1, 2], rated=False)
    assert not Rating.objects.exists()
    assert Participation.objects.filter(user=ana).count() == 2
    finished([ana, bia, "random"], [1, 2, 3], rated_with_bots=True)
    assert rating(ana).matches == 1 and rating(bia).matches == 1


def test_rivalry_figures_on_a_hand_built_history():
    ana, bia, caio = user("ana"), user("bia"), user("caio")
    finished([ana, bia], [1, 2])
    finished([ana, bia, caio], [2, 1, 3])
    finished([bia, ana], [1, 2], game="agentavenue")
    finished([ana, bia], [1, 1])  # a shared result
    finished([ana, caio], [1, 2])
    h2h = stats.head_to_head(ana, bia)
    assert h2h.matches == 4
    assert (h2h.ahead_a, h2h.ahead_b) == (1, 2)
    assert (h2h.wins_a, h2h.wins_b) == (2, 3)
    assert h2h.per_game["agentavenue"]["ahead_b"] == 1
    assert h2h.streak == 0  # the latest match between them was a tie
    finished([ana, bia], [2, 1])
    finished([ana, bia], [2, 1])
    h2h = stats.head_to_head(ana, bia)
    assert (h2h.streak_holder, h2h.streak) == ("b", 2)
    assert stats.head_to_head(ana, bia, "agentavenue").matches == 1
    rivals = stats.rivals(ana)
    assert [r["user__username"] for r in rivals] == ["bia", "caio"]
    assert (rivals[0]["met"], rivals[0]["ahead"], rivals[0]["behind"]) == (6, 1, 4)


def test_leaderboards_by_rating_and_wins():
    ana, bia = user("ana"), user("bia")
    now = timezone.now()
    for _ in range(2):
        finished([ana, bia], [1, 2], at=now)
    finished([ana, bia], [2, 1], at=now)
    finished([ana, bia], [1, 2], at=now - timedelta(days=40))
    board = stats.leaderboard("highcard")
    assert [r.user.username for r in board] == ["ana", "bia"]
    today = stats.most_wins("highcard", "day")
    assert [(w["user__username"], w["wins"]) for w in today] == [("ana", 2), ("bia", 1)]
    assert stats.most_wins("highcard", "month")[0]["wins"] == 2
    assert stats.since("month") <= now and stats.since("week") <= now


def test_recompute_gives_the_same_figures():
    people = [user(n) for n in ("ana", "bia", "caio")]
    finished(people, [1, 2, 3])
    finished(people[:2], [2, 1])
    finished(people, [1, 1, 3], left=(2,))
    before = as_dict(Rating.objects.order_by("user_id", "game"))
    parts = list(
        Participation.objects.order_by("table_id", "seat").values_list(
            "rank", "mu_after"
        )
    )
    assert recompute_all() == 3
    assert as_dict(Rating.objects.order_by("user_id", "game")) == before
    again = list(
        Participation.objects.order_by("table_id", "seat").values_list(
            "rank", "mu_after"
        )
    )
    assert again == parts


@pytest.mark.parametrize(
    "game_id",
    [
        g.info.id
        for g in registry.all()
        if g.__class__.__module__.startswith("ludoteca.games.")
    ],
)
def test_replay_of_a_finished_match_reproduces_its_stored_outcome(
    game_id, tmp_path, capsys
):
    game = registry.get(game_id)
    people = [user(f"p{i}") for i in range(max(2, game.info.min_players))]
    people = people[: game.info.max_players]
    table = played(game_id, people)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(export_record(table)))
    assert cli.main(["replay", str(path)]) == 0
    assert "verified" in capsys.readouterr().out


def test_a_tampered_record_is_caught(tmp_path, capsys):
    people = [user("ana"), user("bia")]
    table = played("darwinsjourney", people)
    data = export_record(table)
    data["outcome"]["winners"] = [9]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 1


def test_pages_profile_rivalry_leaderboard_replay():
    ana, bia = user("ana"), user("bia")
    table = played("darwinsjourney", [ana, bia])
    finished([ana, bia], [1, 2])
    client = Client()
    client.cookies["django_language"] = "en"
    body = client.get("/u/ana/").content.decode()
    assert (
        "Recent matches" in body
        and "/rivalry/ana/bia/" in body
        and f"/replay/{table.pk}/" in body
    )
    assert "bia" in client.get("/rivalry/ana/bia/").content.decode()
    assert "ana" in client.get("/leaderboard/highcard/").content.decode()
    assert client.get(f"/replay/{table.pk}/").status_code == 200
    frame = client.get(f"/replay/{table.pk}/frame.json?step=3&seat=0").json()
    assert frame["step"] == 3 and "seat" in frame["views"]
    assert isinstance(frame["log"], list)
    everything = client.get(f"/replay/{table.pk}/frame.json?step=5&seat=all").json()
    assert set(everything["views"]) == {"0", "1"}
    last = client.get(f"/replay/{table.pk}/frame.json?step=100000&seat=none").json()
    assert last["outcome"] == table.outcome


def test_the_rivalry_streak_counts_one_match_in_the_singular():
    ana, bia = user("ana"), user("bia")
    finished([ana, bia], [1, 2])
    client = Client()
    client.cookies["django_language"] = "en"
    body = client.get("/rivalry/ana/bia/").content.decode()
    assert "ana finished ahead in the last match." in body
    assert "history/history.css" in body  # the page's own styles
    finished([ana, bia], [1, 2])
    client.cookies["django_language"] = "pt-br"
    body = client.get("/rivalry/ana/bia/").content.decode()
    assert "ana terminou na frente nas últimas 2 partidas." in body


def test_replays_wait_for_the_end_of_the_match():
    ana, bia = user("ana"), user("bia")
    table = played("darwinsjourney", [ana, bia])
    table.status = table.PLAYING
    table.save()
    assert Client().get(f"/replay/{table.pk}/").status_code == 404


def test_export_writes_finished_public_matches_as_records():
    from datetime import datetime

    from ludoteca.web.history.export import finished_records

    ana, bia = user("ana"), user("bia")
    table = played("darwinsjourney", [ana, bia])
    private = played("darwinsjourney", [ana, bia], seed=4)
    private.private = True
    private.save()
    since = timezone.make_aware(datetime(2000, 1, 1))
    rows = list(finished_records(since))
    assert [r["table"] for r in rows] == [table.pk]
    assert rows[0]["outcome"] == table.outcome and rows[0]["moves"]
    later = list(finished_records(timezone.now() + timedelta(days=1)))
    assert later == []


def test_the_replay_says_in_words_what_each_move_did():
    ana, bia = user("ana"), user("bia")
    table = played("catinthebox", [ana, bia])
    client = Client()
    for language, words in (("en", "ana"), ("pt-br", "ana")):
        client.cookies["django_language"] = language
        seen = []
        for step in range(1, 8):
            frame = client.get(
                f"/replay/{table.pk}/frame.json?step={step}&seat=0"
            ).json()
            same_step = [line["text"] for line in frame["log"] if line["step"] == step]
            assert frame["move"]["text"] == " ".join(same_step)
            seen.append(frame["move"]["text"])
        assert any(words in text for text in seen)
        assert not any("{" in text or '"type"' in text for text in seen)
    english = Client()
    english.cookies["django_language"] = "en"
    portuguese = Client()
    portuguese.cookies["django_language"] = "pt-br"
    url = f"/replay/{table.pk}/frame.json?step=2&seat=0"
    assert (
        english.get(url).json()["move"]["text"]
        != portuguese.get(url).json()["move"]["text"]
    )
