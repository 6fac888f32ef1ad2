"""Instructions per action of `bench/actorpath.py`, by callgrind, by thread.

CPU time moves with a shared machine's load; the number of instructions does
not. This runs `bench/actorpath.py` under ``valgrind --tool=callgrind
--instr-atstart=no --separate-threads=yes`` and turns the instrumentation on
and off at the bench's two marks (its calls of `thread_cpu`), with
``callgrind_control -i on|off``, which returns once valgrind has done it; so
the count covers the measured actions only (the in-process clients
included), and is divided by the actions the bench reports.

    .venv/bin/python bench/actorpath_callgrind.py [--tables 50]
        [--actions 2000] [--warmup 300] [--keep DIR] [--lean]

`--lean` counts the floor (`bench/leanpath.py`) the same way.

Valgrind numbers its threads by slot (a thread that ended frees its slot for
the next one); the run records the order its threads start and end in, so
each thread's file is named by the Python thread's name (digits dropped:
`db_0`, `db_1` are `db`). It prints the instructions under orjson.loads apart:
nearly all of them are the in-process clients reading every frame.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TOTALS = re.compile(rb"^totals: (\d+)", re.M)
THREAD = re.compile(rb"^thread: (\d+)", re.M)
ACTIONS = re.compile(r" (\d+) actions \((?:the (?:owned )?floor, )?in process")


def inner(slots_file: str, lean: bool) -> None:
    """Runs under valgrind: the bench (`bench/leanpath.py` when `lean`), with
    the marks toggling callgrind and the threads' slots written to
    `slots_file` at the second mark."""
    from bench import actorpath, leanpath

    slots: list[str | None] = ["MainThread"]  # valgrind's thread 1
    lock = threading.Lock()
    start, run = threading.Thread.start, threading.Thread.run

    def started(thread: threading.Thread) -> None:
        with lock:  # valgrind gives a new thread the first free slot
            if None in slots:
                slots[slots.index(None)] = thread.name
            else:
                slots.append(thread.name)
        start(thread)

    def running(thread: threading.Thread) -> None:
        try:
            run(thread)
        finally:
            with lock:
                slots[slots.index(thread.name)] = None

    threading.Thread.start = started  # type: ignore[method-assign]
    threading.Thread.run = running  # type: ignore[method-assign]
    marks = 0
    thread_cpu = actorpath.thread_cpu

    def marked() -> dict[str, float]:
        nonlocal marks
        marks += 1
        if marks == 2:
            toggle("off")
            Path(slots_file).write_text(json.dumps(slots))
        out = thread_cpu()
        if marks == 1:
            toggle("on")
        return out

    actorpath.thread_cpu = marked  # leanpath reads it there too
    (leanpath if lean else actorpath).main()


def toggle(state: str) -> None:
    subprocess.run(
        ["callgrind_control", "-i", state, str(os.getpid())],
        check=True,
        capture_output=True,
    )


def done_pid(work: Path) -> str:
    """The bench's own pid: the one whose first thread's file is largest."""
    first = max(work.glob("callgrind.out.*-01"), key=lambda p: p.stat().st_size)
    return first.name.split(".")[-1].split("-")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--keep", help="a folder to keep callgrind's files in")
    parser.add_argument(
        "--lean", action="store_true", help="the floor (bench/leanpath.py) instead"
    )
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.inner:
        at = sys.argv.index("--inner")
        del sys.argv[at : at + 2]
        if args.lean:
            sys.argv.remove("--lean")
        inner(args.inner, args.lean)
        return
    work = Path(args.keep or tempfile.mkdtemp(prefix="actorpath-callgrind-"))
    work.mkdir(parents=True, exist_ok=True)
    slots_file = work / "slots.json"
    command = [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        "--separate-threads=yes",
        f"--callgrind-out-file={work / 'callgrind.out.%p'}",
        sys.executable,
        str(Path(__file__).resolve()),
        "--inner",
        str(slots_file),
        *(["--lean"] if args.lean else []),
        "--tables",
        str(args.tables),
        "--actions",
        str(args.actions),
        "--warmup",
        str(args.warmup),
        *rest,
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    print(done.stdout, end="")
    found = ACTIONS.search(done.stdout)
    if done.returncode or not found:
        print(done.stderr[-4000:], file=sys.stderr)
        raise SystemExit("the run failed")
    actions = int(found.group(1))
    slots: list[str | None] = json.loads(slots_file.read_text())
    by_name: dict[str, int] = {}
    # forks before an exec (callgrind_control's) leave files of their own
    files = sorted(work.glob(f"callgrind.out.{done_pid(work)}-*"))
    for path in files:
        text = path.read_bytes()
        total = sum(int(m) for m in TOTALS.findall(text))
        tid = int(THREAD.search(text).group(1))  # type: ignore[union-attr]
        name = slots[tid - 1] if tid - 1 < len(slots) else None
        name = (name or f"thread {tid}").rstrip("0123456789").rstrip("_")
        by_name[name] = by_name.get(name, 0) + total
    whole = sum(by_name.values())
    parts = [f"{k} {n / actions / 1e6:.2f}" for k, n in sorted(by_name.items()) if n]
    print(
        f"instructions per action (millions), {actions} actions: "
        + " ".join(parts)
        + f" total {whole / actions / 1e6:.2f}"
    )
    loads = sum(_inclusive(path, "loads") for path in files)
    print(
        f"  of which orjson.loads {loads / actions / 1e6:.2f} (the clients' reading"
        " of every frame, and the sockets' of the actions)"
    )
    print(f"callgrind's files: {work}")


def _inclusive(path: Path, function: str) -> int:
    """The instructions of `function` (a C symbol) and what it called, in one
    of callgrind's files (by callgrind_annotate)."""
    found = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(path)],
        capture_output=True,
        text=True,
    ).stdout
    pattern = re.compile(rf"^\s*([\d,]+) .*:{function} \[", re.M)
    return sum(int(m.replace(",", "")) for m in pattern.findall(found))


if __name__ == "__main__":
    main()
