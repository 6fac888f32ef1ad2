"""Hooks for the whole suite."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` hands out the longest tests first (tests/schedule.py)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from tests.schedule import LongestFirst

    return LongestFirst(config, log)
