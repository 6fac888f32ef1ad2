"""What each seat may see, built field by field.

Hidden: every player's reserve objectives (their owner sees them), the crew
cards still in hand before they are assigned, the order and contents of the
objective decks and of the unused crew cards. Everything else is on the table.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.darwinsjourney import alfred, data, placement, scoring
from ludoteca.games.darwinsjourney.state import Player, State, Task


def player_view(p: Player) -> dict[str, Any]:
    return {
        "coins": p.coins,
        "vp": p.vp,
        "knowledge": p.temp,
        "evolution": p.evolution,
        "books": data.board()["evolution_books"][p.evolution],
        "seals": [list(row) for row in p.seals],
        "fifth_worker": p.fifth_worker,
        "placed": list(p.placed),
        "crew": list(p.crew),
        "crew_claimed": list(p.crew_claimed),
        "crew_by": list(p.crew_by),
        "crew_in_hand": len(p.crew_hand),
        "reserve_count": len(p.reserve),
        # Kept, unfinished objectives lie face up on their slot (negative ids).
        "silver_slots": list(p.silver_slots),
        "gold_slots": list(p.gold_slots),
        "tents_left": p.tents_left,
        "stamps": list(p.stamps),
        "tray": p.tray,
        "lenses_left": p.lenses_left,
        "research": list(p.research),
        "ship": p.ship,
        "explorers": dict(zip(data.ISLANDS, p.explorers, strict=True)),
        "reserved_turn": p.reserved_turn,
    }


def alfred_view(state: State) -> dict[str, Any]:
    """Alfred's pieces, all public except the order of his deck."""
    a = state.alfred
    assert a is not None
    return {
        "coins": a.coins,
        "vp": a.vp,
        "evolution": a.evolution,
        "books": data.board()["evolution_books"][a.evolution],
        "bonus": a.bonus,
        "deck_count": len(a.deck),
        "display": list(a.display),
        "placed": list(a.placed),
        "seals": [list(row) for row in a.seals],
        "ship": a.ship,
        "explorers": dict(zip(data.ISLANDS, a.explorers, strict=True)),
        "stamps": list(a.stamps),
        "research": list(a.research),
        "lenses_left": a.lenses_left,
        "tents_left": a.tents_left,
        "score": alfred.final_score(state),
    }


def task_view(task: Task | None, seat: int | None) -> dict[str, Any] | None:
    if task is None:
        return None
    out: dict[str, Any] = {
        "kind": task.kind,
        "seat": task.seat,
        "ref": task.ref,
        "parts": list(task.parts),
        "flags": list(task.flags),
    }
    # A kept objective drawn from a deck is known to its taker until placed.
    if task.kind != "keep" or seat == task.seat:
        out["n"] = task.n
    return out


def view_of(game: Any, state: State, seat: int | None) -> dict[str, Any]:
    top = state.top()
    out: dict[str, Any] = {
        "round": state.round,
        "rounds": data.board()["rounds"],
        "phase": state.phase,
        "active": top.seat if top else None,
        "task": task_view(top, seat),
        "beagle": state.beagle,
        "turn_order": list(state.turn_order),
        "next_order": list(state.next_order),
        "specimens": dict(zip(data.specimen_ids(), state.specimen_at, strict=True)),
        "museum_tiles": [s for s in data.specimen_ids() if state.tile_in_museum(s)],
        "edition": state.edition,
        "board_side": data.board_side(state.num_players) if state.rulebook else "",
        "start_pairs": [list(pair) for pair in state.start_pairs],
        # C4: the Diary sections of this board side, and what a shared one costs.
        "sections": {loc: placement.section_of(state, loc) for loc in data.locations()},
        "occupied_penalty": placement.occupied_penalty(state),
        "end_bonus_taken": list(state.end_bonus_taken),
        "row_coin_taken": list(state.row_coin_taken),
        "completed_rows": scoring.completed_rows(state),
        "academy": [list(row) for row in state.academy],
        "seal_supply": dict(
            zip((*data.COLOURS, data.PURPLE), state.seal_supply, strict=True)
        ),
        "special_tiles": [
            tile if placement.in_play(state, f"SJ{i + 1}") else 0
            for i, tile in enumerate(state.special)
        ],
        "lenses": dict(state.lenses),
        "occupants": [list(o) for o in state.occupants],
        "envelopes": list(state.envelopes),
        "envelope_stamps": [list(r) for r in state.envelope_stamps],
        "beagle_goals": list(state.goals),
        "display_silver": list(state.display_silver),
        "display_gold": list(state.display_gold),
        "deck_silver_count": len(state.deck_silver),
        "deck_gold_count": len(state.deck_gold),
        "campsites": {space: list(seats) for space, seats in state.campsites},
        "ribbons_taken": list(state.ribbons_taken),
        "players": [player_view(p) for p in state.players],
        "options": {
            "rules_edition": state.edition,
            "museum_evolution_scope": state.museum_scope,
            "solo_rival": state.solo_rival,
            "solo_penalty": state.solo_penalty,
            "solo_alfred": state.alfred is not None,
        },
    }
    if state.alfred is not None:
        out["alfred"] = alfred_view(state)
    if seat is not None:
        me = state.p(seat)
        out["me"] = {
            "seat": seat,
            "reserve": list(me.reserve),
            "crew_hand": list(me.crew_hand),
            "crew_kept": list(me.crew_kept),
        }
    if state.phase == "over":
        out["final"] = [scoring.breakdown(state, s) for s in range(state.num_players)]
    return out
