"""Longest first: the order in which `--dist loadgroup` hands out the tests.

xdist hands out its units (an xdist_group, or a test of no group) by their
number of tests, then in collection order; a long match that starts last keeps
one worker busy while the other has finished. This scheduler hands out the
units by their duration in the last measured run (`tests/durations.json`,
seconds per test id), longest first; a test it does not know counts as short.
It also puts the tests of a module whose `pytestmark` names an xdist_group
in that group: with pytest 9, xdist 3.8 cannot (it appends the group to
`item._nodeid`, which pytest no longer reads), so every test went out on its
own and a module's server and browser were started again on each worker.

Refresh the file from a run with `--durations=0 -vv` (README, Development notes):

    python -m tests.schedule < pytest-output.txt > tests/durations.json
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections import OrderedDict, defaultdict
from pathlib import Path
from typing import Any

from xdist.scheduler import LoadGroupScheduling

DURATIONS = Path(__file__).with_name("durations.json")
UNKNOWN = 0.1  # seconds: most tests take less
KEEP = 1.0  # the file lists the tests that took at least this long
MODULE_GROUP = re.compile(
    r"""^pytestmark\b.*\bxdist_group\(\s*["']([^"']+)["']""", re.M
)


def known_durations() -> dict[str, float]:
    try:
        return dict(json.loads(DURATIONS.read_text()))
    except (OSError, ValueError):
        return {}


def test_id(nodeid: str) -> str:
    """A collected id without xdist's "@group" suffix."""
    if nodeid.rfind("@") > nodeid.rfind("]"):
        return nodeid.rsplit("@", 1)[0]
    return nodeid


@functools.cache
def module_group(path: Path) -> str | None:
    """The xdist_group named by a test module's `pytestmark`, if any."""
    try:
        found = MODULE_GROUP.search(path.read_text(encoding="utf-8"))
    except OSError:
        return None
    return found.group(1) if found else None


class LongestFirst(LoadGroupScheduling):
    def __init__(self, config: Any, log: Any = None) -> None:
        super().__init__(config, log)
        self.root = Path(config.rootpath)
        self.durations = known_durations()
        self.ordered = False

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):  # xdist named the group
            return super()._split_scope(nodeid)
        return module_group(self.root / nodeid.split("::", 1)[0]) or nodeid

    def _assign_work_unit(self, node: Any) -> None:
        if not self.ordered:  # the queue is complete at the first assignment
            self.ordered = True
            self.workqueue = OrderedDict(
                sorted(self.workqueue.items(), key=lambda unit: -self.cost(unit[1]))
            )
        super()._assign_work_unit(node)

    def cost(self, unit: dict[str, bool]) -> float:
        return sum(self.durations.get(test_id(n), UNKNOWN) for n in unit)


def parse(text: str) -> dict[str, float]:
    """Seconds per test (setup, call and teardown) from `--durations` lines."""
    total: dict[str, float] = defaultdict(float)
    line = re.compile(r"^\s*([\d.]+)s (?:setup|call|teardown)\s+(\S.*?)\s*$")
    for match in map(line.match, text.splitlines()):
        if match:
            total[test_id(match.group(2))] += float(match.group(1))
    return {k: round(v, 1) for k, v in sorted(total.items()) if v >= KEEP}


if __name__ == "__main__":
    json.dump(parse(sys.stdin.read()), sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")
