// @ts-check
/**
 * English names the view sends as ids, mapped to the msgids of the game's
 * text.py (NAMES, SOLO_BANDS): the board translates them with ctx.t.
 */

export const BONUS_NAMES = {
  any: "cross any number",
  lightning: "one lightning token",
  lightning2: "two lightning tokens",
  star: "a star",
  moon: "a moon",
  blank: "nothing",
};

export const STATUS_NAMES = {
  waiting: "Waiting",
  drafting: "Choosing cards",
  crossing: "Crossing",
  bonus: "Using bonuses",
};

export const SOLO_BANDS = {
  unlucky: "Super Mega Unlucky! Luck was not on your side.",
  good_start: "A good start! Do better next time?",
  getting_there: "Now you're getting the hang of it!",
  great: "Great game! Skill or luck?",
  super: "Super score! Can you go even further?",
  spectacular: "A spectacular game, one to remember!",
  legend: "You are a Super Mega Lucky Legend!",
};

/** The bands from the best down, with their lowest score (scoring.py). */
export const BAND_FLOORS = [
  ["legend", 70], ["spectacular", 65], ["super", 60], ["great", 55],
  ["getting_there", 50], ["good_start", 45], ["unlucky", null],
];
