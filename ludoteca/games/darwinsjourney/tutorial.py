"""The Darwin's Journey tutorial: the first round of a solo journey (see
`ludoteca.engine.tutorial`). Seed 3 puts a red fossil two spaces into
island A and a yellow reptile on ocean space O2, so one worker of each
journal finds a specimen, the Academy's top-left seal is red and free, and
the Museum pays for the fossil; the round then ends with the Beagle goal."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.protocol import Action
from ludoteca.engine.tutorial import Expect, Step, Tutorial, View

PLACE = (
    '.dj-worker-pick[data-worker="{worker}"], .dj-loc-pick[data-loc="{location}"], '
    '.dj-confirm [data-action="confirm"]'
)
BUTTON = '.dj-act[data-action="{type}"]'
CLICK_PART = _("Now carry out the space's action: click its button.")
END_TURN = _('Nothing is left to do on this space. Click "End your turn".')
THIS_ONE = _("For this tutorial, take the highlighted choice.")


def _is(**expected: Any) -> Expect:
    def expect(view: View, action: Action) -> bool:
        return dict(action) == expected

    return expect


def _place(worker: int, location: str, text: str) -> Step:
    return Step(
        text,
        target=PLACE,
        expect=_is(type="place", worker=worker, location=location),
        wrong=_("Choose the highlighted worker and space, then confirm."),
    )


def _button(text: str, wrong: str = THIS_ONE, **action: Any) -> Step:
    return Step(text, target=BUTTON, expect=_is(**action), wrong=wrong)


TUTORIAL = Tutorial(
    game="darwinsjourney",
    seed=3,
    players=1,
    # The script was written for the first reading; it stays on it until it
    # is rewritten for the rulebook edition.
    options={"rules_edition": "2026-11"},
    intro=_(
        "Darwin's Journey lasts five rounds. Each round you place your workers one "
        "at a time on action spaces: exploring islands, sailing, training workers, "
        "filling the museum. You play alone here and try for the best score."
    ),
    steps=(
        Step(
            _(
                "Your Generalist carries a purple seal, which counts as any colour. "
                "Your three other workers get their first seal from a crew card, "
                "which also pays a reward later, once that worker has the seals it "
                "shows. Click the first option."
            ),
            target=".dj-actions .dj-act:first-child",
            expect=_is(type="assign_crew", cards=[1, 2, 12]),
            wrong=_("For this tutorial, click the first way of handing out the cards."),
        ),
        _place(
            2,
            "EXP1",
            _(
                "An action space asks for seals of its colour: Exploration needs a "
                "green one, and Worker 3 has it. Choose Worker 3, then Exploration "
                "I, then Confirm."
            ),
        ),
        _button(CLICK_PART, type="part", index=0),
        _button(
            _(
                "Your explorer walks 2 spaces on island A. Only the space where it "
                "stops counts: it passes the coins, and stops on a red fossil, "
                "which you research (it is marked on your board)."
            ),
            type="explore",
            island="A",
            path=["IA1", "IA2"],
        ),
        _button(END_TURN, type="end_turn"),
        _place(
            1,
            "NAV1",
            _(
                "Navigation moves your ship and needs a blue seal: Worker 2 has "
                "one. The first journal already holds a worker, so this space costs "
                "2 coins: a section that is occupied always charges extra. Choose "
                "Worker 2, then Navigation I, then Confirm."
            ),
        ),
        _button(CLICK_PART, type="part", index=0),
        _button(
            _(
                "The ocean forks right away. Sail to O2: as on the islands, only "
                "the last space counts, and this one holds a yellow reptile to "
                "research."
            ),
            type="navigate",
            path=["O1", "O2"],
        ),
        _button(END_TURN, type="end_turn"),
        _place(
            0,
            "ACA1",
            _(
                "The Academy sells seals, which make your workers stronger. It "
                "needs a red seal, and the Generalist's purple one will do. The "
                "second journal is still empty, so there is no extra cost. Choose "
                "the Generalist, then Academy I, then Confirm."
            ),
        ),
        _button(CLICK_PART, type="part", index=0),
        Step(
            _(
                "A seal costs its row's price plus the price of the worker's next "
                "slot; here both are free. Click the red seal at the top left, then "
                "give it to Worker 3. A worker with four seals earns a silver "
                "distinction, and with six a gold one: bigger actions."
            ),
            target='.dj-seal-btn[data-academy="{row}:{slot}"], '
            '.dj-act[data-action="buy_seal"]',
            expect=_is(type="buy_seal", row=0, slot=0, worker=2),
            wrong=_("Click the top-left red seal, then the button for Worker 3."),
        ),
        _button(END_TURN, type="end_turn"),
        _place(
            3,
            "MUSEUM",
            _(
                "The Museum takes any worker and never costs extra. Choose Worker "
                "4, then Museum, then Confirm."
            ),
        ),
        _button(CLICK_PART, type="part", index=0),
        _button(
            _(
                "Deliver the red fossil you researched. Each empty square in its "
                "row and column of the museum pays a coin, each filled one a step "
                "on the evolution track: here you gain 4 coins and 3 steps."
            ),
            type="deliver",
            specimen="R-fossil",
        ),
        _button(
            _(
                "All your workers are out. Ending this turn ends the round: the "
                "Beagle's goal is scored, and you would lose points for each space "
                'your ship lagged behind the Beagle. Click "End your turn".'
            ),
            type="end_turn",
        ),
    ),
    outro=_(
        "That was the first of five rounds: your workers come back and the Beagle "
        "sails on. Envelopes, lenses, objectives and tents wait on the board; the "
        "help page explains them. Play on alone, or leave whenever you like."
    ),
)
