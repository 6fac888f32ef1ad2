// @ts-check
/**
 * Inside Job's printed facts, public information (rules/insidejob.md 1(b)):
 * the four suits (each with a colour AND a symbol, so colour-blind players
 * tell them apart), the playing cards, the mission cards and the roles. Names
 * are the English msgids of the game's text.py, translated through the catalog.
 */

/** Suit index (card // 13) -> colour, symbol and name msgid. */
export const SUITS = [
  { name: "blue", color: "#2f6db3", symbol: "◆", ink: "#fff" },
  { name: "green", color: "#2c8a4f", symbol: "♣", ink: "#fff" },
  { name: "yellow", color: "#e0b21f", symbol: "★", ink: "#2a2207" },
  { name: "red", color: "#c23b2e", symbol: "♥", ink: "#fff" },
];

export const suitOf = (/** @type {number} */ card) => Math.floor(card / 13);
export const valueOf = (/** @type {number} */ card) => (card % 13) + 1;

/** Mission conditions: the sentences of text.py CONDITIONS (msgids). */
export const CONDITIONS = {
  all_odd: "Every card in the trick has an odd value.",
  all_even: "Every card in the trick has an even value.",
  first_wins: "The leader's card wins the trick.",
  last_wins: "The last card played wins the trick.",
  second_wins: "The second card played wins the trick.",
  third_wins: "The third card played wins the trick.",
  ascending: "Each card is higher than the card before it.",
  descending: "Each card is lower than the card before it.",
  same_suit: "All cards in the trick are of the same colour.",
  all_below_7: "Every card is below 7.",
  middle_odd: "The middle card is odd (both middle cards at four).",
  all_at_least_7: "Every card is 7 or higher.",
  no_trump: "No trump is played.",
  exactly_one_trump: "Exactly one trump is played.",
  winner_odd: "The winning card is odd.",
  winner_even: "The winning card is even.",
  has_1: "The trick contains a 1.",
  has_13: "The trick contains a 13.",
  winner_at_most_9: "The winning card is 9 or lower.",
  winner_at_least_10: "The winning card is 10 or higher.",
  led_suit_wins: "A card of the led colour wins the trick.",
  odd_and_even: "The trick has at least one odd and one even card.",
  sum_at_most_20: "The values add up to 20 or less.",
  sum_at_least_30: "The values add up to 30 or more.",
  winner_at_most_5: "Risky: the winning card is 5 or lower.",
  odd_sum_21_to_29: "Risky: the values add up to an odd number from 21 to 29.",
  none_above_9: "Risky: no card above 9 is played.",
  no_follower_in_led_suit: "Risky: nobody but the leader plays the led colour.",
};

/** End reasons: text.py REASONS (msgids). */
export const REASONS = {
  intel: "the Insider gathered enough intel.",
  microphone: "the Agent with a Microphone held more than one intel token.",
  all_revealed: "Prof. No got every other player revealed.",
  missions: "the Agents completed enough missions.",
  full_risk: "the Agent at Full Risk was revealed.",
  prof_no_revealed: "Prof. No was revealed.",
  vote: "the final vote decided.",
};

/**
 * Roles: name (text.py ROLES), the side it starts on, and what its owner
 * reads on the role card (board sentences). `side`: crew, traitor or solo.
 */
export const ROLES = {
  agent: {
    name: "Agent", side: "crew",
    power: "Complete missions with the other Agents and unmask the Insider in the final vote. You must follow the led colour.",
  },
  insider: {
    name: "Insider", side: "traitor",
    power: "You play alone: win by gathering enough intel, or by escaping the final vote. You never have to follow the led colour.",
  },
  microphone: {
    name: "Agent with a Microphone", side: "crew",
    power: "You play for the Agents and everyone knows your role. If you ever hold more than one intel token, the Insider wins at once.",
  },
  paranoid: {
    name: "Paranoid Agent", side: "crew",
    power: "You play for the Agents. In the final vote you name two different players; revealed by intel, both votes may go to one player.",
  },
  full_risk: {
    name: "Agent at Full Risk", side: "crew",
    power: "You play for the Agents. Risky missions are in the deck and a leader who draws one must keep it. If intel reveals you, the Agents win at once.",
  },
  decoy: {
    name: "The Decoy", side: "solo",
    power: "You play for yourself: win by getting the most votes in the final vote (a tie with the Insider only lets you both win).",
  },
  accomplice: {
    name: "The Accomplice", side: "solo",
    power: "Everyone knows your role. You look at one player's role: that player is your partner, and you win exactly when they win. You never get intel, never bet and do not vote; when you win a trick your partner loses a token.",
  },
  tim_shady: {
    name: "Tim Shady", side: "solo",
    power: "You win exactly when the player on your right loses. If intel reveals you, that player loses a token; once revealed you do not vote.",
  },
  sleeping: {
    name: "Sleeping Agent", side: "crew",
    power: "You play for the Agents while hidden. If intel reveals you, you change sides and win only if the Insider wins; once revealed you do not vote.",
  },
  prof_no: {
    name: "Prof. No", side: "traitor",
    power: "You take the Insider's place and never have to follow the led colour. Win by staying hidden through the final vote, or by getting everyone else revealed. If intel reveals you, you lose.",
  },
};

/** The lobby options that bring each character in: text.py OPTIONS (msgids). */
export const CHARACTER_OPTIONS = {
  microphone: "Agent with a Microphone: shown at once; more than one intel token makes the Insider win",
  paranoid: "Paranoid Agent: two votes in the final vote",
  full_risk: "Agent at Full Risk: risky missions are in and must be kept; revealed, the Agents win",
  decoy: "The Decoy: wins by topping the final vote",
  accomplice: "The Accomplice: shown at once, looks at a partner's role, wins with the partner",
  tim_shady: "Tim Shady: wins if the player to his right loses",
  sleeping: "Sleeping Agent: changes sides when revealed",
  prof_no: "Prof. No: replaces the Insider and must stay hidden",
};

export const SIDES = {
  crew: "Side: the Agents",
  traitor: "Side: alone against the Agents",
  solo: "Side: a goal of your own",
};
