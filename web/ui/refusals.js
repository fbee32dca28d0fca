/**
 * The rules engine's refusals in the player's language.
 *
 * The engine refuses a move with an English sentence and, for every refusal a player can meet,
 * a code and its particulars (docs/WEBAPI.md "Refusal codes"): `{code: "not_in_hand", params:
 * {card: "7H", count: 1}}`. The catalogue holds one sentence per code, `refusal.<code>`, and
 * the params are put in words here: cards and tiles by name ("7 of hearts", "red 7"), a meld
 * as its pieces, a list of pieces as the language's list. A refusal without a known code keeps
 * the engine's English message, so nothing is ever lost — only left untranslated.
 *
 *   import { refusalText } from './refusals.js';
 *   catch (err) { show(refusalText(err, t)); }
 */
import { pieceName, piecesText } from './pieces.js';

const ONE_PIECE = new Set(['card', 'tile', 'meaning']);
const PIECE_LISTS = new Set(['cards', 'meanings']);

/** Player counts: "4", "2–6" (a range), else the language's list. */
function countsText(counts, t) {
  const sorted = [...counts].sort((a, b) => a - b);
  const range = sorted.length > 1 && sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
  return range ? `${sorted[0]}–${sorted[sorted.length - 1]}` : t.list(sorted.map(String));
}

function pieceOrUnknown(code, t) {
  return typeof code === 'string' ? pieceName(code, t) : t('tile.joker');
}

/** One param in words, by what its name says it is (docs/WEBAPI.md "Refusal codes"). */
function paramText(name, value, t) {
  if (name === 'meld' && Array.isArray(value)) return piecesText(value, t);
  if (ONE_PIECE.has(name)) return pieceOrUnknown(value, t);
  if (PIECE_LISTS.has(name) && Array.isArray(value)) return t.list(value.map((c) => pieceOrUnknown(c, t)));
  if (name === 'kind') return t(`meld.${value}`);
  if (name === 'variant') return t(`variant.${value}`);
  if (name === 'allowed' && Array.isArray(value)) return countsText(value, t);
  return String(value);
}

/**
 * A refusal the page makes itself ("Write your name first"), worded again in whichever language
 * is shown when it is read: `say(t)` gives its words, and `refusalText` calls it. `extra` adds
 * fields, as `field` (the form field it is about).
 */
export function pageRefusal(say, t, extra = {}) {
  return Object.assign(new Error(say(t)), { say, ...extra });
}

/**
 * The sentence to show for a refused request, in the language of `t` (makeTranslator).
 * `error` is what engine.call rejected with: an EngineError with `code` and `params` gives the
 * catalogue's `refusal.<code>`; anything else (no code, a code this page does not know yet, a
 * plain Error) gives its own message; one made by `pageRefusal`, its words in the language of `t`.
 */
export function refusalText(error, t) {
  if (typeof error?.say === 'function') return error.say(t);
  const fallback = error?.message || String(error ?? '');
  const code = error?.code;
  if (typeof code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(code)) return fallback;
  const params = error.params && typeof error.params === 'object' ? error.params : {};
  const key = `refusal.${code}`;
  let text;
  try {
    const words = {};
    for (const [name, value] of Object.entries(params)) {
      if (value !== null && value !== undefined) words[name] = paramText(name, value, t);
    }
    if (typeof params.count === 'number') words.count = params.count; // plural forms choose on it
    text = t(key, words);
  } catch {
    return fallback;
  }
  // An unknown key comes back as itself; a hole the params did not fill means the page and the
  // engine disagree about this refusal: the engine's own sentence is then the honest one.
  if (text === key || /\{\w+\}/.test(text)) return fallback;
  return text;
}
