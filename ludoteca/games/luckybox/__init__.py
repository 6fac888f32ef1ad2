"""Super Mega Lucky Box (Phil Walker-Harding, 2021): a flip-and-write for 1–12.

Rules: /work/shared/rules/luckybox.md (our spec, from the publisher's rules
and the Portuguese help page). Each player crosses numbers on 3×3 Lucky Box
cards; 9 of 18 number cards are revealed per round, 4 rounds; lines pay
bonuses (numbers, ?, lightning, stars, moons) that chain.

What is special: simultaneous play (every player acts on the same revealed
number; `active_seats` holds all who still have to act); hidden information
in the drafts (offered cards and picks are private until everyone has
chosen), the Lucky Box deck order and the numbers still face down. Sheets
are public.

Assumptions (spec 3(f)), named on the help pages: a player with no cell
showing the number is never forced to spend lightning (option
`stuck_lightning`); a number or ? bonus with no cell left is lost; the
discard pile is reshuffled into the deck when the deck is short; no cap on
lightning tokens (option `max_lightning`); a full moon tie in 3+ players
nets 0; a full tie after moons is shared; the card faces beyond the five
verified ones are generated (deckgen.py). Our own decisions: lightning is
charged the short way round; with 11–12 players a short deck is dealt one
card at a time and may give some players fewer cards.
"""

from ludoteca.games.luckybox.game import LuckyBox

GAME = LuckyBox()

__all__ = ["GAME", "LuckyBox"]
