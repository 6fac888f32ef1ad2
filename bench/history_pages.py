"""How fast the history pages are with a large generated history.

    python bench/history_pages.py [--matches 100000] [--players 300]

Builds a throwaway SQLite database (or uses DATABASE_URL) with N finished
two-to-four-player matches among P people (one of them, "ana", in a large
share), then times each page several times through Django's test client and
prints a table: median and worst time per page. Not a test: figures only.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="ludoteca-bench-")
    os.environ.setdefault("LUDOTECA_VAR", workdir)
    os.environ["DJANGO_SETTINGS_MODULE"] = "ludoteca.web.settings.test"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.utils import timezone

    from ludoteca.web.history.models import Participation, Rating
    from ludoteca.web.play.models import Table

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", interactive=False, verbosity=0)
    rng = random.Random(7)
    started = time.perf_counter()
    users = User.objects.bulk_create(
        [
            User(username=f"p{i}" if i else "ana", password="!")
            for i in range(args.players)
        ]
    )
    games = ["agentavenue", "catinthebox", "luckybox", "insidejob", "darwinsjourney"]
    now = timezone.now()
    batch = 5_000
    for first in range(0, args.matches, batch):
        size = min(batch, args.matches - first)
        tables = Table.objects.bulk_create(
            [
                Table(
                    game=rng.choice(games),
                    players=2,
                    created_by=users[0],
                    status=Table.FINISHED,
                    finished_at=now - timedelta(minutes=args.matches - first - k),
                    outcome={"ranks": [1, 2], "winners": [0]},
                )
                for k in range(size)
            ]
        )
        rows = []
        for table in tables:
            count = rng.choice((2, 2, 3, 4))
            people = rng.sample(users[1:], count - 1)
            if rng.random() < 0.3:  # ana is in 30% of the matches
                people[0] = users[0]
            ranks = list(range(1, count + 1))
            rng.shuffle(ranks)
            for seat, (person, rank) in enumerate(
                zip([*people, rng.choice(users[1:])], ranks, strict=True)
            ):
                rows.append(
                    Participation(
                        table=table,
                        user=person,
                        game=table.game,
                        finished_at=table.finished_at,
                        seat=seat,
                        rank=rank,
                        score=float(rng.randint(0, 90)),
                        won=rank == 1,
                        rated=True,
                    )
                )
        Participation.objects.bulk_create(rows, batch_size=5_000)
    Rating.objects.bulk_create(
        [
            Rating(
                user=u,
                game=g,
                mu=rng.gauss(25, 3),
                sigma=rng.uniform(1, 8),
                matches=rng.randint(1, 400),
                updated_at=now,
            )
            for u in users
            for g in games
        ]
    )
    built = time.perf_counter() - started
    ana_matches = Participation.objects.filter(user=users[0]).count()
    pages = {
        "profile (ana)": "/u/ana/",
        "profile, page 50": "/u/ana/?page=50",
        "rivalry ana × p1": "/rivalry/ana/p1/",
        "rivalry, one game": "/rivalry/ana/p1/?game=catinthebox",
        "leaderboard": "/leaderboard/catinthebox/",
    }
    client = Client()
    print(
        f"history: {args.matches:,} matches, {args.players} people, "
        f"ana in {ana_matches:,}; built in {built:.1f} s "
        f"({settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]})"
    )
    print(f"{'page':<22} {'median ms':>10} {'worst ms':>10}")
    for name, url in pages.items():
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - t0) * 1000)
            assert response.status_code == 200, (url, response.status_code)
        print(f"{name:<22} {statistics.median(times):>10.1f} {max(times):>10.1f}")


if __name__ == "__main__":
    main()
