"""Matches recorded before the 2026-12 corrections replay as they were played.

Their stored options lack `refill_timing` (whose default, "end", is the
timing they were played with) and `edition`, whose legacy value "2026-11"
keeps the active side's refill after an instant black-market card.
"""

import pytest

from tests.games.old_records import check_old_record, old_records


def _played(view):
    """What happened: positions, agents in play, black market, hands' sizes
    (the view's option list has grown since)."""
    view.pop("refill_timing", None)
    return view


@pytest.mark.parametrize("path", old_records("agentavenue"), ids=lambda p: p.stem)
def test_an_old_record_replays_to_the_same_end(path):
    check_old_record(path, _played)
