"""Simultaneous games: a seat is not refused because another seat acted first."""

from __future__ import annotations

import pytest

from ludoteca.games.luckybox import GAME
from ludoteca.web.play import actions
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def first_legal(table_id: int, seat: int) -> dict[str, object]:
    table = Table.objects.get(pk=table_id)
    return GAME.legal_actions(GAME.from_json(table.state), seat)[0]


def test_an_older_version_is_fine_until_the_seat_itself_has_moved():
    ana, bia, cris = make_user("ana"), make_user("bia"), make_user("cris")
    table_id = make_table([ana, bia, cris], game="luckybox")
    seen = Table.objects.get(pk=table_id).version  # all three look at the offers
    keep = {seat: first_legal(table_id, seat) for seat in range(3)}
    actions.do_act(table_id, 0, keep[0], seen, user_id=ana.pk)
    # Bia still acts on the version she saw: Ana's choice changed nothing for her.
    actions.do_act(table_id, 1, keep[1], seen, user_id=bia.pk)
    # A second click of Ana's, on the version before her own move, is refused.
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, keep[0], seen, user_id=ana.pk)
    assert refused.value.code == "stale_version"
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 2, keep[2], seen + 7, user_id=cris.pk)
    assert refused.value.code == "stale_version"  # a version from the future
    actions.do_act(table_id, 2, keep[2], seen, user_id=cris.pk)
    assert Table.objects.get(pk=table_id).version == seen + 3


def test_turn_based_games_still_refuse_any_older_version():
    ana, bia = make_user("ana"), make_user("bia")
    table_id = make_table([ana, bia])
    table = Table.objects.get(pk=table_id)
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, {"type": "play"}, table.version - 1, user_id=ana.pk)
    assert refused.value.code == "stale_version"


def test_a_turn_based_phase_where_everyone_acts_accepts_a_moment_old_version(
    django_capture_on_commit_callbacks,
):
    # Cat in the Box starts with every seat setting a card aside at once.
    people = [make_user(name) for name in ("ana", "bia", "cris", "davi")]
    with django_capture_on_commit_callbacks(execute=True):
        table_id = make_table(people, game="catinthebox")
    seen = Table.objects.get(pk=table_id).version
    from ludoteca.games.catinthebox import GAME as CAT

    def set_aside(seat: int) -> dict[str, object]:
        state = CAT.from_json(Table.objects.get(pk=table_id).state)
        return CAT.legal_actions(state, seat)[0]

    first = {seat: set_aside(seat) for seat in range(4)}
    with django_capture_on_commit_callbacks(execute=True):
        actions.do_act(table_id, 0, first[0], seen, user_id=people[0].pk)
    with django_capture_on_commit_callbacks(execute=True):
        actions.do_act(table_id, 1, first[1], seen, user_id=people[1].pk)
    # Ana clicks again on the version she saw: she has moved since, refused.
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, first[0], seen, user_id=people[0].pk)
    assert refused.value.code == "stale_version"
    with django_capture_on_commit_callbacks(execute=True):
        actions.do_act(table_id, 2, first[2], seen, user_id=people[2].pk)
        actions.do_act(table_id, 3, first[3], seen + 1, user_id=people[3].pk)
    table = Table.objects.get(pk=table_id)
    assert table.version == seen + 4
    # The tricks are one seat at a time: a version from before the lead's
    # turn is refused even though nobody else moved for the lead since.
    lead = next(iter(CAT.active_seats(CAT.from_json(table.state))))
    play = CAT.legal_actions(CAT.from_json(table.state), lead)[0]
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, lead, play, seen + 3, user_id=people[lead].pk)
    assert refused.value.code == "stale_version"
    actions.do_act(table_id, lead, play, seen + 4, user_id=people[lead].pk)
