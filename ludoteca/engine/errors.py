"""Refusals that a game raises when an action is not allowed."""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """An action refused by the rules; the state is left unchanged.

    `code` is a stable snake_case identifier (``not_your_turn``,
    ``must_follow_color``) that the web layer translates; `params` fill the
    translated sentence. `message` is an English default for logs and tools.
    """

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        self.message = message or code.replace("_", " ")
        super().__init__(f"{code}: {self.message}")

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": self.params}


def malformed(reason: str = "") -> IllegalAction:
    """The refusal for input that is not an action of this game at all."""
    return IllegalAction("malformed_action", reason or "this is not a valid action")


def not_your_turn() -> IllegalAction:
    return IllegalAction("not_your_turn", "it is not your turn")


def game_over() -> IllegalAction:
    return IllegalAction("game_over", "the match is over")


class OptionError(ValueError):
    """Table options a game refuses in `setup` (a combination, a custom list).

    `code` and `params` work as for `IllegalAction`: the web layer shows the
    game's sentence for `code` in the player's language. `message` is English.
    """

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        self.message = message or code.replace("_", " ")
        super().__init__(self.message)
