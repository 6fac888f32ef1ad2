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

from ludoteca.engine.i18n import gettext_noop

ERRORS = {
    "malformed_action": gettext_noop("This is not a valid action."),
    "game_over": gettext_noop("The match is over."),
    "system_only_timeout": gettext_noop("Only the clock can act without a seat."),
    "no_such_seat": gettext_noop("There is no such seat."),
    "unknown_action": gettext_noop("This game has no such action."),
    "not_your_turn": gettext_noop("You cannot act now."),
    "bad_verdict": gettext_noop("The verdict is guilty, innocent or abstain."),
    "not_judgement_time": gettext_noop("There is no judgement now."),
    "not_voting_time": gettext_noop("There is no vote now."),
    "no_vote_to_withdraw": gettext_noop("You have not voted."),
    "cannot_pass_now": gettext_noop("There is nothing to pass now."),
    "not_night": gettext_noop("Night abilities are used at night."),
    "cannot_vote_self": gettext_noop("You cannot vote for yourself."),
    "target_dead": gettext_noop("That player is dead."),
    "no_ability_tonight": gettext_noop("You have no ability to use tonight."),
    "one_target_only": gettext_noop("Your ability takes one target."),
    "two_targets_needed": gettext_noop("Choose whom to control and onto whom."),
    "self_use_spent": gettext_noop("You have already used your self-protection."),
    "cannot_target_self": gettext_noop("You cannot target yourself."),
    "target_not_allowed": gettext_noop("You cannot choose that player."),
    "cannot_target_team": gettext_noop("You cannot target your own team."),
    # Formal claims (claims.py).
    "claims_off": gettext_noop("This table plays without formal claims."),
    "not_claim_time": gettext_noop(
        "Claims are made during the discussion and the voting."
    ),
    "not_discussion_time": gettext_noop("There is no discussion now."),
    "silenced_claim": gettext_noop("You are silenced today and cannot claim."),
    "unknown_claim": gettext_noop("This match's role list cannot deal that role."),
    "claimed_today": gettext_noop("You have already claimed a role today."),
    "report_needs_claim": gettext_noop(
        "A report claims the Detective, and you have already claimed another"
        " role today."
    ),
    "bad_report": gettext_noop("A result is suspicious or not suspicious."),
    "report_self": gettext_noop("Report on another player, not yourself."),
    "reported_today": gettext_noop("You have already reported on that player today."),
    # A host's custom role list (spec §5.1), refused when the table is opened.
    "rolelist_players": gettext_noop("A match needs {low} to {high} players."),
    "rolelist_length": gettext_noop(
        "The role list has {count} entries but the table has {players} seats: "
        "give one role or slot per seat."
    ),
    "rolelist_unknown": gettext_noop("Unknown entries in the role list: {entries}."),
    "rolelist_unique": gettext_noop(
        "The {role} is a unique role: the list may hold it only once."
    ),
    "rolelist_mafia_killer": gettext_noop(
        "The list needs a Godfather or a Mafioso, or the Mafia cannot kill."
    ),
    "rolelist_inquisitor": gettext_noop(
        "The Inquisitor is only dealt with a Cult Leader in the list."
    ),
    "rolelist_infiltrator": gettext_noop(
        "The Infiltrator is only dealt with at least two Masons in the list."
    ),
    "rolelist_executioner": gettext_noop(
        "The Executioner needs a Town role or a Town slot in the list as its target."
    ),
    "rolelist_neutral_killer": gettext_noop(
        "A Serial Killer, a Werewolf or a Neutral Killing slot needs at least "
        "11 players."
    ),
    "rolelist_minion": gettext_noop("The Minion needs at least 13 players."),
    "rolelist_cult_member": gettext_noop(
        "Cult Members are only dealt with a Cult Leader in the list."
    ),
    "rolelist_undealable": gettext_noop(
        "No deal of this list keeps every unique role once: name fewer unique "
        "roles or use other slots."
    ),
}

EVENTS = {
    "night_falls": gettext_noop("Night {night} falls."),
    "full_moon": gettext_noop("There is a full moon tonight."),
    "ready": gettext_noop("{player} is ready."),
    "night_choice": gettext_noop("Your choice for tonight is saved."),
    "dawn": gettext_noop("Dawn of day {night}."),
    "report": gettext_noop("The dawn report."),
    "note": gettext_noop("A private message for you."),
    "day_begins": gettext_noop("Day {day} begins: discuss."),
    "voting_opens": gettext_noop(
        "Voting is open: {threshold} votes put a player on trial."
    ),
    "voted": gettext_noop("{player} votes for {target}."),
    "passed": gettext_noop("{player} does not want a trial."),
    "vote_withdrawn": gettext_noop("{player} withdraws their vote."),
    "claimed": gettext_noop("{player} claims to be the {role}."),
    "reported": gettext_noop("{player} reports as Detective: {target} is {result}."),
    "no_lynch": gettext_noop("Nobody was put on trial today."),
    "trial": gettext_noop("{player} is on trial and may speak in defence."),
    "judgement_opens": gettext_noop("Judge {player}: guilty, innocent or abstain."),
    "judged": gettext_noop("{player} has voted."),
    "verdict_set": gettext_noop("Your verdict is saved."),
    "verdicts": gettext_noop("The town has judged {player}."),
    "lynched": gettext_noop("{player} was lynched. Role: {role}."),
    "jester_won": gettext_noop("{player} was the Jester and wins by being lynched!"),
    "cult_collapse": gettext_noop("{player} dies with the Cult Leader."),
    "game_over": gettext_noop("The match is over."),
}

# The same sentences for the reader's own seat (`key`), or for a reader
# another parameter names (`key:param`): the web layer uses them for the
# seat the event is about, so announcements say "you".
EVENTS_YOU = {
    "ready": gettext_noop("You are ready."),
    "voted": gettext_noop("You vote for {target}."),
    "voted:target": gettext_noop("{player} votes for you."),
    "passed": gettext_noop("You do not want a trial."),
    "vote_withdrawn": gettext_noop("You withdraw your vote."),
    "claimed": gettext_noop("You claim to be the {role}."),
    "reported": gettext_noop("You report as Detective: {target} is {result}."),
    "reported:target": gettext_noop("{player} reports as Detective: you are {result}."),
    "trial": gettext_noop("You are on trial and may speak in your defence."),
    "judgement_opens": gettext_noop(
        "The town judges you: guilty, innocent or abstain."
    ),
    "judged": gettext_noop("You have voted."),
    "verdicts": gettext_noop("The town has judged you."),
    "lynched": gettext_noop("You were lynched. Role: {role}."),
    "jester_won": gettext_noop("You were the Jester and win by being lynched!"),
    "cult_collapse": gettext_noop("You die with the Cult Leader."),
}

NOTES = {
    # Public announcements (the dawn report).
    "death": gettext_noop("{player} died tonight ({result}). Role: {role}."),
    "revived": gettext_noop("{player} has risen from the grave."),
    "amnesiac": gettext_noop(
        "An Amnesiac has remembered that they were like the {role}."
    ),
    # Private messages.
    "controlled": gettext_noop("You were controlled by a Witch."),
    "control_resisted": gettext_noop("Someone tried to control you, and failed."),
    "roleblocked": gettext_noop("Someone occupied your night: you were roleblocked."),
    "block_resisted": gettext_noop("Someone tried to roleblock you, and failed."),
    "guarded": gettext_noop("You guarded {player} and fought off their attacker."),
    "healed": gettext_noop("You were attacked but a Doctor saved you."),
    "defence_held": gettext_noop("You were attacked but your defence was too strong."),
    "heal_report": gettext_noop("Your patient {player}: {result}."),
    "convert_failed": gettext_noop("The conversion of {player} failed."),
    "detective": gettext_noop("Your investigation of {player}: {result}."),
    "consigliere": gettext_noop("{player} is the {role}."),
    "witch_learned": gettext_noop(
        "The player you controlled, {player}, is the {role}."
    ),
    "lookout": gettext_noop("Visitors of {player} tonight: {seats}."),
    "gravedigger": gettext_noop(
        "{player} was the {role}; died of {result}; visited by: {roles}."
    ),
    "not_cultist": gettext_noop("{player} is not a cultist."),
    "minion_list": gettext_noop("The members of the Mafia are: {seats}."),
    "mafia_visits": gettext_noop("The Mafia visited tonight: {seats}."),
    "bugged": gettext_noop("Your bug on {player} heard: {result}."),
    "cleaned": gettext_noop("You cleaned {player}: they were the {role}."),
    "converted": gettext_noop("You have been converted: you are now a Cult Member."),
    "cult_joined": gettext_noop("{player} has joined the Cult."),
    "stole": gettext_noop("You robbed {player}: you are now the {role}."),
    "robbed": gettext_noop("Your role was stolen: you are now a Citizen."),
    "new_holder": gettext_noop("{player} now holds the role of {role}."),
    "remembered": gettext_noop("You remembered: you are now the {role}."),
    "promoted": gettext_noop("You have been promoted: you are now the {role}."),
    "became_jester": gettext_noop("Your target died: you are now a Jester."),
    "became_vigilante": gettext_noop(
        "No Cult is left: you are now a Vigilante with 1 bullet."
    ),
    "infected_list": gettext_noop("Infected players: {seats}."),
    "blackmailed": gettext_noop("You were blackmailed: you cannot speak today."),
    "target_lynched": gettext_noop("Your target {player} was lynched: you have won."),
}

RESULTS = {
    "suspicious": gettext_noop("suspicious"),
    "not_suspicious": gettext_noop("not suspicious"),
    "attacked": gettext_noop("was attacked"),
    "quiet": gettext_noop("was not attacked"),
    "guilty": gettext_noop("guilty"),
    "innocent": gettext_noop("innocent"),
    "abstain": gettext_noop("abstain"),
}

FACTIONS = {
    "TOWN": gettext_noop("Town"),
    "MAFIA": gettext_noop("Mafia"),
    "MAFIA_ALLY": gettext_noop("Mafia ally"),
    "CULT": gettext_noop("Cult"),
    "NK": gettext_noop("Neutral killer"),
    "NEUTRAL": gettext_noop("Neutral"),
}

PHASES = {
    "day0": gettext_noop("Day 0"),
    "night": gettext_noop("Night"),
    "dawn": gettext_noop("Dawn"),
    "discussion": gettext_noop("Discussion"),
    "voting": gettext_noop("Voting"),
    "defense": gettext_noop("Defence"),
    "judgement": gettext_noop("Judgement"),
    "last_words": gettext_noop("Last words"),
    "over": gettext_noop("Match over"),
}

CAUSES = {
    "MAFIA": gettext_noop("killed by the Mafia"),
    "VIGILANTE": gettext_noop("shot by a Vigilante"),
    "SERIAL_KILLER": gettext_noop("stabbed by a Serial Killer"),
    "WEREWOLF": gettext_noop("mauled by a Werewolf"),
    "INQUISITOR": gettext_noop("executed by the Inquisitor"),
    "BODYGUARD": gettext_noop("killed by a Bodyguard"),
    "VETERAN": gettext_noop("shot by a Veteran"),
    "GUILT": gettext_noop("died of guilt"),
    "JESTER": gettext_noop("haunted by the Jester"),
    "CULT": gettext_noop("died with the Cult Leader"),
    "LYNCH": gettext_noop("lynched"),
    "CLEANED": gettext_noop("role could not be determined"),
}

REASONS = {
    "TIEBREAK": gettext_noop("Two players were left: the higher win priority wins."),
    "DOMINANCE": gettext_noop("Only one faction able to kill is left."),
    "PARITY": gettext_noop("Parity: the faction can no longer be outvoted."),
    "NO_FACTION_LEFT": gettext_noop("No faction is left: only neutrals survive."),
    "STALEMATE": gettext_noop("Stalemate: the largest group wins."),
    "STALEMATE_DRAW": gettext_noop("Stalemate with a tie: a draw."),
    "DRAW": gettext_noop("Everybody died: a draw."),
}

ROLE_NAMES = {
    "WITCH": gettext_noop("Witch"),
    "PLAGUE": gettext_noop("Plague"),
    "ESCORT": gettext_noop("Escort"),
    "CONSORT": gettext_noop("Consort"),
    "FRAMER": gettext_noop("Framer"),
    "BLACKMAILER": gettext_noop("Blackmailer"),
    "DISGUISER": gettext_noop("Disguiser"),
    "CONSIGLIERE": gettext_noop("Consigliere"),
    "JANITOR": gettext_noop("Janitor"),
    "GODFATHER": gettext_noop("Godfather"),
    "MAFIOSO": gettext_noop("Mafioso"),
    "MINION": gettext_noop("Minion"),
    "SPY": gettext_noop("Spy"),
    "MASON": gettext_noop("Mason"),
    "INFILTRATOR": gettext_noop("Infiltrator"),
    "DETECTIVE": gettext_noop("Detective"),
    "DOCTOR": gettext_noop("Doctor"),
    "BODYGUARD": gettext_noop("Bodyguard"),
    "VIGILANTE": gettext_noop("Vigilante"),
    "SERIAL_KILLER": gettext_noop("Serial Killer"),
    "WEREWOLF": gettext_noop("Werewolf"),
    "CULT_LEADER": gettext_noop("Cult Leader"),
    "CULT_MEMBER": gettext_noop("Cult Member"),
    "VETERAN": gettext_noop("Veteran"),
    "SURVIVOR": gettext_noop("Survivor"),
    "GRAVEDIGGER": gettext_noop("Gravedigger"),
    "THIEF": gettext_noop("Thief"),
    "NECROMANCER": gettext_noop("Necromancer"),
    "AMNESIAC": gettext_noop("Amnesiac"),
    "LOOKOUT": gettext_noop("Lookout"),
    "INQUISITOR": gettext_noop("Inquisitor"),
    "POLITICIAN": gettext_noop("Politician"),
    "EXECUTIONER": gettext_noop("Executioner"),
    "JESTER": gettext_noop("Jester"),
    "CITIZEN": gettext_noop("Citizen"),
    "CLEANED": gettext_noop("Unknown (cleaned)"),
}

SLOTS = {
    "RT": gettext_noop("Random Town"),
    "TI": gettext_noop("Town Investigative"),
    "TP": gettext_noop("Town Protective"),
    "TK": gettext_noop("Town Killing"),
    "RM": gettext_noop("Random Mafia"),
    "NE": gettext_noop("Neutral Evil"),
    "NB": gettext_noop("Neutral Benign"),
    "NK": gettext_noop("Neutral Killing"),
}

ROLE_TEXT = {
    "WITCH": gettext_noop(
        "Each night make one player use their ability on a second player; you "
        "learn the first one's role. A barrier saves you from the first attack."
    ),
    "PLAGUE": gettext_noop(
        "On night 1 infect one player. The infection spreads along visits, and "
        "a Doctor cannot save an infected player."
    ),
    "ESCORT": gettext_noop(
        "Each night keep one player busy: their ability does nothing."
    ),
    "CONSORT": gettext_noop(
        "Each night keep one non-Mafia player busy, for the Mafia."
    ),
    "FRAMER": gettext_noop(
        "Each night make one player look suspicious to the Detective."
    ),
    "BLACKMAILER": gettext_noop("Each night silence one player for the next day."),
    "DISGUISER": gettext_noop(
        "Take the look of one player: role checks and your own death reveal "
        "their role until the end of the next day."
    ),
    "CONSIGLIERE": gettext_noop("Each night learn the exact role of one player."),
    "JANITOR": gettext_noop(
        "Mark a player; if they die that night their role and will are hidden "
        "from the town and told to you. Three cleans."
    ),
    "GODFATHER": gettext_noop(
        "Choose the Mafia's victim; the Mafioso carries it out if free. Basic "
        "defence; the Detective finds you innocent unless framed."
    ),
    "MAFIOSO": gettext_noop(
        "Carry out the Godfather's kill. You become Godfather when he dies."
    ),
    "MINION": gettext_noop(
        "On night 1 learn who the Mafia members are. You win if the Mafia wins; "
        "they do not know you."
    ),
    "SPY": gettext_noop(
        "Learn where the Mafia went tonight, and bug one player to hear what "
        "happens to them."
    ),
    "MASON": gettext_noop("You know the other Masons and talk with them every night."),
    "INFILTRATOR": gettext_noop(
        "A Mafia member hidden among the Masons: you sit in both night chats."
    ),
    "DETECTIVE": gettext_noop("Each night learn whether one player is suspicious."),
    "DOCTOR": gettext_noop(
        "Each night heal one player against attacks and conversion; heal yourself once."
    ),
    "BODYGUARD": gettext_noop(
        "Guard one player: you take the first attack on them and strike back. "
        "One vest for yourself."
    ),
    "VIGILANTE": gettext_noop(
        "Shoot a player at night (not on night 1); shooting a Town member kills "
        "you with guilt the next night."
    ),
    "SERIAL_KILLER": gettext_noop(
        "Kill one player every night. Whoever roleblocks you is attacked "
        "instead. Basic defence."
    ),
    "WEREWOLF": gettext_noop(
        "On full moons maul your target and everyone who visits them, or stay "
        "home and maul your visitors."
    ),
    "CULT_LEADER": gettext_noop(
        "Each night convert one defenceless player into a Cult Member."
    ),
    "CULT_MEMBER": gettext_noop(
        "Plan with the Cult at night; you may become its Leader."
    ),
    "VETERAN": gettext_noop(
        "Go on alert (3 times): you shoot everyone who visits you."
    ),
    "SURVIVOR": gettext_noop("Put on a vest (4 times). You win by staying alive."),
    "GRAVEDIGGER": gettext_noop(
        "Examine a dead player: true role, how they died and who visited them."
    ),
    "THIEF": gettext_noop(
        "Once, steal a living player's role; they become a Citizen. Before "
        "stealing you win by surviving."
    ),
    "NECROMANCER": gettext_noop(
        "Once, bring a dead player back to life. You win by surviving."
    ),
    "AMNESIAC": gettext_noop(
        "Once, take the role of a dead player. Until then you win by surviving."
    ),
    "LOOKOUT": gettext_noop("Watch one player and learn who visits them tonight."),
    "INQUISITOR": gettext_noop(
        "Interrogate a player: cultists are executed. A Cult Leader who visits "
        "you dies. Without a Cult you become a Vigilante."
    ),
    "POLITICIAN": gettext_noop("Your votes count twice. You win by surviving."),
    "EXECUTIONER": gettext_noop(
        "Get your target lynched. If they die another way you become a Jester."
    ),
    "JESTER": gettext_noop("Get yourself lynched: you win at that moment."),
    "CITIZEN": gettext_noop("No ability: find the evil players and vote well."),
}

OPTIONS = {
    "rolelist": gettext_noop(
        "Custom list: one role or random slot per seat (empty: the standard list)."
    ),
    "voting_after_acquittal": gettext_noop(
        "After an acquittal the voting resumes with the time it had left."
    ),
    "day0_seconds": gettext_noop("Seconds of the day 0 introduction."),
    "dawn_seconds": gettext_noop("Seconds of the dawn report."),
    "discussion_seconds": gettext_noop("Seconds of the discussion."),
    "voting_seconds": gettext_noop("Seconds of the voting."),
    "defense_seconds": gettext_noop("Seconds of the defence."),
    "judgement_seconds": gettext_noop("Seconds of the judgement."),
    "last_words_seconds": gettext_noop("Seconds of the last words."),
    "night_seconds": gettext_noop("Seconds of the night."),
    "night_ends_early": gettext_noop("The night ends when every player is ready."),
    "day_zero": gettext_noop("Open with a day 0 without votes (A-04)."),
    "last_wills": gettext_noop("Each player keeps a last will (A-06)."),
    "mafia_kill_night1": gettext_noop("The Mafia may kill on night 1 (A-07)."),
    "claims": gettext_noop(
        "Players may claim a role and report results during the discussion "
        "and the voting."
    ),
    "detective_mode": gettext_noop(
        "The Detective learns suspicious or not, or the faction (A-08)."
    ),
    "frame_duration": gettext_noop("How long a frame lasts (A-09)."),
    "vigilante_bullets": gettext_noop("The Vigilante's bullets (A-10)."),
    "vigilante_night1": gettext_noop("The Vigilante may shoot on night 1 (A-10)."),
    "werewolf_every_night": gettext_noop(
        "The Werewolf acts every night, not only at full moon (A-11)."
    ),
    "plague_effect": gettext_noop("What the plague does to an infected player (A-12)."),
    "witch_plague_need_alive": gettext_noop(
        "The Witch and the Plague must be alive to co-win (A-13)."
    ),
    "promotion_pick": gettext_noop(
        "Who becomes Mafioso when no killer is left (A-14)."
    ),
    "cult_leader_death": gettext_noop("What happens when the Cult Leader dies (A-17)."),
    "cult_conversion_cooldown": gettext_noop("Nights between conversions (A-19)."),
    "amnesiac_wins_unremembered": gettext_noop(
        "An Amnesiac that never remembers co-wins if alive (A-24)."
    ),
    "jester_haunt": gettext_noop(
        "A lynched Jester haunts one guilty or abstaining voter (A-26)."
    ),
    "roleblock_stops_self_actions": gettext_noop(
        "A roleblock also stops alerts and self-protections (A-29)."
    ),
    "tiebreak_first": gettext_noop(
        "The 1v1 tie-break is checked before dominance (A-31)."
    ),
    "mafia_parity_neutral_scope": gettext_noop(
        "Which living neutrals block Mafia parity (A-34)."
    ),
    "nk_dead_share_win": gettext_noop(
        "Dead neutral killers share their role's win (A-35)."
    ),
    "stalemate_nights": gettext_noop("Quiet nights that end the game (A-36)."),
    "stalemate_tie": gettext_noop(
        "A stalemate tie goes to the win priority, or is a draw (A-36)."
    ),
    "stalemate_reset_on_day_death": gettext_noop(
        "A lynch resets the quiet-night counter (A-36)."
    ),
}

CHOICES = {
    "binary": gettext_noop("suspicious or not"),
    "faction": gettext_noop("faction"),
    "night": gettext_noop("one night"),
    "until_investigated": gettext_noop("until investigated"),
    "no_heal": gettext_noop("heals do not work"),
    "cosmetic": gettext_noop("no effect"),
    "lowest_seat": gettext_noop("lowest seat"),
    "seeded_random": gettext_noop("at random"),
    "promote": gettext_noop("a member is promoted"),
    "all_cultists_die": gettext_noop("all cultists die"),
    "all": gettext_noop("every neutral"),
    "killing": gettext_noop("neutral killers only"),
    "priority": gettext_noop("win priority"),
    "draw": gettext_noop("draw"),
    "resume": gettext_noop("resumes with the time left"),
    "restart": gettext_noop("starts again in full"),
}

CHANNELS = {
    "table": gettext_noop("Town square"),
    "mafia": gettext_noop("Mafia"),
    "masons": gettext_noop("Masons"),
    "cult": gettext_noop("Cult"),
    "dead": gettext_noop("Graveyard"),
    "will": gettext_noop("Last will"),
}
