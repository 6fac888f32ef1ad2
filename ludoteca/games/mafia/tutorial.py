"""The Mafia tutorial: two nights and two days of a 7-player match against
six bots (see `ludoteca.engine.tutorial`). The learner is the Detective
(player 1); seed 76 with this list puts the Mafioso on player 5.

The bots follow a small script that reads only what their seat knows: at
night the Mafioso kills the highest-numbered player it may, the Doctor
protects the learner, the others do nothing; in the voting they wait for the
learner and then follow (the Mafioso says "no trial"); at the judgement the
Town finds the accused guilty (a Mafioso judging would say innocent). The
phases nobody acts in are short and the timer of a phase stops while the
guide waits for the learner, so the whole match takes about five minutes.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import gettext_noop as _
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.tutorial import WAIT, Expect, Step, Tutorial, View, Wait
from ludoteca.games.mafia.state import JUDGEMENT, NIGHT, NO_VOTE, VOTING, State

LEARNER = 0
SEAT = '.mf-seat[data-seat="{target}"] .mf-buttons button'
PANEL = '.mf-panel [data-action="{type}"]'
VERDICT = '.mf-panel [data-verdict="{verdict}"]'


def _is(**expected: Any) -> Expect:
    def expect(view: View, action: Action) -> bool:
        return dict(action) == expected

    return expect


def _policy(game: Game[Any], state: State, seat: int) -> Action | Wait | None:
    """The bots' script: their own role, their own choices so far and what
    everybody sees (who is alive, the learner's vote, who is on trial)."""
    role = state.players[seat].role
    if state.phase == NIGHT:
        if state.actions[seat] is not None:
            return WAIT  # ready: nothing more tonight
        if role == "MAFIOSO":
            victims = [
                s
                for s, p in enumerate(state.players)
                if p.alive and s not in (seat, LEARNER)
            ]
            return {"type": "act", "target": max(victims)}
        if role == "DOCTOR":
            return {"type": "act", "target": LEARNER}
        return {"type": "pass"}
    if state.phase == VOTING:
        learner_vote = state.votes[LEARNER]
        if learner_vote == NO_VOTE or state.votes[seat] != NO_VOTE:
            return WAIT  # the town waits for the Detective's lead
        if role == "MAFIOSO" or learner_vote in (seat, -2):
            return {"type": "pass"}
        return {"type": "vote", "target": learner_vote}
    if state.phase == JUDGEMENT:
        if state.verdicts[seat]:
            return WAIT
        verdict = "innocent" if role == "MAFIOSO" else "guilty"
        return {"type": "judge", "verdict": verdict}
    return None


TUTORIAL = Tutorial(
    game="mafia",
    seed=76,
    players=7,
    seat=LEARNER,
    options={
        "rolelist": [
            "MAFIOSO",
            "DETECTIVE",
            "DOCTOR",
            "CITIZEN",
            "CITIZEN",
            "CITIZEN",
            "CITIZEN",
        ],
        "day_zero": False,
        # Formal claims are left out: the discussion would wait for the
        # learner's "ready", a step this short tour does not teach.
        "claims": False,
        "night_seconds": 60,
        "dawn_seconds": 6,
        "discussion_seconds": 8,
        "voting_seconds": 60,
        "defense_seconds": 8,
        "judgement_seconds": 60,
        "last_words_seconds": 8,
    },
    bot_policy=_policy,
    intro=_(
        "Mafia is played in nights and days. At night everyone acts in secret; "
        "by day the town talks, votes and may lynch one player. A hidden Mafia "
        "kills at night: the town wins when no Mafia member is left alive."
    ),
    steps=(
        Step(
            _(
                "Your role card says you are the Detective, a Town role: each "
                "night you may investigate one other player and at dawn you learn "
                "whether they look suspicious. The numbers on the square are the "
                "players; you are player 1.\n\n"
                'Investigate player 3: click "Choose" on their tile.'
            ),
            target=SEAT,
            expect=_is(type="act", target=2),
            wrong=_('For this tutorial, click "Choose" on player 3.'),
        ),
        Step(
            _(
                "Dawn: the report says who died in the night and shows their role; "
                "your private messages say that player 3 is not suspicious. Then "
                "the town discusses in the chat.\n\n"
                "Now the voting is open: when enough players vote for the same "
                "person, that person is put on trial. The others wait for your "
                'lead. You have no evidence against anyone yet: click "No trial".'
            ),
            target=PANEL,
            expect=_is(type="pass"),
            wrong=_('Nobody looks guilty yet: click "No trial".'),
        ),
        Step(
            _(
                "Everybody passed, so nobody was lynched and night falls again. "
                "The Mafia will strike again: use your investigation well.\n\n"
                'Investigate player 5: click "Choose" on their tile.'
            ),
            target=SEAT,
            expect=_is(type="act", target=4),
            wrong=_('For this tutorial, click "Choose" on player 5.'),
        ),
        Step(
            _(
                "The Mafia killed the Doctor tonight, and your message says that "
                "player 5 is suspicious: a Mafia member. Tell the town in the chat, "
                "then vote against them.\n\n"
                'Click "Vote" on player 5\'s tile. Votes are public: everyone sees '
                "who voted for whom."
            ),
            target=SEAT,
            expect=_is(type="vote", target=4),
            wrong=_('Put the suspect on trial: click "Vote" on player 5.'),
        ),
        Step(
            _(
                "The town followed you: player 5 is on trial. During the defence "
                "only the accused speaks, to plead their case. Then every other "
                "living player judges: more guilty than innocent votes and the "
                "accused is lynched; a tie or fewer sets them free.\n\n"
                'Your investigation leaves no doubt: click "guilty".'
            ),
            target=VERDICT,
            expect=_is(type="judge", verdict="guilty"),
            wrong=_('Player 5 is the suspect: click "guilty".'),
        ),
    ),
    outro=_(
        "Guilty! The condemned gets a few seconds of last words, then is lynched "
        "and their role is revealed, with their last will if they wrote one (write "
        'yours in the chat tab "Your last will": it is read out when you die). '
        "Player 5 was the only Mafia member, so the town wins. In a real match "
        "nobody knows who is who: claim, compare notes and watch the votes."
    ),
)
