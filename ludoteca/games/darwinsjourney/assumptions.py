"""Every assumption of the spec, as a named constant.

The spec (rules/darwinsjourney.md, section (i)) listed 53 assumptions, A-01 to
A-53, before the rulebook was found; the constants below are the first
reading's, which old records replay by. Since 2026-12 the rulebook settles or
corrects many of them (the help page says which); the rulebook edition's
remaining readings are at the end. Numbers live in the data files.
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

# The remaining readings, each under a name, so that every assumption of the
# spec can be found (and corrected) here. Numbers that are data stay in data/.
UNLIMITED_COINS_AND_KNOWLEDGE = True
RESEARCH_TOKENS_PER_PLAYER = 16  # one per museum cell
ONE_MARKER_PER_TRACK = True
OBJECTIVE_SLOT_COSTS_FROM_DATA = True  # gold 1 = 5, gold 2 = 3 (board.json)
NO_PURPLE_IN_ACADEMY = True
GOAL_OF_STOP_K_SCORES_IN_ROUND_K = True
START_EXPLORER_ISLAND = "A"
CREW_PAIRED_FREELY = True
START_COINS_AND_KNOWLEDGE_FROM_DATA = True  # 4 coins, 1 knowledge (board.json)
RANDOM_FIRST_PLAYER = True
TURN_ORDER_COINS_FROM_DATA = True  # 3/2/1/0 (board.json)
NO_PLAYER_COUNT_ICONS = True
ACADEMY_REFILLED_AT_RANDOM = True
OBJECTIVE_DISPLAY_REFILLS_AT_ONCE = True
DISTINCTIONS_STACK = True
FREE_ACTIONS_IN_OWN_TURN_ONLY = True
RECTANGULAR_ALWAYS_ALLOWED = True
SPECIAL_JOURNAL_TWO_SECTIONS = True  # A-22 (locations.json sections)
ACADEMY_SILVER_EXTRA_PURCHASE = True
MUSEUM_NEEDS_NO_SEAL = True
MUSEUM_DELIVER_OR_RESEARCH = True  # research there is free
UNLOCK_COST_SAME_FOR_ALL = True  # A-26 (locations.json unlock_cost)
DISCOUNTS_FLOOR_AT_ZERO = True
MOVES_USE_EVERY_STEP = True
GOLD_STOP_RESOLVES_ONE_PASSED_SPACE = True
RIBBON_CROSSED_BY_ENTERING_OR_JUMPING = True
RIBBON_FIRST_CROSSER_ONLY = True
END_SPACE_BONUS_VP = True  # A-32 (the tracks' end_bonus in data)
DELIVERY_KEEPS_RESEARCH_TOKEN = True
MUSEUM_SCOPE_DEFAULT = "row_col"  # A-34 (option museum_evolution_scope)
STAMPS_STAY_ON_ENVELOPES = True
ONE_RESERVATION_PER_ROUND = True
EXTRA_OBJECTIVE_KEPT_ON_SLOT = True
OBJECTIVE_ANY_FREE_SLOT_OF_ITS_ROW = True
CONDITIONS_CHECKED_NOT_PAID = True
ONE_TENT_PER_PLAYER_PER_CAMPSITE = True
CREW_REWARD_ONCE = True
SCORE_NEVER_BELOW_ZERO = True
ENVELOPE_TIES_SKIP_NEXT_RANK = True
PURPLE_NEVER_COUNTS_FOR_COLOURS = True
FREE_COMPLETION_STILL_PAYS_SLOT = True
CONVERT_ONE_KNOWLEDGE_FOR_SEVEN = 7
COPY_CREW_FROM_OWN_CLAIMED = True
FREE_SEAL_COSTS_NOTHING = True
TIE_BREAK_COINS_THEN_SHARED = True
SOLO_PLACEHOLDER = True  # A-52 (option solo_rival)
USED_STAMP_TRAY_STARTS_EMPTY = True

# The rulebook edition's own readings (spec (i), 2026-12).
ACHIEVEMENT_WINDOWS_AROUND_REWARDS = True  # A-56 (rounds.reward_phase)
DECLINED_REWARD_KEEPS_STAMPS = True  # A-57 (rounds.pay_stamps)
SHORT_OBJECTIVE_DECK_REVEALS_WHAT_IS_LEFT = True  # A-17b (rounds.redraw_display)
COPY_CREW_NOT_ITSELF = True  # A-49b (tasks.copyable_crew)

ASSUMPTIONS: dict[str, str] = {
    "A-01": "UNLIMITED_COINS_AND_KNOWLEDGE",
    "A-02": "RESEARCH_TOKENS_PER_PLAYER",
    "A-03": "ONE_MARKER_PER_TRACK",
    "A-04": "TRAINABLE_WORKERS",
    "A-05": "SEAL_VP_CUMULATIVE",
    "A-06": "OBJECTIVE_SLOT_COSTS_FROM_DATA",
    "A-07": "ROW_COIN",
    "A-08": "NO_PURPLE_IN_ACADEMY",
    "A-09": "GOAL_OF_STOP_K_SCORES_IN_ROUND_K",
    "A-10": "START_EXPLORER_ISLAND",
    "A-11": "CREW_PAIRED_FREELY",
    "A-12": "START_COINS_AND_KNOWLEDGE_FROM_DATA",
    "A-13": "RANDOM_FIRST_PLAYER",
    "A-14": "TURN_ORDER_COINS_FROM_DATA",
    "A-15": "NO_PLAYER_COUNT_ICONS",
    "A-16": "ACADEMY_REFILLED_AT_RANDOM",
    "A-17": "OBJECTIVE_DISPLAY_REFILLS_AT_ONCE",
    "A-18": "PURPLE_IS_WILD",
    "A-19": "DISTINCTIONS_STACK",
    "A-20": "FREE_ACTIONS_IN_OWN_TURN_ONLY",
    "A-21": "RECTANGULAR_ALWAYS_ALLOWED",
    "A-22": "SPECIAL_JOURNAL_TWO_SECTIONS",
    "A-23": "ACADEMY_SILVER_EXTRA_PURCHASE",
    "A-24": "MUSEUM_NEEDS_NO_SEAL",
    "A-25": "MUSEUM_DELIVER_OR_RESEARCH",
    "A-26": "UNLOCK_COST_SAME_FOR_ALL",
    "A-27": "DISCOUNTS_FLOOR_AT_ZERO",
    "A-28": "MOVES_USE_EVERY_STEP",
    "A-29": "GOLD_STOP_RESOLVES_ONE_PASSED_SPACE",
    "A-30": "RIBBON_CROSSED_BY_ENTERING_OR_JUMPING",
    "A-31": "RIBBON_FIRST_CROSSER_ONLY",
    "A-32": "END_SPACE_BONUS_VP",
    "A-33": "DELIVERY_KEEPS_RESEARCH_TOKEN",
    "A-34": "MUSEUM_SCOPE_DEFAULT",
    "A-35": "ROW_COMPLETE_EVOLUTION",
    "A-36": "STAMPS_STAY_ON_ENVELOPES",
    "A-37": "ONE_RESERVATION_PER_ROUND",
    "A-38": "EXTRA_OBJECTIVE_KEPT_ON_SLOT",
    "A-39": "OBJECTIVE_ANY_FREE_SLOT_OF_ITS_ROW",
    "A-40": "CONDITIONS_CHECKED_NOT_PAID",
    "A-41": "ONE_TENT_PER_PLAYER_PER_CAMPSITE",
    "A-42": "CREW_REWARD_ONCE",
    "A-43": "BEAGLE_DELAY_VP_PER_STEP",
    "A-44": "SCORE_NEVER_BELOW_ZERO",
    "A-45": "ENVELOPE_TIES_SKIP_NEXT_RANK",
    "A-46": "PURPLE_NEVER_COUNTS_FOR_COLOURS",
    "A-47": "FREE_COMPLETION_STILL_PAYS_SLOT",
    "A-48": "CONVERT_ONE_KNOWLEDGE_FOR_SEVEN",
    "A-49": "COPY_CREW_FROM_OWN_CLAIMED",
    "A-50": "FREE_SEAL_COSTS_NOTHING",
    "A-51": "TIE_BREAK_COINS_THEN_SHARED",
    "A-52": "SOLO_PLACEHOLDER",
    "A-53": "USED_STAMP_TRAY_STARTS_EMPTY",
}
