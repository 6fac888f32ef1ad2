"""What a seat may see, built field by field.

Public: every player's cards with their crossed cells, tokens, pending
bonuses, round scores and what they still have to do (sheets are on the
table for all to see, as with paper score sheets); the revealed numbers of
this round; how many Lucky Box cards are in the deck and the discard pile,
and which discarded cards lie face up (all of them since 2026-12: completed
cards and the cards not kept in a draft).
Private: the cards offered to a player in a draft and the ones they picked,
until everyone has chosen. Never shown: the deck order, the numbers still
face down, the seed.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.luckybox.cards import CELLS, LINE_MASKS, LINE_NAMES, face_json
from ludoteca.games.luckybox.scoring import final_scores, solo_band
from ludoteca.games.luckybox.state import PUBLIC, Player, Sheet, State

STATUS = {"idle": "waiting", "draft": "drafting", "cross": "crossing", "bonus": "bonus"}


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    out = face_json(sheet.card)
    out["crossed"] = [bool(sheet.crossed >> c & 1) for c in range(CELLS)]
    out["lines_done"] = [
        LINE_NAMES[i] for i, m in enumerate(LINE_MASKS) if sheet.crossed & m == m
    ]
    return out


def player_json(state: State, seat: int, player: Player) -> dict[str, Any]:
    return {
        "seat": seat,
        "cards": [sheet_json(s) for s in player.sheets],
        "lightning": player.lightning,
        "stars": player.stars,
        "moons": player.moons,
        "status": STATUS[player.stage],
        "pending_bonuses": [
            {"card": c, "line": LINE_NAMES[line]} for c, line in player.pending
        ],
        "offered": len(player.offer),
        "round_scores": [
            {"cards": r.cards, "stars": r.stars, "total": r.total}
            for r in player.scores
        ],
        "score": sum(r.total for r in player.scores),
    }


def build(state: State, seat: int | None) -> dict[str, Any]:
    revealed = list(state.numbers[: state.revealed])
    out: dict[str, Any] = {
        "phase": state.phase,
        "round": state.round,
        "rounds": 4,
        "draft": (
            None
            if state.phase != "draft"
            else {"keep": state.keep, "opening": not state.numbers}
        ),
        "number": state.number,
        "revealed": revealed,
        "numbers_left": len(state.numbers) - state.revealed,
        "lucky_deck": len(state.lucky_deck),
        "discard": len(state.discard),
        "discard_face_up": [c for c, owner in state.discard if owner == PUBLIC],
        "options": {
            "forced_lightning": state.forced_lightning,
            "max_lightning": state.max_lightning,
            "lightning_only_when_blocked": state.lightning_only_when_blocked,
        },
        "players": [player_json(state, s, p) for s, p in enumerate(state.players)],
        "final": final_json(state),
    }
    if seat is not None:
        me = state.players[seat]
        out["you"] = {
            "seat": seat,
            "offer": [face_json(c) for c in me.offer],
            "picked": list(me.picked),
        }
    return out


def final_json(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    finals = final_scores(state.players)
    out: dict[str, Any] = {
        "players": [
            {
                "rounds": list(f.rounds),
                "moons": f.moons,
                "unfinished": f.unfinished,
                "total": f.total,
            }
            for f in finals
        ]
    }
    if state.num_players == 1:
        out["solo_band"] = solo_band(finals[0].total)
    return out
