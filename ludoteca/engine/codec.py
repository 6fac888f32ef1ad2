"""JSON round trips for states made of frozen dataclasses and tuples.

`dump` turns a dataclass into plain JSON; `load(cls, data)` rebuilds it using
the field type hints. Supported: bool, int, float, str, None, Enum, Literal,
``X | None``, ``tuple[X, ...]``, fixed tuples, ``frozenset[X]``, dict with str
or int keys, and nested dataclasses. Games whose states use only these get
`to_json`/`from_json` for free.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")


# What `dump` does with a value depends only on its type: each type is
# classified once (tests and bots dump states a great deal).
_PLAIN, _DATACLASS, _ENUM, _SEQUENCE, _FROZENSET, _MAPPING = range(6)
_KINDS: dict[type, tuple[int, tuple[str, ...]]] = {
    t: (_PLAIN, ()) for t in (str, int, float, bool, type(None))
}


def _kind(tp: type) -> tuple[int, tuple[str, ...]]:
    if dataclasses.is_dataclass(tp):
        return _DATACLASS, tuple(f.name for f in dataclasses.fields(tp))
    if issubclass(tp, enum.Enum):
        return _ENUM, ()
    if issubclass(tp, (tuple, list)):
        return _SEQUENCE, ()
    if issubclass(tp, frozenset):
        return _FROZENSET, ()
    if issubclass(tp, Mapping):
        return _MAPPING, ()
    return _PLAIN, ()


def dump(obj: Any) -> Any:
    tp = type(obj)
    known = _KINDS.get(tp)
    if known is None:
        known = _KINDS[tp] = _kind(tp)
    kind, names = known
    if kind == _PLAIN:
        return obj
    if kind == _DATACLASS:
        return {name: dump(getattr(obj, name)) for name in names}
    if kind == _SEQUENCE:
        return [dump(x) for x in obj]
    if kind == _ENUM:
        return obj.value
    if kind == _FROZENSET:
        return sorted((dump(x) for x in obj), key=repr)
    return {str(k): dump(v) for k, v in obj.items()}


def load(cls: type[T], data: Any) -> T:
    return typing.cast(T, _load(cls, data))


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


_SHAPES: dict[Any, tuple[Any, tuple[Any, ...]]] = {}


def _shape(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """`tp`'s origin and arguments, worked out once per type hint."""
    try:
        return _SHAPES[tp]
    except KeyError:
        shape = _SHAPES[tp] = typing.get_origin(tp), typing.get_args(tp)
        return shape
    except TypeError:  # an unhashable hint
        return typing.get_origin(tp), typing.get_args(tp)


@functools.cache
def _init_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The name and type hint of each field `cls()` takes."""
    hints = _hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def _load(tp: Any, data: Any) -> Any:
    if tp is Any:
        return data
    origin, args = _shape(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) == 1:
            return _load(non_none[0], data)
        for arg in non_none:
            try:
                return _load(arg, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"cannot load {data!r} as {tp}")
    if origin is typing.Literal:
        if data not in args:
            raise ValueError(f"{data!r} is not one of {args}")
        return data
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], x) for x in data)
        if not args:
            return tuple(data)
        return tuple(_load(a, x) for a, x in zip(args, data, strict=True))
    if origin is frozenset:
        return frozenset(_load(args[0], x) for x in data)
    if origin in (dict, Mapping, typing.Mapping):
        key_tp, val_tp = args or (str, Any)
        return {
            (int(k) if key_tp is int else k): _load(val_tp, v) for k, v in data.items()
        }
    if origin is list:
        return [_load(args[0], x) for x in data]
    if isinstance(tp, type):
        if dataclasses.is_dataclass(tp):
            kwargs = {
                name: _load(hint, data[name])
                for name, hint in _init_fields(tp)
                if name in data
            }
            return tp(**kwargs)
        if issubclass(tp, enum.Enum):
            return tp(data)
        if tp is float:
            return float(data)
        if tp in (int, str, bool):
            if not isinstance(data, tp):
                raise TypeError(f"expected {tp.__name__}, got {data!r}")
            return data
    raise TypeError(f"unsupported type {tp!r}")
