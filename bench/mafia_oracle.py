"""How far one Town seat could lift the Town among six random bots, if it
knew every role: an upper bound for issue 22's claim "a hard Town bot among
six random bots wins at least 1.5x its seat's fair share".

    nice -n 19 .venv/bin/python bench/mafia_oracle.py [--matches 700] [--jobs 2]
        [--seat oracle|wagon|hard-wagon|hard-plan] [--plan 3.0] [--balance N]
        [--first M] [--role ESCORT]

The oracle is a bench instrument, never a lobby bot: it reads the roles of
every seat, which no fair bot may. It plays the deals of `bench/mafia_town.py`'s
``among`` claim (the same seeds; the seat m % 7 of match m, counted only when
dealt a Town role), against the same deal played by seven random bots (the
claim's fair share). Its play, everything it could use that a seat cannot know:

- votes for a living enemy (Mafia, a Mafia ally, the Cult or a neutral
  killer: every side the Town must outlive), condemns an enemy on trial and
  acquits anyone else;
- at night, a Vigilante shoots an enemy, an Escort blocks one, a Doctor or
  Bodyguard guards a Town seat (itself first, where it may), everyone else
  acts at random; in the discussion it says it is ready.

If even this seat cannot reach 1.5x the fair share, no seat that acts on what
it knows can: its knowledge is at most the oracle's.

``--seat wagon`` plays a fair seat instead, one that knows only what its seat
knows and uses almost none of it: in the discussion it is ready; it votes for
the living player with the most nominations (ties at random) among those its
own investigations did not clear, and for whom they found suspicious first;
it condemns whoever is on trial unless its results cleared them; at night it
acts at random. It measures what joining the table's lynch, not knowledge,
is worth among random voters.

``--seat hard-wagon`` is the hard bot except one thing, a probe of a fix for
hard: as a Town seat with no suspicious result of its own, it votes with the
most-nominated player it does not trust (ties by the day's lot) instead of its
planned pick. ``--balance N`` plays balance deals 0..N-1 of `bench/mafia_town.py`
with every Town seat played by ``--seat`` and every other seat hard, and
prints the Town's share (seven hard bots read 44 of the first 112).

``--seat hard-plan --plan X`` is the hard bot with `evidence.PLAN` set to X
while a Town seat chooses (the weight of its own pick against the day's
nominations; 3.0 is hard as it is). ``--first M`` plays matches (or balance
deals) M, M+1, ... instead of 0, 1, ...: deals to try a change on that the
claims are not measured on. ``--role R`` counts only the deals that give
the seat role R (and plays no other), to see one role's play.
"""

from __future__ import annotations

import abc
import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import sprt  # noqa: E402
from bench.bots import make_bot  # noqa: E402
from bench.mafia_town import PLAYERS, _nice, _roles  # noqa: E402
from ludoteca.bots.arena import play_match  # noqa: E402
from ludoteca.bots.random import RandomBot  # noqa: E402
from ludoteca.engine import registry  # noqa: E402
from ludoteca.engine.protocol import Action, Game  # noqa: E402
from ludoteca.engine.rng import Rng, mix_seed  # noqa: E402
from ludoteca.games.mafia import evidence  # noqa: E402
from ludoteca.games.mafia.roles import faction  # noqa: E402

ENEMIES = frozenset({"MAFIA", "MAFIA_ALLY", "CULT", "NK"})
AT_ENEMIES = frozenset({"VIGILANTE", "ESCORT"})
GUARDS = frozenset({"DOCTOR", "BODYGUARD"})


class Seat(abc.ABC):
    """A bench seat: ready at once in the discussion, else `decide`."""

    name = "seat"

    def choose(
        self, game: Game[Any], state: Any, seat: int, seed: int, should_stop: Any = None
    ) -> Action:
        actions = game.legal_actions(state, seat)
        kinds = {a["type"] for a in actions}
        if "ready" in kinds:
            return {"type": "ready"}
        rng = Rng(mix_seed(self.name, seed))
        return self.decide(state, seat, actions, kinds, rng)

    @abc.abstractmethod
    def decide(
        self, state: Any, seat: int, actions: list[Action], kinds: set[str], rng: Rng
    ) -> Action:
        """The seat's action outside the discussion."""


class OracleTown(Seat):
    """A Town seat that sees every role (a bench instrument only)."""

    name = "oracle"

    def decide(
        self, state: Any, seat: int, actions: list[Action], kinds: set[str], rng: Rng
    ) -> Action:
        enemy = {
            s
            for s, p in enumerate(state.players)
            if p.alive and faction(p.role) in ENEMIES
        }
        if "vote" in kinds:
            wanted = [
                a for a in actions if a["type"] == "vote" and a["target"] in enemy
            ]
            if wanted:
                return rng.choice(wanted)
        if "judge" in kinds:
            verdict = "guilty" if state.accused in enemy else "innocent"
            return next(a for a in actions if a.get("verdict") == verdict)
        acts = [a for a in actions if a["type"] == "act"]
        role = state.players[seat].role
        if acts and role in AT_ENEMIES:
            wanted = [a for a in acts if a["target"] in enemy]
            return rng.choice(wanted or actions)
        if acts and role in GUARDS:
            own = [a for a in acts if a["target"] == seat]
            town = [a for a in acts if a["target"] not in enemy]
            return rng.choice(own or town or actions)
        return rng.choice(actions)


def most_nominated(state: Any, seat: int, votes: list[Action]) -> list[Action]:
    """The votes whose target the other seats nominate most today."""
    nominated = Counter(t for s, t in enumerate(state.votes) if s != seat)
    top = max(nominated[a["target"]] for a in votes)
    return [a for a in votes if nominated[a["target"]] == top]


class WagonTown(Seat):
    """A fair Town seat that joins the leading nomination and condemns."""

    name = "wagon"

    def decide(
        self, state: Any, seat: int, actions: list[Action], kinds: set[str], rng: Rng
    ) -> Action:
        reads = evidence.reads(state, seat)
        found = {s for s, r in reads.items() if r in evidence.GUILTY_READS}
        cleared = {s for s, r in reads.items() if r not in evidence.GUILTY_READS}
        cleared.add(seat)
        votes = [a for a in actions if a["type"] == "vote"]
        if votes:
            wanted = [a for a in votes if a["target"] in found] or [
                a for a in votes if a["target"] not in cleared
            ]
            if wanted:
                return rng.choice(most_nominated(state, seat, wanted))
        if "judge" in kinds:
            verdict = "innocent" if state.accused in cleared - found else "guilty"
            return next(a for a in actions if a.get("verdict") == verdict)
        return rng.choice(actions)


class HardWagon:
    """Hard, but a Town seat without a suspicious result votes with the wagon."""

    name = "hard-wagon"

    def __init__(self) -> None:
        self.hard = make_bot("hard", None)

    def choose(
        self, game: Game[Any], state: Any, seat: int, seed: int, should_stop: Any = None
    ) -> Action:
        if state.phase == "voting" and faction(state.players[seat].role) == "TOWN":
            votes = [a for a in game.legal_actions(state, seat) if a["type"] == "vote"]
            found = {t for t in evidence.guilty(state, seat) if state.players[t].alive}
            trust = evidence.trusted(state, seat)
            wanted = [a for a in votes if a["target"] not in trust]
            if wanted and not found:
                best = most_nominated(state, seat, wanted)
                return max(best, key=lambda a: evidence.lot(state, a["target"]))
        return self.hard.choose(game, state, seat, seed, should_stop)


class HardPlan:
    """Hard, with `evidence.PLAN` set to ``--plan`` while a Town seat chooses."""

    name = "hard-plan"
    plan = evidence.PLAN

    def __init__(self) -> None:
        self.hard = make_bot("hard", None)

    def choose(
        self, game: Game[Any], state: Any, seat: int, seed: int, should_stop: Any = None
    ) -> Action:
        if faction(state.players[seat].role) != "TOWN":
            return self.hard.choose(game, state, seat, seed, should_stop)
        kept = evidence.PLAN
        evidence.PLAN = self.plan
        try:
            return self.hard.choose(game, state, seat, seed, should_stop)
        finally:
            evidence.PLAN = kept


SEATS: dict[str, Any] = {
    "oracle": OracleTown,
    "wagon": WagonTown,
    "hard-wagon": HardWagon,
    "hard-plan": HardPlan,
}


def _init(plan: float) -> None:
    _nice()
    HardPlan.plan = plan


def _town_won(bots: list[Any], seed: int, options: dict[str, Any]) -> int:
    state, _ = play_match(registry.get("mafia"), bots, seed, options)
    return int(state.primary == "TOWN")


def pair(m: int, seat: str = "oracle", role: str = "") -> tuple[int, int] | None:
    """(the Town won with `seat` in the hero's chair, all-random Town won) on
    match m of the claim, or None when that chair was not dealt a Town role
    (`role`, where given: not that role)."""
    seed = mix_seed("mafia-town", "among", m)
    hero = m % PLAYERS
    dealt = _roles(seed, {})[hero]
    if faction(dealt) != "TOWN" or (role and dealt != role):
        return None
    bots: list[Any] = [RandomBot() for _ in range(PLAYERS)]
    fair = _town_won(bots, seed, {})
    bots[hero] = SEATS[seat]()
    return _town_won(bots, seed, {}), fair


def balance(m: int, seat: str) -> int:
    """Whether the Town won balance deal m with every Town seat `seat`."""
    seed = mix_seed("mafia-town", "balance", m)
    roles = _roles(seed, {})
    bots = [
        SEATS[seat]() if faction(r) == "TOWN" else make_bot("hard", None) for r in roles
    ]
    return _town_won(bots, seed, {})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=700)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seat", choices=sorted(SEATS), default="oracle")
    parser.add_argument("--balance", type=int, default=0)
    parser.add_argument("--plan", type=float, default=evidence.PLAN)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--role", default="", help="count only deals of this role")
    args = parser.parse_args()
    start = time.time()
    if args.balance:
        with ProcessPoolExecutor(
            args.jobs, initializer=_init, initargs=(args.plan,)
        ) as pool:
            deals = range(args.first, args.first + args.balance)
            won = sum(pool.map(balance, deals, [args.seat] * len(deals)))
        low, high = sprt.interval(args.balance, won)
        print(
            f"balance deals {args.first}-{args.first + args.balance - 1}, "
            f"every Town seat {args.seat}: "
            f"Town won {won} = {won / args.balance:.1%} [{low:.1%}, {high:.1%}]"
        )
        return
    with ProcessPoolExecutor(
        args.jobs, initializer=_init, initargs=(args.plan,)
    ) as pool:
        seats = [args.seat] * args.matches
        matches = range(args.first, args.first + args.matches)
        roles = [args.role] * args.matches
        played = pool.map(pair, matches, seats, roles, chunksize=7)
        results = [r for r in played if r]
    played = len(results)
    won = sum(w for w, _ in results)
    fair = sum(f for _, f in results)
    print(
        f"matches {args.first}-{args.first + args.matches - 1}: "
        f"{played} deal the seat {args.role or 'a Town role'}"
    )
    if not played:
        return
    for name, wins in (("all random", fair), (f"{args.seat} seat", won)):
        low, high = sprt.interval(played, wins)
        rate = f"{wins / played:6.1%} [{low:.1%}, {high:.1%}]"
        print(f"  {name:15} Town won {wins:5} = {rate}")
    print(f"  the claim's bar (1.5x the fair share): {1.5 * fair / played:.1%}")
    if fair:
        print(f"  {args.seat} / fair share: {won / fair:.2f}x")
    print(f"  wall {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
