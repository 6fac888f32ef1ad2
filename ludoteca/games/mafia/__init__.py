"""Mafia: day/night social deduction for 7-20 players.

Rules: ../shared/rules/mafia.md, built on the Portuguese page "Regras online"
(wake order, win priority, dominance, parity, co-winners, the 1v1 tie-break,
the stalemate), which is the authority wherever it speaks. Night actions are
collected in the source's wake order and resolved in fixed steps against a
start-of-night snapshot (night.py, dawn.py); the win check follows the
source's priority (win.py). Every numbered ASSUMPTION of the spec is either
implemented as written or an option (options.py) named on the help page.
"""

from ludoteca.games.mafia.game import Mafia

GAME = Mafia()

__all__ = ["GAME", "Mafia"]
