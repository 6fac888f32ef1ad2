"""Channels' WebsocketCommunicator without Daphne.

`channels.testing` imports Daphne only for its live-server test case, which we
do not use (our live tests run `ludoteca serve` under uvicorn); a placeholder
module lets the communicator import without installing Daphne and Twisted.
"""

from __future__ import annotations

import importlib.util
import sys
import types

if importlib.util.find_spec("daphne") is None:  # pragma: no branch
    daphne = types.ModuleType("daphne")
    testing = types.ModuleType("daphne.testing")
    testing.DaphneProcess = object  # type: ignore[attr-defined]
    daphne.testing = testing  # type: ignore[attr-defined]
    sys.modules.setdefault("daphne", daphne)
    sys.modules.setdefault("daphne.testing", testing)

from channels.testing.websocket import WebsocketCommunicator

__all__ = ["WebsocketCommunicator"]
