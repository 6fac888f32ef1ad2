"""Cat in the Box (Deluxe Edition): trick taking where the player picks the colour.

Rules: the project spec `rules/catinthebox.md` (researched, from the publisher's
rulebook, reviews and the source help page, which wins where it is explicit).

What is special:
- Cards carry only a number; each play declares a colour, and the research
  board (colours x numbers) makes every colour-number pair unique per round.
  Declaring off the led colour reveals an X: that colour is lost for the round.
- A player who cannot declare anything causes a paradox: the round ends at
  once, and that player scores minus one per trick.
- Hidden information: the hands, each player's face-down card, and with two
  players the undealt cards still face down. Predictions are public.
- Chance: the deal (and, with two players, the observed cards).
- Several seats act at once only when setting a card aside.

The spec's choices are table options (`game.OPTIONS`), each defaulting to
the spec as corrected from the rulebook (2026-12): the predictions printed on
the player boards (3 players: 1, 3 or 4; 4-5: 1-3, an assumption), the
2-player observed cards, a red lead for a leader with nothing else, the row
order blue-yellow-green-red, a random first start player, predictions from the
start player on, the interrupted trick's tokens counting for groups, and a tie
settled by the final round's score, then shared. Records made before 2026-12
stored the old defaults (predictions "1-3", no forced red lead, shared ties),
so they replay as they were played (tests/games/catinthebox/test_old_records.py).
"""

from ludoteca.games.catinthebox.game import GAME, CatInTheBox

__all__ = ["GAME", "CatInTheBox"]
