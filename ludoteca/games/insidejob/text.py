"""Every sentence and name players see, in English, marked for translation.

The web layer fills the placeholders: {player} (a seat's name), {card},
{mission}, {role}, {reason}.
"""

from __future__ import annotations

from ludoteca.engine.i18n import gettext_noop, ngettext_noop
from ludoteca.games.insidejob import missions

ERRORS = {
    "malformed_action": gettext_noop("That is not a valid action."),
    "unknown_action": gettext_noop("This game has no such action."),
    "game_over": gettext_noop("The match is over."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "wrong_phase": gettext_noop("That action does not fit this moment of the match."),
    "bad_partner": gettext_noop("Choose another player as your partner."),
    "mission_not_offered": gettext_noop("That mission is not one of the two you drew."),
    "must_choose_risky": gettext_noop(
        "The Agent at Full Risk is in play: you must keep the risky mission."
    ),
    "card_not_in_hand": gettext_noop("You do not hold that card."),
    "must_follow_suit": gettext_noop("You must follow the led colour."),
    "wagers_off": gettext_noop("Betting is not used in this match."),
    "leader_cannot_wager": gettext_noop("The leader of the trick may not bet."),
    "revealed_cannot_wager": gettext_noop(
        "A player whose role is revealed may not bet."
    ),
    "no_intel_to_wager": gettext_noop("You have no intel token to bet."),
    "cannot_vote_self": gettext_noop("You may not vote for yourself."),
    "cannot_vote_for": gettext_noop(
        "You may not vote for a player whose role is revealed."
    ),
    "bad_ballot": gettext_noop("That ballot is not allowed for your role."),
}

EVENTS = {
    "partner_chosen": gettext_noop("{player} looks at the role card of {partner}."),
    "partner_seen": gettext_noop("Your partner {partner} is: {role}."),
    "missions_drawn": gettext_noop("{player} draws two missions."),
    "missions_offered": gettext_noop("Keep one of these two missions."),
    "mission_chosen": gettext_noop("{player} chooses the mission: {mission}"),
    "mission_discarded": gettext_noop("You put this mission away unseen: {mission}"),
    "card_played": gettext_noop("{player} plays {card}."),
    "card_played_wager": gettext_noop("{player} plays {card} and bets an intel token."),
    "trick_won": ngettext_noop(
        "{player} wins the trick and takes {intel} intel.",
        "{player} wins the trick and takes {intel} intel.",
        count="intel",
    ),
    "intel_lost": gettext_noop("{player} loses an intel token."),
    "mission_completed": gettext_noop("Mission completed: {mission}"),
    "mission_failed": gettext_noop("Mission failed: {mission}"),
    "role_revealed": gettext_noop("{player} reveals the role: {role}."),
    "voted": gettext_noop("{player} has voted."),
    "votes_revealed": gettext_noop("The votes are revealed."),
    "match_ended": gettext_noop("The match is over: {reason}"),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "partner_chosen": gettext_noop("You look at the role card of {partner}."),
    "partner_chosen:partner": gettext_noop("{player} looks at your role card."),
    "missions_drawn": gettext_noop("You draw two missions."),
    "mission_chosen": gettext_noop("You choose the mission: {mission}"),
    "card_played": gettext_noop("You play {card}."),
    "card_played_wager": gettext_noop("You play {card} and bet an intel token."),
    "trick_won": ngettext_noop(
        "You win the trick and take {intel} intel.",
        "You win the trick and take {intel} intel.",
        count="intel",
    ),
    "intel_lost": gettext_noop("You lose an intel token."),
    "role_revealed": gettext_noop("You reveal your role: {role}."),
    "voted": gettext_noop("You have voted."),
}

REASONS = {
    "intel": gettext_noop("the Insider gathered enough intel."),
    "microphone": gettext_noop(
        "the Agent with a Microphone held more than one intel token."
    ),
    "all_revealed": gettext_noop("Prof. No got every other player revealed."),
    "missions": gettext_noop("the Agents completed enough missions."),
    "full_risk": gettext_noop("the Agent at Full Risk was revealed."),
    "prof_no_revealed": gettext_noop("Prof. No was revealed."),
    "vote": gettext_noop("the final vote decided."),
}

ROLES = {
    "agent": gettext_noop("Agent"),
    "insider": gettext_noop("Insider"),
    "microphone": gettext_noop("Agent with a Microphone"),
    "paranoid": gettext_noop("Paranoid Agent"),
    "full_risk": gettext_noop("Agent at Full Risk"),
    "decoy": gettext_noop("The Decoy"),
    "accomplice": gettext_noop("The Accomplice"),
    "tim_shady": gettext_noop("Tim Shady"),
    "sleeping": gettext_noop("Sleeping Agent"),
    "prof_no": gettext_noop("Prof. No"),
}

SUITS = (
    gettext_noop("blue"),
    gettext_noop("green"),
    gettext_noop("yellow"),
    gettext_noop("red"),
)

CONDITIONS = {
    "all_odd": gettext_noop("Every card in the trick has an odd value."),
    "all_even": gettext_noop("Every card in the trick has an even value."),
    "first_wins": gettext_noop("The leader's card wins the trick."),
    "last_wins": gettext_noop("The last card played wins the trick."),
    "second_wins": gettext_noop("The second card played wins the trick."),
    "third_wins": gettext_noop("The third card played wins the trick."),
    "ascending": gettext_noop("Each card is higher than the card before it."),
    "descending": gettext_noop("Each card is lower than the card before it."),
    "same_suit": gettext_noop("All cards in the trick are of the same colour."),
    "all_below_7": gettext_noop("Every card is below 7."),
    "middle_odd": gettext_noop("The middle card is odd (both middle cards at four)."),
    "all_at_least_7": gettext_noop("Every card is 7 or higher."),
    "no_trump": gettext_noop("No trump is played."),
    "exactly_one_trump": gettext_noop("Exactly one trump is played."),
    "winner_odd": gettext_noop("The winning card is odd."),
    "winner_even": gettext_noop("The winning card is even."),
    "has_1": gettext_noop("The trick contains a 1."),
    "has_13": gettext_noop("The trick contains a 13."),
    "winner_at_most_9": gettext_noop("The winning card is 9 or lower."),
    "winner_at_least_10": gettext_noop("The winning card is 10 or higher."),
    "led_suit_wins": gettext_noop("A card of the led colour wins the trick."),
    "odd_and_even": gettext_noop("The trick has at least one odd and one even card."),
    "sum_at_most_20": gettext_noop("The values add up to 20 or less."),
    "sum_at_least_30": gettext_noop("The values add up to 30 or more."),
    "winner_at_most_5": gettext_noop("Risky: the winning card is 5 or lower."),
    "odd_sum_21_to_29": gettext_noop(
        "Risky: the values add up to an odd number from 21 to 29."
    ),
    "none_above_9": gettext_noop("Risky: no card above 9 is played."),
    "no_follower_in_led_suit": gettext_noop(
        "Risky: nobody but the leader plays the led colour."
    ),
}

OPTIONS = {
    "wagers": gettext_noop("Betting"),
    "risky_missions": gettext_noop("Risky missions"),
    "character_microphone": gettext_noop("Character: Agent with a Microphone"),
    "character_paranoid": gettext_noop("Character: Paranoid Agent"),
    "character_full_risk": gettext_noop("Character: Agent at Full Risk"),
    "character_decoy": gettext_noop("Character: The Decoy"),
    "character_accomplice": gettext_noop("Character: The Accomplice"),
    "character_tim_shady": gettext_noop("Character: Tim Shady"),
    "character_sleeping": gettext_noop("Character: Sleeping Agent"),
    "character_prof_no": gettext_noop("Character: Prof. No (replaces the Insider)"),
}
"""Short labels of the lobby options; OPTION_HELP explains each."""

OPTION_HELP = {
    "wagers": gettext_noop("Betting: put an intel token on your card to make it trump"),
    "risky_missions": gettext_noop(
        "Shuffle the four risky missions into the mission deck"
    ),
    "character_microphone": gettext_noop(
        "Agent with a Microphone: shown at once; more than one intel token makes "
        "the Insider win"
    ),
    "character_paranoid": gettext_noop("Paranoid Agent: two votes in the final vote"),
    "character_full_risk": gettext_noop(
        "Agent at Full Risk: risky missions are in and must be kept; revealed, "
        "the Agents win"
    ),
    "character_decoy": gettext_noop("The Decoy: wins by topping the final vote"),
    "character_accomplice": gettext_noop(
        "The Accomplice: shown at once, looks at a partner's role, wins with the "
        "partner"
    ),
    "character_tim_shady": gettext_noop(
        "Tim Shady: wins if the player to his right loses"
    ),
    "character_sleeping": gettext_noop("Sleeping Agent: changes sides when revealed"),
    "character_prof_no": gettext_noop(
        "Prof. No: replaces the Insider and must stay hidden"
    ),
}

NAMES = {
    "game": gettext_noop("Inside Job"),
    "crew": gettext_noop("Agents"),
    "insider_side": gettext_noop("Insider"),
    "intel": gettext_noop("intel"),
    "house": gettext_noop("house mission"),
}


def _card(card: int) -> tuple[str, dict[str, object]]:
    return gettext_noop("{symbol} {colour} {value}"), {
        "symbol": SYMBOLS[card // 13],
        "colour": SUITS[card // 13],
        "value": card % 13 + 1,
    }


def _mission(mission_id: str) -> tuple[str, dict[str, object]]:
    m = missions.catalogue()[mission_id]
    return gettext_noop("{id}: {condition} Trump: {colour}."), {
        "id": m.id,
        "condition": CONDITIONS[m.condition],
        "colour": SUITS[m.trump],
    }


SYMBOLS = ("◆", "♣", "★", "♥")
"""Each suit's symbol beside its colour, for colour-blind players."""

PARAMS = {
    "card": _card,
    "mission": _mission,
    "role": lambda role: (ROLES[role], {}),
    "reason": lambda reason: (REASONS[reason], {}),
}
"""How the web words event values (docs/writing-a-game.md, "Text players see")."""
