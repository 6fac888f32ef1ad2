// @ts-check
/**
 * Readable words for everything the board shows: seals, specimens, effects,
 * locations, tiles, objectives and every kind of action. English msgids,
 * translated through the page's catalog (ctx.t / ctx.fmt).
 */

/** Seal colours: each also names the action it trains, whose initial is its letter. */
export const SEALS = {
  G: { color: "#2f7a37", ink: "#fff", letter: "E", name: "green" },
  B: { color: "#2d62b8", ink: "#fff", letter: "N", name: "blue" },
  Y: { color: "#e2b323", ink: "#222", letter: "C", name: "yellow" },
  R: { color: "#c23b2f", ink: "#fff", letter: "A", name: "red" },
  P: { color: "#7e4cb5", ink: "#fff", letter: "✱", name: "purple" },
};

export const SEAT_COLORS = ["#e07b28", "#17a2a2", "#d6457f", "#5b5b5b"];

const ROMAN = ["I", "II", "III"];

/** @param {any} ctx */
export function makeLabels(ctx) {
  const { t, fmt } = ctx;

  const sealName = (/** @type {string} */ c) => ({
    G: t("green seal (Exploration)"), B: t("blue seal (Navigation)"),
    Y: t("yellow seal (Correspondence)"), R: t("red seal (Academy)"), P: t("purple seal (any colour)"),
  })[c] ?? c;
  const colourName = (/** @type {string} */ c) => ({ G: t("green"), B: t("blue"), Y: t("yellow"), R: t("red"), P: t("purple") })[c] ?? c;
  const kindName = (/** @type {string} */ k) => ({ reptile: t("reptile"), plant: t("plant"), bird: t("bird"), fossil: t("fossil") })[k] ?? k;
  const kindsName = (/** @type {string} */ k) => ({ reptile: t("reptiles"), plant: t("plants"), bird: t("birds"), fossil: t("fossils") })[k] ?? k;
  const kindShort = (/** @type {string} */ k) => ({ reptile: t("Rep"), plant: t("Pla"), bird: t("Bir"), fossil: t("Fos") })[k] ?? k;
  const specimenName = (/** @type {string} */ s) => {
    const [c, k] = s.split("-");
    return fmt("{colour} {kind}", { colour: colourName(c), kind: kindName(k) });
  };
  /** "2 E + 1 N" for a requirement {G: 2, B: 1}. @param {Record<string, number>|[string, number][]} req */
  const requirement = (req) => {
    const entries = Array.isArray(req) ? req : Object.entries(req);
    if (!entries.length) return t("no seal needed");
    return entries.map(([c, n]) => fmt("{n}× {seal}", { n, seal: sealName(c) })).join(" + ");
  };

  /** One effect of the data files or one menu part. @param {string} key @param {number} n @param {string} [flag] */
  function effect(key, n, flag = "") {
    const base = {
      coins: () => fmt("{n} coins", { n }),
      vp: () => fmt("{n} points", { n }),
      temp: () => fmt("{n} temporary knowledge", { n }),
      evolution: () => fmt("{n} evolution steps", { n }),
      explore: () => fmt("Explore {n}", { n }),
      navigate: () => fmt("Navigate {n}", { n }),
      correspondence: () => fmt("Send {n} stamps", { n }),
      correspondence_split: () => fmt("Send {n} stamps to any envelopes", { n }),
      academy: () => (n ? fmt("Buy a seal ({n} coins off)", { n }) : t("Buy a seal")),
      museum: () => t("Museum: deliver or research a specimen"),
      deliver: () => t("Deliver a specimen to the museum"),
      objective: () => t("Take an objective"),
      reserve_turn: () => t("Reserve the next turn order"),
      unlock: () => t("Unlock a lens spot (4 coins)"),
      unlock_free: () => t("Unlock a lens spot for free"),
      seal_any_free: () => t("A free seal of any colour"),
      purple_seal: () => t("A free purple seal"),
      research_any: () => t("Research any specimen"),
      research_island: () => t("Research a specimen on an island where you explore"),
      explore_or_navigate: () => t("Explore 1 or navigate 1"),
      correspondence_or_academy: () => t("Send 1 stamp or buy a seal (2 coins off)"),
      new_explorer: () => t("A new explorer on an island"),
      convert_temp: () => fmt("Trade 1 knowledge for {n} coins or {n} points", { n }),
      tent_any: () => t("Pitch a tent on any campsite"),
      locked_action: () => t("Take the action of a locked lens spot"),
      complete_objective_free: () => t("Complete an objective ignoring its conditions"),
      copy_crew: () => t("Copy one of your claimed crew cards"),
      retrigger_tent: () => t("Trigger one of your tents again"),
      ship_to_beagle: () => t("Your ship joins the Beagle"),
      camp: () => t("Pitch a tent on this campsite"),
    }[key];
    let text = base ? base() : `${key} ${n}`;
    if (flag === "stop") text += ` ${t("(and resolve one space passed)")}`;
    if (flag === "split") text += ` ${t("(split among envelopes)")}`;
    return text;
  }
  /** @param {Record<string, number>[]|undefined} list */
  const effects = (list) => (list ?? []).flatMap((item) => Object.entries(item).map(([k, v]) => effect(k, Number(v)))).join(" · ");
  /** @param {string} part "explore:3:stop" */
  const part = (part) => {
    const [key, n, flag] = part.split(":");
    return effect(key, Number(n), key === "camp" ? "" : flag);
  };

  /** Compact glyphs of a space's effects, for the tracks. */
  function glyph(/** @type {string} */ key, /** @type {number} */ n) {
    return ({
      coins: `${n}$`, vp: `${n}★`, temp: `${n}◆`, evolution: `${n}↑`, explore: `E${n}`, navigate: `N${n}`,
      correspondence: `C${n}`, objective: "Obj", seal_any_free: "✱", academy: "A",
    })[key] ?? key.slice(0, 3);
  }

  const locationName = (/** @type {string} */ id) => {
    const m = /^([A-Z]+)(\d)?$/.exec(id);
    const [kind, num] = m ? [m[1], Number(m[2] || 0)] : [id, 0];
    const names = {
      EXP: t("Exploration"), NAV: t("Navigation"), COR: t("Correspondence"), ACA: t("Academy"),
      SJ: t("Special journal"), UNL: t("Unlock a lens"), MUSEUM: t("Museum"), TURN: t("Turn order"),
    };
    const name = names[/** @type {keyof typeof names} */ (kind)] ?? id;
    if (kind === "SJ") return `${name} ${num}`;
    if (kind === "UNL") return `${name} ${ROMAN[num - 1] ?? num}`;
    return num ? `${name} ${ROMAN[num - 1]}` : name;
  };

  /** An objective condition from tiles.json. @param {Record<string, any>} c */
  function condition(c) {
    const count = c.count;
    if ("ship_at_beagle" in c) return t("ship at the Beagle");
    if ("seals" in c) return fmt("{n}× {seal}", { n: count, seal: sealName(c.seals) });
    if ("researched_kind" in c) return fmt("{n} {kind} researched", { n: count, kind: count === 1 ? kindName(c.researched_kind) : kindsName(c.researched_kind) });
    if ("researched_colour" in c) return fmt("{n} {colour} specimens researched", { n: count, colour: colourName(c.researched_colour) });
    const [[k, v]] = Object.entries(c);
    return ({
      temp: () => fmt("{n} knowledge", { n: v }), empty_stacks: () => fmt("{n} empty stamp stacks", { n: v }),
      vp: () => fmt("{n} points", { n: v }), coins: () => fmt("{n} coins", { n: v }),
      lenses_placed: () => fmt("{n} lenses placed", { n: v }), evolution: () => fmt("evolution {n}", { n: v }),
      tents_placed: () => fmt("{n} tents placed", { n: v }),
    })[k]?.() ?? `${k} ${v}`;
  }
  const objective = (/** @type {any} */ tile) => (tile?.conditions ?? []).map(condition).join(" + ");

  /** @param {any} goal */
  function goal(goal) {
    if (!goal) return "";
    const per = {
      seals: () => fmt("{vp}★ per {seal}", { vp: goal.vp, seal: sealName(goal.colour) }),
      researched_kind: () => fmt("{vp}★ per {kind} researched", { vp: goal.vp, kind: kindName(goal.kind) }),
      empty_stacks: () => fmt("{vp}★ per empty stamp stack", { vp: goal.vp }),
      lenses_placed: () => fmt("{vp}★ per lens placed", { vp: goal.vp }),
      objectives_completed: () => fmt("{vp}★ per completed objective", { vp: goal.vp }),
      tents_placed: () => fmt("{vp}★ per tent placed", { vp: goal.vp }),
    }[/** @type {string} */ (goal.per)];
    return per ? per() : goal.per;
  }

  const slotEffect = (/** @type {string|null} */ e) => ({
    retrigger_tent: t("trigger a tent again"), academy_rows_free: t("academy rows cost nothing"),
    research_island: t("research on an island"), extra_book: t("one more book at the end"),
    fifth_worker: t("the fifth worker"), purple_seal: t("a purple seal"),
    reduced_penalty: t("penalty 1 coin less"), beagle_cap: t("Beagle delay costs at most 2"),
  })[e ?? ""] ?? t("points at the end");

  const bonus = (/** @type {string|null} */ b) => ({
    plus_one: t("+1 step"), movement_stop: t("resolve a space passed"), split: t("split stamps"),
    extra_seal: t("a second purchase"), discount_one: t("1 coin off"), coins_two: t("+2 coins"), vp_three: t("+3 points"),
  })[b ?? ""] ?? "";

  const stackName = (/** @type {number} */ i) => (i === 3 ? t("used-stamp tray") : fmt("stamp stack {n}", { n: i + 1 }));
  const workerName = (/** @type {number} */ w) => (w === 0 ? t("Generalist") : fmt("Worker {n}", { n: w + 1 }));

  const categories = {
    track: t("Score track"), objectives: t("Objectives"), workers: t("Trained workers"), tents: t("All tents placed"),
    evolution: t("Evolution books × museum"), coins: t("Coins (1 per 5)"), knowledge: t("Knowledge left"),
  };

  return {
    t, fmt, name: ctx.name, sealName, colourName, kindName, kindShort, specimenName, requirement, effect, effects, part, glyph,
    locationName, condition, objective, goal, slotEffect, bonus, stackName, workerName, categories,
  };
}
