"""Mafia: day/night social deduction for 7-20 players.

Rules: ../shared/rules/mafia.md, built on the Portuguese page "Regras online"
(wake order, win priority, dominance, parity, co-winners, the 1v1 tie-break,
the stalemate), which is the authority wherever it speaks.

Modules, in the order of a match: roles.py (the roles table as data),
rolelist.py (lists by player count, validation), match.py (start, nightfall,
the end), targets.py (who may act on whom), night.py / attacks.py / dawn.py
(the night engine, steps P0-P11 against a start-of-night snapshot), day.py
(votes, trials, judgement, the lynch), win.py (the source's win check and the
co-winners), chat.py (channels as meetings), views.py / sampling.py (what a
seat may know; worlds for bots), refusals.py and text.py (every sentence).
Every numbered ASSUMPTION of the spec is implemented as written or as an
option (options.py), all named on the help pages.
"""

from ludoteca.games.mafia.game import Mafia

GAME = Mafia()

__all__ = ["GAME", "Mafia"]
