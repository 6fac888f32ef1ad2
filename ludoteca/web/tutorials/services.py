"""Opening, resuming and following a tutorial table (check_* / do_*).

A tutorial table is an ordinary private, unrated table whose other seats are
played by the `tutorial` bot; `TutorialRun` ties it to the learner. The step
the learner is at is the number of actions the learner has taken there, so
nothing else needs saving to resume.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext

from ludoteca.bots.tutorial import NAME as TUTORIAL_BOT
from ludoteca.engine import tutorial as scripts
from ludoteca.engine.protocol import Game
from ludoteca.engine.tutorial import Tutorial
from ludoteca.web.live.table import LiveTable
from ludoteca.web.play import actions as play
from ludoteca.web.play import games
from ludoteca.web.play.actions import Refused
from ludoteca.web.play.models import Move, Seat, Table
from ludoteca.web.tutorials.models import TutorialRun


def script_of(game_id: str) -> Tutorial | None:
    if not games.exists(game_id):
        return None
    return scripts.load(game_id)


def available() -> list[str]:
    """Ids of the installed games that have a tutorial."""
    return [g.info.id for g in games.all_games() if scripts.load(g.info.id)]


def learner_moves(table: Table, seat: int) -> int:
    """Actions the learner took at the table (not a stand-in bot's)."""
    return Move.objects.filter(table=table, seat=seat, by_bot="").count()


def _new_table(user: AbstractBaseUser, script: Tutorial) -> Table:
    table = Table.objects.create(
        game=script.game,
        options=games.get(script.game).resolve_options(dict(script.options)),
        players=script.players,
        clock=Table.RELAXED,
        private=True,
        rated=False,
        created_by=user,
        seed=script.seed,
    )
    Seat.objects.bulk_create(
        [
            Seat(
                table=table,
                index=i,
                user=user if i == script.seat else None,
                bot="" if i == script.seat else TUTORIAL_BOT,
            )
            for i in range(script.players)
        ]
    )
    return table


def do_open(user: AbstractBaseUser, game_id: str, restart: bool = False) -> TutorialRun:
    """The learner's tutorial of `game_id`: resumed while its table plays on,
    else a new scripted table."""
    script = script_of(game_id)
    if script is None:
        raise Refused("no_tutorial")
    with transaction.atomic():
        run, _ = TutorialRun.objects.select_for_update().get_or_create(
            user=user, game=game_id
        )
        table = run.table
        if table is not None and table.status == Table.PLAYING and not restart:
            return run
        if table is not None:
            table.delete()  # a throwaway match: starting over replaces it
        run.table = _new_table(user, script)
        run.save(update_fields=["table"])
    play.do_start(run.table.pk)
    return run


def progress(run: TutorialRun) -> dict[str, Any]:
    """What the guide shows now, in the active language; records the finish."""
    script = script_of(run.game)
    table = run.table
    if script is None or table is None:
        raise Refused("no_tutorial")
    game = games.get(run.game)
    done = learner_moves(table, script.seat)
    step = script.step_of(done)
    if step is None and run.finished_at is None:
        run.finished_at = timezone.now()
        run.save(update_fields=["finished_at"])
    state = play.current_state(table, game)
    playing = table.status == Table.PLAYING
    my_turn = playing and script.learner_may_act(game, state)
    expected = _expected(script, game, state, done) if my_turn else None
    return {
        "game": run.game,
        "table": table.pk,
        "version": table.version,
        "step": done,
        "steps": len(script.steps),
        "intro": gettext(script.intro) if script.intro and done == 0 else "",
        "text": gettext(step.text) if step else gettext(script.outro),
        "target": _target(step.target, expected) if step else "",
        "wrong": gettext(step.wrong) if step else "",
        "expected": expected,
        "your_turn": my_turn,
        "done": step is None,
        "over": table.status == Table.FINISHED,
    }


def _target(selector: str, expected: list[Any] | None) -> str:
    """A selector with ``{field}`` placeholders names the part of the board of
    each expected action (``[data-cell="{cell}"]``): one selector per action."""
    if "{" not in selector:
        return selector
    if not expected:
        return ""
    filled = [selector.format_map(a) for a in expected if isinstance(a, dict)]
    return ", ".join(dict.fromkeys(filled))


def _expected(
    script: Tutorial, game: Game[Any], state: Any, done: int
) -> list[Any] | None:
    """The actions the step accepts (None: any legal action)."""
    step = script.step_of(done)
    if step is None or step.expect is None:
        return None
    return script.expected(game, state, done)


def load_tutorial(table: Table) -> dict[str, Any]:
    """`live.table.table_loaders`: which tutorial a table follows, read once
    when it is taken (a tutorial's table is tied to its run when it is made,
    and stays so)."""
    with connection.cursor() as cursor:
        cursor.execute(_tutorial_of_table_sql(connection.vendor), [table.pk])
        row = cursor.fetchone()
    return {"tutorial": None if row is None else row[0]}


@functools.cache
def _tutorial_of_table_sql(vendor: str) -> str:
    """A plain SELECT: every table taken asks (the ORM's query cost a
    third of taking a table)."""
    quote = connection.ops.quote_name
    return (
        f"SELECT {quote('game')} FROM {quote(TutorialRun._meta.db_table)}"
        f" WHERE {quote('table_id')} = %s"
    )


def check_on_script(
    live: LiveTable,
    game: Game[Any],
    state: Any,
    seat: int | None,
    action: Any,
    bot: str,
) -> None:
    """Refuse a learner's action that the tutorial step does not ask for
    (the page explains it before sending; this keeps the script honest)."""
    if bot or seat is None:
        return
    game_id = live.extras.get("tutorial")
    if game_id is None:
        return
    script = script_of(game_id)
    if script is None or seat != script.seat:
        return
    step = script.step_of(live.human_moves.get(seat, 0))
    if step is None:
        return
    if not script.learner_may_act(game, state):
        raise Refused("tutorial_bots_first")
    if not step.accepts(game.view(state, seat), action):
        raise Refused("tutorial_wrong_action")


def holds_phase(live: LiveTable, game: Game[Any], state: Any) -> bool:
    """A tutorial's phase timer waits while a step waits for the learner: the
    guide is read at the learner's pace (`clocks.phase_holds`). Real-time
    games are left alone: their bots play on."""
    if game.info.kind == "real-time" or not any(
        s.bot == TUTORIAL_BOT for s in live.seats
    ):
        return False
    game_id = live.extras.get("tutorial")
    script = script_of(game_id) if game_id is not None else None
    if script is None or script.step_of(live.human_moves.get(script.seat, 0)) is None:
        return False
    return script.learner_may_act(game, state)


def finished_games(user: AbstractBaseUser) -> list[TutorialRun]:
    return list(TutorialRun.objects.filter(user=user, finished_at__isnull=False))
