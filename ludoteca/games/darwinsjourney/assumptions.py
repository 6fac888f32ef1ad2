"""The spec's assumptions that change play, as named constants.

The spec (rules/darwinsjourney.md, section (i)) lists 53 assumptions, A-01 to
A-53, because the official rulebook was not available. Numbers live in the
data files; the choices below are the ones the code branches on. The help
page lists every assumption.
"""

from __future__ import annotations

# W0 holds only its purple seal; W1-W3 have six slots; the fifth worker none.
TRAINABLE_WORKERS = (1, 2, 3)
GENERALIST_WORKER = 0
FIFTH_WORKER = 4
# the 5th- and 6th-seal points add up (a full worker scores 3 + 7).
SEAL_VP_CUMULATIVE = True
# the row coin goes to the first *delivered* specimen of a row.
ROW_COIN = 1
# turn-order reservation coins by position.
# a purple seal counts as one seal of any colour for requirements.
PURPLE_IS_WILD = True
# silver and gold distinction bonuses stack at six seals.
# objectives and crew cards are completed as free actions in your own turn.
# the rectangular locations are always a legal placement.
# Academy silver = one extra purchase; gold = 1 coin off each purchase.
ACADEMY_GOLD_DISCOUNT = 1
# every locked lens spot costs the same to unlock (data: unlock_cost).
# discounts apply to the whole purchase, never below 0.
# moves use every step; A-29: gold "movement stop" resolves one passed space.
# a ribbon scores for the first explorer that enters or skips it.
# "end bonus 3" is 3 VP on reaching a track's last space.
# delivering keeps the research token on the personal board.
# museum coins and evolution count the row and column (option
#       museum_evolution_scope switches evolution to the whole museum).
# completing a museum row advances evolution by one space.
ROW_COMPLETE_EVOLUTION = 1
# stamps on envelopes stay; the used-stamps tray starts empty.
# one turn-order reservation per player per round.
# objectives beyond the two-tile reserve are kept, unfinished, on an
#       empty slot of their row, paying that slot's cost.
RESERVE_SIZE = 2
# at most one tent per player per campsite.
# a crew card's reward is gained once, when it is claimed.
# Beagle delay costs 1 VP per step behind (capped at 2 with Gold 4).
BEAGLE_DELAY_VP_PER_STEP = 1
BEAGLE_DELAY_CAP = 2
# the score never drops below 0.
# envelope ties share the rank's reward and the next rank is skipped.
# purple seals never count for colour goals or objectives.
# completing an objective "ignoring conditions" still pays the slot cost.
# special tile 5 turns exactly one temporary knowledge into 7 coins or 7 VP.
# "copy a crew card" gains the reward of one of your claimed crew cards.
# "a free seal of any colour" waives the row and slot costs.
# ties are broken by coins left, then shared.
# solo mode: score attack with a neutral rival worker; penalty 2 coins.
SOLO_TIERS = ((180, "legendary"), (140, "great"), (100, "good"), (0, "beginner"))
OCCUPIED_PENALTY_TWO_PLAYERS = 3
OCCUPIED_PENALTY_OTHERWISE = 2
