// @ts-check
/**
 * Agent Avenue's printed card facts, public information (rules/agentavenue.md §1(b)):
 * names (English msgids, translated through the catalog), colours and the
 * movement icons for the 1st, 2nd and 3rd-or-later copy in play.
 */

export const AGENTS = {
  double_agent: { name: "Double Agent", color: "#6b4c9a", icons: ["−1", "+6", "−1"] },
  henchman: { name: "Enforcer", color: "#b23a3a", icons: ["+1", "+2", "+3"] },
  codebreaker: { name: "Codebreaker", color: "#2f5f9e", icons: ["0", "0", "✔"] },
  saboteur: { name: "Saboteur", color: "#4a4a4a", icons: ["−1", "−1", "−2"] },
  daredevil: { name: "Daredevil", color: "#a95517", icons: ["+2", "+3", "✖"] },
  sentinel: { name: "Sentinel", color: "#236e62", icons: ["0", "+2", "+6"] },
  assistant: { name: "Sidekick", color: "#8a6a14", icons: ["+4"] },
  mole: { name: "Mole", color: "#7a5637", icons: ["−3"] },
};

export const BM_CARDS = {
  surveillance_truck: { name: "Surveillance Truck", effect: "Instant: your pawn moves 1 space forward." },
  smoke_screen: { name: "Smoke Screen", effect: "Instant: recruit the top card of the agent deck." },
  outpost: { name: "Outpost", effect: "Instant: recruit a Sentinel from your hand." },
  secret_recruit: { name: "Secret Recruit", effect: "Instant: recruit a hand card whose name you do not have in play yet." },
  double_trouble: { name: "Double Trouble", effect: "Instant: show a pair from your hand, recruit one and keep the other." },
  spycation: { name: "Spycation", effect: "Instant: take one of your agents back into your hand; you may recruit it again at once." },
  mind_control: { name: "Mind Control", effect: "Instant: take one of the other side's agents into your hand." },
  leader_of_the_pack: { name: "Leader of the Pack", effect: "Ongoing: three Daredevils make you win instead of lose." },
  masterplan: { name: "Masterplan", effect: "Ongoing: seven different agents in play win." },
  security_system: { name: "Security System", effect: "Ongoing: you win if the other pawn ends a turn on your home." },
  getaway_car: { name: "Getaway Car", effect: "Ongoing: when your pawn stops on either home, it moves 3 more." },
  lookout_treehouse: { name: "Lookout Treehouse", effect: "Ongoing: each Enforcer moves you 2 extra spaces." },
  supercomputer: { name: "Supercomputer", effect: "Ongoing: each Codebreaker moves you 3 spaces forward." },
  distraction_device: { name: "Distraction Device", effect: "Ongoing: Saboteurs move you forward, not back." },
  sinister_twin: { name: "Sinister Twin", effect: "Ongoing: Double Agents move you twice as far." },
};

export const TEAM_COLORS = ["#2f7f3a", "#3a6fc4"];
export const TEAM_NAMES = ["Green", "Blue"];

/** The 14 cells on a 5 × 4 ring, clockwise from the green home (cell 0). */
export const CELL_XY = [
  [2, 0], [3, 0], [4, 0], [4, 1], [4, 2], [4, 3], [3, 3], [2, 3],
  [1, 3], [0, 3], [0, 2], [0, 1], [0, 0], [1, 0],
];
export const CORNERS = new Set([2, 5, 9, 12]);
export const HOMES = [0, 7];
