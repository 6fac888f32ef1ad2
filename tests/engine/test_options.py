"""Table options: choices, ranges and list options (`Option.items`)."""

from __future__ import annotations

import pytest

from ludoteca.engine.protocol import Option, resolve_options

DECLARED = {
    "mode": Option("a", choices=("a", "b")),
    "size": Option(3, minimum=1, maximum=5),
    "cards": Option((), items=("x", "y", "z"), minimum=0, maximum=4),
}


def test_defaults_fill_in_and_a_list_comes_back_as_a_list():
    assert resolve_options(DECLARED, {}) == {"mode": "a", "size": 3, "cards": []}
    given = {"cards": ("x", "x", "z")}
    assert resolve_options(DECLARED, given)["cards"] == ["x", "x", "z"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("x", "must be a list"),
        (["x", "w"], 'unknown entries: "w"'),
        ([1], "unknown entries: 1"),
        (["x"] * 5, "at most 4 entries"),
    ],
)
def test_a_list_option_refuses_what_it_does_not_list(value, message):
    with pytest.raises(ValueError, match=message):
        resolve_options(DECLARED, {"cards": value})


def test_a_list_option_with_a_minimum_length():
    option = Option((), items=(1, 2), minimum=2)
    option.check("pair", [1, 1])
    with pytest.raises(ValueError, match="at least 2 entries"):
        option.check("pair", [2])
    with pytest.raises(ValueError, match="unknown entries"):
        option.check("pair", [True, 1])  # a bool is not the number 1


def test_as_dict_names_the_items():
    assert DECLARED["cards"].as_dict() == {
        "default": (),
        "help": "",
        "items": ["x", "y", "z"],
        "minimum": 0,
        "maximum": 4,
    }
