"""The frames of a live table, each built once.

After every change its owner makes a `Snapshot` of the table (`of_live`), and
each socket's frame comes from it: that seat's view, its legal actions and
the events it may see. Whatever several sockets share is made once: the
events' texts per language in `texts`, shared by the snapshots of a match;
the public seats per language, the data of a seat, and whole encoded frames
per seat, language and starting version in the snapshot's `memo`, so sockets
of the same seat and language (and spectators of one language) share one
encode.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from django.utils import translation

from ludoteca.engine.protocol import Event, Game
from ludoteca.web.history.ratings import ranks_with_leavers
from ludoteca.web.live.table import LiveTable
from ludoteca.web.play import botnames, games, protocol
from ludoteca.web.play.models import NOTICE_VERSION, ChatMessage, Table
from ludoteca.web.play.text import NOTICES


@dataclass
class Snapshot:
    table_id: int
    game_id: str
    # The game itself, looked up once by the owner (every frame asks for it
    # several times; a compiled class keeps no cached property).
    game: Game[Any]
    version: int
    status: str
    state: Any
    outcome: dict[str, Any] | None
    seats: list[dict[str, Any]]
    users: list[int | None]
    clock: dict[str, Any]
    seed_hash: str
    seed: int | None
    events: dict[int, list[Event]] = field(default_factory=dict)
    # What the sockets of this process built from this snapshot, so each
    # piece is made once: public seats by language, whole frames by (seat,
    # language, since).
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    # The events' texts by (version, language): shared with the snapshots
    # before and after this one (an event never changes, nor do the names
    # during a match), so not copied at each version.
    texts: dict[tuple[int, str], Any] = field(
        default_factory=dict, repr=False, compare=False
    )
    # Who holds each seat: (user, bot, stand-in). While it stays the same the
    # next snapshots share `named`: the seats' names, avatars and badges in
    # each language, made once (see `of_live`).
    people: tuple[tuple[Any, ...], ...] = field(default=(), compare=False)
    named: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        """Seat names in the active language (bots are named by gettext)."""
        return self.names_in(translation.get_language())

    def names_in(self, lang: str) -> list[str]:
        """Seat names in `lang`, made once per language at this snapshot."""
        key = ("names", lang)
        found = self.named.get(key)
        if found is None:
            with speaking(lang):
                found = self.named[key] = [
                    botnames.bot_label(s["bot"], self.table_id, s["seat"])
                    if s["bot"]
                    else s["name"]
                    for s in self.seats
                ]
        return found  # type: ignore[no-any-return]

    def public_seats(self, lang: str | None = None) -> list[dict[str, Any]]:
        """The seats in `lang` (by default the active language), with avatars
        and the name of the bot standing in for an absent player (computed
        once per language and shared by every frame of this snapshot: not to
        be changed)."""
        lang = lang or translation.get_language()
        key = ("seats", lang)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = [
                dict(s, **extra)
                for s, extra in zip(self.seats, self._seat_extras(lang), strict=True)
            ]
        return found  # type: ignore[no-any-return]

    def _seat_extras(self, lang: str) -> list[dict[str, Any]]:
        """What `public_seats` puts on each seat in `lang`: its name, avatar
        and stand-in badge (kept by the next snapshots while the names, bots
        and stand-ins stay the same: see `of_live`)."""
        key = ("extras", lang)
        found = self.named.get(key)
        if found is None:
            with speaking(lang):
                found = self.named[key] = [
                    self._seat_extra(s, name)
                    for s, name in zip(self.seats, self.names_in(lang), strict=True)
                ]
        return found  # type: ignore[no-any-return]

    def _seat_extra(self, s: dict[str, Any], name: str) -> dict[str, Any]:
        index, bot = s["seat"], bool(s["bot"])
        standin = s["standin"]
        return {
            "name": name,
            "avatar": botnames.avatar(name, self.table_id, index, bot),
            "standin_badge": botnames.standin_badge(standin, self.table_id, index)
            if standin and not bot
            else None,
        }

    @property
    def seats_names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def has_events_since(self, version: int) -> bool:
        if version + 1 == self.version:  # mostly: the version just before
            return self.version in self.events
        return all(v in self.events for v in range(version + 1, self.version + 1))


def speaking(lang: str) -> contextlib.AbstractContextManager[Any]:
    """`lang` active inside (entering Django's override costs more than
    most of what is built inside it, so not when it is active already)."""
    if translation.get_language() == lang:
        return contextlib.nullcontext()
    return translation.override(lang)


def _epoch_ms(moment: Any) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def now_ms() -> int:
    """The clock's "now", epoch milliseconds."""
    return int(time.time() * 1000)


def _phase_end(game: Game[Any], state: Any, table: Table) -> int | None:
    if state is None or table.status != Table.PLAYING or table.phase_started_at is None:
        return None
    seconds = game.phase_seconds(state)
    if seconds is None:
        return None
    return int(table.phase_started_at.timestamp() * 1000 + seconds * 1000)


def _clock(
    table: Table, seats: list[Any], game: Game[Any], state: Any, running: list[int]
) -> dict[str, Any]:
    return {
        "mode": table.clock,
        "ms": [s.clock_ms for s in seats],
        "running": [i for i in running if not seats[i].controller],
        "since": _epoch_ms(table.turn_started_at),
        "deadline": _epoch_ms(table.deadline),
        "phase_ends": _phase_end(game, state, table),
        "now": now_ms(),
    }


# The events' texts of the newest TEXTS_VERSIONS versions are kept (every
# socket's update reads the newest; a reader resuming from further back has
# the older ones translated again). Kept longer, the texts of every live table
# were most of what the garbage collector's full passes walked.
TEXTS_VERSIONS = 4
TEXTS_KEPT = 4 * TEXTS_VERSIONS  # entries, a few languages each, before a trim


def of_live(live: LiveTable, prev: Snapshot | None = None) -> Snapshot:
    """The table as its owner holds it now. While the same people and bots
    hold the seats, what `prev` made of them is kept: their names (a name is
    read once), the names and avatars in each language, and the events'
    texts (an event never changes)."""
    table, game, state = live.table, live.game, live.state
    # The same match state (a presence, a chat line): what is made of the
    # state alone is kept, the seats to act and the public view.
    same = prev is not None and prev.state is state and prev.status == table.status
    kept: dict[Any, Any] = prev.memo if same and prev is not None else {}
    running = kept.get(("active",))
    if running is None:
        playing = table.status == Table.PLAYING and state is not None
        running = sorted(game.active_seats(state)) if playing else []
    memo: dict[Any, Any] = {("active",): running}  # as `seat_data` makes it
    if ("public_view",) in kept:
        memo[("public_view",)] = kept[("public_view",)]
    people = tuple((s.user_id, s.bot, s.standin) for s in live.seats)
    texts: dict[tuple[int, str], Any] = {}
    named: dict[Any, Any] = {}
    if prev is not None and prev.people == people:
        users = prev.users  # the same list: a socket checks its seat once
        seats = [
            s.as_public(name=p["name"])
            for s, p in zip(live.seats, prev.seats, strict=True)
        ]
        named = prev.named
        texts = prev.texts
        if len(texts) > TEXTS_KEPT:
            oldest = table.version - TEXTS_VERSIONS
            texts = {k: v for k, v in texts.items() if k[0] > oldest}
    else:
        users = [s.user_id for s in live.seats]
        seats = [s.as_public() for s in live.seats]
        if (
            prev is not None
            and prev.users == users
            and prev.seats_names == [s["name"] for s in seats]
        ):
            texts = prev.texts  # a stand-in came or went: the names hold
    return Snapshot(
        table_id=live.table_id,
        game_id=table.game,
        game=game,
        version=table.version,
        status=table.status,
        state=state,
        outcome=table.outcome,
        seats=seats,
        users=users,
        clock=_clock(table, live.seats, game, state, running),
        seed_hash=table.seed_hash,
        seed=table.seed if table.status == Table.FINISHED else None,
        events=live.events,
        texts=texts,
        memo=memo,
        people=people,
        named=named,
    )


def visible_events(
    snap: Snapshot, seat: int | None, since: int, lang: str
) -> list[dict[str, Any]]:
    """The events after version `since` that `seat` may see, translated."""
    return _visible(snap, seat, since, lang, lambda event: dict(event.entry))


def _visible(
    snap: Snapshot,
    seat: int | None,
    since: int,
    lang: str,
    shared: Callable[[Translated], Any],
) -> list[Any]:
    """The events after `since` that `seat` may see: `shared(event)` for an
    entry every reader reads alike, the reader's own "you" entry otherwise."""
    out: list[Any] = []
    for version in range(since + 1, snap.version + 1):
        entries = snap.texts.get((version, lang))
        if entries is None:
            entries = _translated_events(snap, version, lang)
        for event in entries:
            if not event.ev.visible_to(seat):
                continue
            if seat is not None and seat in event.own:  # about the reader: "you"
                out.append(_own_entry(snap, event, seat, lang))
            else:
                out.append(shared(event))
    return out


def _own_entry(
    snap: Snapshot, event: Translated, seat: int, lang: str
) -> dict[str, Any]:
    """The event's entry as `seat` reads it: the event is about the reader."""
    text = games.event_text(
        snap.game,
        event.data,
        snap.names_in(lang),
        seat,
        lang,
        readable=event.readable,
    )
    return {**event.entry, "text": text}


def _event_fragments(
    snap: Snapshot, seat: int | None, since: int, lang: str
) -> list[Any]:
    """`visible_events` for a frame: each entry every reader shares encoded
    once per version and language (a reader's own "you" entries each time)."""
    return _visible(snap, seat, since, lang, _shared_fragment)


def _shared_fragment(event: Translated) -> Any:
    return event.entry if event.encoded is None else event.encoded


@dataclass
class Translated:
    """An event of a version in one language, as the frames use it."""

    ev: Event
    data: dict[str, Any]  # `ev.as_dict()`
    entry: dict[str, Any]  # its entry in the frames, with its text
    own: frozenset[int]  # the readers it speaks to as "you"
    readable: dict[str, Any]  # its parameters as a reader reads them
    encoded: orjson.Fragment | None  # `entry`, encoded (None: it cannot be)


def _translated_events(snap: Snapshot, version: int, lang: str) -> list[Translated]:
    """Every event of `version` translated into `lang`, made once: kept by
    the next snapshots too (`of_live`), since an event never changes."""
    game, names = snap.game, snap.names_in(lang)
    entries = []
    for ev in snap.events.get(version, []):
        data = ev.as_dict()
        readable = games.readable_params(game, data, names, lang)
        text = games.event_text(game, data, names, lang=lang, readable=readable)
        entry = {"v": version, **data, "text": text}
        encoded = _encoded(entry)
        fragment = None if encoded is None else orjson.Fragment(encoded)
        own = games.own_readers(game, data)
        entries.append(Translated(ev, data, entry, own, readable, fragment))
    snap.texts[version, lang] = entries
    return entries


def seat_data(
    snap: Snapshot, seat: int | None, lang: str | None = None, view: Any = None
) -> dict[str, Any]:
    """The parts every frame carries: this seat's view (`view`, when made
    already) and legal actions (the seats in `lang`, by default the active
    language)."""
    game = snap.game
    if view is None and snap.state is not None:
        view = game.view(snap.state, seat)
    legal: list[Any] = []
    if (
        seat is not None
        and snap.state is not None
        and snap.status == Table.PLAYING
        and not snap.seats[seat]["standin"]
    ):
        legal = game.legal_actions(snap.state, seat)
    active = snap.memo.get(("active",))
    if active is None:  # once per snapshot, for every seat's frame
        active = snap.memo[("active",)] = (
            sorted(game.active_seats(snap.state))
            if snap.state is not None and snap.status == Table.PLAYING
            else []
        )
    data: dict[str, Any] = {
        "view": view,
        "legal": legal,
        "active": active,
        "seats": snap.public_seats(lang),
        "clock": snap.clock,
        "status": snap.status,
    }
    if snap.status == Table.FINISHED:
        data["outcome"] = snap.outcome
        data["standings"] = standings(snap)
        data["seed"] = str(snap.seed)
    return data


def standings(snap: Snapshot) -> dict[str, Any] | None:
    """The result as the history records it (`history.results`): a person
    whose seat a bot finished counts as having left, ranked after everyone
    who stayed and never a winner, so the end screen and the profile agree."""
    outcome = snap.outcome
    if not outcome:
        return None
    left = [bool(s["standin"]) and not s["bot"] for s in snap.seats]
    ranks = outcome.get("ranks") or [1] * len(left)
    winners = outcome.get("winners") or []
    return {
        "ranks": ranks_with_leavers(ranks, left),
        "winners": [w for w in winners if not left[w]],
        "left": left,
    }


def _seat_data(snap: Snapshot, seat: int | None, lang: str) -> dict[str, Any]:
    """`seat_data` made once per seat and language at this snapshot (a copy:
    frames add their own keys): updates from different versions share it.
    Its view may be encoded already (`_view_fragment`): for frames only."""
    key = ("seat_data", seat, lang)
    found = snap.memo.get(key)
    if found is None:
        view = _view_fragment(snap, seat)
        found = snap.memo[key] = seat_data(snap, seat, lang, view=view)
        shared = _shared_fragments(snap, lang)
        if shared is not None:
            found["seats"], found["clock"] = shared
    return dict(found)


def _shared_fragments(
    snap: Snapshot, lang: str
) -> tuple[orjson.Fragment, orjson.Fragment] | None:
    """The seats in `lang` and the clock, encoded once per snapshot for every
    reader's frame (None: written the plain way)."""
    key = ("shared", lang)
    found = snap.memo.get(key, False)
    if found is False:
        seats, clock = _encoded(snap.public_seats(lang)), _encoded(snap.clock)
        found = snap.memo[key] = (
            (orjson.Fragment(seats), orjson.Fragment(clock))
            if seats is not None and clock is not None
            else None
        )
    return found  # type: ignore[no-any-return]


def _encoded(data: Any) -> bytes | None:
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:  # an integer past 64 bits: the plain way
        return None


def _view_fragment(snap: Snapshot, seat: int | None) -> orjson.Fragment | None:
    """`seat`'s view already encoded, for a game that splits its views
    (`Game.public_view`): the public part encoded once per snapshot for every
    reader, the seat's own part after it, the same text as encoding the
    whole view. None: the view is made and encoded whole, for each seat."""
    if snap.state is None:
        return None
    public = snap.memo.get(("public_view",))
    if public is None:
        parts = snap.game.public_view(snap.state)
        public = snap.memo[("public_view",)] = (
            (_encoded(parts) or b"") if parts is not None else b""
        )
    if not public:
        return None
    own = _encoded(snap.game.private_view(snap.state, seat))
    if own is None:
        return None
    if own == b"{}":
        return orjson.Fragment(public)
    if public == b"{}":
        return orjson.Fragment(own)
    return orjson.Fragment(public[:-1] + b"," + own[1:])


def _frame(
    kind: str, snap: Snapshot, seat: int | None, lang: str, data: dict[str, Any]
) -> str:
    """`protocol.frame` of `data`, some of whose parts may be encoded
    already (`_seat_data`, `_event_fragments`)."""
    try:
        message = {"t": kind, "v": snap.version, "d": data}
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # elsewhere: the plain parts, the plain way
        return protocol.frame(kind, snap.version, _plain(snap, seat, lang, data))


def _plain(
    snap: Snapshot, seat: int | None, lang: str, data: dict[str, Any]
) -> dict[str, Any]:
    """`data` with its encoded parts made again as values."""
    data = dict(data)
    if type(data.get("view")) is orjson.Fragment:
        data["view"] = snap.game.view(snap.state, seat)
    if type(data.get("seats")) is orjson.Fragment:
        data["seats"] = snap.public_seats(lang)
    if type(data.get("clock")) is orjson.Fragment:
        data["clock"] = snap.clock
    if "events" in data:
        data["events"] = visible_events(snap, seat, data["from"], lang)
    if "log" in data:
        data["log"] = visible_events(snap, seat, _log_since(snap), lang)
    return data


def chat_channels(snap: Snapshot, seat: int | None) -> dict[str, str]:
    """The chat channels `seat` may read or write at this snapshot (before
    the deal, one table channel)."""
    if snap.state is None:
        return {"table": "write" if seat is not None else "read"}
    return snap.game.chat_channels(snap.state, seat)


def update_frame(
    snap: Snapshot, seat: int | None, lang: str, since: int
) -> tuple[str, dict[str, str]]:
    """The encoded update from version `since` for `seat` in `lang`, and the
    chat channels it opens: built once per snapshot for every socket of the
    same seat and language (spectators share one)."""
    key = ("update", seat, lang, since)
    built = snap.memo.get(key)
    if built is None:
        data = _seat_data(snap, seat, lang)
        data["events"] = _event_fragments(snap, seat, since, lang)
        data["channels"] = chat_channels(snap, seat)
        data["from"] = since
        built = snap.memo[key] = (
            _frame("update", snap, seat, lang, data),
            data["channels"],
        )
    return built


def state_frame(
    snap: Snapshot, seat: int | None, lang: str
) -> tuple[str, dict[str, str]]:
    """The encoded full state for `seat` in `lang` and its chat channels,
    built once per snapshot (several stale actions at one version, say)."""
    key = ("state", seat, lang)
    built = snap.memo.get(key)
    if built is None:
        with translation.override(lang):
            data = full_state(snap, seat, lang)
        data["channels"] = chat_channels(snap, seat)
        built = snap.memo[key] = (
            _frame("state", snap, seat, lang, data),
            data["channels"],
        )
    return built


def full_state(snap: Snapshot, seat: int | None, lang: str) -> dict[str, Any]:
    game = snap.game
    data = _seat_data(snap, seat, lang)
    data.update(
        {
            "game": snap.game_id,
            "info": game.info.as_dict(),
            "seat": seat,
            "seed_hash": snap.seed_hash,
            "real_time": game.info.kind == "real-time",
            "log": _event_fragments(snap, seat, _log_since(snap), lang),
        }
    )
    return data


def _log_since(snap: Snapshot) -> int:
    """The version before the oldest whose events are kept: a state's log."""
    return min(snap.events, default=1) - 1


def talk_text(game: Game[Any], params: dict[str, Any], names: list[str]) -> str:
    """A bot's canned line (`ludoteca.bots.phrases.TALK`) in the active language."""
    from ludoteca.bots.phrases import TALK

    data = dict(params)
    sentence = TALK.get(str(data.pop("talk", "")), "")
    return games.fill(
        translation.gettext(sentence), games.readable_params(game, data, names)
    )


def chat_entry(
    message: ChatMessage, names: list[str], lang: str, game: Game[Any] | None = None
) -> dict[str, Any]:
    text = message.text
    if game is not None and "talk" in message.params and not message.notice:
        with translation.override(lang):
            text = talk_text(game, dict(message.params), names)
    elif message.notice:
        sentence = NOTICES.get(message.notice, message.notice)
        params = dict(message.params)
        params.pop(NOTICE_VERSION, None)
        seat = params.get("seat")
        with translation.override(lang):
            translated = translation.gettext(sentence)
        if isinstance(seat, int) and 0 <= seat < len(names):
            params["player"] = names[seat]
        try:
            text = translated.format(**params)
        except (KeyError, IndexError, ValueError):
            text = translated
    return {
        "id": message.pk,
        "channel": message.channel,
        "seat": message.seat,
        "author": message.author,
        "text": text,
        "notice": bool(message.notice),
        "at": _epoch_ms(message.created_at),
        # A notice's place in the log: the table's version when it was said.
        "v": message.params.get(NOTICE_VERSION) if message.notice else None,
    }


def load(table_id: int) -> Snapshot:
    """The table's snapshot as stored (read, not taken: for pages and tests)."""
    from ludoteca.web.live import table as live_table

    return of_live(live_table.read(table_id))
