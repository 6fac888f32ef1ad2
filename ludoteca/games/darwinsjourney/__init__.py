"""Darwin's Journey: worker placement for 1-4 players over five rounds.

Rules from ``rules/darwinsjourney.md`` (and the source help page, which wins
where it is explicit). Every number is in ``data/*.json``; the assumptions the
code branches on are in ``assumptions.py``. A turn is a stack of small tasks
(place a worker, then resolve the location's parts in any order), so every
choice is one enumerable action. Hidden: reserve objectives, undealt crew cards
and the order of the decks. Solo mode follows the spec's placeholder (A-52).
"""

from ludoteca.games.darwinsjourney.game import DarwinsJourney

GAME = DarwinsJourney()

__all__ = ["GAME"]
