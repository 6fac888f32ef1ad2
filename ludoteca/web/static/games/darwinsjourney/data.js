// @ts-check
/**
 * Darwin's Journey's printed board data (tracks, locations, tiles), fetched
 * once from the game package's data files through the generic endpoint
 * /games/<id>/data/<name>.json, and the layout of the ocean and island tracks.
 */

const NAMES = ["board", "ocean", "islands", "locations", "tiles"];

/** @returns {Promise<any>} */
export async function loadData() {
  const files = await Promise.all(
    NAMES.map((n) => fetch(`/games/darwinsjourney/data/${n}.json`).then((r) => {
      if (!r.ok) throw new Error(`board data ${n}: ${r.status}`);
      return r.json();
    })),
  );
  const data = Object.fromEntries(NAMES.map((n, i) => [n, files[i]]));
  data.oceanLayout = layoutTrack(data.ocean);
  data.islandLayout = Object.fromEntries(["A", "B", "C"].map((k) => [k, layoutTrack(data.islands[k])]));
  /** every space of every track by id */
  data.space = { ...data.ocean.spaces };
  for (const k of ["A", "B", "C"]) Object.assign(data.space, data.islands[k].spaces);
  return data;
}

/**
 * Place a track's spaces: x is the longest distance from the start, spaces on
 * every path sit on the middle line, detours above (first branch) or below.
 * @param {{start: string, spaces: Record<string, {next: string[]}>}} track
 */
export function layoutTrack(track) {
  const ids = Object.keys(track.spaces);
  /** @type {Record<string, string[]>} */
  const preds = Object.fromEntries(ids.map((id) => [id, []]));
  for (const id of ids) for (const n of track.spaces[id].next) preds[n].push(id);
  /** @type {Record<string, number>} */ const depth = {};
  /** @type {Record<string, number>} */ const fromStart = {};
  /** @type {Record<string, number>} */ const toEnd = {};
  const d = (/** @type {string} */ id) => (depth[id] ??= preds[id].length ? Math.max(...preds[id].map((p) => d(p) + 1)) : 0);
  const ps = (/** @type {string} */ id) => (fromStart[id] ??= preds[id].length ? preds[id].reduce((s, p) => s + ps(p), 0) : 1);
  const pe = (/** @type {string} */ id) => (toEnd[id] ??= track.spaces[id].next.length ? track.spaces[id].next.reduce((s, n) => s + pe(n), 0) : 1);
  const total = pe(track.start);
  /** @type {Record<string, {x: number, lane: number}>} */
  const pos = {};
  for (const id of [...ids].sort((a, b) => d(a) - d(b))) {
    let lane = 0;
    if (ps(id) * pe(id) !== total) {
      const p = preds[id].find((q) => pos[q]?.lane) ?? preds[id][0];
      lane = pos[p]?.lane || (track.spaces[p].next.indexOf(id) === 0 ? -1 : 1);
    }
    pos[id] = { x: d(id), lane };
  }
  const width = Math.max(...Object.values(pos).map((p) => p.x)) + 1;
  return { pos, width };
}
