"""Every sentence and name players see, in English (translated in django.po).

Placeholders: ``{player}`` is filled from an event's or refusal's ``seat``,
``{team}`` from ``team`` (a name from TEAMS), ``{card}``/``{other}``/
``{discarded}`` from card ids (names from AGENTS or BM_CARDS), ``{by}`` (a
pawn's move, negative going back) worded by PARAMS as "2 spaces forward".
"""

from __future__ import annotations

from ludoteca.engine.i18n import Plural, gettext_noop, ngettext_noop

ERRORS = {
    "malformed_action": gettext_noop("That is not a valid action."),
    "unknown_action": gettext_noop("This game has no such action."),
    "not_your_turn": gettext_noop("It is not your turn."),
    "game_over": gettext_noop("The match is over."),
    "wrong_phase": gettext_noop("You cannot do that now."),
    "unknown_card": gettext_noop("There is no such agent."),
    "card_not_in_hand": gettext_noop("You do not hold that card."),
    "deck_empty": gettext_noop("The deck is empty, so you cannot discard to draw."),
    "no_discards_left": gettext_noop("You have used all your discards for this match."),
    "same_name": gettext_noop(
        "The two cards must have different names unless your whole hand is one name."
    ),
    "unknown_side": gettext_noop("Take either the face-up or the face-down card."),
    "not_in_supply": gettext_noop("That card is not in the black-market supply."),
    "not_a_choice": gettext_noop("That agent cannot be chosen for this effect."),
}

EVENTS = {
    "turn_started": gettext_noop("Turn {turn}: the {team} side plays."),
    "card_discarded": gettext_noop(
        "{player} discards a card face down and draws one ({used} used, {left} left)."
    ),
    "card_drawn": gettext_noop("You discarded {discarded} and drew {card}."),
    "cards_offered": gettext_noop(
        "{player} offers {card} face up and a card face down."
    ),
    "face_up_played": gettext_noop("{player} leads with {card} face up."),
    "face_down_played": gettext_noop("{player} adds a card face down."),
    "face_down_chosen": gettext_noop("Your face-down card is {card}."),
    "card_picked": gettext_noop(
        "{player} takes the {took} card, {card}; the other side gets {other}."
    ),
    "pawn_moved": gettext_noop("The {team} pawn moves {by} to space {cell}."),
    "getaway": gettext_noop("Getaway Car: the {team} pawn speeds on to space {cell}."),
    "bm_taken": gettext_noop("{player} takes {card} from the black market."),
    "bm_refilled": gettext_noop("{card} joins the black-market supply."),
    "effect_ignored": gettext_noop("{card} has no effect for the {team} side."),
    "agent_recruited": gettext_noop("The {team} side recruits an extra {card}."),
    "pair_shown": gettext_noop(
        "{player} shows a pair of {card}, recruits one and keeps one."
    ),
    "agent_taken_back": gettext_noop("{player} takes {card} back into their hand."),
    "agent_kept": gettext_noop("{player} keeps {card} in their hand."),
    "agent_stolen": gettext_noop("{player} takes {card} from the other side's agents."),
    "hand_refilled": ngettext_noop(
        "{player} draws {count} card.", "{player} draws {count} cards."
    ),
    "cards_drawn": gettext_noop("You draw {cards}."),
    "game_won": gettext_noop("The {team} side wins the match."),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "card_discarded": gettext_noop(
        "You discard a card face down and draw one ({used} used, {left} left)."
    ),
    "cards_offered": gettext_noop("You offer {card} face up and a card face down."),
    "face_up_played": gettext_noop("You lead with {card} face up."),
    "face_down_played": gettext_noop("You add a card face down."),
    "card_picked": gettext_noop(
        "You take the {took} card, {card}; the other side gets {other}."
    ),
    "bm_taken": gettext_noop("You take {card} from the black market."),
    "pair_shown": gettext_noop("You show a pair of {card}, recruit one and keep one."),
    "agent_taken_back": gettext_noop("You take {card} back into your hand."),
    "agent_kept": gettext_noop("You keep {card} in your hand."),
    "agent_stolen": gettext_noop("You take {card} from the other side's agents."),
    "hand_refilled": ngettext_noop("You draw {count} card.", "You draw {count} cards."),
}

REASONS = {
    "caught": gettext_noop("Its spy caught the other pawn."),
    "codebreakers": gettext_noop("It has three Codebreakers in play."),
    "daredevils": gettext_noop("The other side has three Daredevils in play."),
    "leader_of_the_pack": gettext_noop(
        "It has three Daredevils in play and the Leader of the Pack."
    ),
    "masterplan": gettext_noop("Masterplan: it has seven different agents in play."),
    "security_system": gettext_noop(
        "Security System: the other pawn stands on its home."
    ),
    "both_claimed": gettext_noop(
        "Both sides met an end condition, so the side whose turn it was wins."
    ),
    "proximity": gettext_noop(
        "The deck ran out and it was closer to a catch (ties go to the side whose "
        "turn it was)."
    ),
}

TEAMS = {"green": gettext_noop("Green"), "blue": gettext_noop("Blue")}

TOOK = {"up": gettext_noop("face-up"), "down": gettext_noop("face-down")}

AGENTS = {
    "double_agent": gettext_noop("Double Agent"),
    "henchman": gettext_noop("Enforcer"),
    "codebreaker": gettext_noop("Codebreaker"),
    "saboteur": gettext_noop("Saboteur"),
    "daredevil": gettext_noop("Daredevil"),
    "sentinel": gettext_noop("Sentinel"),
    "assistant": gettext_noop("Sidekick"),
    "mole": gettext_noop("Mole"),
}

BM_CARDS = {
    "surveillance_truck": gettext_noop("Surveillance Truck"),
    "smoke_screen": gettext_noop("Smoke Screen"),
    "outpost": gettext_noop("Outpost"),
    "secret_recruit": gettext_noop("Secret Recruit"),
    "double_trouble": gettext_noop("Double Trouble"),
    "spycation": gettext_noop("Spycation"),
    "mind_control": gettext_noop("Mind Control"),
    "leader_of_the_pack": gettext_noop("Leader of the Pack"),
    "masterplan": gettext_noop("Masterplan"),
    "security_system": gettext_noop("Security System"),
    "getaway_car": gettext_noop("Getaway Car"),
    "lookout_treehouse": gettext_noop("Lookout Treehouse"),
    "supercomputer": gettext_noop("Supercomputer"),
    "distraction_device": gettext_noop("Distraction Device"),
    "sinister_twin": gettext_noop("Sinister Twin"),
}

BM_EFFECTS = {
    "surveillance_truck": gettext_noop("Instant: your pawn moves 1 space forward."),
    "smoke_screen": gettext_noop("Instant: recruit the top card of the agent deck."),
    "outpost": gettext_noop("Instant: recruit a Sentinel from your hand."),
    "secret_recruit": gettext_noop(
        "Instant: recruit a hand card whose name you do not have in play yet."
    ),
    "double_trouble": gettext_noop(
        "Instant: show a pair from your hand, recruit one and keep the other."
    ),
    "spycation": gettext_noop(
        "Instant: take one of your agents back into your hand; you may recruit it "
        "again at once."
    ),
    "mind_control": gettext_noop(
        "Instant: take one of the other side's agents into your hand."
    ),
    "leader_of_the_pack": gettext_noop(
        "Ongoing: three Daredevils make you win instead of lose."
    ),
    "masterplan": gettext_noop("Ongoing: seven different agents in play win."),
    "security_system": gettext_noop(
        "Ongoing: you win if the other pawn ends a turn on your home."
    ),
    "getaway_car": gettext_noop(
        "Ongoing: when your pawn stops on either home, it moves 3 more."
    ),
    "lookout_treehouse": gettext_noop(
        "Ongoing: each Enforcer moves you 2 extra spaces."
    ),
    "supercomputer": gettext_noop(
        "Ongoing: each Codebreaker moves you 3 spaces forward."
    ),
    "distraction_device": gettext_noop(
        "Ongoing: Saboteurs move you forward, not back."
    ),
    "sinister_twin": gettext_noop("Ongoing: Double Agents move you twice as far."),
}

PHASES = {
    "play": gettext_noop("Play two cards: one face up, one face down."),
    "lead": gettext_noop("A teammate plays the face-up card."),
    "follow": gettext_noop("The partner plays the face-down card."),
    "pick": gettext_noop("The other side picks one of the two cards."),
    "market": gettext_noop("Black market."),
    "over": gettext_noop("The match is over."),
}

PROMPTS = {
    "bm": gettext_noop("Take one card from the black-market supply."),
    "secret": gettext_noop("Secret Recruit: choose the hand card to recruit."),
    "double": gettext_noop("Double Trouble: choose the pair to show."),
    "spy": gettext_noop("Spycation: choose the agent to take back."),
    "again": gettext_noop("Spycation: recruit {card} again, or keep it in hand?"),
    "mind": gettext_noop("Mind Control: choose the other side's agent to take."),
}

OPTIONS = {
    "black_market": gettext_noop("Black market (advanced mode)"),
    "teams": gettext_noop("Team variant (3 or 4 players)"),
    "refill_timing": gettext_noop("When the side that played draws up to four"),
    "refill_timing.end": gettext_noop("At the end of the turn (help page)"),
    "refill_timing.after_play": gettext_noop("Right after playing (rulebook)"),
    "edition": gettext_noop("Rules version"),
    "edition.2026-12": gettext_noop("The rulebook (December 2026)"),
    "edition.2026-11": gettext_noop("Before the rulebook corrections"),
}
"""Option labels; `<option>.<choice>` labels a choice."""

OPTION_HELP = {
    "black_market": gettext_noop(
        "Advanced mode: the four corners are black-market spaces."
    ),
    "teams": gettext_noop("Team variant for 3 or 4 players: two sides share a pawn."),
    "refill_timing": gettext_noop(
        "When the side that played draws back up to four cards: at the end of "
        "the turn (help page) or right after playing (rulebook)."
    ),
    "edition": gettext_noop(
        "The rules a match was played with (records before December 2026 "
        "refilled the active side after an instant black-market card)."
    ),
}


def _move(by: int) -> tuple[Plural, dict[str, int]] | None:
    """A pawn's move in words: forward or back, never a signed number."""
    if by > 0:
        return ngettext_noop("{n} space forward", "{n} spaces forward", count="n"), {
            "n": by
        }
    if by < 0:
        return ngettext_noop("{n} space back", "{n} spaces back", count="n"), {"n": -by}
    return None


PARAMS = {"by": _move}
"""How the web words event values (docs/writing-a-game.md, "Text players see")."""
