"""Pairing and standings: pure functions, no database."""

from __future__ import annotations

import itertools

from ludoteca.web.tournaments import pairing
from ludoteca.web.tournaments.standings import Result, standings, table_points


def opponents_of(rounds):
    history: dict[int, list[int]] = {}
    for tables in rounds:
        for table in tables:
            people = [p for p in table if p is not None]
            for a in people:
                history.setdefault(a, []).extend(b for b in people if b != a)
    return history


def test_swiss_pairs_equal_points_and_never_repeats_when_avoidable():
    order = [1, 2, 3, 4, 5, 6]
    points = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    history = {1: [2], 2: [1], 3: [4], 4: [3], 5: [6], 6: [5]}
    tables = pairing.swiss_pairs(order, points, history)
    pairs = {frozenset(t) for t in tables}
    assert len(tables) == 3 and all(len(t) == 2 for t in tables)
    assert not pairs & {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})}
    # Of the pairings without repeats, one as close in points as can be.
    assert sum((points[a] - points[b]) ** 2 for a, b in tables) == 6


def test_swiss_bye_goes_to_the_lowest_player_without_one():
    order = [1, 2, 3, 4, 5]
    points = {p: 0 for p in order}
    tables = pairing.swiss_pairs(order, points, {}, had_bye={5})
    assert [4] in tables
    assert sorted(p for t in tables for p in t) == order


def test_a_whole_swiss_of_four_has_no_repeat_in_three_rounds():
    order = [1, 2, 3, 4]
    played = []
    for _ in range(3):
        history = opponents_of(played)
        tables = pairing.swiss_pairs(order, {p: 0 for p in order}, history)
        played.append(tables)
    seen = [frozenset(t) for tables in played for t in tables]
    assert len(seen) == len(set(seen)) == 6


def test_swiss_seats_go_to_who_sat_back_most():
    tables = pairing.swiss_pairs([1, 2], {}, {}, seats_taken={1: [0, 0], 2: [1, 1]})
    assert tables == [[2, 1]]


def test_swiss_groups_keep_standing_and_avoid_repeats():
    order = list(range(1, 9))
    points = {p: 1.0 if p <= 4 else 0.0 for p in order}
    points[5] = 1.0  # 5 is level with the leaders
    history = {1: [2, 3, 4], 2: [1, 3, 4], 3: [1, 2, 4], 4: [1, 2, 3]}
    tables = pairing.swiss_groups(order, points, history, 4)
    assert len(tables) == 2 and all(len(t) == 4 for t in tables)
    # 5 swapped in for one of the four who all met: fewer repeats.
    assert 5 in tables[0]
    assert sorted(p for t in tables for p in t if p is not None) == order


def test_swiss_groups_fill_the_last_table_with_bots():
    tables = pairing.swiss_groups([1, 2, 3, 4, 5], {}, {}, 4)
    assert [sum(p is None for p in t) for t in tables] == [0, 3]


def test_round_robin_meets_everyone_once():
    players = [1, 2, 3, 4, 5]
    rounds = [
        pairing.round_robin(players, r)
        for r in range(pairing.round_robin_rounds(players))
    ]
    met = [frozenset(t) for tables in rounds for t in tables if len(t) == 2]
    assert sorted(map(sorted, met)) == sorted(
        map(sorted, itertools.combinations(players, 2))
    )
    byes = [t[0] for tables in rounds for t in tables if len(t) == 1]
    assert sorted(byes) == players  # one bye each


def test_round_robin_groups_for_more_seats():
    tables = pairing.round_robin([1, 2, 3, 4, 5, 6], 1, 3)
    assert len(tables) == 2 and all(len(t) == 3 for t in tables)
    assert sorted(p for t in tables for p in t) == [1, 2, 3, 4, 5, 6]


def test_elimination_seeds_and_byes_to_top_seeds():
    seeds = [10, 20, 30, 40, 50, 60]  # best first
    tables = pairing.elimination_first(seeds)
    assert [10] in tables and [20] in tables  # the two top seeds wait
    assert {frozenset(t) for t in tables if len(t) == 2} == {
        frozenset({40, 50}),
        frozenset({30, 60}),
    }
    assert pairing.elimination_rounds(6) == 3
    # Seeds 1 and 2 are on opposite halves of the bracket.
    flat = [p for t in tables for p in t]
    assert flat.index(10) < len(flat) // 2 <= flat.index(20)


def test_elimination_more_seats_snake_and_next():
    tables = pairing.elimination_first([1, 2, 3, 4, 5, 6], 4)
    assert tables == [[1, 4, 5, None], [2, 3, 6, None]]
    assert pairing.elimination_next([1, 3], 4) == [[1, 3, None, None]]


def test_table_points_by_place():
    assert table_points([1, 2]) == [1.0, 0.0]
    assert table_points([1, 1]) == [0.5, 0.5]
    assert table_points([1, 2, 2, 4]) == [1.0, 0.5, 0.5, 0.0]


def test_standings_points_then_buchholz_then_rating():
    results = [
        Result(1, (1, 2), (1, 2)),
        Result(1, (3, 4), (1, 2)),
        Result(2, (1, 3), (1, 2)),
        Result(2, (4, 2), (1, 2)),
    ]
    names = {1: "a", 2: "b", 3: "c", 4: "d"}
    lines = standings([1, 2, 3, 4], results, {4: 5.0}, names, swiss=True)
    assert [line.player for line in lines] == [1, 3, 4, 2]
    # 3 and 4 both have 1 point; 3 met 4 (1) and 1 (2): Buchholz 3; 4 met 3, 2: 1.
    assert lines[1].tiebreak == 3 and lines[2].tiebreak == 1


def test_standings_head_to_head_outside_swiss_and_byes():
    results = [
        Result(1, (1, 2), (2, 1)),
        Result(1, (3,)),
        Result(2, (1, 3), (1, 2)),
        Result(2, (2,)),
    ]
    lines = standings([1, 2, 3], results, {1: 9.0}, {}, swiss=False)
    points = {line.player: line.points for line in lines}
    assert points == {1: 1.0, 2: 2.0, 3: 1.0}
    # 1 and 3 are level; 1 beat 3.
    assert [line.player for line in lines] == [2, 1, 3]
    assert [line.place for line in lines] == [1, 2, 3]
