"""Every sentence and name players see, in English, marked for translation.

Refusals (by code), events (by type), private notes and public announcements
(by kind), roles (name and description), factions, phases, causes of death,
how a match ended and the options. The pt-BR catalog is in
``locale/pt_BR/LC_MESSAGES/django.po``; a test checks nothing is missing.
Placeholders: {player}/{target} are seats, {role} a role name, {seats} a list
of seats, {roles} a list of roles; {result} is a key of RESULTS, FACTIONS or
CAUSES (comma-separated causes of death), or a note kind for the Spy's bug.
"""

from __future__ import annotations

from ludoteca.engine.i18n import gettext_noop as _

ERRORS = {
    "malformed_action": _("This is not a valid action."),
    "game_over": _("The match is over."),
    "system_only_timeout": _("Only the clock can act without a seat."),
    "no_such_seat": _("There is no such seat."),
    "unknown_action": _("This game has no such action."),
    "not_your_turn": _("You cannot act now."),
    "bad_verdict": _("The verdict is guilty, innocent or abstain."),
    "not_judgement_time": _("There is no judgement now."),
    "not_voting_time": _("There is no vote now."),
    "no_vote_to_withdraw": _("You have not voted."),
    "cannot_pass_now": _("There is nothing to pass now."),
    "not_night": _("Night abilities are used at night."),
    "cannot_vote_self": _("You cannot vote for yourself."),
    "target_dead": _("That player is dead."),
    "no_ability_tonight": _("You have no ability to use tonight."),
    "one_target_only": _("Your ability takes one target."),
    "two_targets_needed": _("Choose whom to control and onto whom."),
    "self_use_spent": _("You have already used your self-protection."),
    "cannot_target_self": _("You cannot target yourself."),
    "target_not_allowed": _("You cannot choose that player."),
    "cannot_target_team": _("You cannot target your own team."),
}

EVENTS = {
    "night_falls": _("Night {night} falls."),
    "full_moon": _("There is a full moon tonight."),
    "ready": _("{player} is ready."),
    "night_choice": _("Your choice for tonight is saved."),
    "dawn": _("Dawn of day {night}."),
    "report": _("The dawn report."),
    "note": _("A private message for you."),
    "day_begins": _("Day {day} begins: discuss."),
    "voting_opens": _("Voting is open: {threshold} votes put a player on trial."),
    "voted": _("{player} votes for {target}."),
    "passed": _("{player} does not want a trial."),
    "vote_withdrawn": _("{player} withdraws their vote."),
    "no_lynch": _("Nobody was put on trial today."),
    "trial": _("{player} is on trial and may speak in defence."),
    "judgement_opens": _("Judge {player}: guilty, innocent or abstain."),
    "judged": _("{player} has voted."),
    "verdict_set": _("Your verdict is saved."),
    "verdicts": _("The town has judged {player}."),
    "lynched": _("{player} was lynched. Role: {role}."),
    "jester_won": _("{player} was the Jester and wins by being lynched!"),
    "cult_collapse": _("{player} dies with the Cult Leader."),
    "game_over": _("The match is over."),
}

NOTES = {
    # Public announcements (the dawn report).
    "death": _("{player} died tonight ({result}). Role: {role}."),
    "revived": _("{player} has risen from the grave."),
    "amnesiac": _("An Amnesiac has remembered that they were like the {role}."),
    # Private messages.
    "controlled": _("You were controlled by a Witch."),
    "control_resisted": _("Someone tried to control you, and failed."),
    "roleblocked": _("Someone occupied your night: you were roleblocked."),
    "block_resisted": _("Someone tried to roleblock you, and failed."),
    "guarded": _("You guarded {player} and fought off their attacker."),
    "healed": _("You were attacked but a Doctor saved you."),
    "defence_held": _("You were attacked but your defence was too strong."),
    "heal_report": _("Your patient {player}: {result}."),
    "convert_failed": _("The conversion of {player} failed."),
    "detective": _("Your investigation of {player}: {result}."),
    "consigliere": _("{player} is the {role}."),
    "witch_learned": _("The player you controlled, {player}, is the {role}."),
    "lookout": _("Visitors of {player} tonight: {seats}."),
    "gravedigger": _("{player} was the {role}; died of {result}; visited by: {roles}."),
    "not_cultist": _("{player} is not a cultist."),
    "minion_list": _("The members of the Mafia are: {seats}."),
    "mafia_visits": _("The Mafia visited tonight: {seats}."),
    "bugged": _("Your bug on {player} heard: {result}."),
    "cleaned": _("You cleaned {player}: they were the {role}."),
    "converted": _("You have been converted: you are now a Cult Member."),
    "cult_joined": _("{player} has joined the Cult."),
    "stole": _("You robbed {player}: you are now the {role}."),
    "robbed": _("Your role was stolen: you are now a Citizen."),
    "new_holder": _("{player} now holds the role of {role}."),
    "remembered": _("You remembered: you are now the {role}."),
    "promoted": _("You have been promoted: you are now the {role}."),
    "became_jester": _("Your target died: you are now a Jester."),
    "became_vigilante": _("No Cult is left: you are now a Vigilante with 1 bullet."),
    "infected_list": _("Infected players: {seats}."),
    "blackmailed": _("You were blackmailed: you cannot speak today."),
    "target_lynched": _("Your target {player} was lynched: you have won."),
}

RESULTS = {
    "suspicious": _("suspicious"),
    "not_suspicious": _("not suspicious"),
    "attacked": _("was attacked"),
    "quiet": _("was not attacked"),
    "guilty": _("guilty"),
    "innocent": _("innocent"),
    "abstain": _("abstain"),
}

FACTIONS = {
    "TOWN": _("Town"),
    "MAFIA": _("Mafia"),
    "MAFIA_ALLY": _("Mafia ally"),
    "CULT": _("Cult"),
    "NK": _("Neutral killer"),
    "NEUTRAL": _("Neutral"),
}

PHASES = {
    "day0": _("Day 0"),
    "night": _("Night"),
    "dawn": _("Dawn"),
    "discussion": _("Discussion"),
    "voting": _("Voting"),
    "defense": _("Defence"),
    "judgement": _("Judgement"),
    "last_words": _("Last words"),
    "over": _("Match over"),
}

CAUSES = {
    "MAFIA": _("killed by the Mafia"),
    "VIGILANTE": _("shot by a Vigilante"),
    "SERIAL_KILLER": _("stabbed by a Serial Killer"),
    "WEREWOLF": _("mauled by a Werewolf"),
    "INQUISITOR": _("executed by the Inquisitor"),
    "BODYGUARD": _("killed by a Bodyguard"),
    "VETERAN": _("shot by a Veteran"),
    "GUILT": _("died of guilt"),
    "JESTER": _("haunted by the Jester"),
    "CULT": _("died with the Cult Leader"),
    "LYNCH": _("lynched"),
    "CLEANED": _("role could not be determined"),
}

REASONS = {
    "TIEBREAK": _("Two players were left: the higher win priority wins."),
    "DOMINANCE": _("Only one faction able to kill is left."),
    "PARITY": _("Parity: the faction can no longer be outvoted."),
    "NO_FACTION_LEFT": _("No faction is left: only neutrals survive."),
    "STALEMATE": _("Stalemate: the largest group wins."),
    "STALEMATE_DRAW": _("Stalemate with a tie: a draw."),
    "DRAW": _("Everybody died: a draw."),
}

ROLE_NAMES = {
    "WITCH": _("Witch"),
    "PLAGUE": _("Plague"),
    "ESCORT": _("Escort"),
    "CONSORT": _("Consort"),
    "FRAMER": _("Framer"),
    "BLACKMAILER": _("Blackmailer"),
    "DISGUISER": _("Disguiser"),
    "CONSIGLIERE": _("Consigliere"),
    "JANITOR": _("Janitor"),
    "GODFATHER": _("Godfather"),
    "MAFIOSO": _("Mafioso"),
    "MINION": _("Minion"),
    "SPY": _("Spy"),
    "MASON": _("Mason"),
    "INFILTRATOR": _("Infiltrator"),
    "DETECTIVE": _("Detective"),
    "DOCTOR": _("Doctor"),
    "BODYGUARD": _("Bodyguard"),
    "VIGILANTE": _("Vigilante"),
    "SERIAL_KILLER": _("Serial Killer"),
    "WEREWOLF": _("Werewolf"),
    "CULT_LEADER": _("Cult Leader"),
    "CULT_MEMBER": _("Cult Member"),
    "VETERAN": _("Veteran"),
    "SURVIVOR": _("Survivor"),
    "GRAVEDIGGER": _("Gravedigger"),
    "THIEF": _("Thief"),
    "NECROMANCER": _("Necromancer"),
    "AMNESIAC": _("Amnesiac"),
    "LOOKOUT": _("Lookout"),
    "INQUISITOR": _("Inquisitor"),
    "POLITICIAN": _("Politician"),
    "EXECUTIONER": _("Executioner"),
    "JESTER": _("Jester"),
    "CITIZEN": _("Citizen"),
    "CLEANED": _("Unknown (cleaned)"),
}

ROLE_TEXT = {
    "WITCH": _(
        "Each night make one player use their ability on a second player; you "
        "learn the first one's role. A barrier saves you from the first attack."
    ),
    "PLAGUE": _(
        "On night 1 infect one player. The infection spreads along visits, and "
        "a Doctor cannot save an infected player."
    ),
    "ESCORT": _("Each night keep one player busy: their ability does nothing."),
    "CONSORT": _("Each night keep one non-Mafia player busy, for the Mafia."),
    "FRAMER": _("Each night make one player look suspicious to the Detective."),
    "BLACKMAILER": _("Each night silence one player for the next day."),
    "DISGUISER": _(
        "Take the look of one player: role checks and your own death reveal "
        "their role until the end of the next day."
    ),
    "CONSIGLIERE": _("Each night learn the exact role of one player."),
    "JANITOR": _(
        "Mark a player; if they die that night their role and will are hidden "
        "from the town and told to you. Three cleans."
    ),
    "GODFATHER": _(
        "Choose the Mafia's victim; the Mafioso carries it out if free. Basic "
        "defence; the Detective finds you innocent unless framed."
    ),
    "MAFIOSO": _("Carry out the Godfather's kill. You become Godfather when he dies."),
    "MINION": _(
        "On night 1 learn who the Mafia members are. You win if the Mafia wins; "
        "they do not know you."
    ),
    "SPY": _(
        "Learn where the Mafia went tonight, and bug one player to hear what "
        "happens to them."
    ),
    "MASON": _("You know the other Masons and talk with them every night."),
    "INFILTRATOR": _(
        "A Mafia member hidden among the Masons: you sit in both night chats."
    ),
    "DETECTIVE": _("Each night learn whether one player is suspicious."),
    "DOCTOR": _(
        "Each night heal one player against attacks and conversion; heal yourself once."
    ),
    "BODYGUARD": _(
        "Guard one player: you take the first attack on them and strike back. "
        "One vest for yourself."
    ),
    "VIGILANTE": _(
        "Shoot a player at night (not on night 1); shooting a Town member kills "
        "you with guilt the next night."
    ),
    "SERIAL_KILLER": _(
        "Kill one player every night. Whoever roleblocks you is attacked "
        "instead. Basic defence."
    ),
    "WEREWOLF": _(
        "On full moons maul your target and everyone who visits them, or stay "
        "home and maul your visitors."
    ),
    "CULT_LEADER": _("Each night convert one defenceless player into a Cult Member."),
    "CULT_MEMBER": _("Plan with the Cult at night; you may become its Leader."),
    "VETERAN": _("Go on alert (3 times): you shoot everyone who visits you."),
    "SURVIVOR": _("Put on a vest (4 times). You win by staying alive."),
    "GRAVEDIGGER": _(
        "Examine a dead player: true role, how they died and who visited them."
    ),
    "THIEF": _(
        "Once, steal a living player's role; they become a Citizen. Before "
        "stealing you win by surviving."
    ),
    "NECROMANCER": _("Once, bring a dead player back to life. You win by surviving."),
    "AMNESIAC": _(
        "Once, take the role of a dead player. Until then you win by surviving."
    ),
    "LOOKOUT": _("Watch one player and learn who visits them tonight."),
    "INQUISITOR": _(
        "Interrogate a player: cultists are executed. A Cult Leader who visits "
        "you dies. Without a Cult you become a Vigilante."
    ),
    "POLITICIAN": _("Your votes count twice. You win by surviving."),
    "EXECUTIONER": _(
        "Get your target lynched. If they die another way you become a Jester."
    ),
    "JESTER": _("Get yourself lynched: you win at that moment."),
    "CITIZEN": _("No ability: find the evil players and vote well."),
}

OPTIONS = {
    "day0_seconds": _("Seconds of the day 0 introduction."),
    "dawn_seconds": _("Seconds of the dawn report."),
    "discussion_seconds": _("Seconds of the discussion."),
    "voting_seconds": _("Seconds of the voting."),
    "defense_seconds": _("Seconds of the defence."),
    "judgement_seconds": _("Seconds of the judgement."),
    "last_words_seconds": _("Seconds of the last words."),
    "night_seconds": _("Seconds of the night."),
    "night_ends_early": _("The night ends when every player is ready."),
    "day_zero": _("Open with a day 0 without votes (A-04)."),
    "last_wills": _("Each player keeps a last will (A-06)."),
    "mafia_kill_night1": _("The Mafia may kill on night 1 (A-07)."),
    "detective_mode": _(
        "The Detective learns suspicious or not, or the faction (A-08)."
    ),
    "frame_duration": _("How long a frame lasts (A-09)."),
    "vigilante_bullets": _("The Vigilante's bullets (A-10)."),
    "vigilante_night1": _("The Vigilante may shoot on night 1 (A-10)."),
    "werewolf_every_night": _(
        "The Werewolf acts every night, not only at full moon (A-11)."
    ),
    "plague_effect": _("What the plague does to an infected player (A-12)."),
    "witch_plague_need_alive": _(
        "The Witch and the Plague must be alive to co-win (A-13)."
    ),
    "promotion_pick": _("Who becomes Mafioso when no killer is left (A-14)."),
    "cult_leader_death": _("What happens when the Cult Leader dies (A-17)."),
    "cult_conversion_cooldown": _("Nights between conversions (A-19)."),
    "amnesiac_wins_unremembered": _(
        "An Amnesiac that never remembers co-wins if alive (A-24)."
    ),
    "jester_haunt": _("A lynched Jester haunts one guilty or abstaining voter (A-26)."),
    "roleblock_stops_self_actions": _(
        "A roleblock also stops alerts and self-protections (A-29)."
    ),
    "tiebreak_first": _("The 1v1 tie-break is checked before dominance (A-31)."),
    "mafia_parity_neutral_scope": _("Which living neutrals block Mafia parity (A-34)."),
    "nk_dead_share_win": _("Dead neutral killers share their role's win (A-35)."),
    "stalemate_nights": _("Quiet nights that end the game (A-36)."),
    "stalemate_tie": _(
        "A stalemate tie goes to the win priority, or is a draw (A-36)."
    ),
    "stalemate_reset_on_day_death": _("A lynch resets the quiet-night counter (A-36)."),
}

CHOICES = {
    "binary": _("suspicious or not"),
    "faction": _("faction"),
    "night": _("one night"),
    "until_investigated": _("until investigated"),
    "no_heal": _("heals do not work"),
    "cosmetic": _("no effect"),
    "lowest_seat": _("lowest seat"),
    "seeded_random": _("at random"),
    "promote": _("a member is promoted"),
    "all_cultists_die": _("all cultists die"),
    "all": _("every neutral"),
    "killing": _("neutral killers only"),
    "priority": _("win priority"),
    "draw": _("draw"),
}

CHANNELS = {
    "table": _("Town square"),
    "mafia": _("Mafia"),
    "masons": _("Masons"),
    "cult": _("Cult"),
    "dead": _("Graveyard"),
    "will": _("Last will"),
}
