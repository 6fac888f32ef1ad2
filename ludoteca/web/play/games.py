"""The web layer's door to the registered games and their text.

Games describe refusals and events in English in ``text.py`` (ERRORS, EVENTS,
NAMES); this module translates them in the reader's language and fills the
placeholders, turning seat numbers into player names. A sentence may be a
`Plural` (``ngettext_noop``): its form follows the number it counts.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
import string
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext

from ludoteca.engine import registry
from ludoteca.engine.i18n import Plural
from ludoteca.engine.protocol import Game
from ludoteca.web.play import text as web_text

# Event and refusal parameters that hold a seat number: shown as the player's name.
SEAT_KEYS = frozenset(
    {"seat", "player", "opponent", "picker", "leader", "follower", "partner", "target"}
)


def register_extra_games() -> None:
    """Register test-only games named in LUDOTECA_EXTRA_GAMES."""
    for module_name in getattr(settings, "LUDOTECA_EXTRA_GAMES", []):
        module = importlib.import_module(module_name)
        game = module.GAME
        registry._games()[game.info.id] = game


def get(game_id: str) -> Game[Any]:
    return registry.get(game_id)


def all_games() -> list[Game[Any]]:
    return sorted(registry.all(), key=lambda g: g.info.id)


def exists(game_id: str) -> bool:
    try:
        registry.get(game_id)
    except KeyError:
        return False
    return True


def text_module(game: Game[Any]) -> ModuleType | None:
    return _text_module(type(game).__module__)


@functools.cache
def _text_module(module: str) -> ModuleType | None:
    """Found once per game (every event text asks for it)."""
    package = module.rpartition(".")[0]
    for candidate in (f"{package}.text", f"{module}_text"):
        try:
            return importlib.import_module(candidate)
        except ImportError:
            continue
    return None


def check_rate(
    game: Game[Any], state: Any, last_ms: float | None, now_ms: float
) -> None:
    """A game's optional action rate limit (``<package>.ratelimit.check_rate``).

    Rules never read a clock, so a game that limits how fast a seat may act
    (Piles) leaves the check to the platform; it raises IllegalAction.
    """
    check = _rate_check(type(game).__module__.rpartition(".")[0])
    if check is not None:
        check(state, last_ms, now_ms)


def has_rate_limit(game: Game[Any]) -> bool:
    return _rate_check(type(game).__module__.rpartition(".")[0]) is not None


@functools.cache
def _rate_check(package: str) -> Callable[[Any, float | None, float], None] | None:
    try:
        module = importlib.import_module(f"{package}.ratelimit")
    except ImportError:
        return None
    return getattr(module, "check_rate", None)


LeaveHook = Callable[[Any, int], Any]


@functools.cache
def _leave_hook(package: str) -> LeaveHook | None:
    try:
        module = importlib.import_module(f"{package}.presence")
    except ImportError:
        return None
    hook = getattr(module, "on_disconnect", None)
    return hook if callable(hook) else None


def disconnect_action(game: Game[Any]) -> LeaveHook | None:
    """A game's optional ``<package>.presence.on_disconnect(state, seat)``: the
    action to apply for a seat whose last socket closed (or None)."""
    return _leave_hook(type(game).__module__.rpartition(".")[0])


def _catalog(game: Game[Any], name: str) -> Mapping[str, Any]:
    module = text_module(game)
    return getattr(module, name, {}) if module is not None else {}


# Catalogs of sentences, not of names (see docs/writing-a-game.md, "Text").
SENTENCE_CATALOGS = frozenset(
    {
        "ERRORS",
        "EVENTS",
        "EVENTS_YOU",
        "OPTIONS",
        "OPTION_HELP",
        "REASONS",
        "PHASES",
        "PROMPTS",
    }
)


@functools.cache
def _names(game: Game[Any]) -> dict[str, str]:
    """Id -> English name: `NAMES`, or else every other catalog of names (read
    once per game: every event of every frame asks)."""
    module = text_module(game)
    if module is None:
        return {}
    if isinstance(getattr(module, "NAMES", None), dict):
        return dict(module.NAMES)
    merged: dict[str, str] = {}
    for attr, value in vars(module).items():
        if (
            attr.isupper()
            and isinstance(value, dict)
            and attr not in SENTENCE_CATALOGS
            and not attr.endswith(("_EFFECTS", "_HELP", "_TEXT"))
        ):
            merged.update({k: v for k, v in value.items() if isinstance(v, str)})
    return merged


def board_texts(game: Game[Any]) -> dict[str, dict[str, str]]:
    """Every catalog of the game's ``text.py`` (UPPERCASE dicts of str),
    translated in the active language, for its board (``ctx.texts``)."""
    module = text_module(game)
    if module is None:
        return {}
    out: dict[str, dict[str, str]] = {}
    for attr, value in vars(module).items():
        if attr.isupper() and isinstance(value, dict):
            out[attr] = {
                str(k): gettext(v) for k, v in value.items() if isinstance(v, str)
            }
    return out


def game_name(game: Game[Any]) -> str:
    lang = (translation.get_language() or "pt-br").lower()
    names = game.info.names
    for key in (lang, lang.replace("-", "_"), lang.split("-")[0], "pt-BR", "en"):
        if key in names:
            return names[key]
    return game.info.name


@functools.lru_cache(maxsize=4096)
def _placeholders(sentence: str) -> frozenset[str]:
    try:
        return frozenset(f for _, f, _, _ in string.Formatter().parse(sentence) if f)
    except ValueError:  # a stray brace: format_map refuses it below
        return frozenset()


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(sentence: str, params: Mapping[str, Any]) -> str:
    """`sentence` with its `{placeholders}` filled (unknown ones kept)."""
    return _fill(sentence, params)


def _fill(sentence: str, params: Mapping[str, Any]) -> str:
    keys = _placeholders(sentence)
    values = _Blank({k: v for k, v in params.items() if k in keys})
    try:
        return sentence.format_map(values)
    except (ValueError, IndexError, KeyError, AttributeError):
        return sentence


def translate(
    sentence: str | Plural, params: Mapping[str, Any], lang: str | None = None
) -> str:
    """`sentence` in `lang` (by default the active language), not yet filled;
    a `Plural` in the form that the absolute value of its counting parameter
    asks for."""
    if isinstance(sentence, Plural):
        value = params.get(sentence.param, 0)
        number = abs(value) if type(value) is int else 0
        return _ngettext(sentence.singular, sentence.plural, number, lang)
    return _gettext(sentence, lang)


_TRANSLATED: dict[tuple[Any, ...], str] = {}
_TRANSLATED_MAX = 20_000


def _gettext(message: str, lang: str | None = None) -> str:
    """`gettext` in `lang` (by default the active language), remembered per
    language: a call costs about 9 µs, and reading the active language or
    switching to another costs as much again (Django keeps it in an asgiref
    local), while every frame of every seat asks for the same few sentences.
    The frames of the live tables name their language, so they pay neither."""
    key = (lang or translation.get_language(), message)
    found = _TRANSLATED.get(key)
    if found is None:
        found = _remember(key, lambda: gettext(message))
    return found


def _ngettext(singular: str, plural: str, number: int, lang: str | None) -> str:
    key = (lang or translation.get_language(), singular, plural, number)
    found = _TRANSLATED.get(key)
    if found is None:
        found = _remember(key, lambda: ngettext(singular, plural, number))
    return found


def _remember(key: tuple[Any, ...], look_up: Callable[[], str]) -> str:
    """Look a sentence up in `key`'s language (its first item) and keep it."""
    if len(_TRANSLATED) >= _TRANSLATED_MAX:
        _TRANSLATED.clear()
    lang = key[0]
    if lang is None or lang == translation.get_language():
        found = look_up()
    else:
        with translation.override(lang):
            found = look_up()
    _TRANSLATED[key] = found
    return found


def sentence_forms(sentence: str | Plural) -> tuple[str, ...]:
    """Every English form of a catalog sentence (one, or a plural's two)."""
    if isinstance(sentence, Plural):
        return (sentence.singular, sentence.plural)
    return (sentence,)


def readable_params(
    game: Game[Any],
    params: Mapping[str, Any],
    players: Sequence[str],
    lang: str | None = None,
) -> dict[str, Any]:
    """`params` as a reader of `lang` (by default the active language) reads
    them: seats as players' names, ids as the game's names, and so on."""
    lang = lang or translation.get_language()
    tables = _name_tables(game)
    names, _teams, describers = tables
    out: dict[str, Any] = {}
    for key, value in params.items():
        # The plain cases inline (most parameters: seats, numbers, ids),
        # the others as `_readable` words them.
        if key not in describers:
            kind = type(value)
            if kind is int and key in SEAT_KEYS:
                out[key] = players[value] if 0 <= value < len(players) else str(value)
                continue
            if kind is int and key != "team":
                out[key] = value
                continue
            if kind is str:
                out[key] = _gettext(names[value], lang) if value in names else value
                continue
        out[key] = _readable(key, value, players, lang, tables)
    if "player" not in out and "seat" in out:
        out["player"] = out["seat"]
    return out


def _readable(
    key: str, value: Any, players: Sequence[str], lang: str, tables: Any
) -> Any:
    """One parameter as `readable_params` words it. (A function of its own,
    not a closure: a closure that calls itself is a reference cycle, and one
    made for every event of every frame kept the garbage collector busy.)"""
    names, teams, describers = tables
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if key in describers:
        described = _described(describers[key], value, lang)
        if described is not None:
            return described
    if key in SEAT_KEYS and is_int:
        return players[value] if 0 <= value < len(players) else str(value)
    if key == "team" and is_int and 0 <= value < len(teams):
        return _gettext(teams[value], lang)
    if isinstance(value, str) and value in names:
        return _gettext(names[value], lang)
    if isinstance(value, list | tuple):
        return ", ".join(str(_readable(key, v, players, lang, tables)) for v in value)
    return value


@functools.cache
def _name_tables(
    game: Game[Any],
) -> tuple[dict[str, str], list[str], Mapping[str, Any]]:
    """What `readable_params` names values by: the game's names, its teams
    and its `PARAMS` describers (read once per game)."""
    return (
        _names(game),
        list(_catalog(game, "TEAMS").values()),
        _catalog(game, "PARAMS"),
    )


def _described(describe: Any, value: Any, lang: str | None) -> str | None:
    """A value the game words itself: `PARAMS[key](value)` gives an English
    sentence and its parameters (strings among them are msgids), or None."""
    try:
        found = describe(value)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if found is None:
        return None
    sentence, params = found
    words = {
        k: _gettext(v, lang) if isinstance(v, str) else v for k, v in params.items()
    }
    return _fill(translate(sentence, params, lang), words)


def refusal_text(
    game: Game[Any] | None,
    code: str,
    params: Mapping[str, Any],
    players: Sequence[str],
    message: str = "",
) -> str:
    """The refusal in the active language."""
    sentence = _catalog(game, "ERRORS").get(code) if game is not None else None
    if sentence is None:
        sentence = web_text.ERRORS.get(code)
    if sentence is None:
        return message or code.replace("_", " ")
    filled = readable_params(game, params, players) if game is not None else params
    return _fill(translate(sentence, params), filled)


def event_text(
    game: Game[Any],
    data: Mapping[str, Any],
    players: Sequence[str],
    reader: int | None = None,
    lang: str | None = None,
    readable: Mapping[str, Any] | None = None,
) -> str:
    """The event in `lang` (by default the active language); for `reader`'s
    own seat in the words of the game's `EVENTS_YOU` ("You play a 7", "Bruno
    votes for you"). `readable`: its `readable_params` in `lang`, when the
    caller has them already."""
    sentence = None
    if reader is not None:
        sentence = own_sentence(game, data, reader)
    if sentence is None:
        sentence = _catalog(game, "EVENTS").get(str(data.get("type")))
    if sentence is None:
        return ""
    lang = lang or translation.get_language()
    if readable is None:
        readable = readable_params(game, data, players, lang)
    return _fill(translate(sentence, data, lang), readable)


@functools.cache
def _own_events(game: Game[Any]) -> Mapping[str, Any]:
    """The game's `EVENTS_YOU`, read once (every socket asks for every event)."""
    return _catalog(game, "EVENTS_YOU")


def own_readers(game: Game[Any], data: Mapping[str, Any]) -> frozenset[int]:
    """The seats `own_sentence` has a sentence for, found in one pass over
    the event's parameters (every event of every version asks)."""
    own = _own_events(game)
    if not own:
        return frozenset()
    kind = str(data.get("type"))
    found = set()
    subject = data.get("player", data.get("seat"))
    if type(subject) is int and kind in own:
        found.add(subject)
    for key, value in data.items():
        if key in SEAT_KEYS and type(value) is int and f"{kind}:{key}" in own:
            found.add(value)
    return frozenset(found)


def own_sentence(
    game: Game[Any], data: Mapping[str, Any], reader: int
) -> str | Plural | None:
    """The game's sentence for an event about `reader`: ``EVENTS_YOU[type]``
    when the reader is its subject (``player``, else ``seat``), else
    ``EVENTS_YOU["type:param"]`` for the seat parameter naming the reader."""
    own = _own_events(game)
    if not own:
        return None
    kind = str(data.get("type"))

    def names_reader(value: Any) -> bool:
        return type(value) is int and value == reader

    if names_reader(data.get("player", data.get("seat"))) and kind in own:
        return own[kind]
    for key, value in data.items():
        if key in SEAT_KEYS and names_reader(value) and f"{kind}:{key}" in own:
            return own[f"{kind}:{key}"]
    return None


# A rules spec's reference ("(A-04)", "(R-12)") inside a sentence players read.
SPEC_CODE = re.compile(r"\s*\((?:[A-Z]{1,3}-\d+(?:[,;/ ]+)?)+\)")


def without_spec_codes(text: str) -> str:
    """`text` without the spec references our catalogs carry for developers."""
    return SPEC_CODE.sub("", text)


def option_label(game: Game[Any], name: str) -> str:
    options = _catalog(game, "OPTIONS")
    if name not in options:
        return name.replace("_", " ")
    return without_spec_codes(gettext(options[name]))


def option_choice_label(game: Game[Any], name: str, value: Any) -> str:
    """A choice of option `name` in the reader's language.

    Looked up in the game's `OPTIONS` as ``"<option>.<choice>"`` (``yes``/``no``
    for booleans), then as the bare choice; otherwise a boolean reads Yes/No,
    a string is looked up among the game's names, a number is shown as is.
    """
    if isinstance(value, list | tuple):  # a list option: its entries' labels
        return ", ".join(option_choice_label(game, name, v) for v in value)
    options = _catalog(game, "OPTIONS")
    if isinstance(value, bool):
        key = "yes" if value else "no"
    elif isinstance(value, str):
        key = value
    else:
        key = json.dumps(value)
    for candidate in (f"{name}.{key}", key):
        if candidate in options:
            return gettext(options[candidate])
    if isinstance(value, bool):  # "Sim"/"Não", as every game's choices read
        return gettext("Yes") if value else gettext("No")
    if isinstance(value, str):
        return str(readable_params(game, {"value": value}, [])["value"])
    return str(value)


def option_choice_label_in(game: Game[Any], name: str, value: Any, lang: str) -> str:
    with translation.override(lang):
        return option_choice_label(game, name, value)


def option_help(game: Game[Any], name: str) -> str:
    """The option's help in the reader's language, "" when it would only
    repeat the label."""
    helps = _catalog(game, "OPTION_HELP")
    if name in helps:
        text = gettext(helps[name])
    else:
        option = game.options[name]
        text = gettext(option.help) if option.help else ""
    text = without_spec_codes(text)
    return "" if _same_words(text, option_label(game, name)) else text


def _same_words(a: str, b: str) -> bool:
    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.casefold())

    return words(a) == words(b)


def option_summary(game: Game[Any], options: Mapping[str, Any]) -> dict[str, str]:
    """The options a table changed from the game's defaults, label -> choice,
    in the reader's language (the lobby and the waiting room list them)."""
    out = {}
    for name, value in options.items():
        option = game.options.get(name)
        if option is None or value == option.default:
            continue
        if option.items is not None and list(value) == list(option.default):
            continue
        out[option_label(game, name)] = option_choice_label(game, name, value)
    return out
