"""Super Mega Lucky Box on the Game protocol."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludoteca.engine.errors import game_over, not_your_turn
from ludoteca.engine.frozen import replace
from ludoteca.engine.memo import latest_state
from ludoteca.engine.protocol import (
    Action,
    Game,
    GameInfo,
    Option,
    Outcome,
    Step,
    step,
)
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.luckybox import actions, flow, text, view
from ludoteca.games.luckybox.scoring import final_scores, ranks, solo_band
from ludoteca.games.luckybox.state import PUBLIC, Player, State


class LuckyBox(Game[State]):
    info = GameInfo(
        id="luckybox",
        name="Super Mega Lucky Box",
        names={"en": "Super Mega Lucky Box", "pt-BR": "Super Mega Lucky Box"},
        min_players=1,
        max_players=12,
        kind="simultaneous",
        hidden_information=True,
    )
    options = {
        "lightning_only_when_blocked": Option(
            False,
            choices=(False, True),
            help=text.OPTION_HELP["lightning_only_when_blocked"],
            legacy=True,  # the rule of every match recorded before 2026-12
        ),
        "max_lightning": Option(
            0, choices=(0, 4, 6, 8, 10), help=text.OPTION_HELP["max_lightning"]
        ),
        # Kept for records only: no source has lightning spent by force, so
        # new tables do not offer it; matches recorded with it still replay.
        "stuck_lightning": Option(
            "optional",
            choices=("optional", "forced"),
            help=text.OPTION_HELP["stuck_lightning"],
            hidden=True,
        ),
        # The rules version a match was played with: "2026-11" (every record
        # made before the rulebook corrections) dealt 7-12 players from one set.
        "edition": Option(
            "2026-12",
            choices=("2026-12", "2026-11"),
            help=text.OPTION_HELP["edition"],
            legacy="2026-11",
            hidden=True,
        ),
    }
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        if not self.info.min_players <= num_players <= self.info.max_players:
            raise ValueError("Super Mega Lucky Box is for 1 to 12 players")
        settings = flow.Settings(
            forced=opts["stuck_lightning"] == "forced",
            cap=opts["max_lightning"],
            only_when_blocked=opts["lightning_only_when_blocked"],
            edition=opts["edition"],
        )
        return flow.new_match(num_players, seed, settings)

    @latest_state  # a move asks twice: who may act, then the check
    def active_seats(self, state: State) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        return frozenset(s for s, p in enumerate(state.players) if p.stage != "idle")

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == "over" or not 0 <= seat < state.num_players:
            return []
        return actions.legal(state, seat)

    def apply(self, state: State, seat: int | None, action: Action) -> Step[State]:
        kind = actions.check(action)
        if state.phase == "over":
            raise game_over()
        if seat is None or seat not in self.active_seats(state):
            raise not_your_turn()
        nxt, events = actions.HANDLERS[kind](state, seat, action)
        return step(nxt, tuple(events))

    def to_json(self, state: State) -> dict[str, Any]:
        """The codec's JSON, written out by hand: the testkit and bots call it
        often and the generic walk over dataclasses is slow."""
        return {
            "num_players": state.num_players,
            "phase": state.phase,
            "round": state.round,
            "keep": state.keep,
            "numbers": list(state.numbers),
            "revealed": state.revealed,
            "lucky_deck": list(state.lucky_deck),
            "discard": [[c, owner] for c, owner in state.discard],
            "players": [_player_json(p) for p in state.players],
            "rng": state.rng,
            "forced_lightning": state.forced_lightning,
            "max_lightning": state.max_lightning,
            "lightning_only_when_blocked": state.lightning_only_when_blocked,
            "edition": state.edition,
        }

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.build(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        finals = final_scores(state.players)
        totals = [f.total for f in finals]
        moons = [p.moons for p in state.players]
        order = ranks(totals, moons)
        details: dict[str, Any] = {
            "moons": moons,
            "moon_points": [f.moons for f in finals],
            "unfinished_points": [f.unfinished for f in finals],
            "round_scores": [list(f.rounds) for f in finals],
        }
        if state.num_players == 1:
            details["solo_band"] = solo_band(totals[0])
        return Outcome(
            winners=tuple(s for s, r in enumerate(order) if r == 1),
            ranks=order,
            scores=tuple(float(t) for t in totals),
            details=details,
        )

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Resample the numbers still face down, the Lucky Box deck order,
        the other players' draft offers and picks, and the cards they threw
        away unseen, all from what `seat` cannot see."""
        rng = Rng(mix_seed("determinize", seed))
        numbers = state.numbers
        if len(numbers) > state.revealed:
            left = Counter(flow.NUMBER_DECK)
            left.subtract(numbers[: state.revealed])
            unseen = rng.shuffled(sorted(left.elements()))
            numbers = numbers[: state.revealed] + tuple(
                unseen[: len(numbers) - state.revealed]
            )
        hidden = list(state.lucky_deck)
        for other, p in enumerate(state.players):
            if other != seat:
                hidden += p.offer
        hidden += [c for c, owner in state.discard if owner not in (seat, PUBLIC)]
        pool = rng.shuffled(sorted(hidden))
        players = list(state.players)
        for other, p in enumerate(state.players):
            if other == seat or not p.offer:
                continue
            drawn, pool = pool[: len(p.offer)], pool[len(p.offer) :]
            picked = tuple(sorted(drawn[: len(p.picked)]))
            players[other] = replace(p, offer=tuple(sorted(drawn)), picked=picked)
        discard = []
        for c, owner in state.discard:
            if owner in (seat, PUBLIC):
                discard.append((c, owner))
            else:
                discard.append((pool.pop(), owner))
        return replace(
            state,
            numbers=numbers,
            lucky_deck=tuple(pool),
            discard=tuple(discard),
            players=tuple(players),
            rng=rng.state,
        )


def _player_json(p: Player) -> dict[str, Any]:
    return {
        "sheets": [{"card": s.card, "crossed": s.crossed} for s in p.sheets],
        "lightning": p.lightning,
        "stars": p.stars,
        "moons": p.moons,
        "stage": p.stage,
        "offer": list(p.offer),
        "picked": list(p.picked),
        "pending": [[c, line] for c, line in p.pending],
        "scores": [{"cards": r.cards, "stars": r.stars} for r in p.scores],
    }
