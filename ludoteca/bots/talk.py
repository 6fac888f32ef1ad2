"""Table talk for bots in games with chat (the hook Mafia plugs into).

A bot that decided on an action may also post short canned messages: "I
accuse seat 3", "I am the Doctor", "I vote guilty". Messages are structured
(a stable `code` and parameters), never free text, so the web layer shows
each in the reader's language from the game's `text.py` sentences, exactly as
it does for events.

The game supplies the rules of thumb through the ``talk`` hint in its
``bot.py`` (see `ludoteca.bots.hints`)::

    def talk(game, state, seat, action, rng) -> list[dict]:
        return [{"channel": "table", "code": "accuse", "seat": 3}]

Each dict names a channel, a `code` from `ludoteca.bots.phrases.TALK` and
its parameters (games may not import the bots layer, so hints return plain
data). `action` is the action the bot just chose, or ``None`` when the
platform asks whether the bot speaks in a phase where it cannot act (the
accused's defence, say): call `messages` at the start of each phase for
every bot seat, and after each bot decision.

`state` is a world sampled for `seat` (``determinize``), never the real
match, so a message can only say what the seat knows or guesses; a claim may
be a bluff, but it can never reveal hidden information. `messages` then keeps
only those posted to a channel the seat may write to in that world
(``game.chat_channels``), at most `MAX_MESSAGES` per decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.bots.hints import Hints, for_game
from ludoteca.bots.phrases import TALK
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed

MAX_MESSAGES = 2


@dataclass(frozen=True)
class Message:
    """A canned chat line: `code` names a sentence in the game's `text.py`."""

    channel: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"channel": self.channel, "code": self.code, **self.params}


def messages(
    game: Game[Any],
    state: Any,
    seat: int,
    action: Action | None,
    seed: int,
    hints: Hints | None = None,
) -> list[Message]:
    """What the bot playing `seat` says along with `action` (often nothing)."""
    hints = hints if hints is not None else for_game(game)
    if hints.talk is None:
        return []
    world = game.determinize(state, seat, mix_seed("talk-world", seed))
    said = hints.talk(game, world, seat, action, Rng(mix_seed("talk", seed)))
    writable = {
        c for c, mode in game.chat_channels(world, seat).items() if mode == "write"
    }
    out = []
    for item in said:
        message = item if isinstance(item, Message) else _from_dict(item)
        if message is not None and message.channel in writable:
            out.append(message)
    return out[:MAX_MESSAGES]


def _from_dict(item: Any) -> Message | None:
    if not isinstance(item, Mapping):
        return None
    channel, code = item.get("channel"), item.get("code")
    if not isinstance(channel, str) or code not in TALK:
        return None
    params = {k: v for k, v in item.items() if k not in ("channel", "code")}
    return Message(channel, code, params)
