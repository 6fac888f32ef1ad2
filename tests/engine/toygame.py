"""A tiny hidden-information game for testing the engine and the testkit.

High Card: a deck of cards 1..8; each player is dealt two hidden cards; in
seat order each player plays one card face up, twice round; the highest total
wins (ties share). Broken variants below each carry one classic defect, to
show that the testkit catches it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.engine import Event, Game, GameInfo, IllegalAction, Option, Outcome, Rng
from ludoteca.engine.protocol import Step, ranks_from_scores
from ludoteca.engine.rng import mix_seed
from ludoteca.engine.validate import action_type, check_shape


@dataclass(frozen=True)
class State:
    num_players: int
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    turn: int
    rng: int


class HighCard(Game[State]):
    info = GameInfo("highcard", "High Card", {"en": "High Card"}, 2, 3)
    options = {"cards": Option(8, choices=(8, 10))}
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        rng = Rng(seed)
        deck = rng.shuffled(range(1, opts["cards"] + 1))
        hands = tuple(
            tuple(sorted(deck[2 * p : 2 * p + 2])) for p in range(num_players)
        )
        rest = tuple(deck[2 * num_players :])
        return State(num_players, hands, ((),) * num_players, rest, 0, rng.state)

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset() if self._over(state) else frozenset({state.turn})

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.active_seats(state):
            return []
        return [{"type": "play", "card": c} for c in state.hands[seat]]

    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        if action_type(action) != "play":
            raise IllegalAction("unknown_action")
        check_shape(action, {"type": str, "card": int})
        if seat not in self.active_seats(state):
            raise IllegalAction("not_your_turn")
        assert seat is not None
        card = action["card"]
        if card not in state.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=card)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        played = list(state.played)
        played[seat] = (*played[seat], card)
        nxt = replace(
            state,
            hands=tuple(hands),
            played=tuple(played),
            turn=(seat + 1) % state.num_players,
        )
        return Step(nxt, (Event("played", {"seat": seat, "card": card}),))

    def _over(self, state: State) -> bool:
        return all(not h for h in state.hands)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn": state.turn,
            "played": [list(p) for p in state.played],
            "hand_sizes": [len(h) for h in state.hands],
        }
        if seat is not None:
            out["hand"] = list(state.hands[seat])
        return out

    def outcome(self, state: State) -> Outcome | None:
        if not self._over(state):
            return None
        scores = tuple(float(sum(p)) for p in state.played)
        ranks = ranks_from_scores(scores)
        return Outcome(tuple(i for i, r in enumerate(ranks) if r == 1), ranks, scores)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        others = [c for p, h in enumerate(state.hands) if p != seat for c in h]
        unseen = sorted(others + list(state.deck))
        rng = Rng(mix_seed("determinize", seed))
        pool = rng.shuffled(unseen)
        hands = []
        for p, h in enumerate(state.hands):
            if p == seat:
                hands.append(h)
            else:
                hands.append(tuple(sorted(pool[: len(h)])))
                pool = pool[len(h) :]
        return replace(state, hands=tuple(hands), deck=tuple(pool), rng=rng.state)


class LeakyView(HighCard):
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        out["hands"] = [list(h) for h in state.hands]  # everybody's hand: a leak
        return out


class CheatingDeterminize(HighCard):
    def determinize(self, state: State, seat: int, seed: int) -> State:
        # Keeps the real hands: a bot using it would see through the cards.
        return replace(state, rng=seed)


class SloppyApply(HighCard):
    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        # Accepts a card that is not in hand when it is given as a string.
        if isinstance(action, dict) and isinstance(action.get("card"), str):
            return Step(replace(state, turn=(state.turn + 1) % state.num_players))
        return super().apply(state, seat, action)


class MutatingRefusal(HighCard):
    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        try:
            return super().apply(state, seat, action)
        except IllegalAction:
            # Touches its input before refusing (a list popped, then refused).
            object.__setattr__(state, "rng", state.rng + 1)
            raise


class CrashingApply(HighCard):
    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        return super().apply(
            state, seat, {"type": action["type"], "card": action["card"]}
        )


class LossyJson(HighCard):
    def to_json(self, state: State) -> dict[str, Any]:
        data = super().to_json(state)
        data["deck"] = sorted(data["deck"])  # forgets the deck order
        return data


class SpectatorSeesHand(HighCard):
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if seat is None:
            out["first_hand"] = list(state.hands[0])
        return out


GAME = HighCard()
