"""What happens to a seat whose player loses the connection (spec 2(e)).

A player who disconnects keeps their piles and the others play on; coming
back shows no pile contents until the player picks a pile up again. The web
layer, which knows about sockets, asks `on_disconnect` when a seat's last
socket closes and applies the action it returns for that seat (never rate
limited): the pile in hand goes back down.
"""

from __future__ import annotations

from ludoteca.engine.protocol import Action
from ludoteca.games.piles.rules import CLOSE
from ludoteca.games.piles.state import State


def on_disconnect(state: State, seat: int) -> Action | None:
    """Put the pile in hand down, if the seat holds one during play."""
    if state.phase == "play" and state.open_pile[seat] is not None:
        return dict(CLOSE)
    return None
