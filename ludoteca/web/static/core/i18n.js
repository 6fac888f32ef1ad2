// @ts-check
/**
 * Translation helpers over Django's JavaScript catalog (the page loads
 * /jsi18n/, which defines window.gettext and friends in the reader's language).
 */

/** @param {string} msgid */
export function t(msgid) {
  const g = /** @type {any} */ (window).gettext;
  return typeof g === "function" ? g(msgid) : msgid;
}

/**
 * Translate a sentence and fill named placeholders, e.g. fmt('{player} won.', {player: 'Ana'}).
 * @param {string} msgid
 * @param {Record<string, unknown>} params
 */
export function fmt(msgid, params = {}) {
  return t(msgid).replace(/\{(\w+)\}/g, (whole, key) =>
    key in params ? String(params[key]) : whole,
  );
}

/** @param {string} singular @param {string} plural @param {number} n */
export function nt(singular, plural, n) {
  const g = /** @type {any} */ (window).ngettext;
  return typeof g === "function" ? g(singular, plural, n) : n === 1 ? singular : plural;
}

/**
 * A sentence about `n` things, in the form `n` asks for, with its named
 * placeholders filled: nfmt("{n} card", "{n} cards", 1, {n: 1}).
 * @param {string} singular @param {string} plural @param {number} n
 * @param {Record<string, unknown>} params
 */
export function nfmt(singular, plural, n, params = {}) {
  return nt(singular, plural, n).replace(/\{(\w+)\}/g, (whole, key) =>
    key in params ? String(params[key]) : whole,
  );
}

/**
 * "Ana won the match." / "Ana, Bruno won the match together." (pt-BR: venceu / venceram).
 * @param {string[]} names
 */
export function wonBy(names) {
  return nt("{players} won the match.", "{players} won the match together.", names.length)
    .replace("{players}", names.join(", "));
}
