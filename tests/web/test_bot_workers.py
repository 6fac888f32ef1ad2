"""Bot worker processes end with the server that started them (issue 20).

A real process starts the workers as the server does; the test stops it,
then waits for each worker's end through a pidfd (an event, with a generous
bound that only a leaked worker reaches)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LEAKED_AFTER = 60.0  # seconds: a worker still alive then has outlived its server

pytestmark = pytest.mark.skipif(
    not hasattr(os, "pidfd_open"), reason="pidfd_open is Linux only"
)


def start_parent() -> tuple[subprocess.Popen[str], list[int]]:
    parent = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "web" / "bot_worker_parent.py")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert parent.stdout is not None
    line = parent.stdout.readline()
    assert line, "the parent ended before starting its workers"
    workers = json.loads(line)
    assert workers and parent.pid not in workers
    return parent, workers


def wait_gone(pids: list[int]) -> list[int]:
    """The pids still running after LEAKED_AFTER seconds at most."""
    poller = select.poll()
    fds = {}
    for pid in pids:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue  # already gone
        fds[fd] = pid
        poller.register(fd, select.POLLIN)
    try:
        pending = dict(fds)
        while pending:
            ready = poller.poll(LEAKED_AFTER * 1000)
            if not ready:
                break
            for fd, _ in ready:
                poller.unregister(fd)
                pending.pop(fd, None)
        return sorted(pending.values())
    finally:
        for fd, pid in fds.items():
            if pid in pending.values():
                os.kill(pid, signal.SIGKILL)  # leave nothing behind
            os.close(fd)


def test_workers_end_when_the_server_is_killed():
    parent, workers = start_parent()
    parent.kill()
    parent.wait()
    assert wait_gone(workers) == []


def test_workers_end_when_the_server_stops_cleanly():
    parent, workers = start_parent()
    parent.terminate()
    assert parent.wait(timeout=LEAKED_AFTER) == 0
    assert wait_gone(workers) == []
