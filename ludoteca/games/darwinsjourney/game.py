"""Darwin's Journey on the Game protocol."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ludoteca.engine import Game, GameInfo, IllegalAction, Option, Outcome, Rng, Step
from ludoteca.engine.errors import game_over, malformed, not_your_turn
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import event, resolve_options, step
from ludoteca.engine.rng import mix_seed
from ludoteca.engine.validate import action_type, is_listed
from ludoteca.games.darwinsjourney import (
    alfred,
    data,
    editions,
    flow,
    rounds,
    scoring,
    tasks,
)
from ludoteca.games.darwinsjourney.state import State, owned_copy
from ludoteca.games.darwinsjourney.view import view_of

_ALONE = {seat: frozenset({seat}) for seat in (rounds.SYSTEM_SEAT, 0, 1, 2, 3)}
"""Who may act: one seat at a time (Alfred's turns are the system seat's)."""


class DarwinsJourney(Game[State]):
    info = GameInfo(
        id="darwinsjourney",
        name="Darwin's Journey",
        names={"en": "Darwin's Journey", "pt-BR": "Darwin's Journey"},
        min_players=1,
        max_players=4,
        kind="turn-based",
        hidden_information=True,
    )
    options = {
        "rules_edition": Option(
            editions.RULEBOOK,
            choices=editions.ALL,
            help="The publisher's rulebook (2026-12), or the rules as first read "
            "from the source page (2026-11), which older records use.",
        ),
        "museum_evolution_scope": Option(
            "row_col",
            choices=("row_col", "whole_museum"),
            help="Delivering counts occupied cells in the row and column, or in the "
            "whole museum (A-34).",
        ),
        "crew_setup": Option(
            "draft",
            choices=("draft", "first_game", "deal"),
            help="Crew cards: drafted (deal 4, keep 1 and pass the rest left; solo "
            "keeps 3 of 5), the first-game sets by turn order, or 3 dealt (C11).",
        ),
        "solo_alfred": Option(
            False,
            choices=(False, True),
            help="Solo: play against Alfred, the rulebook's automa; his boards and "
            "cards are house data until transcribed (C16, DATA GAP).",
        ),
        "solo_penalty": Option(
            3,
            choices=(3, 2),
            help="Solo: the occupied-section penalty, 3 coins as at two players "
            "(rulebook) or 2 as the source page says (C16).",
        ),
    }
    state_type = State

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options as declared, plus the first reading's own: a record made
        before editions existed carries `solo_rival` and no edition, and
        replays by the first reading."""
        given = dict(given or {})
        legacy = {
            k: given.pop(k) for k in editions.FIRST_READING_ONLY_OPTIONS if k in given
        }
        if legacy and "rules_edition" not in given:
            given["rules_edition"] = editions.FIRST_READING
        resolved = resolve_options(self.options, given)
        if resolved["rules_edition"] == editions.FIRST_READING:
            rival = legacy.get("solo_rival", True)
            if not isinstance(rival, bool):
                raise ValueError("option 'solo_rival' must be true or false")
            resolved["solo_rival"] = rival
        elif legacy:
            raise ValueError("option 'solo_rival' belongs to the 2026-11 rules only")
        return resolved

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        if not self.info.min_players <= num_players <= self.info.max_players:
            raise ValueError("Darwin's Journey is for 1 to 4 players")
        state, _ = flow.advance(flow.new_match(num_players, seed, opts))
        return state

    def active_seats(self, state: State) -> frozenset[int]:
        top = state.stack[-1] if state.stack else None  # `top()`
        if state.phase == "over" or top is None:
            return frozenset()
        return _ALONE.get(top.seat) or frozenset({top.seat})

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        top = state.stack[-1] if state.stack else None  # `top()`
        if state.phase == "over" or top is None or top.seat != seat:
            return []
        # `tasks.options`, kept for the last state object asked about
        # (`tasks.listed`): a turn asks for the same state's options two or
        # three times. A new list each time.
        return list(tasks.listed(state, top))

    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        # A listed action is a well-formed one: `action_type` refuses a
        # malformed action before any other refusal, and only on the way out.
        top = state.stack[-1] if state.stack else None  # `top()`
        if state.phase == "over" or top is None:
            action_type(action)
            raise game_over()
        if seat != top.seat:
            action_type(action)
            raise not_your_turn()
        if not is_listed(action, tasks.listed(state, top)):
            action_type(action)
            raise refusal(state, action)
        before = state
        # The move copies the state once, sets `last` (who did what) and
        # changes its copy in place (`state.owned_copy`: a state handed out is never
        # the move's own yet); `advance` hands it out.
        state = owned_copy(state, {"last": _last(seat, action["type"])})
        state = tasks.resolve(state, top, action)
        state, events = flow.advance(state)
        public = event("acted", seat=seat, action=public_action(before, action))
        return step(state, (public, *events))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_of(self, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        global _last_outcome  # asked again and again of the last state
        known, found = _last_outcome
        if known is not state:
            found = final_outcome(state)
            _last_outcome = (state, found)
        return found

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Reshuffle what `seat` cannot see: the objective decks, the other
        players' reserve objectives, the crew deck and undealt crew hands."""
        rng = Rng(mix_seed("determinize", seed))
        players = list(state.players)
        silver = sorted(state.deck_silver)
        gold = sorted(state.deck_gold)
        crew = sorted(state.crew_deck)
        for other, p in enumerate(players):
            if other == seat:
                continue
            crew += list(p.crew_kept)
            for tile in p.reserve:
                (silver if data.objectives()[tile].tier == "silver" else gold).append(
                    tile
                )
            crew += list(p.crew_hand)
        silver = rng.shuffled(sorted(silver))
        gold = rng.shuffled(sorted(gold))
        crew = rng.shuffled(sorted(crew))
        for other, p in enumerate(players):
            if other == seat:
                continue
            reserve = []
            for tile in p.reserve:
                pool = silver if data.objectives()[tile].tier == "silver" else gold
                reserve.append(pool.pop())
            hand = tuple(sorted(crew.pop() for _ in p.crew_hand))
            kept = tuple(crew.pop() for _ in p.crew_kept)
            players[other] = replace(
                p, reserve=tuple(reserve), crew_hand=hand, crew_kept=kept
            )
        automa = state.alfred
        if automa is not None:  # Alfred's face-down deck
            automa = replace(automa, deck=tuple(rng.shuffled(sorted(automa.deck))))
        return replace(
            state,
            alfred=automa,
            players=tuple(players),
            deck_silver=tuple(silver),
            deck_gold=tuple(gold),
            crew_deck=tuple(sorted(crew)),
            rng=rng.state,
        )


def final_outcome(state: State) -> Outcome:
    """The outcome of a match that is over."""
    # `final_score` is the sum of the breakdown: each worked out once.
    breakdowns = [scoring.breakdown(state, s) for s in range(state.num_players)]
    scores = tuple(float(sum(b.values())) for b in breakdowns)
    keys = scoring.ranking_keys(state, scores)
    ranks = tuple(1 + sum(1 for other in keys if other > k) for k in keys)
    winners = tuple(s for s, r in enumerate(ranks) if r == 1)
    details: dict[str, Any] = {"breakdown": breakdowns}
    if state.alfred is not None:  # C16: beat Alfred's score
        rival = alfred.final_score(state)
        details["alfred_score"] = rival
        won = alfred.player_wins(state, int(scores[0]), rival)
        return Outcome((0,) if won else (), (1,), scores, details=details)
    if state.num_players == 1:
        details["solo_tier"] = scoring.solo_tier(int(scores[0]))
    return Outcome(winners, ranks, scores, details=details)


_last_outcome: tuple[State | None, Outcome | None] = (None, None)
"""The last state over whose outcome was asked, and the outcome (a frozen
state, a frozen outcome: one tuple, swapped whole)."""


@functools.lru_cache(maxsize=256)
def _last(seat: int, kind: str) -> tuple[tuple[str, Any], ...]:
    """The state's `last` (who did what kind of action): one tuple each."""
    return (("seat", seat), ("action", kind))


def public_action(state: State, action: dict[str, Any]) -> dict[str, Any]:
    """The action as everyone may see it: which hidden tile was taken is private."""
    if action["type"] == "take_objective" and action["source"].startswith("deck"):
        return {"type": "take_objective", "source": action["source"]}
    if action["type"] == "keep_crew":  # C11: a drafted card stays secret
        return {"type": "keep_crew"}
    if action["type"] == "complete_objective":
        return dict(action)  # the tile is revealed once it is on the board
    return dict(action)


def refusal(state: State, action: dict[str, Any]) -> IllegalAction:
    top = state.top()
    assert top is not None
    kind = action.get("type")
    if kind == "place":
        return IllegalAction("cannot_place_there", "that worker cannot go there now")
    if top.kind == "menu" and kind not in ("part", "end_turn", "skip"):
        return IllegalAction("finish_location_first", "finish or end this action first")
    if kind in {a["type"] for a in tasks.options(state, top)}:
        return IllegalAction("illegal_choice", "that choice is not possible now")
    return malformed(f"{kind!r} is not an action of this step")
