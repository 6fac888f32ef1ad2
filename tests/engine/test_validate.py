"""The legal-action safety net tells JSON values apart as the wire does."""

from __future__ import annotations

from ludoteca.engine.validate import is_listed, key


def test_the_listed_object_and_an_equal_copy_are_listed() -> None:
    legal = [{"type": "play", "card": 3}, {"type": "play", "card": 4}]
    assert is_listed(legal[1], legal)
    assert is_listed({"card": 4, "type": "play"}, legal)  # key order does not matter
    assert not is_listed({"type": "play", "card": 5}, legal)


def test_true_is_not_one_even_where_python_says_equal() -> None:
    legal = [{"type": "pick", "n": 1}, {"type": "pick", "n": True}]
    assert is_listed({"type": "pick", "n": True}, legal)
    assert not is_listed({"type": "pick", "n": True}, legal[:1])
    assert not is_listed({"type": "pick", "n": 1.0}, legal)
    assert key({"type": "pick", "n": True}) != key(legal[0])


def test_a_tuple_stands_for_the_json_array_a_list_was() -> None:
    legal = ({"type": "keep", "cards": [1, 2]},)
    assert is_listed({"type": "keep", "cards": (1, 2)}, legal)
    assert not is_listed({"type": "keep", "cards": (2, 1)}, legal)
