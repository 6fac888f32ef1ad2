"""The Agent Avenue tutorial: a short match against one bot (see
`ludoteca.engine.tutorial`). Seed 6 deals the learner (green, seat 0) the
Double Agent, Enforcer, Sentinel and Sidekick and lets them start; the bot
never discards, so the seven steps below always meet the same cards."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.tutorial import Step, Tutorial, View, view_seed


def _bot(game: Game[Any], state: Any, seat: int) -> Action | None:
    """The bot never throws cards away, so the learner sees offers and picks."""
    legal = [a for a in game.legal_actions(state, seat) if a["type"] != "discard"]
    return Rng(view_seed(game, state, seat)).choice(legal) if legal else None


def _offer(up: str, down: str) -> Any:
    def expect(view: View, action: Action) -> bool:
        return action == {"type": "offer", "up": up, "down": down}

    return expect


def _take(which: str) -> Any:
    return lambda view, action: action == {"type": "pick", "take": which}


HAND = ".aa-hand"
OFFER = ".aa-offer"

TUTORIAL = Tutorial(
    game="agentavenue",
    seed=6,
    players=2,
    seat=0,
    bot_policy=_bot,
    intro=_(
        "Agent Avenue is a race around a loop of 14 spaces. You are green and start "
        "on space 0; the bot is blue, 7 spaces ahead. Reach or pass its pawn and "
        "you win."
    ),
    steps=(
        Step(
            _(
                "You start. On your turn you offer two agents with different names, "
                "one face up and one face down. The bot keeps one of them and the "
                "other joins your side; every agent recruited moves its side's "
                "pawn.\n\nClick the Double Agent (face up), then the Sidekick "
                "(face down)."
            ),
            target=HAND,
            expect=_offer("double_agent", "assistant"),
            wrong=_(
                "For this first offer, click the Double Agent first and then the "
                "Sidekick."
            ),
        ),
        Step(
            _(
                "The bot took the Double Agent (its first copy moves 1 back) and "
                "your Sidekick moved you 4 forward. At the end of a turn the one "
                "who offered draws back up to four cards.\n\nNow the bot offers: "
                "a Saboteur face up and a hidden card. Take the face-up Saboteur; "
                "the hidden one goes to the bot."
            ),
            target=OFFER,
            expect=_take("up"),
            wrong=_("This time take the face-up card, the Saboteur."),
        ),
        Step(
            _(
                "An agent moves its side according to how many copies that side "
                "already has: the icons on a card are for the first, second and "
                "third copy. A Enforcer gives +1, +2, then +3; a Double Agent "
                "gives -1, then +6.\n\nOffer the Enforcer face up and the Sentinel "
                "face down."
            ),
            target=HAND,
            expect=_offer("henchman", "sentinel"),
            wrong=_("Click the Enforcer first (face up), then the Sentinel."),
        ),
        Step(
            _(
                "Careful: the bot already has one Double Agent, so a second one "
                "would move it 6 spaces. Its offer shows a Enforcer; you cannot see "
                "the other card.\n\nTake the face-up Enforcer."
            ),
            target=OFFER,
            expect=_take("up"),
            wrong=_("Take the face-up card, the Enforcer, this time."),
        ),
        Step(
            _(
                "The hidden card was the second Double Agent: the bot jumped 6 and "
                "is now close behind you. Before offering, you may put a card "
                "face down out of the game and draw a new one, four times per "
                'match.\n\nPress "Discard and draw", then click the Saboteur.'
            ),
            target=".aa-hand-head button",
            expect=lambda view, action: (
                action == {"type": "discard", "card": "saboteur"}
            ),
            wrong=_(
                'Press "Discard and draw" first, then click the Saboteur to throw '
                "it away."
            ),
        ),
        Step(
            _(
                "Some agents end the match by themselves: a side with three "
                "Codebreakers wins at once, and a side with three Daredevils loses "
                "at once. Keep an eye on what each side has collected.\n\nOffer a "
                "Codebreaker face up and the Daredevil face down."
            ),
            target=HAND,
            expect=_offer("codebreaker", "daredevil"),
            wrong=_("Click a Codebreaker first (face up), then the Daredevil."),
        ),
        Step(
            _(
                "The bot took the Codebreaker and your Daredevil moved you 2 "
                "spaces. Now it is your call: take the face-up Saboteur or the "
                "hidden card."
            ),
            target=OFFER,
        ),
    ),
    outro=_(
        "That is the whole turn: offer, recruit, move, draw. Finish this match on "
        "your own (catch the blue pawn before it catches you), or leave whenever "
        "you like."
    ),
)
