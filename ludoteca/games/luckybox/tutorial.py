"""The Super Mega Lucky Box tutorial: the first round and a half of a solo
match (see `ludoteca.engine.tutorial`). Seed 3 offers cards 11, 36, 37, 52
and 56; each step names the exact cell to cross so that the lines, bonuses
and lightning the guide talks about come out as it says."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.protocol import Action
from ludoteca.engine.tutorial import Expect, Step, Tutorial, View

CELL = '.lb-mine .lb-sheet[data-card="{card}"] .lb-cell[data-cell="{cell}"]'
BONUS_CELL = '.lb-mine .lb-sheet[data-card="{target}"] .lb-cell[data-cell="{cell}"]'
CROSS_IT = _("Cross the highlighted cell.")
THAT_CELL = _(
    "The guide asks for the highlighted cell here, so that the lines it talks "
    "about are finished."
)


def _is(**expected: Any) -> Expect:
    def expect(view: View, action: Action) -> bool:
        return dict(action) == expected

    return expect


def _cross(card: int, cell: int, text: str, shift: int = 0) -> Step:
    return Step(
        text,
        target=CELL,
        expect=_is(type="cross", card=card, cell=cell, shift=shift),
        wrong=THAT_CELL,
    )


def _offer(*cards: int) -> str:
    return ", ".join(f'.lb-offer-card[data-card="{c}"]' for c in cards)


TUTORIAL = Tutorial(
    game="luckybox",
    seed=3,
    players=1,
    intro=_(
        "In Super Mega Lucky Box you cross numbers off little cards for four "
        "rounds. Finished cards, stars and moons give points. You are playing "
        "alone here: the same rules, with a rating at the end."
    ),
    steps=(
        Step(
            _(
                "First, keep three of the five cards you are offered. Click the "
                'three highlighted cards, then "Keep these cards".'
            ),
            target=_offer(11, 36, 37),
            expect=_is(type="keep", cards=[11, 36, 37]),
            wrong=_("Keep the three highlighted cards for this tutorial."),
        ),
        _cross(
            11,
            8,
            _(
                "Each round nine numbers are drawn, one at a time. For each one "
                "you must cross a cell showing it on one of your cards. The first "
                "number is 8: cross the highlighted 8."
            ),
        ),
        _cross(
            11,
            2,
            _(
                "When several of your cells show the number, you choose which to "
                "cross. Cross the highlighted 6."
            ),
        ),
        _cross(
            11,
            0,
            _(
                "Every row and every column ends in a bonus, which you get as soon "
                "as the whole line is crossed. Cross the highlighted 5."
            ),
        ),
        _cross(36, 1, CROSS_IT),
        _cross(36, 2, CROSS_IT),
        _cross(11, 7, CROSS_IT),
        _cross(37, 0, CROSS_IT),
        _cross(
            36,
            0,
            _(
                "This 2 finishes the top row of a card, whose bonus is a star. "
                "Stars are counted at the end of each round: one star is worth 1, "
                "two are worth 4, three or more are worth 9. Cross the highlighted "
                "2."
            ),
        ),
        _cross(
            11,
            1,
            _(
                "None of your cells shows this 8. Lightning tokens change the "
                "number: each one moves it a step up or down (9 and 1 are "
                "neighbours). Spend all four of yours to turn the 8 into a 4: "
                "click the highlighted 4, then confirm."
            ),
            shift=-4,
        ),
        Step(
            _(
                "The round is over: a card with every cell crossed scores (15 "
                "points in round one, less later) and leaves, and your two stars "
                "scored 4. After rounds one to three you see three new cards and "
                'keep one. Click the highlighted card, then "Keep these cards".'
            ),
            target=_offer(17),
            expect=_is(type="keep", cards=[17]),
            wrong=_("Keep the highlighted card for this tutorial."),
        ),
        _cross(
            11,
            4,
            _(
                "This 5 finishes a column whose bonus is a moon. Moons count at "
                "the end of the match; playing alone, fewer than two moons cost "
                "points. Cross the highlighted 5."
            ),
        ),
        _cross(37, 5, CROSS_IT),
        _cross(
            11,
            6,
            _(
                "A 9 came out, but none of your cells shows a 9 and you have no "
                "lightning left, so you crossed nothing. Now cross the highlighted "
                "7: it finishes a row with a question mark."
            ),
        ),
        Step(
            _(
                "A question mark lets you cross any free cell on any of your "
                "cards. Cross the highlighted one: it finishes a column too, but "
                "that bonus is an 8 and you have no free 8 left, so it is lost."
            ),
            target=BONUS_CELL,
            expect=_is(type="bonus", card=11, line="r2", target=11, cell=3),
            wrong=THAT_CELL,
        ),
    ),
    outro=_(
        "You have seen the whole game: cross, finish lines, collect bonuses, and "
        "score cards and stars at the end of each round. Play the remaining "
        "rounds on your own, or leave whenever you like."
    ),
)
