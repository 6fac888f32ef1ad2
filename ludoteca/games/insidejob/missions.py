"""The mission deck (data in missions.json) and each mission's condition.

A condition looks at the finished trick: values in play order, effective suits
(a wagered card counts as trump, spec 1(c)), the led suit, the trump suit and
the index of the winning card. Documented conditions are D1-D10; A11-A24 and
the four risky missions R1-R4 are house stand-ins (spec 1(f) item 1 and
"Risky missions"), marked ``house`` in the data so they can be swapped out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from ludoteca.games.insidejob.cards import Played, effective_suit, suit, value


@dataclass(frozen=True)
class Mission:
    id: str
    condition: str
    trump: int
    house: bool
    risky: bool


@dataclass(frozen=True)
class TrickFacts:
    """What a mission condition may look at."""

    values: tuple[int, ...]
    suits: tuple[int, ...]  # effective suits
    led: int
    trump: int
    winner: int  # index in play order

    @staticmethod
    def of(trick: Sequence[Played], trump: int, winner: int) -> TrickFacts:
        return TrickFacts(
            tuple(value(p.card) for p in trick),
            tuple(effective_suit(p, trump) for p in trick),
            suit(trick[0].card),
            trump,
            winner,
        )


def _middle(t: TrickFacts) -> tuple[int, ...]:
    """The middle card; with an even count both middle cards (ASSUMPTION 1(e))."""
    n = len(t.values)
    if n % 2:
        return (t.values[n // 2],)
    return (t.values[n // 2 - 1], t.values[n // 2])


def _trumps(t: TrickFacts) -> int:
    return sum(1 for s in t.suits if s == t.trump)


def _win(t: TrickFacts) -> int:
    return t.values[t.winner]


CONDITIONS: dict[str, Callable[[TrickFacts], bool]] = {
    "all_odd": lambda t: all(v % 2 for v in t.values),
    "all_even": lambda t: not any(v % 2 for v in t.values),
    "first_wins": lambda t: t.winner == 0,
    "last_wins": lambda t: t.winner == len(t.values) - 1,
    "second_wins": lambda t: t.winner == 1,
    "third_wins": lambda t: t.winner == 2,
    "ascending": lambda t: all(a < b for a, b in pairwise(t.values)),
    "descending": lambda t: all(a > b for a, b in pairwise(t.values)),
    "same_suit": lambda t: len(set(t.suits)) == 1,
    "all_below_7": lambda t: all(v < 7 for v in t.values),
    "middle_odd": lambda t: all(v % 2 for v in _middle(t)),
    "all_at_least_7": lambda t: all(v >= 7 for v in t.values),
    "no_trump": lambda t: _trumps(t) == 0,
    "exactly_one_trump": lambda t: _trumps(t) == 1,
    "winner_odd": lambda t: _win(t) % 2 == 1,
    "winner_even": lambda t: _win(t) % 2 == 0,
    "has_1": lambda t: 1 in t.values,
    "has_13": lambda t: 13 in t.values,
    "winner_at_most_9": lambda t: _win(t) <= 9,
    "winner_at_least_10": lambda t: _win(t) >= 10,
    "led_suit_wins": lambda t: t.suits[t.winner] == t.led,
    "odd_and_even": lambda t: len({v % 2 for v in t.values}) == 2,
    "sum_at_most_20": lambda t: sum(t.values) <= 20,
    "sum_at_least_30": lambda t: sum(t.values) >= 30,
    # Risky missions (house content).
    "winner_at_most_5": lambda t: _win(t) <= 5,
    "odd_sum_21_to_29": lambda t: sum(t.values) % 2 == 1 and 21 <= sum(t.values) <= 29,
    "none_above_9": lambda t: all(v <= 9 for v in t.values),
    "no_follower_in_led_suit": lambda t: all(s != t.led for s in t.suits[1:]),
}


@cache
def catalogue() -> dict[str, Mission]:
    """Every mission by id, base deck then risky ones."""
    data = json.loads((Path(__file__).parent / "missions.json").read_text("utf-8"))
    found: dict[str, Mission] = {}
    for key, risky in (("missions", False), ("risky", True)):
        for m in data[key]:
            if m["condition"] not in CONDITIONS:
                raise ValueError(f"mission {m['id']}: unknown condition")
            found[m["id"]] = Mission(
                m["id"], m["condition"], int(m["trump"]), bool(m["house"]), risky
            )
    return found


def base_ids() -> tuple[str, ...]:
    return tuple(m.id for m in catalogue().values() if not m.risky)


def risky_ids() -> tuple[str, ...]:
    return tuple(m.id for m in catalogue().values() if m.risky)


def is_risky(mission_id: str) -> bool:
    return catalogue()[mission_id].risky


def trump_of(mission_id: str | None) -> int | None:
    return None if mission_id is None else catalogue()[mission_id].trump


def is_completed(mission_id: str, trick: Sequence[Played], winner: int) -> bool:
    mission = catalogue()[mission_id]
    facts = TrickFacts.of(trick, mission.trump, winner)
    return CONDITIONS[mission.condition](facts)
