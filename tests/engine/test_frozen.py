"""engine.frozen.replace behaves as dataclasses.replace on frozen states."""

import dataclasses

import pytest

from ludoteca.engine.frozen import replace


@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    y: tuple[int, ...] = ()


def test_replace_copies_and_changes_only_what_is_named():
    p = Point(1, (2, 3))
    q = replace(p, x=5)
    assert q == Point(5, (2, 3)) and p == Point(1, (2, 3))
    assert q is not p and type(q) is Point
    assert replace(p) == p
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.x = 7  # type: ignore[misc]


def test_replace_refuses_a_field_the_class_has_not():
    with pytest.raises(TypeError, match="no field"):
        replace(Point(1), z=2)
