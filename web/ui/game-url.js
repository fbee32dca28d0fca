/**
 * The page's URL for a game or an invitation sent by link, and back (docs/LINKS.md "In the
 * page"). Pure: no DOM; the page's `location` only as a default argument.
 *
 * The fragment: `#g=<link>`, and on a whole-game link (someone's first contact) either
 * `&n=<names>&b=<levels>` (comma-separated, URI-encoded, one per seat) or, after an
 * invitation, `&f=<invitation>.<secret>` (the invitation holds the names); `&s=<seat>` the seat
 * it is for; or `#i=<invitation>`. The engine's link is checksummed and replayed; the names
 * are not (a changed name misleads nobody about the cards), but every name is cleaned
 * (setup.js cleanName) and every computer level checked against setup.js LEVELS before it is
 * kept or shown. A whole page URL (`https://…/#g=…&n=…`) reads as its fragment.
 */
import { LEVELS, cleanName } from './setup.js';

/** One value per seat, comma-separated: each URI-encoded, its commas too (`%2C`). */
export function listParam(items) {
  return items.map((s) => encodeURIComponent(s ?? '').replace(/,/g, '%2C')).join(',');
}

/** A listParam read back; a broken escape makes the whole list empty (never a crash). */
function readList(value) {
  try {
    return (value || '').split(',').map((s) => decodeURIComponent(s));
  } catch {
    return [];
  }
}

/** The fragment → {type: 'game', link, names, bots, proof, seat} | {type: 'invite', text} |
 * null. A whole page URL reads as its fragment (docs/LINKS.md: "a whole URL may be pasted"):
 * the text after its last '#', so a URL pasted after another page's '#' is read too. */
export function parseGameHash(hash) {
  if (typeof hash !== 'string') return null;
  const fields = {};
  for (const part of hash
    .slice(hash.lastIndexOf('#') + 1)
    .trim()
    .split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields[part.slice(0, eq)] = part.slice(eq + 1);
  }
  if ('i' in fields) return { type: 'invite', text: fields.i };
  if (!('g' in fields)) return null;
  return {
    type: 'game',
    link: fields.g,
    names: fields.n ? readList(fields.n).map(cleanName) : [],
    bots: fields.b ? readList(fields.b).map((l) => (LEVELS.includes(l.trim()) ? l.trim() : null)) : [],
    proof: fields.f || '',
    seat: /^[0-9]$/.test(fields.s || '') ? Number(fields.s) : null,
  };
}

/** The URL to send: this page (`loc`: {origin, pathname}), with the game in the fragment. */
export function gameUrl({ link, names = [], bots = [], proof = '', seat = null }, loc = globalThis.location) {
  let url = `${loc.origin}${loc.pathname}#g=${link}`;
  if (names.length) url += `&n=${listParam(names)}`;
  if (bots.some(Boolean)) url += `&b=${listParam(bots.map((b) => b || ''))}`;
  if (proof) url += `&f=${proof}`;
  if (Number.isInteger(seat)) url += `&s=${seat}`;
  return url;
}

/** The URL of an invitation (its text as the engine made it). */
export function inviteUrl(text, loc = globalThis.location) {
  return `${loc.origin}${loc.pathname}#i=${text}`;
}
