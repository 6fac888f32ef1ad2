"""A plain-text picture of a match, for golden files, logs and debugging.

    round 2 · number 7 (4/9) · revealed 3 9 5 7
    P0 ⚡4 ★1 ☾2 score 16 [crossing]
      box-09      box-52
      4 x 6 |3    x 2 3 |4
      ...
Crossed cells show as ``x``; the bonus of each row follows ``|``, the column
bonuses sit underneath. Only public information is drawn (no offers, no deck).
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.protocol import Event
from ludoteca.games.luckybox.cards import card
from ludoteca.games.luckybox.state import Player, Sheet, State
from ludoteca.games.luckybox.view import STATUS

WIDTH = 12


def sheet_lines(sheet: Sheet) -> list[str]:
    face = card(sheet.card)
    lines = [face.name]
    for row in range(3):
        cells = [
            "x" if sheet.crossed >> (3 * row + c) & 1 else str(face.grid[3 * row + c])
            for c in range(3)
        ]
        lines.append(f"{' '.join(cells)} |{face.bonuses[row]}")
    lines.append(" ".join(face.bonuses[3:]))
    return lines


def player_lines(seat: int, player: Player) -> list[str]:
    score = sum(r.total for r in player.scores)
    head = (
        f"P{seat} L{player.lightning} S{player.stars} M{player.moons} "
        f"score {score} [{STATUS[player.stage]}]"
    )
    if player.pending:
        head += " pending " + " ".join(f"{c}/{line}" for c, line in player.pending)
    blocks = [sheet_lines(s) for s in player.sheets]
    rows = [
        "  " + "".join(block[i].ljust(WIDTH) for block in blocks).rstrip()
        for i in range(5)
        if blocks
    ]
    return [head, *rows]


def board(state: State) -> str:
    revealed = " ".join(map(str, state.numbers[: state.revealed]))
    lines = [
        f"round {state.round} · phase {state.phase} · revealed [{revealed}]"
        f" · deck {len(state.lucky_deck)} · discard {len(state.discard)}"
    ]
    for seat, player in enumerate(state.players):
        lines += player_lines(seat, player)
    return "\n".join(lines)


def action_text(seat: int | None, action: dict[str, Any]) -> str:
    fields = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"P{seat} {action['type']} {fields}".rstrip()


def event_text(ev: Event) -> str:
    audience = "" if ev.to is None else f" (to {','.join(map(str, ev.to))})"
    fields = " ".join(f"{k}={v}" for k, v in ev.data.items())
    return f"  - {ev.type} {fields}{audience}".rstrip()
