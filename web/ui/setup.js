/**
 * What a match is made of before it starts: rule set, seats (people or computer players at a
 * level), names and the rule set's options (RULES.md; option names from ENGINE_API.md).
 * Pure data helpers; the start screen edits a setup and the controller sends it.
 */
import { botNameIndex, seatWords, youWords } from '../i18n/index.js';

export const VARIANTS = ['basic', 'rummy200', 'rummy101'];
export const PLAYER_RANGE = { basic: [2, 6], rummy200: [4, 4], rummy101: [2, 4] };
export const LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'];
export const MAX_SEATS = 6;

/** A name's longest length, in characters (code points): the engine's (py/rummy/names.py
 * MAX_NAME, which invitations are checked against). */
export const NAME_LENGTH = 40;

// Control characters; bidi embeddings, overrides, isolates and marks (they can make one name
// read as another: "\u202eexe.anA"); lone surrogate halves (a name cut in the middle of a
// character, or made up to break whatever reads it).
const UNSAFE_IN_NAMES = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/** A name as the page keeps and shows it, wherever it comes from (the start screen, an
 * invitation, a link): those characters taken out, trimmed, at most NAME_LENGTH characters.
 * Not text: ''. */
export function cleanName(name) {
  if (typeof name !== 'string') return '';
  const chars = Array.from(name.replace(UNSAFE_IN_NAMES, '').trim());
  return chars.slice(0, NAME_LENGTH).join('').trim();
}

/** The options each rule set offers, with the engine's defaults (only changes are sent). */
export const OPTION_DEFAULTS = {
  basic: { ace_high_or_low: false, last_card_discard: false, goal: 'target', target: 150, hands: 5 },
  rummy200: { target: 200 },
  rummy101: { threshold: 'fixed', rounds: 5, joker_button: false },
};

/** The typed options' ranges, for the start screen's fields and the request alike. */
export const OPTION_RANGE = { target: [10, 2000], hands: [1, 50], rounds: [1, 50] };

/** The number fields the setup shows for its rule set (a classic game shows one of two). */
function numberFields(setup) {
  const o = setup.options[setup.variant];
  if (setup.variant === 'basic') return [o.goal === 'hands' ? 'hands' : 'target'];
  return [setup.variant === 'rummy200' ? 'target' : 'rounds'];
}

/** The first number field whose typed value is no whole number within its range, as {key,
 * min, max}; null when all are (a field left empty is: it plays the default). */
export function optionProblem(setup) {
  for (const key of numberFields(setup)) {
    const typed = String(setup.options[setup.variant][key] ?? '').trim();
    const [min, max] = OPTION_RANGE[key];
    const n = Number(typed);
    if (typed !== '' && !(Number.isInteger(n) && n >= min && n <= max)) return { key, min, max };
  }
  return null;
}

export function defaultSetup(botNames, myName) {
  return {
    variant: 'basic',
    players: 3,
    seats: Array.from({ length: MAX_SEATS }, (_, i) =>
      i === 0 ? { name: cleanName(myName), bot: null } : { name: botNames[(i - 1) % botNames.length], bot: 'medium' },
    ),
    options: structuredClone(OPTION_DEFAULTS),
  };
}

/**
 * The setup in another language: a seat still under one of the old language's default names
 * (`from`: {you, bots}, "You" and "Ana,Ben,…") takes the new language's (`to`), so that after
 * switching to Hebrew the table does not say "You"; a name the person typed stays.
 */
export function renameDefaults(setup, from, to) {
  const rename = (name) => {
    if (name === from.you) return to.you;
    const k = from.bots.indexOf(name);
    return k >= 0 && to.bots[k] ? to.bots[k] : name;
  };
  return { ...setup, seats: setup.seats.map((s) => ({ ...s, name: rename(s.name) })) };
}

/** Keep a (possibly stale, saved) setup within the rules' limits. */
export function normalizeSetup(setup, botNames, myName) {
  const base = defaultSetup(botNames, myName);
  const s = { ...base, ...(setup || {}) };
  if (!VARIANTS.includes(s.variant)) s.variant = 'basic';
  const seats = (Array.isArray(s.seats) ? s.seats : []).map((seat) => (seat !== null && typeof seat === 'object' ? seat : {}));
  s.seats = base.seats.map((d, i) => ({
    name: typeof seats[i]?.name === 'string' ? cleanName(seats[i].name) : d.name,
    bot: seats[i] && 'bot' in seats[i] ? (LEVELS.includes(seats[i].bot) ? seats[i].bot : null) : d.bot,
  }));
  s.options = { ...structuredClone(OPTION_DEFAULTS), ...(s.options || {}) };
  for (const v of VARIANTS) s.options[v] = { ...OPTION_DEFAULTS[v], ...(s.options[v] || {}) };
  s.players = clampPlayers(s.variant, Number(s.players) || 2);
  return s;
}

export function clampPlayers(variant, n) {
  const [lo, hi] = PLAYER_RANGE[variant];
  return Math.max(lo, Math.min(hi, n));
}

/** The engine's `options` for this setup: only the values that differ from the defaults. */
export function engineOptions(setup) {
  const o = setup.options[setup.variant];
  const d = OPTION_DEFAULTS[setup.variant];
  const out = {};
  if (setup.variant === 'basic') {
    if (o.ace_high_or_low) out.ace_high_or_low = true;
    if (o.last_card_discard) out.last_card_discard = true;
    if (o.goal === 'hands') out.hands = clampInt(o.hands, ...OPTION_RANGE.hands, d.hands);
    else if (Number(o.target) !== d.target) out.target = clampInt(o.target, ...OPTION_RANGE.target, d.target);
  } else if (setup.variant === 'rummy200') {
    if (Number(o.target) !== d.target) out.target = clampInt(o.target, ...OPTION_RANGE.target, d.target);
  } else {
    if (o.threshold === 'rising') out.threshold = 'rising';
    if (Number(o.rounds) !== d.rounds) out.rounds = clampInt(o.rounds, ...OPTION_RANGE.rounds, d.rounds);
    if (o.joker_button) out.joker_button = true;
  }
  return out;
}

/** A typed number within [lo, hi]; an empty or unreadable field gives `fallback` (the
 * default: a field cleared to type anew must not start a game to 10, Number('') being 0). */
function clampInt(v, lo, hi, fallback) {
  const n = String(v ?? '').trim() === '' ? NaN : Math.round(Number(v));
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : fallback;
}

/** The seats people play (not computer players), in seat order. */
export function peopleSeats(seats) {
  return seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
}

/** Whether a seat's name names nobody where others will read it: empty, still the start
 * screen's default for the first seat (`you`, "You", or that word in another language: the
 * game may have been dealt in it), or left unnamed (`matchRequest`'s "#2"). */
export function namesNobody(name, you) {
  return !name || name === you || youWords().has(name) || /^#\d+$/.test(name);
}

/** The words the page names people with, in the language of `t`: `you` ("You"), the one
 * person at this device, `seatName(n)` ("Player n"), anyone else the page names, and `bots`,
 * the computer players' default names. */
export const pageWords = (t) => ({ you: t('names.you'), seatName: (n) => t('player.seat', { n }), bots: t('names.bots').split(',') });

/** The names the page gave, in today's language: a seat of `seats` that still says "You"
 * (a person's) or "Player n" (its own number) in the language of another day is called by
 * today's `words` (`pageWords`). The number of seats renamed; changes `seats` (a saved game's
 * record, the start screen's setup). */
export function renamePageNames(seats, words) {
  let renamed = 0;
  seats.forEach((seat, i) => {
    const name = pageName(seat.name, i, words, seat.bot);
    if (name === seat.name) return;
    seat.name = name;
    renamed += 1;
  });
  return renamed;
}

/** `name`, or today's `words` for it (`pageWords`) when the page gave it on another day
 * (`renamePageNames`): seat `i`'s "Player n", a person's "You", a computer player's default
 * name ("אנה" for "Ana"). */
export function pageName(name, i, { you, seatName, bots = [] }, bot = null) {
  if (!bot && name !== you && youWords().has(name)) return you;
  const botName = bot && !bots.includes(name) ? bots[botNameIndex(name)] : undefined;
  if (botName) return botName;
  const own = seatName(i + 1);
  return name !== own && seatWords(i + 1).has(name) ? own : name;
}

/**
 * The names the table will show for `seats`, where a name names nobody (`namesNobody`: left
 * empty, "#3", or "You" where it would be wrong). The one person at this device is `you`
 * ("You"); with two people or more the page calls nobody "you", so such a person is "Player 1"
 * (else the table would say "Pass the device to You"), and so is a computer player left
 * unnamed. `words` (`pageWords`) has both words.
 */
export function tableNames(seats, { you, seatName }) {
  const alone = peopleSeats(seats).length < 2;
  return seats.map((s, i) => {
    if (!namesNobody(cleanName(s.name), you)) return s;
    const name = alone && !s.bot ? you : seatName(i + 1);
    return name === s.name ? s : { ...s, name };
  });
}

/**
 * A rematch of a game played by link, set up on the device that played `mySeat`: the same rule
 * set, options and seats, this device's person first (it hosts the rematch, and may invite the
 * others again). `current` is the start screen's setup; its seats beyond the game stay.
 */
export function rematchSetup(record, mySeat, current) {
  const n = record.players;
  const seats = current.seats.map((s) => ({ ...s }));
  for (let i = 0; i < n; i++) {
    const from = record.seats[(mySeat + i) % n] || {};
    seats[i] = { name: from.name || seats[i].name, bot: LEVELS.includes(from.bot) ? from.bot : null };
  }
  const o = record.options || {};
  const options = structuredClone(current.options);
  if (record.variant === 'basic') {
    const goal = o.hands ? { goal: 'hands', hands: o.hands } : { goal: 'target', target: o.target ?? OPTION_DEFAULTS.basic.target };
    Object.assign(options.basic, { ace_high_or_low: Boolean(o.ace_high_or_low), last_card_discard: Boolean(o.last_card_discard) }, goal);
  } else if (record.variant === 'rummy200') {
    options.rummy200.target = o.target ?? OPTION_DEFAULTS.rummy200.target;
  } else {
    Object.assign(options.rummy101, {
      threshold: o.threshold === 'rising' ? 'rising' : 'fixed',
      rounds: o.rounds ?? OPTION_DEFAULTS.rummy101.rounds,
      joker_button: Boolean(o.joker_button),
    });
  }
  return { ...current, variant: record.variant, players: clampPlayers(record.variant, n), seats, options };
}

/** Setup → the controller's newGame() argument. */
export function matchRequest(setup, seed) {
  return {
    variant: setup.variant,
    players: setup.players,
    seats: setup.seats.slice(0, setup.players).map((s, i) => ({ name: cleanName(s.name) || `#${i + 1}`, bot: s.bot })),
    options: engineOptions(setup),
    seed,
  };
}
