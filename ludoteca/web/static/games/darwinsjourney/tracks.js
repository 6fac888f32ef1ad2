// @ts-check
/**
 * The ocean track and the three islands, drawn in SVG from the data files:
 * spaces with their icons, specimens, campsites and tents, golden ribbons,
 * silver banners, the Beagle's stops, ships and explorers. Spaces that are
 * the end of a legal move are highlighted and clickable.
 */

import { SEALS, SEAT_COLORS } from "./labels.js";

const DX = 44;
const DY = 40;
const R = 16;

/**
 * @param {any} w widgets @param {any} L labels @param {any} data
 * @param {"ocean"|"A"|"B"|"C"} which @param {any} view
 * @param {(key: string) => ({onClick: () => void, hint: string}|null)} hot
 * @param {(text: string) => void} [onInfo] shows a space's description when tapped
 */
export function drawTrack(w, L, data, which, view, hot, onInfo) {
  const { svg } = w;
  const track = which === "ocean" ? data.ocean : data.islands[which];
  const layout = which === "ocean" ? data.oceanLayout : data.islandLayout[which];
  const width = layout.width * DX + 20;
  const height = 3 * DY + 34;
  const xy = (/** @type {string} */ id) => {
    const p = layout.pos[id];
    return [14 + R + p.x * DX, 18 + R + (p.lane + 1) * DY];
  };
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: `dj-track dj-track-${which}`, role: "img",
    style: `--w: ${width}`,
    "aria-label": which === "ocean" ? L.t("Ocean track") : L.fmt("Island {island}", { island: which }),
  });
  const text = (/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ s, /** @type {string} */ cls, extra = {}) => {
    const node = svg("text", { x, y, class: cls, "text-anchor": "middle", ...extra });
    node.textContent = s;
    return node;
  };
  // links
  for (const [id, space] of Object.entries(track.spaces)) {
    const [x1, y1] = xy(id);
    for (const n of /** @type {any} */ (space).next) {
      const [x2, y2] = xy(n);
      root.append(svg("line", { x1, y1, x2, y2, class: "dj-link" }));
    }
  }
  const specimenAt = Object.fromEntries(Object.entries(view.specimens).map(([s, where]) => [where, s]));
  const beagleStops = data.ocean.beagle_spaces;
  for (const [id, raw] of Object.entries(track.spaces)) {
    const space = /** @type {any} */ (raw);
    const [x, y] = xy(id);
    const target = hot(`space:${id}`);
    const g = svg("g", { class: `dj-space${target ? " hot" : ""}`, "data-space": id, tabindex: target ? 0 : undefined, role: target ? "button" : undefined });
    const lines = [];
    if (space.ribbon) {
      g.append(svg("circle", { cx: x, cy: y, r: R + 4, class: `dj-ribbon${view.ribbons_taken.includes(id) ? " taken" : ""}` }));
      g.append(text(x + R + 2, y - R - 1, `${space.ribbon}★`, "dj-ribbon-vp"));
      lines.push(L.fmt("Golden ribbon: {n} points for the first explorer to cross it", { n: space.ribbon }) + (view.ribbons_taken.includes(id) ? ` ${L.t("(taken)")}` : ""));
    }
    g.append(svg("circle", { cx: x, cy: y, r: R, class: `dj-spot${space.campsite ? " camp" : ""}${!space.next.length ? " last" : ""}` }));
    const icons = (space.effects ?? []).flatMap((/** @type {any} */ e) => Object.entries(e).map(([k, v]) => L.glyph(k, Number(v))));
    if (icons.length) {
      icons.forEach((s, i) => g.append(text(x, y + 4 + (i - (icons.length - 1) / 2) * 11, s, "dj-glyph")));
      lines.push(L.effects(space.effects));
    }
    if (space.end_bonus) lines.push(L.fmt("{n} more points for reaching the end", { n: space.end_bonus }));
    const specimen = specimenAt[id];
    if (specimen) {
      const [c, k] = specimen.split("-");
      g.append(svg("rect", { x: x - 11, y: y - 9, width: 22, height: 18, rx: 4, fill: SEALS[c].color, class: "dj-specimen" }));
      g.append(text(x, y + 4, L.kindShort(k), "dj-specimen-t", { fill: SEALS[c].ink }));
      lines.push(L.fmt("Specimen: {name} (researched by stopping here)", { name: L.specimenName(specimen) }));
    } else if (space.specimen_space) {
      lines.push(view.edition === "2026-12" ? L.t("Specimen space (not used at this player count)") : L.t("Specimen space (already taken to the museum)"));
    }
    if (space.campsite) {
      const tents = view.campsites[id] ?? [];
      g.append(svg("path", { d: `M${x - 9} ${y + R + 12} L${x} ${y + R + 1} L${x + 9} ${y + R + 12} Z`, class: "dj-tent-icon" }));
      space.campsite.costs.forEach((/** @type {number} */ cost, /** @type {number} */ i) => {
        const owner = tents[i];
        const cx = x - 8 + i * 16;
        g.append(svg("circle", { cx, cy: y + R + 19, r: 6, class: "dj-tent-slot", fill: owner === undefined ? "#fff" : SEAT_COLORS[owner] }));
        if (owner === undefined) g.append(text(cx, y + R + 22, String(cost), "dj-tent-cost"));
      });
      lines.push(L.fmt("Campsite (tents cost {costs} coins): {effects}", { costs: space.campsite.costs.join("/"), effects: L.effects(space.campsite.effects) }));
      if (tents.length) lines.push(L.fmt("Tents: {players}", { players: tents.map((/** @type {number} */ s) => L.name(s)).join(", ") }));
    }
    if (space.banner) {
      const island = data.ocean.banners[space.banner];
      g.append(svg("path", { d: `M${x + 8} ${y - R - 14} l0 14 M${x + 8} ${y - R - 14} l12 4 l-12 4`, class: "dj-banner" }));
      g.append(text(x + 26, y - R - 5, island, "dj-banner-t"));
      lines.push(L.fmt("Silver banner: passing it puts an explorer on island {island}", { island }));
    }
    const stop = which === "ocean" ? beagleStops.indexOf(id) : -1;
    if (stop >= 0) {
      g.append(text(x, y - R - 4, `⚓${stop + 1}`, "dj-stop"));
      lines.push(L.fmt("Beagle stop of round {n}", { n: stop + 1 }));
    }
    // pieces
    const pieces = [];
    if (which === "ocean") {
      if (view.beagle === id) pieces.push({ color: "#222", label: L.t("HMS Beagle"), beagle: true });
      view.players.forEach((/** @type {any} */ p, /** @type {number} */ s) => { if (p.ship === id) pieces.push({ color: SEAT_COLORS[s], label: L.fmt("{player}'s ship", { player: L.name(s) }) }); });
      if (view.alfred?.ship === id) pieces.push({ color: "#3b3b6b", label: L.t("Alfred's ship") });
    } else {
      view.players.forEach((/** @type {any} */ p, /** @type {number} */ s) => { if (p.explorers[which] === id) pieces.push({ color: SEAT_COLORS[s], label: L.fmt("{player}'s explorer", { player: L.name(s) }) }); });
      if (view.alfred?.explorers?.[which] === id) pieces.push({ color: "#3b3b6b", label: L.t("Alfred's explorer") });
    }
    pieces.forEach((piece, i) => {
      const px = x - R + 2 + i * 11;
      const py = y - R + 1;
      if (piece.beagle) g.append(svg("path", { d: `M${px - 8} ${py} l16 0 l-3 6 l-10 0 Z M${px} ${py} l0 -12 l7 8 Z`, class: "dj-beagle" }));
      else g.append(svg("circle", { cx: px, cy: py, r: 7.5, fill: piece.color, class: "dj-piece" }));
      lines.push(piece.label);
    });
    if (target) lines.unshift(target.hint);
    const title = svg("title");
    title.textContent = lines.join("\n") || id;
    g.append(title);
    if (!target && onInfo) {
      g.classList.add("info");
      g.addEventListener("click", () => onInfo(`${id}: ${lines.join(" · ") || L.t("nothing")}`));
    }
    if (target) {
      g.addEventListener("click", target.onClick);
      g.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); target.onClick(); }
      });
    }
    root.append(g);
  }
  return root;
}
