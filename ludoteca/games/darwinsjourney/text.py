"""Sentences players see, in English; the web layer translates them."""

from ludoteca.engine.i18n import gettext_noop

ERRORS = {
    "not_your_turn": gettext_noop("It is not your turn."),
    "game_over": gettext_noop("The match is over."),
    "malformed_action": gettext_noop("That is not a valid move."),
    "cannot_place_there": gettext_noop(
        "That worker cannot go there now: check the seals, the coins and free spots."
    ),
    "finish_location_first": gettext_noop(
        "Finish the actions of this location, or end your turn, first."
    ),
    "illegal_choice": gettext_noop("That choice is not possible now."),
}

EVENTS = {
    "acted": gettext_noop("{player} made a move."),
    "round_started": gettext_noop("Round {round} begins; the Beagle sails on."),
    "turn_order": gettext_noop("The new turn order is set."),
    "beagle_scored": gettext_noop(
        "{player} scores {gained} points for the Beagle goal "
        "and loses {lost} for delay."
    ),
    "envelope_rewarded": gettext_noop("The correspondence rewards are handed out."),
    "match_ended": gettext_noop("The journey is over: final scoring."),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "acted": gettext_noop("You made a move."),
    "beagle_scored": gettext_noop(
        "You score {gained} points for the Beagle goal and lose {lost} for delay."
    ),
}

OPTIONS = {
    "museum_evolution_scope": gettext_noop("Evolution for a delivery counts"),
    "row_col": gettext_noop("its row and column"),
    "whole_museum": gettext_noop("the whole museum"),
    "solo_rival": gettext_noop("Solo: neutral rival worker"),
}

SOLO_TIERS = {
    "legendary": gettext_noop("Legendary naturalist"),
    "great": gettext_noop("Great naturalist"),
    "good": gettext_noop("Good naturalist"),
    "beginner": gettext_noop("Beginner naturalist"),
}
