/**
 * The message catalogue. Every text the table shows goes through `t(key, params)`.
 *
 * A language is one file beside this one, `<code>.js`, exporting a flat object of messages
 * plus `_meta: {name, dir}`. A message is a string with `{param}` holes, or an object of
 * plural forms (`one`, `two`, `few`, `many`, `other`, chosen by Intl.PluralRules on
 * `params.count`). Missing keys fall back to English, then to the key itself.
 *
 * To add a language: add `xx.js` and its code to LANGUAGE_CODES (the picker's list). A code
 * asked for by `?lang=xx` or the browser's language is tried even when it is not listed.
 */
import en from './en.js';

export const LANGUAGE_CODES = ['en', 'he', 'ro'];

const loaded = { en };

export async function loadLanguage(code) {
  const lang = String(code || 'en')
    .toLowerCase()
    .split('-')[0];
  if (!/^[a-z]{2,3}$/.test(lang)) return 'en';
  if (!loaded[lang]) {
    try {
      loaded[lang] = (await import(`./${lang}.js`)).default;
    } catch {
      return 'en';
    }
  }
  return lang;
}

/** Every loaded language's word for the one person at the device ("You", "את/ה", "Tu"). A
 * seat still named so was named by the page, in the language of the day it was dealt: it is
 * nobody's chosen name, and reads as "You" in today's language. The page loads every listed
 * language at start (`languageList`), so all of them are known. */
export function youWords() {
  return new Set(
    Object.values(loaded)
      .map((messages) => messages['names.you'])
      .filter(Boolean),
  );
}

/** Which of the computer players' default names (`names.bots`: "Ana", "Ben", …) `name` is in
 * any loaded language ("אנה" is the first, as "Ana" is): its place in the list, or -1. The page
 * named a computer player so, as it does "You" (`youWords`). */
export function botNameIndex(name) {
  for (const messages of Object.values(loaded)) {
    const k = String(messages['names.bots'] ?? '')
      .split(',')
      .indexOf(name);
    if (k >= 0) return k;
  }
  return -1;
}

/** Every loaded language's name for seat `n` left unnamed ("Player 2", "שחקן 2", …): the page
 * named it so, as it does "You" (`youWords`). */
export function seatWords(n) {
  return new Set(
    Object.values(loaded)
      .map((messages) => messages['player.seat'])
      .filter((words) => typeof words === 'string')
      .map((words) => words.replace('{n}', String(n))),
  );
}

/** The language names for the picker: [{code, name}], each in its own language. */
export async function languageList() {
  const out = [];
  for (const code of LANGUAGE_CODES) {
    const got = await loadLanguage(code);
    if (got === code) out.push({ code, name: loaded[code]._meta?.name || code });
  }
  return out;
}

/** First language we can serve among the player's saved choice, ?lang=, the browser's. */
export async function pickLanguage(candidates) {
  for (const c of candidates) {
    if (!c) continue;
    const got = await loadLanguage(c);
    if (got !== 'en' || String(c).toLowerCase().startsWith('en')) return got;
  }
  return 'en';
}

// What a neutral character next to a parameter does depends on the text around it. In a
// right-to-left message the sign of a number ("-22", "+101") shows on the wrong side ("22-"),
// and so does a name's own punctuation ("Dan!" reads "!Dan"); in a left-to-right one, a Hebrew
// name's does ("דנה!" reads "!דנה"). So in a right-to-left message a signed number goes in as a
// left-to-right island (LRI … PDI), and a player's name goes in its own direction (FSI … PDI)
// in any message whose direction it may not share: always in a right-to-left one, and in a
// left-to-right one when it holds right-to-left letters. A left-to-right name in a
// left-to-right message needs nothing, so English text stays exactly as typed.
const SIGNED = /^[+\-\u2212]\d[\d.,]*$/;
const NAMES = new Set(['name', 'host', 'owner']);
const RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

export function makeTranslator(code) {
  const messages = loaded[code] || en;
  const plurals = new Intl.PluralRules(code);
  const rtl = messages._meta?.dir === 'rtl';
  const person = (value) => (rtl || RIGHT_TO_LEFT.test(value) ? `\u2068${value}\u2069` : value);
  const param = (value, key) => {
    if (NAMES.has(key)) return person(String(value));
    if (rtl && SIGNED.test(String(value))) return `\u2066${value}\u2069`;
    return String(value);
  };
  const t = (key, params = {}) => {
    let msg = messages[key] ?? en[key];
    if (msg === undefined) return key;
    if (typeof msg === 'object') {
      const form = plurals.select(Number(params.count ?? 0));
      msg = msg[form] ?? msg.other ?? (en[key] && en[key].other) ?? key;
    }
    return msg.replace(/\{(\w+)\}/g, (m, name) => (name in params ? param(params[name], name) : m));
  };
  /** Whether the language (or English) has a message for `key`. */
  t.has = (key) => key in messages || key in en;
  t.lang = code;
  t.dir = messages._meta?.dir || 'ltr';
  /** "a, b and c" in the language's own way. */
  const lists = typeof Intl.ListFormat === 'function' ? new Intl.ListFormat(code, { type: 'conjunction' }) : null;
  t.list = (items) => (lists ? lists.format(items) : items.join(', '));
  /** A list of players' names, each in its own direction as a `name` parameter is. */
  t.names = (names) => t.list(names.map((n) => person(String(n))));
  return t;
}
