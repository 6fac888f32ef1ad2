// @ts-check
/**
 * Cat in the Box's colours and seat marks, drawn by our own code. Each of the
 * four declared colours has an icon (wave, sun, leaf, heart) and each seat a
 * shape (circle, square, triangle, diamond, star) besides its colour, so no
 * one needs to tell colours apart to read the table.
 */

/** The declared colours: strong colour, light tint for the board row. */
export const COLORS = {
  blue: { ink: "#2f6db5", tint: "#dde9f8" },
  yellow: { ink: "#c99a0e", tint: "#fbf0c9" },
  green: { ink: "#3a8a45", tint: "#dcefdb" },
  red: { ink: "#c23b33", tint: "#f8dcd8" },
};

/** Seat colours and shapes (seat 0..4), chosen away from the four row colours. */
export const SEATS = [
  { color: "#7b3fa0", shape: "circle" },
  { color: "#e06c00", shape: "square" },
  { color: "#2b2b2b", shape: "triangle" },
  { color: "#d0458f", shape: "diamond" },
  { color: "#8a5a2b", shape: "star" },
];

/** @param {number} seat */
export const seatColor = (seat) => SEATS[seat % SEATS.length].color;

/**
 * The path of a seat's shape centred on (0, 0) with radius `r`.
 * @param {string} shape @param {number} r
 */
function shapePath(shape, r) {
  switch (shape) {
    case "square":
      return `M${-r * 0.82} ${-r * 0.82}h${r * 1.64}v${r * 1.64}h${-r * 1.64}z`;
    case "triangle":
      return `M0 ${-r}L${r * 0.95} ${r * 0.72}H${-r * 0.95}z`;
    case "diamond":
      return `M0 ${-r}L${r} 0L0 ${r}L${-r} 0z`;
    case "star": {
      let d = "";
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 ? r * 0.45 : r;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        d += `${i ? "L" : "M"}${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`;
      }
      return `${d}z`;
    }
    default:
      return `M${-r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
  }
}

/**
 * A seat's token as an SVG group centred on (x, y).
 * @param {any} svg the widgets' svg() @param {number} seat @param {number} x @param {number} y @param {number} r
 */
export function token(svg, seat, x, y, r) {
  const mark = SEATS[seat % SEATS.length];
  return svg("g", { class: "cb-token", transform: `translate(${x} ${y})`, "data-seat": seat }, [
    svg("path", { d: shapePath(mark.shape, r), fill: mark.color, stroke: "#fff", "stroke-width": 2.5, "stroke-linejoin": "round" }),
  ]);
}

/**
 * A small inline SVG of a seat's mark (for names, the trick and the scores).
 * @param {any} svg @param {number} seat @param {number} [size]
 */
export function seatBadge(svg, seat, size = 18) {
  return svg("svg", { viewBox: "-12 -12 24 24", width: size, height: size, class: "cb-seat-badge", "aria-hidden": "true" }, [
    svg("path", { d: shapePath(SEATS[seat % SEATS.length].shape, 10), fill: seatColor(seat), stroke: "#fff", "stroke-width": 1.5 }),
  ]);
}

/**
 * The icon of a colour in a 24 × 24 box: a wave, a sun, a leaf or a heart.
 * @param {any} svg @param {string} color @param {string} [fill] defaults to the colour's ink
 */
export function colorIcon(svg, color, fill) {
  const ink = fill ?? COLORS[/** @type {keyof COLORS} */ (color)]?.ink ?? "#555";
  switch (color) {
    case "blue":
      return svg("g", { fill: "none", stroke: ink, "stroke-width": 2.6, "stroke-linecap": "round" }, [
        svg("path", { d: "M3 9q3-4 6 0t6 0t6 0" }),
        svg("path", { d: "M3 16q3-4 6 0t6 0t6 0" }),
      ]);
    case "yellow": {
      const rays = [];
      for (let i = 0; i < 8; i++) {
        const a = (Math.PI / 4) * i;
        rays.push(svg("line", {
          x1: (12 + 6.5 * Math.cos(a)).toFixed(2), y1: (12 + 6.5 * Math.sin(a)).toFixed(2),
          x2: (12 + 10 * Math.cos(a)).toFixed(2), y2: (12 + 10 * Math.sin(a)).toFixed(2),
        }));
      }
      return svg("g", { stroke: ink, "stroke-width": 2.2, "stroke-linecap": "round", fill: ink }, [
        svg("circle", { cx: 12, cy: 12, r: 4.2 }),
        ...rays,
      ]);
    }
    case "green":
      return svg("g", {}, [
        svg("path", { d: "M4 20C4 10 10 4 20 4C20 14 14 20 4 20Z", fill: ink }),
        svg("path", { d: "M5 19L15 9", stroke: "#fff", "stroke-width": 1.6, "stroke-linecap": "round" }),
      ]);
    default:
      return svg("path", { d: "M12 21L3.5 12.5A4.9 4.9 0 0 1 12 6.2A4.9 4.9 0 0 1 20.5 12.5Z", fill: ink });
  }
}

/**
 * A standalone inline SVG of a colour icon.
 * @param {any} svg @param {string} color @param {number} [size] @param {string} [fill]
 */
export function colorBadge(svg, color, size = 18, fill) {
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "cb-color-badge", "aria-hidden": "true" }, [
    colorIcon(svg, color, fill),
  ]);
}
