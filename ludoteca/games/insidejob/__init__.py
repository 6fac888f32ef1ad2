"""Inside Job: hidden-traitor trick-taking for 3-5 players.

Rules: ../shared/rules/insidejob.md (its "Authoritative additions" from the
source help page settle the characters, the vote and the options).

What is special: one secret Insider (or Prof. No) among Agents; the Insider
may ignore the led suit and wins with intel tokens, the Agents with completed
missions; the leader secretly keeps one of two missions; an optional final
vote is simultaneous and secret. Options: `wagers` (betting an intel token
makes a card trump), `risky_missions` (four extra missions), and eight
`character_*` switches (4-5 players) for the special characters.

Assumptions (named on the help page): the 3p and 5p deals (14/12, 10/9); a
tie for most votes spares the Insider; in a 4-player trick "the middle card"
means both middle cards; the house missions A11-A24 and R1-R4; every chosen
character is dealt; the Accomplice starts without intel, and tokens the
Accomplice or Tim Shady take away go back to the supply; the Accomplice's
partner (the seat, not the role) is public; Prof. No revealed ends the match
for the Agents; the Decoy needs the most votes shared with nobody but the
Insider.
"""

from ludoteca.games.insidejob.game import GAME, InsideJob

__all__ = ["GAME", "InsideJob"]
