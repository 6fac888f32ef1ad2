"""The shape of a match: drafts, rounds of nine numbers, round scoring.

Spec 3(b)–3(c). Everyone acts on the same revealed number at once; when the
last player has finished their part, the next number is turned over (or the
round ends). Players who cannot do anything with a number are skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.engine.rng import Rng
from ludoteca.games.luckybox import rules
from ludoteca.games.luckybox.cards import deck_ids
from ludoteca.games.luckybox.scoring import (
    final_scores,
    is_complete,
    round_score,
    solo_band,
)
from ludoteca.games.luckybox.state import PUBLIC, Player, Sheet, State

ROUNDS = 4
NUMBERS_PER_ROUND = 9
NUMBER_DECK = tuple(n for n in range(1, 10) for _ in range(2))  # 18 cards
START_LIGHTNING = 4
OPENING_OFFER, OPENING_KEEP = 5, 3
ROUND_OFFER, ROUND_KEEP = 3, 1


@dataclass(frozen=True)
class Settings:
    """The table options that shape a match (see `game.OPTIONS`)."""

    forced: bool = False
    cap: int = 0
    only_when_blocked: bool = False
    edition: str = "2026-12"


def new_match(num_players: int, seed: int, settings: Settings) -> State:
    rng = Rng(seed)
    cap = settings.cap
    deck = tuple(rng.shuffled(deck_ids(num_players, settings.edition)))
    lightning = min(START_LIGHTNING, cap) if cap else START_LIGHTNING
    state = State(
        num_players=num_players,
        phase="draft",
        round=1,
        keep=OPENING_KEEP,
        numbers=(),
        revealed=0,
        lucky_deck=deck,
        discard=(),
        players=tuple(Player(lightning=lightning) for _ in range(num_players)),
        rng=rng.state,
        forced_lightning=settings.forced,
        max_lightning=cap,
        lightning_only_when_blocked=settings.only_when_blocked,
        edition=settings.edition,
    )
    state, _ = deal(state, OPENING_OFFER, OPENING_KEEP, first_seat=0)
    return state


def deal(
    state: State, size: int, keep: int, first_seat: int
) -> tuple[State, list[Event]]:
    """Offer `size` cards to each player, one at a time around the table.

    When the deck is short, the discard pile is shuffled in (rulebook). With
    two sets from 7 players on that is always enough; records made before
    2026-12 played 7-12 players with one set, where the deal stopped when the
    cards ran out, starting each round from a different seat.
    """
    n = state.num_players
    deck = list(state.lucky_deck)
    discard = state.discard
    rng = Rng(state.rng)
    if len(deck) < size * n and discard:
        deck = rng.shuffled(sorted(deck + [c for c, _ in discard]))
        discard = ()
    offers: list[list[int]] = [[] for _ in range(n)]
    for _ in range(size):
        for k in range(n):
            if deck:
                offers[(first_seat + k) % n].append(deck.pop(0))
    players = tuple(
        replace(p, offer=tuple(sorted(o)), picked=(), stage="draft" if o else "idle")
        for p, o in zip(state.players, offers, strict=True)
    )
    events = [
        event("cards_offered", to=[seat], cards=sorted(o))
        for seat, o in enumerate(offers)
        if o
    ]
    state = replace(
        state,
        phase="draft",
        keep=keep,
        lucky_deck=tuple(deck),
        discard=discard,
        players=players,
        rng=rng.state,
    )
    if not any(offers):
        return start_round(state, state.round + 1, events)
    return state, events


def keep_cards(
    state: State, seat: int, cards: tuple[int, ...]
) -> tuple[State, list[Event]]:
    players = list(state.players)
    players[seat] = replace(players[seat], picked=cards, stage="idle")
    state = replace(state, players=tuple(players))
    events = [event("cards_chosen", seat=seat)]
    if any(p.stage == "draft" for p in state.players):
        return state, events
    return end_draft(state, events)


def end_draft(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Everyone has chosen: the kept cards are shown, the rest discarded face
    up (CORRECTED (rulebook): test_rulebook.py::test_unchosen_cards_are_public)."""
    players = []
    discard = list(state.discard)
    for seat, p in enumerate(state.players):
        unchosen = [c for c in p.offer if c not in p.picked]
        if p.offer:
            events.append(
                event("cards_kept", seat=seat, cards=list(p.picked), discarded=unchosen)
            )
        discard += [(c, PUBLIC) for c in unchosen]
        sheets = p.sheets + tuple(Sheet(c) for c in p.picked)
        players.append(replace(p, sheets=sheets, offer=(), picked=()))
    opening = not state.numbers
    state = replace(state, players=tuple(players), discard=tuple(discard))
    return start_round(state, 1 if opening else state.round + 1, events)


def start_round(
    state: State, round_no: int, events: list[Event]
) -> tuple[State, list[Event]]:
    rng = Rng(state.rng)
    numbers = tuple(rng.shuffled(NUMBER_DECK)[:NUMBERS_PER_ROUND])
    players = tuple(replace(p, stars=0, stage="idle") for p in state.players)
    state = replace(
        state,
        phase="play",
        round=round_no,
        numbers=numbers,
        revealed=0,
        players=players,
        rng=rng.state,
    )
    events.append(event("round_started", round=round_no))
    return reveal_next(state, events)


def reveal_next(
    state: State, events: list[Event], players: Sequence[Player] | None = None
) -> tuple[State, list[Event]]:
    """Turn over numbers until someone has something to do, or the round ends.

    `players`, when given, replace the state's (a player's part just done):
    the state is then copied once, with the next number."""
    now = state.players if players is None else tuple(players)
    while state.revealed < NUMBERS_PER_ROUND:
        revealed = state.revealed + 1
        number = state.numbers[revealed - 1]
        events.append(
            event("number_revealed", round=state.round, index=revealed, number=number)
        )
        staged = []
        for seat, p in enumerate(now):
            stage = "cross" if rules.can_cross(p, number) else "idle"
            staged.append(p if p.stage == stage else replace(p, stage=stage))
            if stage == "idle":
                events.append(event("no_cross", seat=seat, number=number))
        now = tuple(staged)
        state = replace(state, revealed=revealed, players=now)
        if any(p.stage != "idle" for p in now):
            return state, events
    if state.players is not now:
        state = replace(state, players=now)
    return end_round(state, events)


def after_action(
    state: State, players: Sequence[Player], events: list[Event]
) -> tuple[State, list[Event]]:
    """A player's part is done (`players` replace the state's): the next
    number once nobody has anything left to do with this one."""
    if any(p.stage != "idle" for p in players):
        return replace(state, players=tuple(players)), events
    return reveal_next(state, events, players)


def end_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Score completed cards and stars, then discard the completed cards."""
    players = []
    discard = list(state.discard)
    for seat, p in enumerate(state.players):
        score = round_score(p, state.round)
        events.append(
            event(
                "round_scored",
                seat=seat,
                round=state.round,
                cards=score.cards,
                stars=score.stars,
            )
        )
        done = [s.card for s in p.sheets if is_complete(s.crossed)]
        discard += [(c, PUBLIC) for c in done]
        sheets = tuple(s for s in p.sheets if not is_complete(s.crossed))
        players.append(replace(p, sheets=sheets, scores=(*p.scores, score)))
    state = replace(state, players=tuple(players), discard=tuple(discard))
    if state.round == ROUNDS:
        state = replace(state, phase="over")
        return state, events + final_events(state)
    state, more = deal(state, ROUND_OFFER, ROUND_KEEP, state.round % state.num_players)
    return state, events + more


def final_events(state: State) -> list[Event]:
    finals = final_scores(state.players)
    events = [
        event(
            "final_scored",
            seat=seat,
            moons=state.players[seat].moons,
            moon_points=f.moons,
            unfinished=f.unfinished,
            total=f.total,
        )
        for seat, f in enumerate(finals)
    ]
    if state.num_players == 1:
        events.append(
            event("solo_rated", total=finals[0].total, band=solo_band(finals[0].total))
        )
    return events
