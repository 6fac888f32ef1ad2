"""The Inside Job tutorial: the first tricks of a three-player match against
two bots (see `ludoteca.engine.tutorial`). With seed 1 the learner is an
Agent and leads; the texts never say which bot is the Insider (the learner
cannot know), only what everyone saw on the table."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.protocol import Action
from ludoteca.engine.tutorial import Expect, Step, Tutorial, View

MISSION = '.ij-offered [data-mission="{mission}"]'
CARD = '.ij-hand-cards [data-card="{card}"]'


def _is(**expected: Any) -> Expect:
    def expect(view: View, action: Action) -> bool:
        return dict(action) == expected

    return expect


def _mission(mission: str, text: str, wrong: str) -> Step:
    return Step(
        text,
        target=MISSION,
        expect=_is(type="choose_mission", mission=mission),
        wrong=wrong,
    )


def _card(card: int, text: str, wrong: str) -> Step:
    return Step(
        text, target=CARD, expect=_is(type="play", card=card, wager=False), wrong=wrong
    )


TUTORIAL = Tutorial(
    game="insidejob",
    seed=1,
    players=3,
    intro=_(
        "Inside Job is a trick-taking game with a traitor. Your role card says "
        "you are an Agent; one of the two bots is the Insider, working against "
        "you in secret. The Agents win by completing 9 missions; the Insider wins "
        "by holding 6 intel tokens."
    ),
    steps=(
        _mission(
            "A12",
            _(
                "The leader of a trick draws two missions and keeps one; the other "
                "leaves the game unseen. A mission gives the trick a condition and "
                "a trump colour. Keep the one that says no trump may be played "
                "(the trump is red)."
            ),
            _('Keep the mission "No trump is played" for this tutorial.'),
        ),
        _card(
            24,
            _(
                "Everyone must follow the colour that was led when they can; only "
                "the Insider may ignore it. The highest card of the led colour wins, "
                "unless a trump is played. The winner takes an intel token. Lead "
                "your green 12."
            ),
            _("Lead the green 12 for this tutorial."),
        ),
        _mission(
            "A15",
            _(
                "Your 12 won, so you took an intel token, and nobody played red: the "
                "mission is complete. As the winner you lead again. Keep the "
                'mission "The winning card is even" (trump green).'
            ),
            _('Keep the mission "The winning card is even" for this tutorial.'),
        ),
        _card(
            6,
            _(
                "Not every mission works out. Lead your blue 7 and watch which card "
                "wins."
            ),
            _("Lead the blue 7 for this tutorial."),
        ),
        _card(
            5,
            _(
                "A blue 13 won: an odd card, so the mission failed and goes away. "
                "Missions fail when someone spoils them, by bad luck or on purpose. "
                "Now blue was led and you hold blue, so you must play blue. Play "
                "your blue 6."
            ),
            _("You hold blue, so you must follow it: play the blue 6."),
        ),
        _mission(
            "A18",
            _(
                'Someone played yellow, so "all cards the same colour" failed, '
                "although your 6 won the trick. Who did not follow, and did they "
                "have to? That is what you watch to find the Insider. Keep the "
                'mission "The winning card is 9 or lower" (trump blue).'
            ),
            _('Keep the mission "The winning card is 9 or lower" for this tutorial.'),
        ),
        _card(
            17,
            _(
                "Blue is the trump now: any blue card beats every other colour. "
                "Lead your green 5."
            ),
            _("Lead the green 5 for this tutorial."),
        ),
        Step(
            _(
                "A blue 3 took your green 5: a trump wins, and as it is below 9, "
                "the mission is complete. Green was led; follow with either of "
                "your green cards."
            ),
            target=".ij-hand-cards",
        ),
    ),
    outro=_(
        "You know the tricks and the missions. Keep an eye on the intel: an "
        "Agent who reaches 6 is revealed and cleared, but the Insider who reaches "
        "6 wins. If the cards run out first, everyone votes for the one they "
        "think is the Insider. Play on, or leave whenever you like."
    ),
)
