"""Every sentence players see from Cat in the Box, in English, for translation.

`ERRORS` maps refusal codes, `EVENTS` event types, `NAMES` colours, phases
and the game's terms, `OPTIONS` each table option's label and its choices,
`OPTION_HELP` what each option does. The placeholders ({player}, {card},
{color}, ...) are filled by the web layer.
"""

from __future__ import annotations

from ludoteca.engine.i18n import gettext_noop

ERRORS = {
    "malformed_action": gettext_noop("That is not a valid action."),
    "unknown_action": gettext_noop("Cat in the Box has no such action."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "game_over": gettext_noop("The match is over."),
    "wrong_phase": gettext_noop("That action does not belong to this phase."),
    "illegal_action": gettext_noop("That move is not allowed now."),
    "card_not_in_hand": gettext_noop("You do not hold a {card}."),
    "prediction_not_allowed": gettext_noop("You cannot predict {tricks} tricks."),
    "unknown_color": gettext_noop("There is no such colour."),
    "color_crossed_out": gettext_noop(
        "Your X of {color} is revealed: you cannot declare {color} this round."
    ),
    "cell_observed": gettext_noop(
        "The {color} {card} is blocked by an observed token."
    ),
    "cell_taken": gettext_noop(
        "The {color} {card} has already been declared this round."
    ),
    "red_not_broken": gettext_noop(
        "The leader cannot declare red until a token sits on the red row."
    ),
}

EVENTS = {
    "round_started": gettext_noop("Round {round} begins; {player} starts."),
    "dealt": gettext_noop("You are dealt your hand."),
    "card_set_aside": gettext_noop("{player} sets a card aside face down."),
    "cells_observed": gettext_noop(
        "Observed cards turned up: {cards}. Their cells are blocked."
    ),
    "predicted": gettext_noop("{player} predicts {tricks} tricks."),
    "played": gettext_noop("{player} plays a {card} and declares {color}."),
    "x_revealed": gettext_noop("{player} did not follow and reveals the X of {color}."),
    "red_broken": gettext_noop("Red is broken: leaders may now declare red."),
    "trick_won": gettext_noop("{player} wins trick {number}."),
    "paradox": gettext_noop(
        "Paradox! {player} cannot declare any colour; the round ends now."
    ),
    "round_scored": gettext_noop("Round {round} is scored."),
    "game_over": gettext_noop("The match is over."),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "round_started": gettext_noop("Round {round} begins; you start."),
    "card_set_aside": gettext_noop("You set a card aside face down."),
    "predicted": gettext_noop("You predict {tricks} tricks."),
    "played": gettext_noop("You play a {card} and declare {color}."),
    "x_revealed": gettext_noop("You did not follow and reveal your X of {color}."),
    "trick_won": gettext_noop("You win trick {number}."),
    "paradox": gettext_noop(
        "Paradox! You cannot declare any colour; the round ends now."
    ),
}

NAMES = {
    "game": gettext_noop("Cat in the Box"),
    "blue": gettext_noop("blue"),
    "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"),
    "red": gettext_noop("red"),
    "set_aside": gettext_noop("Set a card aside"),
    "predict": gettext_noop("Predict your tricks"),
    "play": gettext_noop("Play a card and declare a colour"),
    "over": gettext_noop("Match over"),
    "research_board": gettext_noop("Research board"),
    "observed": gettext_noop("Observed"),
    "prediction": gettext_noop("Prediction"),
    "tricks": gettext_noop("Tricks"),
    "largest_group": gettext_noop("Largest group"),
    "bonus": gettext_noop("Bonus"),
    "score": gettext_noop("Score"),
    "face_down_card": gettext_noop("Face-down card"),
}

OPTIONS = {
    "predictions": gettext_noop("Predictions allowed"),
    "predictions.rulebook": gettext_noop(
        "As printed on the player boards (3 players: 1, 3 or 4; 4-5: 1, 2 or 3)"
    ),
    "predictions.1-3": gettext_noop("1, 2 or 3"),
    "predictions.0-3": gettext_noop("0 to 3"),
    "predictions.1-4": gettext_noop("1 to 4"),
    "predictions.0-4": gettext_noop("0 to 4"),
    "two_player_seed": gettext_noop("Observed cards (2 players)"),
    "leader_red_when_forced": gettext_noop("Forced red lead"),
    "row_order": gettext_noop("Row order"),
    "row_order.blue-yellow-green-red": gettext_noop("blue, yellow, green, red"),
    "row_order.red-blue-yellow-green": gettext_noop("red, blue, yellow, green"),
    "first_start_player": gettext_noop("First start player"),
    "first_start_player.random": gettext_noop("A random player"),
    "first_start_player.first_seat": gettext_noop("The first seat"),
    "prediction_order": gettext_noop("Prediction order"),
    "prediction_order.start_player_first": gettext_noop("Start player first"),
    "prediction_order.start_player_last": gettext_noop("Start player last"),
    "paradox_tokens_stay": gettext_noop("Tokens of an interrupted trick"),
    "tie_break": gettext_noop("Tie break"),
    "tie_break.final_round": gettext_noop("Best score in the final round, then shared"),
    "tie_break.shared": gettext_noop("Tied players share the win"),
    "tie_break.most_tricks": gettext_noop("Most tricks over the match, then shared"),
    "yes": gettext_noop("Yes"),
    "no": gettext_noop("No"),
}
"""Option labels for the new-table form; `<option>.<choice>` labels a choice."""

OPTION_HELP = {
    "predictions": gettext_noop("Trick counts a player may predict (3-5 players)."),
    "two_player_seed": gettext_noop(
        "2 players: turn up 3 undealt cards and block their cells."
    ),
    "leader_red_when_forced": gettext_noop(
        "A leader left with only red may lead it instead of causing a paradox."
    ),
    "row_order": gettext_noop(
        "Order of the colour rows on the research board, top to bottom."
    ),
    "first_start_player": gettext_noop("Who starts the first round."),
    "prediction_order": gettext_noop(
        "Whether the round's start player predicts first or last."
    ),
    "paradox_tokens_stay": gettext_noop(
        "Tokens of the trick a paradox interrupts count for the groups."
    ),
    "tie_break": gettext_noop("How a tie for the highest total is settled."),
}
"""What each option does, shown under it on the new-table form."""
