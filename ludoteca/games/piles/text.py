"""Every sentence of Piles! that players see, in English, marked for translation.

Placeholders: ``{player}`` is filled by the web layer with a seat's name;
``{number}`` is a pile (1-6) and ``{slot_number}`` a centre slot (1-4), both
counted from 1 for people; ``{seconds}`` is a duration.
"""

from __future__ import annotations

from ludoteca.engine.i18n import gettext_noop

ERRORS = {
    "malformed_action": gettext_noop("That is not a valid action."),
    "unknown_action": gettext_noop("Piles! has no such action."),
    "not_a_player": gettext_noop("Only the players at the table can do that."),
    "game_over": gettext_noop("The match is over."),
    "already_ready": gettext_noop("You have already said you are ready."),
    "not_started": gettext_noop("The match has not started yet."),
    "already_started": gettext_noop("The match has already started."),
    "no_such_pile": gettext_noop("You have no pile {number}."),
    "pile_locked": gettext_noop("Pile {number} is complete and locked."),
    "pile_already_open": gettext_noop("Pile {number} is already in your hand."),
    "no_open_pile": gettext_noop("Pick up one of your piles first."),
    "card_not_in_open_pile": gettext_noop("That card is not in the pile you hold."),
    "no_such_slot": gettext_noop("The centre has only four places."),
    "no_such_card": gettext_noop("There is no such card."),
    "centre_card_taken": gettext_noop(
        "That card was just taken. Look at the centre again."
    ),
    "no_direct_move": gettext_noop(
        "Cards cannot go straight from one of your piles to another: "
        "swap them through the centre."
    ),
    "must_give_a_card": gettext_noop(
        "You cannot take a centre card without giving one of yours for it."
    ),
    "not_your_pile": gettext_noop("You may only touch your own piles."),
    "timeout_not_due": gettext_noop("Nothing is timed right now."),
    "too_fast": gettext_noop("Slow down: one action every {milliseconds} ms."),
}

EVENTS = {
    "player_ready": gettext_noop("{player} is ready."),
    "countdown_started": gettext_noop(
        "Everybody is ready. The match starts in {seconds} seconds."
    ),
    "match_started": gettext_noop("The centre cards are face up. Go!"),
    "pile_opened": gettext_noop("{player} picks up pile {number}."),
    "pile_closed": gettext_noop("{player} puts pile {number} down."),
    "cards_swapped": gettext_noop(
        "{player} swaps a card with centre place {slot_number}."
    ),
    "pile_locked": gettext_noop("{player} completes pile {number}. It is locked."),
    "match_won": gettext_noop("{player} has locked six piles and wins!"),
    "time_up": gettext_noop("Time is up. Whoever has locked the most piles wins."),
    "action_limit_reached": gettext_noop(
        "The action limit is reached. Whoever has locked the most piles wins."
    ),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "player_ready": gettext_noop("You are ready."),
    "pile_opened": gettext_noop("You pick up pile {number}."),
    "pile_closed": gettext_noop("You put pile {number} down."),
    "cards_swapped": gettext_noop("You swap a card with centre place {slot_number}."),
    "pile_locked": gettext_noop("You complete pile {number}. It is locked."),
    "match_won": gettext_noop("You have locked six piles and win!"),
}

NAMES = {
    "game": gettext_noop("Piles!"),
    "phase_ready": gettext_noop("Waiting for everybody to be ready"),
    "phase_countdown": gettext_noop("Get ready"),
    "phase_play": gettext_noop("Swap!"),
    "phase_over": gettext_noop("Match over"),
    "closed_pile": gettext_noop("Face-down pile"),
    "locked_pile": gettext_noop("Complete pile"),
    "centre": gettext_noop("Centre"),
    "ready": gettext_noop("I am ready"),
    "close": gettext_noop("Put the pile down"),
}

COLOURS = (
    gettext_noop("red"),
    gettext_noop("blue"),
    gettext_noop("green"),
    gettext_noop("yellow"),
)

# Design d is kind d // 5 in style d % 5 (see cards.py): look-alikes share a kind.
DESIGNS = (
    gettext_noop("Striped T-shirt"),
    gettext_noop("Dotted T-shirt"),
    gettext_noop("Checked T-shirt"),
    gettext_noop("Plain T-shirt"),
    gettext_noop("Starry T-shirt"),
    gettext_noop("Striped shirt"),
    gettext_noop("Dotted shirt"),
    gettext_noop("Checked shirt"),
    gettext_noop("Plain shirt"),
    gettext_noop("Starry shirt"),
    gettext_noop("Striped sweater"),
    gettext_noop("Dotted sweater"),
    gettext_noop("Checked sweater"),
    gettext_noop("Plain sweater"),
    gettext_noop("Starry sweater"),
    gettext_noop("Striped dress"),
    gettext_noop("Dotted dress"),
    gettext_noop("Checked dress"),
    gettext_noop("Plain dress"),
    gettext_noop("Starry dress"),
    gettext_noop("Striped skirt"),
    gettext_noop("Dotted skirt"),
    gettext_noop("Checked skirt"),
    gettext_noop("Plain skirt"),
    gettext_noop("Starry skirt"),
    gettext_noop("Striped trousers"),
    gettext_noop("Dotted trousers"),
    gettext_noop("Checked trousers"),
    gettext_noop("Plain trousers"),
    gettext_noop("Starry trousers"),
    gettext_noop("Striped socks"),
    gettext_noop("Dotted socks"),
    gettext_noop("Checked socks"),
    gettext_noop("Plain socks"),
    gettext_noop("Starry socks"),
    gettext_noop("Striped hat"),
    gettext_noop("Dotted hat"),
    gettext_noop("Checked hat"),
    gettext_noop("Plain hat"),
    gettext_noop("Starry hat"),
    gettext_noop("Striped scarf"),
    gettext_noop("Dotted scarf"),
    gettext_noop("Checked scarf"),
    gettext_noop("Plain scarf"),
    gettext_noop("Starry scarf"),
    gettext_noop("Striped tie"),
    gettext_noop("Dotted tie"),
    gettext_noop("Checked tie"),
    gettext_noop("Plain tie"),
    gettext_noop("Starry tie"),
)

OPTIONS = {
    "match_minutes": gettext_noop("Match timer"),
    "match_minutes_help": gettext_noop(
        "Minutes before the match ends by time (0: no timer). "
        "Then whoever has locked the most piles wins; equal counts share the win."
    ),
    "min_action_ms": gettext_noop("Action rate limit"),
    "min_action_ms_help": gettext_noop(
        "Least time in milliseconds between two actions of one player (0: no limit)."
    ),
    "action_limit": gettext_noop("Action limit"),
    "action_limit_help": gettext_noop(
        "End the match after this many actions in all, as if time ran out "
        "(0: no limit; meant for simulations)."
    ),
}


def error_message(code: str, **params: object) -> str:
    """The English sentence of a refusal with its placeholders filled."""
    return ERRORS[code].format(**params)
