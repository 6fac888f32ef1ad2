"""The bot levels' claims, each decided by a sequential test (`bench/sprt.py`).

`python bench/bots.py --sprt` runs this. For every game and player count the
lobby offers (up to 8; Mafia at 7, 10 and 15) it lists the claims below,
plays each in batches of seeded matches on every core (`multiprocessing`,
each worker at `nice`), and stops a claim as soon as its test decides.

Claims (the measured bot in every seat in turn; p0 / p1 of the test):

- two players, or two sides (team games, where the bot's partners are bots
  of the opponent's kind): "easy beats random", "medium beats easy", "hard
  beats medium" (0.5 / 0.6), "hard beats random >= 90 %" (0.8 / 0.9, two
  players only). Where the two sides differ in size (Inside Job: one
  Insider against the Agents) a seat's fair share f is below one half, so
  "beats" is f / f + 0.1 there, f measured as below;
- more sides: one bot among bots of the level below wins more than its fair
  share f (f / 1.5 f), and "hard among random >= 2x its fair share"
  (1.5 f / 2 f). f is 1/sides when every side has as many seats; where they
  differ (Mafia, Inside Job) it is measured first, once, by a pilot of all-random
  matches (the share a random seat wins), kept in the results file;
- Piles!: "hard beats the rule bot `piles`" too (0.5 / 0.6, or f / 1.5 f).

Matches run without a wall-clock cap (each level thinks its whole budget),
so a batch's result depends only on its seeds: batch b of a claim is always
matches b*size .. (b+1)*size - 1 of `bench/bots.py`'s seeds. Every finished
batch is appended to the results file (JSON lines); a later run reads it
back and goes on where it stopped. Only the unbroken run of batches from 0
counts for the test (batches finish out of order on several cores), and a
claim once decided plays no more. `--report` prints the table from the file
alone. Solo games have no claim here (`bench/bots.py` prints their scores).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import sprt  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "bots-sprt.jsonl"
PLAYER_COUNTS = {"mafia": (7, 10, 15)}
MAX_PLAYERS = 8
BATCH = 10
"""Matches per batch (rounded up to a multiple of the seats)."""
PILOT = 2000
"""All-random matches that measure the fair share where the sides differ.
The claims' bounds sit ten points (or half the share) over it, so its own
error must be small beside that: about 1.1 points at 2,000 matches, 3.5 at
the 200 of the files written before 2026-12-06 (whose pilots stay as they
were stored; Agent Avenue at three read 54.5 % from 200 matches, 50.2 % from
30,000)."""


@dataclass(frozen=True)
class Claim:
    game: str
    players: int
    level: str
    opponent: str
    goal: str
    """"beats", "fair" (more than a fair share), "90%" or "2x"."""
    p0: float
    p1: float

    @property
    def key(self) -> str:
        return f"{self.game}/{self.players}/{self.level}/{self.opponent}/{self.goal}"

    @property
    def size(self) -> int:
        return -(-BATCH // self.players) * self.players

    def hypotheses(self) -> sprt.Hypotheses:
        return sprt.Hypotheses(self.p0, self.p1)

    def text(self) -> str:
        among = self.players > 2
        if self.goal == "90%":
            return f"{self.level} beats {self.opponent} >= 90%"
        if self.goal == "2x":
            return f"{self.level} among {self.opponent} >= 2x fair share"
        if self.goal == "fair" and among:
            return f"{self.level} among {self.opponent} > fair share"
        return f"{self.level} beats {self.opponent}"


def opponent_kind(claim: Claim) -> str:
    """``random``, or ``below`` (a level below, or the game's rule bot): what
    `--vs` selects."""
    return "random" if claim.opponent == "random" else "below"


def claims_for(
    game: str, players: int, sides: int, fair: float | None, own_bot: str | None
) -> list[Claim]:
    """The claims of one game and player count (see the module doc).

    `sides` is how many sides a match has; `fair` the fair share where the
    sides differ in size (None: 1/sides); `own_bot` a game's rule bot."""
    pairs = [("easy", "random"), ("medium", "easy"), ("hard", "medium")]
    if own_bot is not None:  # first: the rule bot plays fast
        pairs.insert(0, ("hard", own_bot))
    if sides <= 2:
        # Ten points over an even share; where the two sides differ in size
        # (Inside Job's lone Insider) over the share a random seat wins.
        even = 0.5 if fair is None else round(fair, 4)
        p0, p1 = even, round(even + 0.1, 4)
        out = [Claim(game, players, lv, op, "beats", p0, p1) for lv, op in pairs]
        goal = ("90%", 0.8, 0.9) if players == 2 else ("beats", p0, p1)
        out.append(Claim(game, players, "hard", "random", *goal))
        return out
    f = fair if fair is not None else 1 / sides
    out = [
        Claim(game, players, lv, op, "fair", round(f, 4), round(1.5 * f, 4))
        for lv, op in pairs
    ]
    top = min(2 * f, 0.95)
    out.append(Claim(game, players, "hard", "random", "2x", round(0.75 * top, 4), top))
    return out


# -- the results file -------------------------------------------------------


@dataclass
class Batch:
    """One finished batch of a claim, as a line of the results file."""

    key: str
    batch: int
    size: int
    matches: int
    credit: float
    unfinished: int = 0
    cpu: float = 0.0
    """Processor seconds of the whole batch (every seat's bots)."""
    commit: str = ""


@dataclass
class Tally:
    """What the file holds for one claim: its batches by number."""

    claim: Claim
    batches: dict[int, Batch] = field(default_factory=dict)

    def counted(self) -> list[Batch]:
        """What the test uses: the unbroken run of batches from 0, up to the
        first that decides it (batches still in flight then are kept in the
        file but do not count)."""
        test = self.claim.hypotheses()
        out: list[Batch] = []
        matches, credit = 0, 0.0
        while len(out) in self.batches:
            batch = self.batches[len(out)]
            out.append(batch)
            matches, credit = matches + batch.matches, credit + batch.credit
            if test.verdict(matches, credit) != sprt.UNDECIDED:
                break
        return out

    def totals(self) -> tuple[int, float, float]:
        """Matches, credit and CPU seconds of the counted batches."""
        used = self.counted()
        return (
            sum(b.matches for b in used),
            sum(b.credit for b in used),
            sum(b.cpu for b in used),
        )

    def verdict(self) -> str:
        matches, credit, _ = self.totals()
        if not matches:
            return sprt.UNDECIDED
        return self.claim.hypotheses().verdict(matches, credit)

    def next_batch(self, running: Iterable[int]) -> int:
        """The lowest batch number neither in the file nor being played."""
        taken = set(self.batches) | set(running)
        b = 0
        while b in taken:
            b += 1
        return b


def read_results(path: Path) -> tuple[list[Batch], dict[str, dict[str, Any]]]:
    """Every batch in the file, and the pilots (key -> their line)."""
    batches: list[Batch] = []
    pilots: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return batches, pilots
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        if "pilot" in data:
            pilots[data["pilot"]] = data
        else:
            batches.append(Batch(**data))
    return batches, pilots


def tallies(claims: Sequence[Claim], batches: Iterable[Batch]) -> dict[str, Tally]:
    """Each claim with the batches of the file that belong to it (same key and
    batch size; the first copy of a batch played twice)."""
    out = {c.key: Tally(c) for c in claims}
    for b in batches:
        tally = out.get(b.key)
        if tally is not None and b.size == tally.claim.size:
            tally.batches.setdefault(b.batch, b)
    return out


def append(path: Path, line: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        out.write(json.dumps(line, sort_keys=True) + "\n")


# -- playing ------------------------------------------------------------------


def play(claim: Claim, batch: int, commit: str = "") -> Batch:
    """Batch `batch` of a claim (run in a worker process)."""
    from bench import bots

    cpu = time.process_time()
    start = batch * claim.size
    row = bots.play_batch(
        claim.game,
        claim.players,
        claim.level,
        claim.opponent,
        start,
        claim.size,
        cap=None,
        baseline=False,
    )
    return Batch(
        claim.key,
        batch,
        claim.size,
        row.matches,
        row.credit,
        row.unfinished,
        round(time.process_time() - cpu, 3),
        commit,
    )


Play = Callable[[Claim, int, str], Batch]


def run(
    pool: Executor,
    claims: Sequence[Claim],
    path: Path,
    jobs: int,
    max_matches: int,
    commit: str = "",
    play_batch: Play = play,
    on_batch: Callable[[Tally], None] | None = None,
) -> dict[str, Tally]:
    """Play the undecided claims until each is decided or has `max_matches`.

    Claims are taken in order, every core on the first undecided one (a claim
    keeps at most `jobs` batches in flight), so decisions come one by one."""
    batches, _ = read_results(path)
    state = tallies(claims, batches)
    flying: dict[Future[Batch], tuple[str, int]] = {}

    def wanted(tally: Tally) -> bool:
        matches = len(tally.counted()) * tally.claim.size
        return tally.verdict() == sprt.UNDECIDED and matches < max_matches

    def fill() -> None:
        for tally in state.values():
            mine = [b for k, b in flying.values() if k == tally.claim.key]
            while len(flying) < jobs and len(mine) < jobs and wanted(tally):
                planned = (len(tally.counted()) + len(mine)) * tally.claim.size
                if planned >= max_matches:
                    break
                b = tally.next_batch(mine)
                flying[pool.submit(play_batch, tally.claim, b, commit)] = (
                    tally.claim.key,
                    b,
                )
                mine.append(b)

    fill()
    while flying:
        done, _ = wait(list(flying), return_when=FIRST_COMPLETED)
        for future in done:
            key, _number = flying.pop(future)
            result = future.result()
            append(path, asdict(result))
            tally = state[key]
            tally.batches.setdefault(result.batch, result)
            if on_batch is not None:
                on_batch(tally)
        fill()
    return state


def pilot_share(game_id: str, players: int, matches: int = PILOT) -> float:
    """The share of the wins a random seat takes among random bots."""
    from bench import bots

    row = bots.play_batch(
        game_id, players, "random", "random", 0, matches, cap=None, baseline=False
    )
    return row.credit / max(1, row.matches - row.unfinished)


def sides_of(game_id: str, players: int) -> tuple[int, bool]:
    """How many sides a match has, and whether they differ in size."""
    from bench import bots

    game = bots.find_game(game_id)
    options, seconds = bots.match_clock(
        game, bots.table_options(game, players), players
    )
    for seed in range(20):
        randoms = [bots.make_bot("random", None) for _ in range(players)]
        state, _ = bots.play_match(game, randoms, seed, options, seconds)
        outcome = game.outcome(state)
        if outcome is not None:
            sides = len(outcome.teams) if outcome.teams else players
            return sides, bots.unequal_sides(outcome)
    return players, False


def player_counts(game_id: str) -> list[int]:
    from bench import bots

    game = bots.find_game(game_id)
    if game_id in PLAYER_COUNTS:
        return list(PLAYER_COUNTS[game_id])
    top = min(game.info.max_players, MAX_PLAYERS)
    return [
        n
        for n in range(max(2, game.info.min_players), top + 1)
        if bots.table_options(game, n) is not None
    ]


def ensure_pilot(
    path: Path, pilots: dict[str, dict[str, Any]], game_id: str, players: int
) -> dict[str, Any]:
    """The pilot line of this game and count in `pilots` (read from `path`),
    played and appended to `path` if missing."""
    key = f"{game_id}/{players}"
    if key not in pilots:
        share = pilot_share(game_id, players)
        pilots[key] = {"pilot": key, "fair": share, "matches": PILOT}
        append(path, pilots[key])
    return pilots[key]


def all_claims(
    game_ids: Sequence[str], counts: Sequence[int] | None, path: Path
) -> list[Claim]:
    """Every claim of these games, pilots played (and kept) where needed."""
    from bench import bots

    _, pilots = read_results(path)
    out: list[Claim] = []
    for game_id in game_ids:
        own = "piles" if game_id == "piles" else None
        for players in counts or player_counts(game_id):
            if bots.table_options(bots.find_game(game_id), players) is None:
                continue
            sides, unequal = sides_of(game_id, players)
            fair = None
            if unequal and players > 2:
                fair = float(ensure_pilot(path, pilots, game_id, players)["fair"])
            out += claims_for(game_id, players, sides, fair, own)
    return out


# -- the table ----------------------------------------------------------------


def table_row(tally: Tally) -> str:
    claim = tally.claim
    matches, credit, cpu = tally.totals()
    verdict = tally.verdict()
    low, high = sprt.interval(matches, credit)
    rate = f"{credit / matches:.1%} [{low:.0%}, {high:.0%}]" if matches else "-"
    note = ""
    if verdict == sprt.UNDECIDED:
        need = max(0, claim.hypotheses().expected_matches() - matches)
        per = cpu / matches if matches else 0.0
        note = f"up to ~{need} more matches, ~{need * per / 3600:.1f} CPU-h"
        if matches and not need:
            note = "stopped by --max-matches: the rate lies between p0 and p1"
        if not matches:
            note = f"not started (up to ~{need} matches)"
    return (
        f"| {claim.game} | {claim.players} | {claim.text()} | "
        f"{claim.p0:.0%} / {claim.p1:.0%} | {verdict} | {matches} | {rate} | "
        f"{cpu / 60:.1f} | {note} |"
    )


TABLE_HEADER = (
    "| game | n | claim | H0 / H1 | verdict | matches | win rate [95%] | "
    "CPU min | to decide |\n|---|---|---|---|---|---|---|---|---|"
)


def table(state: dict[str, Tally]) -> str:
    return "\n".join([TABLE_HEADER, *(table_row(t) for t in state.values())])


def commit_id() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


def main(
    game_ids: Sequence[str],
    counts: Sequence[int] | None,
    jobs: int,
    niceness: int,
    max_matches: int,
    path: Path = RESULTS,
    report: bool = False,
    levels: Sequence[str] = (),
    opponents: Sequence[str] = (),
) -> int:
    from concurrent.futures import ProcessPoolExecutor

    os.nice(niceness)
    claims = all_claims(game_ids, counts, path)
    if levels:
        claims = [c for c in claims if c.level in levels]
    if opponents:
        claims = [c for c in claims if opponent_kind(c) in opponents]
    if report:
        batches, _ = read_results(path)
        print(table(tallies(claims, batches)))
        return 0

    def progress(tally: Tally) -> None:
        print(table_row(tally), flush=True)

    print(TABLE_HEADER, flush=True)
    with ProcessPoolExecutor(jobs) as pool:
        state = run(
            pool, claims, path, jobs, max_matches, commit_id(), on_batch=progress
        )
    print()
    print(table(state))
    return 0
