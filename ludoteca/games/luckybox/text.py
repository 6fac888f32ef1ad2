"""Every sentence and name of Super Mega Lucky Box that players see, in English.

The web layer translates them (pt-BR in locale/pt_BR/LC_MESSAGES/django.po)
and fills the placeholders: {player} is the seat's name, {card} a Lucky Box
card's number, {bonus} one of NAMES' bonus names (an event's bonus
is a name such as "moon", or a number n, which reads as NAMES["number"] with
{number} = n), {band} one of SOLO_BANDS. BOARD holds the sentences only
the browser table (ludoteca/web/static/games/luckybox/) shows; it translates
them, and the ids of NAMES, through the game's catalog.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop, ngettext_noop
from ludoteca.games.luckybox.cards import SET_SIZE

ERRORS = {
    "malformed_action": gettext_noop("This is not a valid action."),
    "unknown_action": gettext_noop("This game has no such action."),
    "illegal_action": gettext_noop("That move is not allowed now."),
    "not_your_turn": gettext_noop("You have nothing to do right now."),
    "game_over": gettext_noop("The match is over."),
    "not_drafting": gettext_noop("There are no cards for you to choose now."),
    "wrong_number_of_cards": gettext_noop("Keep exactly {count} of the cards."),
    "card_not_offered": gettext_noop("You may only keep cards offered to you."),
    "cards_not_in_order": gettext_noop(
        "List each card once, in increasing order of their numbers."
    ),
    "not_your_card": gettext_noop("That card is not in front of you."),
    "no_such_cell": gettext_noop("Cells are numbered 0 to 8, row by row."),
    "cell_already_crossed": gettext_noop("That cell is already crossed."),
    "resolve_bonus_first": gettext_noop("First use the bonuses you have unlocked."),
    "not_crossing": gettext_noop("You have nothing to cross now."),
    "wrong_number": gettext_noop("That cell does not show {number}."),
    "must_cross_revealed": gettext_noop(
        "You have a cell showing {number}, so you must cross it without lightning."
    ),
    "not_enough_lightning": gettext_noop("You do not have that many lightning tokens."),
    "shift_misses": gettext_noop(
        "That shift does not turn {number} into the number of that cell."
    ),
    "must_cross": gettext_noop("You must cross a cell this time."),
    "no_bonus_pending": gettext_noop("You have no bonus waiting to be used."),
    "no_such_bonus": gettext_noop("That bonus is not waiting to be used."),
    "wrong_bonus_number": gettext_noop("This bonus can only cross a {number}."),
}

EVENTS = {
    "cards_offered": gettext_noop("You are offered Lucky Box cards: choose yours."),
    "cards_chosen": gettext_noop("{player} has chosen."),
    "cards_kept": gettext_noop("{player} keeps their chosen cards."),
    "round_started": gettext_noop("Round {round} begins."),
    "number_revealed": gettext_noop("Number {index} of 9 is a {number}."),
    "no_cross": gettext_noop("{player} cannot cross anything for this {number}."),
    "lightning_spent": ngettext_noop(
        "{player} spends {tokens} lightning to turn the {revealed} into a {number}.",
        "{player} spends {tokens} lightning to turn the {revealed} into a {number}.",
        count="tokens",
    ),
    "crossed": gettext_noop("{player} crosses a {number} on card {card}."),
    "passed": gettext_noop("{player} keeps their lightning and crosses nothing."),
    "line_completed": gettext_noop(
        "{player} completes a line of card {card}: {bonus}."
    ),
    "bonus_crossed": gettext_noop("{player} uses a bonus to cross a {number}."),
    "bonus_lost": gettext_noop("{player} has no cell for a bonus, which is lost."),
    "card_completed": gettext_noop("{player} has crossed every cell of card {card}!"),
    "round_scored": gettext_noop(
        "Round {round}: {player} scores {cards} for cards and {stars} for stars."
    ),
    "final_scored": gettext_noop(
        "{player}: {moon_points} for the moons ({moons}), {unfinished} for "
        "unfinished cards, {total} in all."
    ),
    "solo_rated": gettext_noop("Final score {total}: {band}"),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "cards_chosen": gettext_noop("You have chosen."),
    "cards_kept": gettext_noop("You keep your chosen cards."),
    "no_cross": gettext_noop("You cannot cross anything for this {number}."),
    "lightning_spent": ngettext_noop(
        "You spend {tokens} lightning to turn the {revealed} into a {number}.",
        "You spend {tokens} lightning to turn the {revealed} into a {number}.",
        count="tokens",
    ),
    "crossed": gettext_noop("You cross a {number} on card {card}."),
    "passed": gettext_noop("You keep your lightning and cross nothing."),
    "line_completed": gettext_noop("You complete a line of card {card}: {bonus}."),
    "bonus_crossed": gettext_noop("You use a bonus to cross a {number}."),
    "bonus_lost": gettext_noop("You have no cell for a bonus, which is lost."),
    "card_completed": gettext_noop("You have crossed every cell of card {card}!"),
    "round_scored": gettext_noop(
        "Round {round}: you score {cards} for cards and {stars} for stars."
    ),
    "final_scored": gettext_noop(
        "You: {moon_points} for the moons ({moons}), {unfinished} for unfinished "
        "cards, {total} in all."
    ),
}

SOLO_BANDS = {
    "unlucky": gettext_noop("Super Mega Unlucky! Luck was not on your side."),
    "good_start": gettext_noop("A good start! Do better next time?"),
    "getting_there": gettext_noop("Now you're getting the hang of it!"),
    "great": gettext_noop("Great game! Skill or luck?"),
    "super": gettext_noop("Super score! Can you go even further?"),
    "spectacular": gettext_noop("A spectacular game, one to remember!"),
    "legend": gettext_noop("You are a Super Mega Lucky Legend!"),
}

NAMES = {
    # Bonuses (numbers are shown as themselves).
    "any": gettext_noop("cross any number"),
    "lightning": gettext_noop("one lightning token"),
    "lightning2": gettext_noop("two lightning tokens"),
    "star": gettext_noop("a star"),
    "moon": gettext_noop("a moon"),
    "blank": gettext_noop("nothing"),
    "number": gettext_noop("cross a {number}"),
    # What a player is doing.
    "waiting": gettext_noop("Waiting"),
    "drafting": gettext_noop("Choosing cards"),
    "crossing": gettext_noop("Crossing"),
    "bonus": gettext_noop("Using bonuses"),
    # Parts of the table.
    "lightning_tokens": gettext_noop("Lightning"),
    "stars_this_round": gettext_noop("Stars this round"),
    "moons": gettext_noop("Moons"),
    "pass": gettext_noop("Cross nothing"),
    "keep": gettext_noop("Keep these cards"),
    # Choices of the options.
    "optional": gettext_noop("Optional: keep your tokens and cross nothing"),
    "forced": gettext_noop("Forced: spend them whenever they reach a cell"),
    # Solo ratings, so that an event's {band} reads as its sentence.
    **SOLO_BANDS,
}


OPTIONS = {
    "lightning_only_when_blocked": gettext_noop(
        "Lightning only without a cell showing the number"
    ),
    "max_lightning": gettext_noop("Most lightning tokens a player may hold"),
    "stuck_lightning": gettext_noop("Lightning when no cell shows the number"),
    "edition": gettext_noop("Rules version"),
    "edition.2026-12": gettext_noop("The rulebook (December 2026)"),
    "edition.2026-11": gettext_noop("Before the rulebook corrections"),
}

OPTION_HELP = {
    "lightning_only_when_blocked": gettext_noop(
        "Yes: lightning may be spent only by a player with no cell showing the "
        "number (the help page read strictly). No: on any number (the rulebook)."
    ),
    "edition": gettext_noop(
        "The rules a match was played with; since December 2026, 7 to 12 "
        "players share two sets of Lucky Box cards."
    ),
    "stuck_lightning": gettext_noop(
        "Without a cell showing the number, lightning may be spent (optional) or "
        "must be spent when it reaches a cell (forced)."
    ),
    "max_lightning": gettext_noop(
        "Most lightning tokens a player may hold (0: no limit)."
    ),
}


# Sentences only the browser table shows (static/games/luckybox/*.js).
BOARD = (
    gettext_noop("row {n}"),
    gettext_noop("column {n}"),
    gettext_noop("Card {card}, {line}: {bonus}"),
    gettext_noop("Opening draft"),
    gettext_noop("Draft after round {round}"),
    gettext_noop("Each player keeps {count}"),
    gettext_noop("Number"),
    gettext_noop("{index} of 9 · {left} left"),
    gettext_noop("Numbers revealed this round"),
    gettext_noop("Round {round} of {rounds}"),
    gettext_noop("Lucky Box deck: {count} cards"),
    gettext_noop("Your tokens"),
    gettext_noop("Still choosing: {players}"),
    gettext_noop("Choose the card you keep."),
    gettext_noop("Choose the {count} cards you keep."),
    ngettext_noop(
        "Spend {tokens} lightning to turn the {revealed} into a {number}?",
        "Spend {tokens} lightning to turn the {revealed} into a {number}?",
        count="tokens",
    ),
    gettext_noop("Spend them"),
    gettext_noop("Cancel"),
    gettext_noop("Click a {number} on one of your cards to cross it."),
    gettext_noop(
        "Click a {number} on one of your cards to cross it, or spend lightning "
        "on a lit cell."
    ),
    gettext_noop(
        "No cell shows {number}: spend lightning on a lit cell, or cross nothing."
    ),
    gettext_noop("No cell shows {number}: spend lightning on a lit cell."),
    gettext_noop(
        "Several bonuses are waiting: choose which to use first, then click the "
        "cell to cross."
    ),
    gettext_noop("Your bonus: {bonus}. Click the cell to cross."),
    gettext_noop("You have chosen; the cards are yours when everyone has chosen."),
    gettext_noop("Done for this number."),
    gettext_noop("Cards offered to you: keep {count}"),
    gettext_noop("Your choice"),
    gettext_noop("Card {card}"),
    gettext_noop("Cross the {number} of card {card}"),
    gettext_noop("Cross cell {n} of card {card} with the bonus"),
    gettext_noop("Your cards"),
    gettext_noop("Choosing among {count} cards"),
    gettext_noop("Other players"),
    gettext_noop("Score: {points}"),
    gettext_noop("Hide cards"),
    gettext_noop("Show cards ({count})"),
    gettext_noop("No cards yet."),
    gettext_noop("Player"),
    gettext_noop("Round {round}"),
    gettext_noop("Cells"),
    gettext_noop("Unfinished cards: one point per two crossed cells"),
    gettext_noop("Total"),
    gettext_noop("Round {round}: {cards} for cards and {stars} for stars"),
    gettext_noop("Final scores"),
    gettext_noop("Scores by round"),
    gettext_noop("under {points}"),
    gettext_noop("{points} or more"),
    # Keyboard shortcuts (the "?" overlay)
    gettext_noop("Draft: choose or drop the n-th card offered"),
    gettext_noop("Keep the chosen cards"),
    gettext_noop("Go to the cells you may cross"),
    gettext_noop("Spend the lightning"),
    gettext_noop("Cancel the lightning or the cards chosen"),
    # Words whose first free letter is a shortcut's key (board-api.md).
    gettext_noop("keep"),
    gettext_noop("cross"),
    gettext_noop("spend"),
    # The table's description for screen readers (describe.js).
    gettext_noop("Offered card #{id}: {rows}."),
    gettext_noop("Offered card #{id} (chosen): {rows}."),
    gettext_noop("{number} crossed"),
    gettext_noop("Card {n}: {rows}."),
    gettext_noop(
        "{player}: points {score}, lightning {lightning}, stars {stars}, moons {moons}."
    ),
    gettext_noop("Number drawn: {number}."),
    gettext_noop("Numbers so far: {numbers}."),
    gettext_noop("Round {round} of {rounds}."),
)


def _card(value: Any) -> tuple[str, dict[str, Any]] | None:
    """{card}: a second-set copy (7-12 players) reads as "9 (second set)"."""
    if not isinstance(value, int) or value <= SET_SIZE:
        return None
    return gettext_noop("{number} (second set)"), {"number": value - SET_SIZE}


PARAMS = {"card": _card}
"""Event parameters the game words itself (see the web layer's readable_params)."""
