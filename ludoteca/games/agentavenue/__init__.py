"""Agent Avenue (Christian & Laura Kudahl; IELLO): two retired spies race round
a 14-space loop trying to catch each other.

Rules: /work/shared/rules/agentavenue.md (implementation-ready spec) and the
Portuguese help page "Rivalidades". What is special: each turn the active side
offers two agents, one face up and one face down, and the opponent picks one
without seeing the hidden card; each recruited agent moves its side's pawn by
how many copies that side already has in play. Hidden information: hands, the
face-down card, discarded cards, both deck orders. No chance after setup
except the draws. Options: `black_market` (advanced mode, 15 cards) and
`teams` (3-4 players in two sides sharing a pawn).

Assumptions (spec §1(f), each named on the help page): the first side is
random; black-market spaces are cells 2, 5, 9 and 12; an emptied supply slot
stays empty; Getaway Car needs real movement; an unplayable turn start is
settled by proximity; "Cabane d'observation" is called Lookout Treehouse.
Team-variant choices of our own: seat s plays for side s % 2; whichever
teammate plays first leads; either member of the picking side may pick; the
teammate who takes a black-market card resolves it with their own hand; a
pair refills leader first (so a last single card goes to the leader).
"""

from ludoteca.games.agentavenue.game import AgentAvenue

GAME = AgentAvenue()

__all__ = ["GAME", "AgentAvenue"]
