"""The ``ludoteca`` command: games, simulate, replay, and the site's serve, migrate,
collectstatic, createsuperuser."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from ludoteca.bots import registry as bots
from ludoteca.engine import registry
from ludoteca.engine.record import Record, replay
from ludoteca.engine.simulate import format_summary, simulate


def cmd_games(args: argparse.Namespace) -> int:
    for game in registry.all():
        info = game.info
        players = f"{info.min_players}-{info.max_players}"
        print(f"{info.id:<16} {info.name:<24} {players:>5} players  {info.kind}")
        for name, option in game.options.items():
            if option.items is not None:
                entries = ", ".join(json.dumps(c) for c in option.items)
                choices = f"a list of: {entries}"
            elif option.choices is not None:
                choices = ", ".join(json.dumps(c) for c in option.choices)
            else:
                choices = f"{option.minimum}..{option.maximum}"
            print(f"    {name} = {json.dumps(option.default)}  ({choices})")
    return 0


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


def cmd_simulate(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    players = args.players or game.info.min_players
    names = [n.strip() for n in args.bots.split(",")] if args.bots else ["random"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        print(f"give one bot per seat ({players}), or one for all", file=sys.stderr)
        return 2
    seats = [bots.make(n) for n in names]
    options = game.resolve_options(_parse_options(args.option))
    summary = simulate(game, seats, args.n, seed=args.seed, options=options)
    print(format_summary(game, summary, names))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    with open(args.record, encoding="utf-8") as handle:
        raw = json.load(handle)
    record = Record.from_json(raw)
    game = registry.get(record.game)
    state = replay(record, upto=args.to, game=game)
    if args.all:
        data: Any = game.to_json(state)
    else:
        data = game.view(state, args.seat)
    outcome = game.outcome(state)
    print(json.dumps(data, indent=2, ensure_ascii=False))
    if outcome is not None:
        print(json.dumps({"outcome": outcome.as_dict()}, ensure_ascii=False))
    stored = raw.get("outcome")
    if stored is not None and args.to is None:
        # A site's export carries the outcome it stored: check the replay agrees.
        replayed = outcome.as_dict() if outcome is not None else None
        if json.dumps(replayed, sort_keys=True) != json.dumps(stored, sort_keys=True):
            print(
                "MISMATCH: the replay does not give the stored outcome", file=sys.stderr
            )
            return 1
        print("verified: the replay reproduces the stored outcome")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Every finished match since a date, one JSON record per line (open data)."""
    _django()
    from datetime import datetime

    from django.utils import timezone

    from ludoteca.web.history.export import finished_records

    since = timezone.make_aware(datetime.fromisoformat(args.since))
    with contextlib.ExitStack() as stack:
        out = (
            stack.enter_context(open(args.output, "w", encoding="utf-8"))
            if args.output
            else sys.stdout
        )
        count = 0
        for data in finished_records(since):
            out.write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
            count += 1
    print(f"exported {count} matches", file=sys.stderr)
    return 0


def cmd_recompute(args: argparse.Namespace) -> int:
    _django()
    from ludoteca.web.history.results import recompute_all

    print(f"recomputed {recompute_all()} matches")
    return 0


def cmd_send_outbox(args: argparse.Namespace) -> int:
    """Send the queued emails (the `send_outbox` management command)."""
    _django()
    from django.core.management import call_command

    call_command("send_outbox", forever=args.forever)
    return 0


def _django(settings_module: str | None = None) -> None:
    """Configure Django for the site commands (dev settings unless told)."""
    import os

    default = (
        "ludoteca.web.settings.prod"
        if os.environ.get("LUDOTECA_ENV") == "prod"
        else "ludoteca.web.settings.dev"
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings_module or default)
    from ludoteca.web.catalogs import compile_all

    compile_all()  # before Django loads any catalog
    import django

    django.setup()
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        from pathlib import Path

        Path(str(db["NAME"])).parent.mkdir(parents=True, exist_ok=True)


def cmd_migrate(args: argparse.Namespace) -> int:
    _django()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=args.verbosity)
    return 0


def cmd_collectstatic(args: argparse.Namespace) -> int:
    """Copy the static files to STATIC_ROOT ($LUDOTECA_VAR/static), for a web
    server such as nginx to serve them."""
    _django()
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=args.verbosity)
    return 0


def cmd_createsuperuser(args: argparse.Namespace) -> int:
    _django()
    from django.core.management import call_command

    extra = {} if args.username is None else {"username": args.username}
    if args.email is not None:
        extra["email"] = args.email
    call_command("createsuperuser", interactive=not args.noinput, **extra)
    return 0


def _migrate_if_needed() -> None:
    """Apply pending migrations; a database that is up to date costs one read
    of its migration table instead of a whole `migrate` (its checks and every
    app's post-migrate work), so a restart after a crash serves sooner. The
    help pages of a newly installed game are still created."""
    from django.core.management import call_command
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        call_command("migrate", interactive=False, verbosity=0)
        return
    from ludoteca.web.wiki.seed import load_game_help_pages

    load_game_help_pages()


# Seconds a thread may hold the GIL while another waits for it. Python's
# default, 5 ms: the live tables' database work is one writer thread woken
# once per batch, and with the event loop rarely idle under load a shorter
# interval only forces switches that cost CPU (0.5 ms, chosen for the old
# per-action database thread, read 6 % more CPU per action saturated and the
# same paced latencies, docs/performance.md, twelfth round).
# `LUDOTECA_SWITCH_MS` sets it in milliseconds, for the benchmarks.
SWITCH_INTERVAL = float(os.environ.get("LUDOTECA_SWITCH_MS", "5")) / 1000


# The cyclic garbage collector, as the server runs it: what is loaded at start
# (Django, the games, the catalogs) is frozen out of its scans; once the event
# loop runs, it collects on a clock (`web/collector.py`). Until then (and
# with LUDOTECA_GC=auto), CPython's own trigger runs after 50,000 allocations
# instead of 700 (a full scan every 10 million).
GC_THRESHOLDS = (50_000, 20, 10)


def quiet_collector() -> None:
    import gc

    gc.collect()
    gc.freeze()
    # LUDOTECA_GC: unset or "clock" (the default: the event loop's clock);
    # for the benchmarks "off" (no collector at all), "auto" (CPython's
    # trigger at GC_THRESHOLDS, no clock) or three thresholds (no clock).
    chosen = os.environ.get("LUDOTECA_GC", "")
    if chosen == "off":
        gc.disable()
    elif chosen in ("", "clock", "auto"):
        gc.set_threshold(*GC_THRESHOLDS)
    else:
        gc.set_threshold(*map(int, chosen.split(",")))


def websocket_protocol(chosen: str, deflate: bool) -> str:
    """What uvicorn runs for websockets: ours (`web/live/websocket.py`)
    unless compression is asked, which only uvicorn's own offer."""
    if chosen != "ludoteca":
        return chosen
    if deflate:
        return "websockets-sansio"
    return "ludoteca.web.live.websocket:WebSocketProtocol"


def cmd_serve(args: argparse.Namespace) -> int:
    from ludoteca import native

    native.activate()  # the hot path compiled, when built from these sources
    _django()
    from django.conf import settings

    _migrate_if_needed()
    sys.setswitchinterval(SWITCH_INTERVAL)
    quiet_collector()
    import uvicorn

    from ludoteca.web import serving

    print(f"Ludoteca on http://{args.host}:{args.port}/", flush=True)
    config = uvicorn.Config(
        "ludoteca.web.asgi:application",
        host=args.host,
        port=args.port,
        lifespan="on",
        log_level=args.log_level,
        ws_max_size=64 * 1024,
        ws=websocket_protocol(settings.LUDOTECA_WS, settings.LUDOTECA_WS_DEFLATE),
        ws_per_message_deflate=settings.LUDOTECA_WS_DEFLATE,
    )
    config.load_app()
    server = serving.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    return 0 if server.started else 3  # uvicorn's code for a failed start


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ludoteca", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games, player ranges and options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("simulate", help="play matches between bots")
    p.add_argument("game")
    p.add_argument("-n", type=int, default=100, help="number of matches")
    p.add_argument("--players", type=int, default=0)
    p.add_argument("--bots", default="random", help="comma-separated, one per seat")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("replay", help="replay a match record")
    p.add_argument("record", help="a record in JSON")
    p.add_argument("--to", type=int, default=None, help="stop after K moves")
    p.add_argument("--seat", type=int, default=None, help="show this seat's view")
    p.add_argument("--all", action="store_true", help="show the full state")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("export", help="write finished matches as JSON lines")
    p.add_argument("--since", required=True, help="a date, e.g. 2026-01-01")
    p.add_argument("--output", "-o", default="", help="a file (default: stdout)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("recompute-ratings", help="rebuild results and ratings")
    p.set_defaults(func=cmd_recompute)

    p = sub.add_parser("serve", help="apply migrations and serve the site (ASGI)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--log-level", default="info")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("send-outbox", help="send the queued emails (once)")
    p.add_argument("--forever", action="store_true", help="keep sending")
    p.set_defaults(func=cmd_send_outbox)

    p = sub.add_parser("migrate", help="create or update the database tables")
    p.add_argument("--verbosity", type=int, default=1)
    p.set_defaults(func=cmd_migrate)

    p = sub.add_parser(
        "collectstatic", help="copy the static files for a web server to serve"
    )
    p.add_argument("--verbosity", type=int, default=1)
    p.set_defaults(func=cmd_collectstatic)

    p = sub.add_parser("createsuperuser", help="create an administrator account")
    p.add_argument("--username", default=None)
    p.add_argument("--email", default=None)
    p.add_argument("--noinput", action="store_true")
    p.set_defaults(func=cmd_createsuperuser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
