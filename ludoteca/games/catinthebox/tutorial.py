"""The Cat in the Box tutorial: the first round of a three-player match
against two bots (see `ludoteca.engine.tutorial`). Seed 1 with the learner
starting plays a round in which the bots declare out, break red, and Bot 2
ends the round with a paradox right after the learner's last step."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.protocol import Action
from ludoteca.engine.tutorial import Expect, Step, Tutorial, View

PLAY = (
    '.cb-hand-cards [data-card="{card}"], '
    '.cb-cell[data-color="{color}"][data-number="{card}"]'
)


def _is(**expected: Any) -> Expect:
    def expect(view: View, action: Action) -> bool:
        return dict(action) == expected

    return expect


def _play(card: int, color: str, text: str, wrong: str) -> Step:
    return Step(
        text, target=PLAY, expect=_is(type="play", card=card, color=color), wrong=wrong
    )


TUTORIAL = Tutorial(
    game="catinthebox",
    seed=1,
    players=3,
    # The script was written for the rules before 2026-12 and keeps them: it
    # predicts 2 at 3 players (the rulebook's boards allow 1, 3 or 4), and
    # its bots were tuned (their rollouts score outcomes) under those rules.
    options={
        "first_start_player": "first_seat",
        "predictions": "1-3",
        "leader_red_when_forced": False,
        "tie_break": "shared",
    },
    intro=_(
        "Cat in the Box is a trick-taking game whose cards have numbers but no "
        "colours: you say the colour as you play. Each round you try to win "
        "exactly the number of tricks you predicted."
    ),
    steps=(
        Step(
            _(
                "First everyone puts one card aside, face down: it plays no part "
                'in this round. Click your 1, then "Set the 1 aside".'
            ),
            target='.cb-hand-cards [data-card="{card}"]',
            expect=_is(type="set_aside", card=1),
            wrong=_("For this tutorial, set the 1 aside."),
        ),
        Step(
            _(
                "Now predict how many tricks you will win this round. Hit it "
                "exactly and you also score your largest group of touching tokens "
                "on the research board. Predict 2."
            ),
            target='.cb-predict[data-tricks="{tricks}"]',
            expect=_is(type="predict", tricks=2),
            wrong=_("Predict 2 tricks for this tutorial."),
        ),
        _play(
            6,
            "blue",
            _(
                "You lead the first trick. Pick a card, then declare its colour: "
                "your token goes on that colour and number of the research board, "
                "and each square can be taken only once per round. Red is the "
                "trump and nobody may lead it before someone has played red.\n\n"
                "Click your 6 and declare it blue."
            ),
            _("Click the 6, then the blue button."),
        ),
        _play(
            2,
            "yellow",
            _(
                "Your 6 won. Bot 3 declared green on your blue lead, which "
                "revealed its blue X: it may not declare blue again this round. "
                "The winner leads the next trick. Lead a 2 as yellow."
            ),
            _("Click a 2, then the yellow button."),
        ),
        _play(
            2,
            "blue",
            _(
                "Nobody followed yellow, so even your 2 won. Two tricks: exactly "
                "your prediction, so now you want to lose every trick. Lead your "
                "last 2 as blue."
            ),
            _("Click the 2, then the blue button."),
        ),
        _play(
            2,
            "red",
            _(
                "Bot 3 declared its 5 red and won: red beats every other colour. "
                "Red has been played, so it may be led now, and Bot 3 leads a red "
                "3. Declare your 2 as red: you follow and lose."
            ),
            _("Click the 2, then the red button."),
        ),
        _play(
            3,
            "yellow",
            _(
                "Bot 3 leads a green 5. None of your numbers has a free green "
                "square, so you must declare another colour, and your green X is "
                "revealed. Declare a 3 as yellow."
            ),
            _("Click a 3, then the yellow button."),
        ),
        _play(
            5,
            "blue",
            _(
                "Bot 3 leads a red 6. Declare your 5 as blue: it reveals your red "
                "X, but you lose the trick, as you want."
            ),
            _("Click the 5, then the blue button."),
        ),
    ),
    outro=_(
        "Now Bot 2 has revealed every colour but blue, and no blue square is free "
        "for its numbers: it cannot declare anything. That is a paradox: the round "
        "stops at once, and whoever caused it loses a point per trick won and "
        "gets no bonus. You won 2 tricks as predicted, plus your largest group of "
        "3 squares: 5 points. There is one round per player: play on, or leave "
        "whenever you like."
    ),
)
