"""Setting up a match (spec 1(b) and "Special characters")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.flow import begin_trick
from ludoteca.games.insidejob.state import Reveal, State


def chosen_characters(num_players: int, opts: Mapping[str, Any]) -> tuple[str, ...]:
    chars = tuple(c for c in R.CHARACTERS if opts.get(R.option_name(c)))
    if chars and num_players not in R.CHARACTER_PLAYERS:
        raise ValueError("special characters need 4 or 5 players")
    agents = [c for c in chars if c != R.PROF_NO]
    if len(agents) > num_players - 1:
        raise ValueError(
            f"at most {num_players - 1} characters besides Prof. No "
            f"fit {num_players} players"
        )
    return chars


def new_match(num_players: int, seed: int, opts: Mapping[str, Any]) -> State:
    if num_players not in R.DEAL:
        raise ValueError("Inside Job is for 3 to 5 players")
    chars = chosen_characters(num_players, opts)
    rng = Rng(seed)
    dealer = rng.below(num_players)
    # One role card per player: the Insider (or Prof. No), the chosen
    # characters, plain Agents for the rest; shuffled and dealt face down.
    others = [c for c in chars if c != R.PROF_NO]
    deck = [R.PROF_NO if R.PROF_NO in chars else R.INSIDER, *others]
    deck += [R.AGENT] * (num_players - len(deck))
    roles = tuple(rng.shuffled(deck))
    cards = rng.shuffled(range(52))
    size, _ = R.DEAL[num_players]
    hands = tuple(
        tuple(sorted(cards[p * size : (p + 1) * size])) for p in range(num_players)
    )
    set_aside = tuple(sorted(cards[num_players * size :]))
    # The Agent at Full Risk brings the risky missions whatever the option says.
    risky = bool(opts["risky_missions"]) or R.FULL_RISK in chars
    pool = missions.base_ids() + (missions.risky_ids() if risky else ())
    mission_deck = tuple(rng.shuffled(pool))
    # The Accomplice may not receive intel, so starts without (ASSUMPTION).
    intel = tuple(0 if r == R.ACCOMPLICE else 1 for r in roles)
    revealed: tuple[Reveal, ...] = tuple(
        "setup" if r in R.REVEALED_AT_SETUP else "" for r in roles
    )
    state = State(
        num_players=num_players,
        wagers=bool(opts["wagers"]),
        risky_missions=bool(opts["risky_missions"]),
        characters=chars,
        roles=roles,
        hands=hands,
        set_aside=set_aside,
        intel=intel,
        supply=R.INTEL_TOKENS - sum(intel),
        mission_deck=mission_deck,
        offered=(),
        discards=(),
        mission=None,
        completed=(),
        failed=(),
        dealer=dealer,
        leader=(dealer + 1) % num_players,
        trick=(),
        tricks=(),
        revealed=revealed,
        partner=-1,
        phase="partner",
        votes=((),) * num_players,
        voters=(),
        end_reason="",
        winners=(),
        rng=rng.state,
    )
    if R.ACCOMPLICE in roles:
        return state
    return begin_trick(state)
