/**
 * What the device's saved data looks like (web/storage/store.js keeps it): the schema version
 * and its migrations, the checks every record read passes before use, and the pure steps that
 * change an index (a game's summary, a finished match counted in the statistics). Nothing here
 * touches localStorage.
 *
 * Nothing read is trusted: text nested deeper than MAX_DEPTH is refused before JSON.parse (a
 * deep enough text overflows the stack of everything that walks it afterwards), a number past
 * JavaScript's exact integers (2**53) makes a record bad, and every record is checked field by
 * field against its shape (SUMMARY, FINISHED, STATS, PROFILE, a game record) before use.
 *
 * The `reason` texts the checks return ("its 'names' is missing") are diagnostics kept with
 * data set aside and in exports, for whoever looks into them; the page never shows them (it
 * words a problem's `kind` through the catalogues, web/ui/games-view.js).
 */

export const SCHEMA_VERSION = 1;
export const EXPORT_KIND = 'rummy-export';
export const MAX_FINISHED = 200;

/** Upgrades of the root by schema version: MIGRATIONS[n] turns schema n into n + 1.
 * Each receives a deep copy of the root and the game records ({id: record}) and returns
 * {root, records}. None yet: schema 1 is the first. */
export const MIGRATIONS = {};

export class StorageProblem extends Error {}

export function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Nesting the game never writes: a stored game is about 9 levels deep, an export 11. The
 * engine caps its own JSON at the same depth (py/rummy/limits.py, MAX_JSON_DEPTH). */
export const MAX_DEPTH = 32;

/** How deeply `text` nests `[` and `{` outside strings; the scan stops as soon as it passes
 * `limit` (then `limit + 1`). One pass, no recursion, nothing parsed. */
export function jsonDepth(text, limit = MAX_DEPTH) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if (c === 93 || c === 125) {
      depth -= 1;
    }
  }
  return deepest;
}

/** JSON.parse of stored data or an import, refused (a SyntaxError saying why) past MAX_DEPTH. */
export function parseStored(text) {
  if (typeof text !== 'string') throw new SyntaxError('it is not text');
  if (jsonDepth(text) > MAX_DEPTH) throw new SyntaxError(`it is nested more than ${MAX_DEPTH} levels deep`);
  return JSON.parse(text);
}

/** The first number in `value` (parsed JSON) that JavaScript cannot hold exactly — past
 * 2**53 - 1 either way — as text, or ''. A score of 1e300 would be shown and summed wrong. */
export function unsafeNumber(value) {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? '' : String(value);
  if (value === null || typeof value !== 'object') return '';
  for (const item of Object.values(value)) {
    const bad = unsafeNumber(item);
    if (bad) return bad;
  }
  return '';
}

/** Checks of one field each (`shapeProblem` takes an object of them). */
export const is = {
  text: (v) => typeof v === 'string',
  whole: (v) => Number.isSafeInteger(v),
  count: (v) => Number.isSafeInteger(v) && v >= 0,
  number: (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER,
  flag: (v) => typeof v === 'boolean',
  object: (v) => isPlainObject(v),
  listOf: (check) => (v) => Array.isArray(v) && v.every((item) => check(item)),
  orNull: (check) => (v) => v === null || check(v),
  optional: (check) => (v) => v === undefined || check(v),
  shape: (fields) => (v) => !shapeProblem(v, fields),
};

/** Why `value` is not an object with these fields ({name: check}), or '' when it is. Fields
 * not named are not looked at (later versions may add some). */
export function shapeProblem(value, fields) {
  if (!isPlainObject(value)) return value === null ? 'it is null' : 'it is not an object';
  for (const [name, check] of Object.entries(fields)) {
    if (check(value[name])) continue;
    if (value[name] === undefined) return `its '${name}' is missing`;
    const text = JSON.stringify(value[name]) ?? String(value[name]);
    return `its '${name}' is wrong (${text.length > 40 ? text.slice(0, 40) + '…' : text})`;
  }
  const bad = unsafeNumber(value);
  return bad ? `it holds ${bad}, a number past 2**53` : '';
}

/** A game's line in the list of games in progress (what `summarize` writes). */
export const SUMMARY = {
  id: is.text,
  variant: is.text,
  players: is.count,
  names: is.listOf(is.text),
  mySeats: is.listOf(is.count),
  current: is.orNull(is.count),
  round: is.count,
  turn: is.count,
  scores: is.listOf(is.number),
  over: is.flag,
  waiting: is.flag,
  updated: is.orNull(is.number),
  bots: is.listOf(is.flag),
};

/** A finished match (what `finishGame` writes). */
export const FINISHED = {
  id: is.text,
  variant: is.text,
  players: is.count,
  names: is.listOf(is.text),
  mySeats: is.listOf(is.count),
  scores: is.listOf(is.number),
  winners: is.listOf(is.count),
  rounds: is.count,
  finished: is.number,
};

/** A rule set's statistics, once `fullStats` has filled in the fields older saves lack. */
export const STATS = {
  played: is.count,
  won: is.count,
  points: is.number,
  best: is.orNull(is.number),
  rounds: is.count,
  scored: is.count,
  bestRound: is.orNull(is.number),
};

export const PROFILE = { name: is.text, accountPoints: is.whole, jokers: is.count };

export function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

export function emptyRoot() {
  return {
    schema: SCHEMA_VERSION,
    rev: 0,
    games: {},
    finished: [],
    stats: {},
    profile: { name: '', accountPoints: 0, jokers: 1 },
    settings: {},
  };
}

/** Why a root of the current schema is not an index at all, or '' if it is one. Its parts
 * are checked one by one (badParts), so one bad part never costs the others. */
export function rootProblem(root) {
  if (!isPlainObject(root)) return 'it is not an object';
  if (!Number.isSafeInteger(root.rev) || root.rev < 0) return "its 'rev' is not a whole number";
  if (!isPlainObject(root.games)) return "its 'games' is not an object";
  return '';
}

/** Every part of an index that does not have its shape: [{part, at, reason}] — `part` one of
 * 'game' (a summary), 'finished', 'stats', 'profile', 'settings'; `at` the game id, the
 * finished game's place in the list or the rule set, null for a whole part. */
export function badParts(root) {
  const out = [];
  const check = (part, at, reason) => {
    if (reason) out.push({ part, at, reason });
  };
  for (const [id, entry] of Object.entries(root.games)) {
    let why = shapeProblem(entry, { key: is.text, summary: is.object });
    if (!why) why = shapeProblem(entry.summary, SUMMARY) || (entry.summary.id === id ? '' : 'it names another game');
    check('game', id, why);
  }
  if (!Array.isArray(root.finished)) check('finished', null, 'it is not a list');
  else root.finished.forEach((f, i) => check('finished', i, shapeProblem(f, FINISHED)));
  if (!isPlainObject(root.stats)) check('stats', null, 'it is not an object');
  else for (const [v, st] of Object.entries(root.stats)) check('stats', v, isPlainObject(st) ? shapeProblem(fullStats(st), STATS) : shapeProblem(st, STATS));
  check('profile', null, shapeProblem(root.profile, PROFILE));
  check('settings', null, shapeProblem(root.settings, {}));
  return out;
}

/** The details a game record keeps beside the engine's state (what records.js passes). */
export const META = {
  names: is.optional(is.listOf(is.text)),
  mySeats: is.optional(is.listOf(is.count)),
  bots: is.optional(is.listOf(is.flag)),
  updated: is.optional(is.number),
};

/** Why a stored game record cannot be used, or ''. `checkMeta(meta)` adds the caller's own
 * checks of what it keeps in `meta` (openStorage's `metaProblem` option). */
export function recordProblem(record, id, checkMeta = () => '') {
  if (!isPlainObject(record)) return record === null ? 'it is null' : 'it is not an object';
  if (record.id !== id) return 'it belongs to another game';
  if (!isPlainObject(record.state)) return 'its game state is missing';
  if (!isPlainObject(record.meta)) return 'its details are missing';
  const bad = unsafeNumber(record);
  if (bad) return `it holds ${bad}, a number past 2**53`;
  const why = shapeProblem(record.meta, META) || checkMeta(record.meta);
  return why ? `its details: ${why}` : '';
}

/** Words for a part badParts names, for reasons ("finished game 3: its 'names' is missing"). */
export function partName({ part, at }) {
  if (part === 'game') return `game ${at}'s summary`;
  if (part === 'finished') return at === null ? 'the finished games' : `finished game ${at + 1}`;
  if (part === 'stats') return at === null ? 'the statistics' : `the statistics of ${at}`;
  return `the ${part}`;
}

/** The summary the list of games shows, from the engine state and what this device knows. */
export function summarize(id, state, meta = {}) {
  // Every field has its type (SUMMARY), whatever the state and details hold.
  const list = (value) => (Array.isArray(value) ? value : []);
  const mySeats = list(meta.mySeats).filter(is.count);
  const current = is.count(state.current) ? state.current : null;
  const over = !!state.game_over;
  return {
    id,
    variant: is.text(state.variant) ? state.variant : '',
    players: is.count(state.players) ? state.players : 0,
    names: list(meta.names).map((name) => (is.text(name) ? name : '')),
    mySeats,
    current,
    round: is.count(state.round) ? state.round : 0,
    turn: is.count(state.turn) ? state.turn : 0,
    scores: list(state.scores).map((n) => (is.number(n) ? n : 0)),
    over,
    waiting: !over && mySeats.includes(current),
    updated: is.number(meta.updated) ? meta.updated : null,
    // Which seats are computer players (so a list can say whose turn it is in words).
    bots: list(meta.bots).map(Boolean),
  };
}

/** A rule set's statistics with every field present (older saves lack the later ones).
 * `best` is the best match total and `bestRound` the best single round of the local
 * player's seats: the highest, in every rule set — RULES.md scores Rummy 101 as points
 * gained or lost, "higher is better", like the card games. `scored` counts (match, seat)
 * totals, so the average is points / scored. */
export function fullStats(s = {}) {
  return {
    played: 0,
    won: 0,
    points: 0,
    best: null,
    rounds: 0,
    scored: s.played ?? 0,
    bestRound: null,
    ...s,
  };
}

/** Run the migrations from `oldRoot.schema` up to `schema` over deep copies of the root and
 * the game records ({id: record}); returns {root, records}. Throws StorageProblem when a step
 * is missing (what a migration throws passes through). */
export function migrate(oldRoot, records, schema = SCHEMA_VERSION, migrations = MIGRATIONS) {
  let current = { root: clone(oldRoot), records: clone(records) };
  for (let v = oldRoot.schema; v < schema; v++) {
    const step = migrations[v];
    if (typeof step !== 'function') throw new StorageProblem(`no migration from schema ${v}`);
    current = step(current.root, current.records);
    current.root.schema = v + 1;
  }
  return current;
}

/** A profile with only the fields that have their shape kept (the Rummy 101 account is worth
 * keeping when the name is broken), the others at their defaults. */
export function mendedProfile(value) {
  const p = isPlainObject(value) ? value : {};
  return {
    name: is.text(p.name) ? p.name : '',
    accountPoints: is.whole(p.accountPoints) ? p.accountPoints : 0,
    jokers: is.count(p.jokers) ? p.jokers : 1,
  };
}

/** The record of a finished match (FINISHED), and why it cannot be kept ('' when it can):
 * `rounds` is each round's points per seat. */
export function finishedRecord(id, { variant, players, names = [], mySeats = [], scores, winners = [], rounds = [] }, finished) {
  const done = { id, variant, players, names, mySeats, scores, winners, rounds: rounds.length, finished };
  const why = shapeProblem(done, FINISHED) || (rounds.every((r) => !unsafeNumber(r)) ? '' : 'a round holds a number past 2**53');
  return { done, why };
}

/** `root` (a copy, changed in place) with the finished match `done` recorded — newest first,
 * at most MAX_FINISHED kept — its game in progress removed, and the match counted in its rule
 * set's statistics from the local player's seats (`rounds`: each round's points per seat). */
export function recordFinished(root, done, rounds) {
  const { variant, mySeats, winners, scores } = done;
  delete root.games[done.id];
  root.finished.unshift(done);
  root.finished = root.finished.slice(0, MAX_FINISHED);
  const stats = fullStats(root.stats[variant]);
  root.stats[variant] = stats;
  stats.played += 1;
  stats.rounds += rounds.length;
  if (mySeats.some((s) => winners.includes(s))) stats.won += 1;
  for (const seat of mySeats) {
    const score = scores[seat];
    if (typeof score !== 'number') continue;
    stats.points += score;
    stats.scored += 1;
    stats.best = stats.best === null ? score : Math.max(stats.best, score);
    for (const points of rounds) {
      const p = Array.isArray(points) ? points[seat] : undefined;
      if (typeof p !== 'number') continue;
      // Higher is better in every rule set here (RULES.md: Rummy 101 too, gained or lost).
      stats.bestRound = stats.bestRound === null ? p : Math.max(stats.bestRound, p);
    }
  }
  return root;
}
