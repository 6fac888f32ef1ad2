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
from collections.abc import Callable, Mapping
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


@functools.cache
def _init_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The name and type hint of each field `cls()` takes."""
    hints = _hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


# How a type hint is loaded is worked out once per hint (a table's state is
# loaded whenever a table is taken): a function of the data, which finds the
# loaders of the parts when it first runs (a dataclass may hold itself).
_LOADERS: dict[Any, Callable[[Any], Any]] = {}


def _load(tp: Any, data: Any) -> Any:
    return _loader(tp)(data)


def _loader(tp: Any) -> Callable[[Any], Any]:
    try:
        return _LOADERS[tp]
    except KeyError:
        found = _LOADERS[tp] = _make_loader(tp)
        return found
    except TypeError:  # an unhashable hint
        return _make_loader(tp)


def _same(data: Any) -> Any:
    return data


def _make_loader(tp: Any) -> Callable[[Any], Any]:
    if tp is Any:
        return _same
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _union_loader(tp, args)
    if origin is typing.Literal:

        def literal(data: Any) -> Any:
            if data not in args:
                raise ValueError(f"{data!r} is not one of {args}")
            return data

        return literal
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            return lambda data: tuple(map(_loader(item), data))
        if not args:
            return tuple
        return lambda data: tuple(_load(a, x) for a, x in zip(args, data, strict=True))
    if origin is frozenset:
        item = args[0]
        return lambda data: frozenset(map(_loader(item), data))
    if origin in (dict, Mapping, typing.Mapping):
        key_tp, val_tp = args or (str, Any)

        def mapping(data: Any) -> Any:
            value = _loader(val_tp)
            if key_tp is int:
                return {int(k): value(v) for k, v in data.items()}
            return {k: value(v) for k, v in data.items()}

        return mapping
    if origin is list:
        item = args[0]
        return lambda data: list(map(_loader(item), data))
    if isinstance(tp, type):
        if dataclasses.is_dataclass(tp):
            return _dataclass_loader(tp)
        if issubclass(tp, enum.Enum):
            return tp
        if tp is float:
            return float
        if tp in (int, str, bool):

            def plain(data: Any) -> Any:
                if not isinstance(data, tp):
                    raise TypeError(f"expected {tp.__name__}, got {data!r}")
                return data

            return plain

    def unsupported(data: Any) -> Any:
        raise TypeError(f"unsupported type {tp!r}")

    return unsupported


def _union_loader(tp: Any, args: tuple[Any, ...]) -> Callable[[Any], Any]:
    optional = type(None) in args
    non_none = [a for a in args if a is not type(None)]

    def union(data: Any) -> Any:
        if data is None and optional:
            return None
        if len(non_none) == 1:
            return _load(non_none[0], data)
        for arg in non_none:
            try:
                return _load(arg, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"cannot load {data!r} as {tp}")

    return union


def _dataclass_loader(tp: type) -> Callable[[Any], Any]:
    def dataclass(data: Any) -> Any:
        kwargs = {
            name: _loader(hint)(data[name])
            for name, hint in _init_fields(tp)
            if name in data
        }
        return tp(**kwargs)

    return dataclass
