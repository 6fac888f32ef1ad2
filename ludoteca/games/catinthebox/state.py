"""The state of a Cat in the Box match: frozen dataclasses of tuples.

Cards are bare numbers (they have no colour); a colour is an index into
`COLORS`. The research board is stored in that canonical colour order, one row
per colour and one column per number; the *drawn* order of the rows, which
decides vertical adjacency, is a table option (`Rules.row_order`).
"""

from __future__ import annotations

from dataclasses import dataclass

COLORS = ("blue", "yellow", "green", "red")
"""Colour names by index; red is always trump."""
BLUE, YELLOW, GREEN, RED = range(4)

EMPTY = -1
"""A research-board cell nobody has claimed."""
OBSERVED = -2
"""A cell blocked by an observed token (2-player seeding)."""
NONE = -1
"""No seat / no prediction / no card yet."""

HIGHEST_CARD = {2: 5, 3: 6, 4: 8, 5: 9}
"""The deck is 5 copies of 1..HIGHEST_CARD[n] (45, 40, 30, 25 cards)."""
DEALT = {2: 10, 3: 10, 4: 10, 5: 9}
"""Cards dealt to each player; 2 players leave 5 cards undealt."""
COPIES = 5
SEEDED_CARDS = 3
"""2 players: undealt cards turned face up to block cells (assumption 2)."""
TWO_PLAYER_BONUS_MAX_TRICKS = 4
"""2 players: a player with at most this many tricks scores the group bonus."""

PHASE_SET_ASIDE = "set_aside"
PHASE_PREDICT = "predict"
PHASE_PLAY = "play"
PHASE_OVER = "over"

RULEBOOK_PREDICTIONS = {2: (), 3: (1, 3, 4), 4: (1, 2, 3), 5: (1, 2, 3)}
"""The numbers printed on each player-board face. CORRECTED (rulebook): 3
players predict 1, 3 or 4 (test_rulebook.py::test_cb8_...); 4-5 players are
not in the rulebook text, 1-3 is the reviews' reading (spec 2(f) item 1)."""

PREDICTION_SETS = {
    "1-3": (1, 2, 3),
    "0-3": (0, 1, 2, 3),
    "1-4": (1, 2, 3, 4),
    "0-4": (0, 1, 2, 3, 4),
}
ROW_ORDERS = {
    "blue-yellow-green-red": (BLUE, YELLOW, GREEN, RED),
    "red-blue-yellow-green": (RED, BLUE, YELLOW, GREEN),
}


@dataclass(frozen=True)
class Rules:
    """The table options of a match, resolved (see `game.OPTIONS`)."""

    predictions: str = "rulebook"
    two_player_seed: bool = True
    leader_red_when_forced: bool = True
    row_order: str = "blue-yellow-green-red"
    first_start_player: str = "random"
    prediction_order: str = "start_player_first"
    paradox_tokens_stay: bool = True
    tie_break: str = "final_round"

    def allowed_predictions(self, num_players: int) -> tuple[int, ...]:
        if self.predictions == "rulebook":
            return RULEBOOK_PREDICTIONS[num_players]
        return PREDICTION_SETS[self.predictions]

    @property
    def rows(self) -> tuple[int, ...]:
        """Colour indices from the top row of the board to the bottom one."""
        return ROW_ORDERS[self.row_order]


@dataclass(frozen=True)
class Play:
    """One card played into a trick and the colour declared for it."""

    seat: int
    card: int
    color: int


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and scored; public."""

    round: int
    start_player: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    groups: tuple[int, ...]
    bonus: tuple[int, ...]
    scores: tuple[int, ...]
    paradox: int
    unfinished: tuple[Play, ...]
    """The trick a paradox interrupted (empty otherwise)."""
    board: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class State:
    num_players: int
    rules: Rules
    phase: str
    round: int
    start_player: int
    hands: tuple[tuple[int, ...], ...]
    """Each hand sorted ascending; secret to its owner."""
    set_aside: tuple[int, ...]
    """The face-down card of each seat (NONE until chosen); secret forever."""
    undealt: tuple[int, ...]
    """2 players: undealt cards still face down; secret."""
    observed_cards: tuple[int, ...]
    """2 players: undealt cards turned face up; public."""
    bids: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]
    crossed: tuple[tuple[bool, ...], ...]
    """crossed[seat][color]: that seat's X of the colour is revealed."""
    tricks: tuple[int, ...]
    leader: int
    turn: int
    trick: tuple[Play, ...]
    last_trick: tuple[Play, ...]
    last_winner: int
    results: tuple[RoundResult, ...]
    rng: int

    @property
    def highest_card(self) -> int:
        return HIGHEST_CARD[self.num_players]

    @property
    def has_predictions(self) -> bool:
        return self.num_players > 2

    @property
    def allowed_predictions(self) -> tuple[int, ...]:
        return self.rules.allowed_predictions(self.num_players)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(
            sum(r.scores[seat] for r in self.results)
            for seat in range(self.num_players)
        )
