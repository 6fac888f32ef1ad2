"""Refusals and notices of the platform itself, in English (translated by gettext)."""

from ludoteca.engine.i18n import gettext_noop

ERRORS = {
    "malformed_json": gettext_noop("That message is not valid JSON."),
    "malformed_message": gettext_noop("That message does not have the expected form."),
    "unknown_type": gettext_noop("Unknown message type."),
    "too_large": gettext_noop("That message is too large."),
    "rate_limited": gettext_noop("You are sending messages too fast; wait a moment."),
    "too_many_sockets": gettext_noop(
        "This table is open in too many of your windows; close one of them."
    ),
    "stale_version": gettext_noop(
        "The table moved on before your action arrived; here is the current position."
    ),
    "not_your_seat": gettext_noop("You are not playing at this table."),
    "spectator": gettext_noop("Spectators cannot act."),
    "table_finished": gettext_noop("This match is over."),
    "table_not_started": gettext_noop("This match has not started yet."),
    "seat_controlled_by_bot": gettext_noop(
        "A bot is playing your seat; take it back first."
    ),
    "not_your_turn": gettext_noop("It is not your turn."),
    "malformed_action": gettext_noop("That is not a valid action."),
    "game_over": gettext_noop("The match is over."),
    "empty_chat": gettext_noop("Write something first."),
    "chat_too_long": gettext_noop("That chat message is too long."),
    "chat_closed": gettext_noop("You cannot write in this chat."),
    "chat_muted": gettext_noop("A moderator has muted you in table chats for a while."),
    "nothing_to_reclaim": gettext_noop("Your seat is not played by a bot."),
    "out_of_time": gettext_noop(
        "Your clock ran out: the bot plays your seat to the end of this match."
    ),
    "seat_lost": gettext_noop(
        "You no longer hold this seat; open the table again to play or watch."
    ),
    "tutorial_wrong_action": gettext_noop(
        "In this tutorial, make the move the guide asks for."
    ),
    "no_tutorial": gettext_noop("This game has no tutorial yet."),
    "tutorial_bots_first": gettext_noop(
        "The bots are still choosing; play when the guide says it is your turn."
    ),
    "unavailable": gettext_noop(
        "The server cannot save anything right now; try again in a moment."
    ),
}

NOTICES = {
    "left": gettext_noop("{player} left; a bot plays their seat now."),
    "timeout": gettext_noop("{player} ran out of time; a bot plays their seat now."),
    "absent": gettext_noop(
        "{player} has been away too long; a bot plays their seat now."
    ),
    "back": gettext_noop("{player} is back and plays their seat again."),
    "started": gettext_noop("The match begins."),
    "finished": gettext_noop("The match is over."),
}

LOBBY_ERRORS = {
    "table_already_started": gettext_noop("This table has already started."),
    "bad_player_count": gettext_noop(
        "This game cannot be played with that many players."
    ),
    "bad_options": gettext_noop("Those options are not valid: {reason}"),
    "already_seated": gettext_noop("You already have a seat at this table."),
    "table_full": gettext_noop("There is no free seat at this table."),
    "unknown_bot": gettext_noop("There is no bot with that name."),
    "no_bot_there": gettext_noop("There is no bot in that seat."),
    "seats_not_full": gettext_noop("Every seat must be taken before the match starts."),
    "private_table": gettext_noop(
        "This table is private; you need an invitation link."
    ),
}
ERRORS.update(LOBBY_ERRORS)
