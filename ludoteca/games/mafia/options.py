"""Table options: phase durations and the spec's ASSUMPTION flags (§5.3, §9)."""

from __future__ import annotations

from ludoteca.engine.protocol import Option
from ludoteca.games.mafia.rolelist import ENTRIES, MAX_PLAYERS


def _secs(default: int, what: str) -> Option:
    return Option(default, minimum=3, maximum=600, help=f"Seconds of the {what}.")


OPTIONS: dict[str, Option] = {
    # The host's own list (§5.1), checked against the seat count in setup.
    "rolelist": Option(
        (),
        items=ENTRIES,
        maximum=MAX_PLAYERS,
        help=(
            "Custom list: one role or random slot per seat (empty: the standard list)."
        ),
    ),
    # Phase durations (§5.3); every timer is configurable per table.
    "day0_seconds": _secs(20, "day 0 introduction"),
    "dawn_seconds": _secs(8, "dawn report"),
    "discussion_seconds": _secs(60, "discussion"),
    "voting_seconds": _secs(30, "voting"),
    "defense_seconds": _secs(20, "defence"),
    "judgement_seconds": _secs(20, "judgement"),
    "last_words_seconds": _secs(7, "last words"),
    "night_seconds": _secs(40, "night"),
    "voting_after_acquittal": Option(
        "resume",
        choices=("resume", "restart"),
        help="After an acquittal the voting resumes with the time it had left.",
    ),
    "night_ends_early": Option(
        True, choices=(True, False), help="The night ends when every player is ready."
    ),
    "day_zero": Option(
        True, choices=(True, False), help="Open with a day 0 without votes (A-04)."
    ),
    "last_wills": Option(
        True, choices=(True, False), help="Each player keeps a last will (A-06)."
    ),
    "mafia_kill_night1": Option(
        True, choices=(True, False), help="The Mafia may kill on night 1 (A-07)."
    ),
    "claims": Option(
        True,
        choices=(True, False),
        help="Players may claim a role and report results during the discussion "
        "and the voting.",
    ),
    "detective_mode": Option(
        "binary",
        choices=("binary", "faction"),
        help="The Detective learns suspicious or not, or the faction (A-08).",
    ),
    "frame_duration": Option(
        "night",
        choices=("night", "until_investigated"),
        help="How long a frame lasts (A-09).",
    ),
    "vigilante_bullets": Option(
        3, minimum=1, maximum=5, help="The Vigilante's bullets (A-10)."
    ),
    "vigilante_night1": Option(
        False, choices=(True, False), help="The Vigilante may shoot on night 1 (A-10)."
    ),
    "werewolf_every_night": Option(
        False,
        choices=(True, False),
        help="The Werewolf acts every night, not only at full moon (A-11).",
    ),
    "plague_effect": Option(
        "no_heal",
        choices=("no_heal", "cosmetic"),
        help="What the plague does to an infected player (A-12).",
    ),
    "witch_plague_need_alive": Option(
        False,
        choices=(True, False),
        help="The Witch and the Plague must be alive to co-win (A-13).",
    ),
    "promotion_pick": Option(
        "lowest_seat",
        choices=("lowest_seat", "seeded_random"),
        help="Who becomes Mafioso when no killer is left (A-14).",
    ),
    "cult_leader_death": Option(
        "promote",
        choices=("promote", "all_cultists_die"),
        help="What happens when the Cult Leader dies (A-17).",
    ),
    "cult_conversion_cooldown": Option(
        0, minimum=0, maximum=3, help="Nights between conversions (A-19)."
    ),
    "amnesiac_wins_unremembered": Option(
        True,
        choices=(True, False),
        help="An Amnesiac that never remembers co-wins if alive (A-24).",
    ),
    "jester_haunt": Option(
        False,
        choices=(True, False),
        help="A lynched Jester haunts one guilty or abstaining voter (A-26).",
    ),
    "roleblock_stops_self_actions": Option(
        False,
        choices=(True, False),
        help="A roleblock also stops alerts and self-protections (A-29).",
    ),
    "tiebreak_first": Option(
        True,
        choices=(True, False),
        help="The 1v1 tie-break is checked before dominance (A-31).",
    ),
    "mafia_parity_neutral_scope": Option(
        "all",
        choices=("all", "killing"),
        help="Which living neutrals block Mafia parity (A-34).",
    ),
    "nk_dead_share_win": Option(
        True,
        choices=(True, False),
        help="Dead neutral killers share their role's win (A-35).",
    ),
    "stalemate_nights": Option(
        3, minimum=1, maximum=10, help="Quiet nights that end the game (A-36)."
    ),
    "stalemate_tie": Option(
        "priority",
        choices=("priority", "draw"),
        help="A stalemate tie goes to the win priority, or is a draw (A-36).",
    ),
    "stalemate_reset_on_day_death": Option(
        False,
        choices=(True, False),
        help="A lynch resets the quiet-night counter (A-36).",
    ),
}

PHASE_OPTION = {
    "day0": "day0_seconds",
    "night": "night_seconds",
    "dawn": "dawn_seconds",
    "discussion": "discussion_seconds",
    "voting": "voting_seconds",
    "defense": "defense_seconds",
    "judgement": "judgement_seconds",
    "last_words": "last_words_seconds",
}
