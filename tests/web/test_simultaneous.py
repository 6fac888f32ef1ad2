"""Simultaneous games: a seat is not refused because another seat acted first."""

from __future__ import annotations

import pytest

from ludoteca.games.luckybox import GAME
from ludoteca.web.play import actions
from ludoteca.web.play.actions import current_state
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user, state_of

pytestmark = pytest.mark.django_db


def first_legal(table_id: int, seat: int) -> dict[str, object]:
    table = Table.objects.get(pk=table_id)
    return GAME.legal_actions(current_state(table, GAME), seat)[0]


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


def test_a_turn_based_phase_where_everyone_acts_accepts_a_moment_old_version():
    # Cat in the Box opens each round with every seat setting a card aside.
    from ludoteca.games.catinthebox import GAME as CAT
    from ludoteca.web.lobby import actions as lobby

    people = [make_user(name) for name in ("ana", "bia", "cris")]
    options = {"first_start_player": "first_seat"}
    table = lobby.do_create_table(people[0], "catinthebox", 4, options)
    for seat in table.seats.all():
        seat.user = people[seat.index] if seat.index < 3 else None
        seat.bot = "random" if seat.index == 3 else ""
        seat.save()
    table_id = table.pk
    actions.do_start(table_id)
    seen = Table.objects.get(pk=table_id).version

    def first(seat: int) -> dict[str, object]:
        state = state_of(table_id)
        return CAT.legal_actions(state, seat)[0]

    aside = {seat: first(seat) for seat in range(4)}
    # Ana and Bia both act on the version they saw: both are acknowledged.
    assert actions.do_act(table_id, 0, aside[0], seen, user_id=people[0].pk)
    assert actions.do_act(table_id, 1, aside[1], seen, user_id=people[1].pk)
    # Ana's second click on that version is refused: she has moved since.
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 0, aside[0], seen, user_id=people[0].pk)
    assert refused.value.code == "stale_version"
    # A bot is asked again at every version: it never acts on an old one.
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, 3, aside[3], seen, bot="random")
    assert refused.value.code == "stale_version"
    actions.do_act(table_id, 2, aside[2], seen, user_id=people[2].pk)
    actions.do_act(table_id, 3, aside[3], seen + 3, bot="random")
    table = Table.objects.get(pk=table_id)
    assert table.version == seen + 4
    # The predictions go one seat at a time: a version at which the seat had
    # already set its card aside (it could not act then) is refused, even
    # though only other seats moved since.
    state = current_state(table, CAT)
    (turn,) = CAT.active_seats(state)
    assert turn == 0  # Ana predicts first
    predict = CAT.legal_actions(state, turn)[0]
    with pytest.raises(actions.Refused) as refused:
        actions.do_act(table_id, turn, predict, seen + 3, user_id=people[turn].pk)
    assert refused.value.code == "stale_version"
    actions.do_act(table_id, turn, predict, seen + 4, user_id=people[turn].pk)
