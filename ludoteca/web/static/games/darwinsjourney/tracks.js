// @ts-check
/**
 * The ocean track and the three islands, drawn in SVG from the data files:
 * water or land behind the route, spaces with their pictograms, specimens,
 * campsites and tents, golden ribbons, silver banners, the Beagle's stops,
 * ships and explorers (each seat's colour and shape). Spaces that end a legal
 * move light up and are buttons; the others say what they hold on hover,
 * long press or tap.
 */

import { SEALS, SEAT_COLORS } from "./labels.js";
import { effectPicture, iconG, KIND_ICON } from "./icons.js";

const DX = 46;
const DY = 40;
const R = 16;

/** A seat's piece in its shape (circle, square, leaf, dome). @param {any} svg */
function seatShape(svg, /** @type {number} */ seat, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ r, /** @type {string} */ cls) {
  const fill = SEAT_COLORS[seat] ?? "#3b3b6b";
  if (seat === 1) return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill, class: cls });
  if (seat === 2) return svg("path", { d: `M${x - r} ${y + r} Q${x - r} ${y - r} ${x + r} ${y - r} Q${x + r} ${y + r} ${x - r} ${y + r}Z`, fill, class: cls });
  if (seat === 3) return svg("path", { d: `M${x - r} ${y + r} L${x - r} ${y} A${r} ${r} 0 0 1 ${x + r} ${y} L${x + r} ${y + r}Z`, fill, class: cls });
  return svg("circle", { cx: x, cy: y, r, fill, class: cls });
}

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
  const width = layout.width * DX + 24;
  const height = 3 * DY + 40;
  const xy = (/** @type {string} */ id) => {
    const p = layout.pos[id];
    return [14 + R + p.x * DX, 20 + R + (p.lane + 1) * DY];
  };
  const name = which === "ocean" ? L.t("Ocean track") : L.fmt("Island {island}", { island: which });
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: `dj-track dj-track-${which}`, role: "group",
    style: `--w: ${width}`, "aria-label": name,
  });
  const text = (/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ s, /** @type {string} */ cls, extra = {}) => {
    const node = svg("text", { x, y, class: cls, "text-anchor": "middle", ...extra });
    node.textContent = s;
    return node;
  };
  root.append(svg("rect", { x: 2, y: 2, width: width - 4, height: height - 4, rx: 14, class: which === "ocean" ? "dj-sea" : "dj-land" }));
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
      const taken = view.ribbons_taken.includes(id);
      g.append(svg("circle", { cx: x, cy: y, r: R + 4, class: `dj-ribbon${taken ? " taken" : ""}` }));
      if (!taken) g.append(iconG("ribbon", x + R + 1, y - R + 1, 12));
      g.append(text(x + R + 1, y - R - 6, String(space.ribbon), "dj-ribbon-vp"));
      lines.push(L.fmt("Golden ribbon: {n} points for the first explorer to cross it", { n: space.ribbon }) + (taken ? ` ${L.t("(taken)")}` : ""));
    }
    g.append(svg("circle", { cx: x, cy: y, r: R, class: `dj-spot${space.campsite ? " camp" : ""}${!space.next.length ? " last" : ""}` }));
    const pics = (space.effects ?? []).flatMap((/** @type {any} */ e) => Object.entries(e).map(([k, v]) => effectPicture(k, Number(v))));
    if (pics.length) {
      const rows = pics.length;
      pics.forEach((pic, i) => {
        const cy = y + (i - (rows - 1) / 2) * 13;
        const size = rows > 1 ? 11 : 15;
        const icons = pic.seal ? ["any"] : pic.icons.slice(0, 1);
        if (pic.n) {
          g.append(text(x - 5, cy + 4, pic.n, "dj-glyph"));
          g.append(iconG(icons[0], x + 5, cy, size));
        } else g.append(iconG(icons[0], x, cy, size));
      });
      lines.push(L.effects(space.effects));
    }
    if (space.end_bonus) lines.push(L.fmt("{n} more points for reaching the end", { n: space.end_bonus }));
    const specimen = specimenAt[id];
    if (specimen) {
      const [c, k] = specimen.split("-");
      g.append(svg("rect", { x: x - 11, y: y - 11, width: 22, height: 22, rx: 5, fill: SEALS[c].color, class: "dj-specimen" }));
      g.append(iconG(KIND_ICON[/** @type {keyof typeof KIND_ICON} */ (k)], x, y, 16, "on-dark"));
      lines.push(L.fmt("Specimen: {name} (researched by stopping here)", { name: L.specimenName(specimen) }));
    } else if (space.specimen_space) {
      lines.push(view.edition === "2026-12" ? L.t("Specimen space (not used at this player count)") : L.t("Specimen space (already taken to the museum)"));
    }
    if (space.campsite) {
      const tents = view.campsites[id] ?? [];
      g.append(iconG("tent", x, y + R + 7, 13));
      space.campsite.costs.forEach((/** @type {number} */ cost, /** @type {number} */ i) => {
        const owner = tents[i];
        const cx = x - 15 + i * 30;
        if (owner === undefined) {
          g.append(svg("circle", { cx, cy: y + R + 9, r: 6.5, class: "dj-tent-slot" }));
          g.append(text(cx, y + R + 12, String(cost), "dj-tent-cost"));
        } else g.append(seatShape(svg, owner, cx, y + R + 9, 6, "dj-piece"));
      });
      lines.push(L.fmt("Campsite (tents cost {costs} coins): {effects}", { costs: space.campsite.costs.join("/"), effects: L.effects(space.campsite.effects) }));
      if (tents.length) lines.push(L.fmt("Tents: {players}", { players: tents.map((/** @type {number} */ s) => L.name(s)).join(", ") }));
    }
    if (space.banner) {
      const island = data.ocean.banners[space.banner];
      g.append(iconG("banner", x + 12, y - R - 8, 16));
      g.append(text(x + 27, y - R - 6, island, "dj-banner-t"));
      lines.push(L.fmt("Silver banner: passing it puts an explorer on island {island}", { island }));
    }
    const stop = which === "ocean" ? beagleStops.indexOf(id) : -1;
    if (stop >= 0) {
      g.append(iconG("anchor", x - 8, y - R - 8, 12, "dj-stop-i"));
      g.append(text(x + 3, y - R - 4, String(stop + 1), "dj-stop"));
      lines.push(L.fmt("Beagle stop of round {n}", { n: stop + 1 }));
    }
    // pieces
    /** @type {{seat: number, label: string, beagle?: boolean}[]} */
    const pieces = [];
    if (which === "ocean") {
      if (view.beagle === id) pieces.push({ seat: -1, label: L.t("HMS Beagle"), beagle: true });
      view.players.forEach((/** @type {any} */ p, /** @type {number} */ s) => { if (p.ship === id) pieces.push({ seat: s, label: L.fmt("{player}'s ship", { player: L.name(s) }) }); });
      if (view.alfred?.ship === id) pieces.push({ seat: -1, label: L.t("Alfred's ship") });
    } else {
      view.players.forEach((/** @type {any} */ p, /** @type {number} */ s) => { if (p.explorers[which] === id) pieces.push({ seat: s, label: L.fmt("{player}'s explorer", { player: L.name(s) }) }); });
      if (view.alfred?.explorers?.[which] === id) pieces.push({ seat: -1, label: L.t("Alfred's explorer") });
    }
    pieces.forEach((piece, i) => {
      const px = x - R + 3 + i * 12;
      const py = y + R - 3;
      if (piece.beagle) g.append(iconG("beagle", x, y - 2, 26, "dj-beagle-i"));
      else if (which === "ocean") {
        g.append(svg("path", { d: `M${px - 9} ${py - 3} h18 l-4 7 h-10 Z`, fill: SEAT_COLORS[piece.seat] ?? "#3b3b6b", class: "dj-ship" }));
        g.append(seatShape(svg, piece.seat, px, py - 9, 4, "dj-piece"));
      } else g.append(seatShape(svg, piece.seat, px, py, 6.5, "dj-piece"));
      lines.push(piece.label);
    });
    if (target) lines.unshift(target.hint);
    const title = svg("title");
    title.textContent = `${id}: ${lines.join(". ") || L.t("nothing")}`;
    g.append(title);
    if (target) g.setAttribute("aria-label", `${id}: ${lines.join(". ")}`);
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
