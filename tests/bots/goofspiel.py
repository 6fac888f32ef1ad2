"""Goofspiel, a small simultaneous game with hidden bids, for testing bots.

Each player holds the cards 1..N; a shuffled prize deck of 1..N is turned up
one card at a time. Every player bids one card face down at the same time;
when all have bid, the bids are shown and the single highest bid takes the
prize (tied highest bids take nothing). Most prize points wins, ties share.
With the ``timed`` option each bidding round lasts a few seconds and a seat
that has not bid when it runs out bids its lowest card. Unlike the engine's
toy game, choices matter here: a good bot beats random bidding easily.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.engine import Event, Game, GameInfo, IllegalAction, Option, Outcome, Rng
from ludoteca.engine.protocol import TIMEOUT, Step, ranks_from_scores
from ludoteca.engine.rng import mix_seed
from ludoteca.engine.validate import action_type, check_shape


@dataclass(frozen=True)
class State:
    num_players: int
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int, ...]  # 0: not yet bid this round (hidden from the others)
    prizes: tuple[int, ...]  # face-down prize deck; the first is face up
    scores: tuple[int, ...]
    timed: bool
    rng: int


class Goofspiel(Game[State]):
    info = GameInfo(
        "goofspiel", "Goofspiel", {"en": "Goofspiel"}, 2, 4, kind="simultaneous"
    )
    options = {
        "cards": Option(6, choices=(4, 6, 8)),
        "timed": Option(False, (False, True)),
    }
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        if not 2 <= num_players <= 4:
            raise ValueError("Goofspiel is for 2 to 4 players")
        rng = Rng(seed)
        cards = tuple(range(1, opts["cards"] + 1))
        prizes = tuple(rng.shuffled(cards))
        return State(
            num_players,
            (cards,) * num_players,
            (0,) * num_players,
            prizes,
            (0,) * num_players,
            opts["timed"],
            rng.state,
        )

    def active_seats(self, state: State) -> frozenset[int]:
        if not state.prizes:
            return frozenset()
        return frozenset(p for p, b in enumerate(state.bids) if b == 0)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.active_seats(state):
            return []
        return [{"type": "bid", "card": c} for c in state.hands[seat]]

    def phase_seconds(self, state: State) -> float | None:
        return 5.0 if state.timed and state.prizes else None

    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        if seat is None and action == TIMEOUT and self.phase_seconds(state):
            bids = tuple(b or min(state.hands[p]) for p, b in enumerate(state.bids))
            return self._reveal(replace(state, bids=bids))
        if action_type(action) != "bid":
            raise IllegalAction("unknown_action")
        check_shape(action, {"type": str, "card": int})
        if seat not in self.active_seats(state):
            raise IllegalAction("not_your_turn")
        assert seat is not None
        if action["card"] not in state.hands[seat]:
            raise IllegalAction("card_not_in_hand")
        bids = list(state.bids)
        bids[seat] = action["card"]
        nxt = replace(state, bids=tuple(bids))
        if all(nxt.bids):
            return self._reveal(nxt)
        return Step(nxt, (Event("bid_placed", {"seat": seat}),))

    def _reveal(self, state: State) -> Step[State]:
        top = max(state.bids)
        winners = [p for p, b in enumerate(state.bids) if b == top]
        scores = list(state.scores)
        if len(winners) == 1:
            scores[winners[0]] += state.prizes[0]
        hands = tuple(
            tuple(c for c in h if c != b)
            for h, b in zip(state.hands, state.bids, strict=True)
        )
        nxt = replace(
            state,
            hands=hands,
            bids=(0,) * state.num_players,
            prizes=state.prizes[1:],
            scores=tuple(scores),
        )
        return Step(nxt, (Event("bids_shown", {"bids": list(state.bids)}),))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "prize": state.prizes[0] if state.prizes else None,
            "prizes_left": sorted(state.prizes),
            "hands": [list(h) for h in state.hands],
            "has_bid": [b != 0 for b in state.bids],
            "scores": list(state.scores),
        }
        if seat is not None:
            out["my_bid"] = state.bids[seat]
        return out

    def outcome(self, state: State) -> Outcome | None:
        if state.prizes:
            return None
        scores = tuple(float(s) for s in state.scores)
        ranks = ranks_from_scores(scores)
        return Outcome(tuple(i for i, r in enumerate(ranks) if r == 1), ranks, scores)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        rng = Rng(mix_seed("determinize", seed))
        prizes = state.prizes
        if prizes:
            prizes = (prizes[0], *rng.shuffled(sorted(prizes[1:])))
        bids = tuple(
            b if p == seat or b == 0 else rng.choice(state.hands[p])
            for p, b in enumerate(state.bids)
        )
        return replace(state, prizes=prizes, bids=bids, rng=rng.state)


GAME = Goofspiel()
