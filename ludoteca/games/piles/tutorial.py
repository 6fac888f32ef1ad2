"""The Piles! tutorial: the first moves of a real-time match against one bot
(see `ludoteca.engine.tutorial`). The bot moves every few seconds, so the
centre changes under the learner's hands; each step therefore asks for a
kind of move (pick up, swap, put down) rather than one card."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.tutorial import Expect, Step, Tutorial

PILES = ".pl-piles .pl-stack.closed"
SWAP = ".pl-fan, .pl-centre .pl-row"


def _kind(kind: str) -> Expect:
    def expect(view: Any, action: Any) -> bool:
        return bool(action.get("type") == kind)

    return expect


PICK_UP = _("Pick up a pile first: click one of your piles.")
SWAP_FIRST = _(
    "Swap a card first: click a card of the pile in your hand, then a card of "
    "the centre."
)

TUTORIAL = Tutorial(
    game="piles",
    seed=1,
    players=2,
    intro=_(
        "Piles! is played in real time: everybody moves at once, no turns. You "
        "have six face-down piles of four clothes; make each pile four cards of "
        "the same design. The bot plays at a gentle pace here."
    ),
    steps=(
        Step(
            _('Click "I am ready". The match starts after a short countdown.'),
            target=".pl-ready",
            expect=_kind("ready"),
            wrong=_('Click "I am ready" first.'),
        ),
        Step(
            _(
                "Pick up one of your piles: click it, or press its number (1 to "
                "6). You see its four cards, and you hold only one pile at a "
                "time."
            ),
            target=PILES,
            expect=_kind("open"),
            wrong=PICK_UP,
        ),
        Step(
            _(
                "Four cards lie face up in the centre, shared by everyone. Swap: "
                "click a card of your pile, then a centre card; they change "
                "places. Keep the cards that match the design you are collecting."
            ),
            target=SWAP,
            expect=_kind("swap"),
            wrong=SWAP_FIRST,
        ),
        Step(
            _(
                "Swap once more. The bot swaps with the same centre, so a card may "
                "be gone before your click arrives: then your swap is refused and "
                "you simply pick another."
            ),
            target=SWAP,
            expect=_kind("swap"),
            wrong=SWAP_FIRST,
        ),
        Step(
            _(
                'Put the pile down to pick up another one later: click "Put the '
                'pile down". A pile whose four cards share a design is complete: '
                "it locks face up at once."
            ),
            target=".pl-close",
            expect=_kind("close"),
            wrong=_('Put the pile down now: click "Put the pile down".'),
        ),
        Step(
            _(
                "Pick up another pile. The first to complete all six piles wins; "
                "if the match timer runs out first, the most complete piles wins."
            ),
            target=PILES,
            expect=_kind("open"),
            wrong=PICK_UP,
        ),
    ),
    outro=_(
        "That is all there is to it: pick up, swap, put down, and be quick. Keep "
        "playing against the bot, or leave whenever you like."
    ),
)
