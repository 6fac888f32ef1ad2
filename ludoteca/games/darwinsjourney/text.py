"""Sentences players see, in English; the web layer translates them."""

from typing import Any

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
    "acted": gettext_noop("{player} {action}."),
    "round_started": gettext_noop("Round {round} begins; the Beagle sails on."),
    "turn_order": gettext_noop("The new turn order is set."),
    "beagle_scored": gettext_noop(
        "{player} scores {gained} points for the Beagle goal "
        "and loses {lost} for delay."
    ),
    "envelope_rewarded": gettext_noop("The correspondence rewards are handed out."),
    "match_ended": gettext_noop("The journey is over: final scoring."),
    "alfred_acted": gettext_noop("Alfred plays his card {card}: {option}."),
    "alfred_beagle": gettext_noop("Alfred scores {gained} points for the Beagle."),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "acted": gettext_noop("You {action}."),
    "beagle_scored": gettext_noop(
        "You score {gained} points for the Beagle goal and lose {lost} for delay."
    ),
}

OPTIONS = {
    "rules_edition": gettext_noop("Rules"),
    "rules_edition.2026-12": gettext_noop("the publisher's rulebook"),
    "rules_edition.2026-11": gettext_noop("the first reading (older matches)"),
    "crew_setup": gettext_noop("Crew cards"),
    "crew_setup.draft": gettext_noop("a draft"),
    "crew_setup.deal": gettext_noop("three dealt at random"),
    "crew_setup.first_game": gettext_noop("the first-game sets"),
    "solo_penalty": gettext_noop("Solo: coins for an occupied section"),
    "solo_alfred": gettext_noop("Solo: play against Alfred (house data)"),
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


LOCATIONS = {
    "EXP": gettext_noop("Exploration"),
    "NAV": gettext_noop("Navigation"),
    "COR": gettext_noop("Correspondence"),
    "ACA": gettext_noop("Academy"),
    "SJ": gettext_noop("Special journal"),
    "UNL": gettext_noop("Unlock a lens"),
    "MUSEUM": gettext_noop("Museum"),
    "TURN": gettext_noop("Turn order"),
}
ROMAN = ("I", "II", "III", "IV", "V", "VI")


def location_parts(spot: str) -> tuple[str, str]:
    """ "EXP2" -> ("Exploration", "II"), as the board names it (labels.js)."""
    kind = spot.rstrip("0123456789")
    number = spot[len(kind) :]
    if not number:
        return LOCATIONS.get(kind, spot), ""
    return LOCATIONS.get(kind, kind), number if kind == "SJ" else ROMAN[int(number) - 1]


# What a move did, worded for the log, the replay and screen readers: only what
# everyone saw (the event's action has already been stripped of hidden choices).
MOVES = {
    "place": gettext_noop("placed worker {worker} on {location}"),
    "place#": gettext_noop("placed worker {worker} on {location} {number}"),
    "end_turn": gettext_noop("ended the turn"),
    "skip": gettext_noop("skipped"),
    "part": gettext_noop("took an action of the location"),
    "choose": gettext_noop("made a choice"),
    "assign_crew": gettext_noop("assigned the crew cards"),
    "pick_pair": gettext_noop("chose a starting pair of objectives"),
    "keep_crew": gettext_noop("kept a crew card and passed the others"),
    "complete_objective": gettext_noop("completed an objective"),
    "claim_crew": gettext_noop("claimed the crew card of worker {worker}"),
    "explore": gettext_noop("moved an explorer on island {island}"),
    "navigate": gettext_noop("sailed the ship"),
    "resolve_space": gettext_noop("resolved a space of the ocean"),
    "stamp": gettext_noop("moved a stamp to envelope {envelope}"),
    "buy_seal": gettext_noop("bought a seal for worker {worker}"),
    "take_seal": gettext_noop("took a seal for worker {worker}"),
    "deliver": gettext_noop("delivered a specimen to the museum"),
    "research": gettext_noop("researched a specimen"),
    "take_objective": gettext_noop("took an objective"),
    "keep_objective": gettext_noop("kept an objective for later"),
    "unlock": gettext_noop("unlocked {location}"),
    "unlock#": gettext_noop("unlocked {location} {number}"),
    "use_locked": gettext_noop("took the action of {location}"),
    "use_locked#": gettext_noop("took the action of {location} {number}"),
    "new_explorer": gettext_noop("put a new explorer on island {island}"),
    "tent": gettext_noop("pitched a tent"),
    "camp": gettext_noop("pitched a tent"),
    "convert": gettext_noop("converted knowledge"),
    "copy_crew": gettext_noop("copied a crew card"),
    "retrigger": gettext_noop("triggered a tent again"),
}
MOVED = gettext_noop("made a move")


def _move(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind = str(action.get("type", ""))
    params: dict[str, Any] = {}
    if "worker" in action:
        params["worker"] = action["worker"]
    if "island" in action:
        params["island"] = action["island"]
    if "envelope" in action:
        params["envelope"] = int(action["envelope"]) + 1
    if "location" in action:
        params["location"], params["number"] = location_parts(str(action["location"]))
        if params["number"]:
            kind += "#"  # a numbered spot: the sentence names its number
    return MOVES.get(kind, MOVED), params


# Alfred's card options (alfred.json), worded for the log.
ALFRED_OPTIONS = {
    "main": gettext_noop("a spot in a Main journal"),
    "special": gettext_noop("the Special journal, moving his Bonus marker 4 spots"),
    "unlock": gettext_noop("unlocking a lens spot"),
    "deliver": gettext_noop("delivering specimens to the Museum"),
    "rest": gettext_noop("a rest: 7 coins and 2 Bonus spots"),
}


def _alfred_option(option: str) -> tuple[str, dict[str, Any]]:
    return ALFRED_OPTIONS[option.split(":")[0]], {}


PARAMS = {"action": _move, "option": _alfred_option}
"""How the web words event values (docs/writing-a-game.md, "Text players see")."""
