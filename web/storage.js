/**
 * What this device keeps between visits (localStorage): games in progress ("games waiting for
 * you"), finished games with their scores, statistics per rule set, the local player's profile
 * (name, Rummy 101 account points and jokers) and settings. No framework, no other module.
 *
 * Layout, all under one prefix (default "rummy.store."):
 *   root                 the index: schema version, a revision counter, every small record
 *                        (profile, settings, stats, finished games, one summary per game) and,
 *                        per game in progress, the key of its current record
 *   game.<id>.<rev>      one game in progress: {id, state, meta}; a new revision for each save
 *   quarantine.<t>.<n>   data that could not be read, set aside with the reason
 *   unsaved              per game, the moves a save refused for want of room did not keep
 *
 * Atomic writes: a game is saved under a new key first, then the root is swapped to point to
 * it (one setItem), then the old record is removed. A failure at any step leaves the previous
 * save in force — never a half-saved game; keys a swap never reached are cleaned up on open.
 * Corrupt or foreign data is set aside under a quarantine key and reported, never fatal. A full
 * quota is reported with what to do. exportAll/importAll move everything as one JSON text.
 *
 * Nothing read is trusted: text nested deeper than MAX_DEPTH is refused before JSON.parse (a
 * deep enough text overflows the stack of everything that walks it afterwards), a number past
 * JavaScript's exact integers (2**53) makes a record bad, and every record is checked field by
 * field against its shape (SUMMARY, FINISHED, STATS, PROFILE, a game record) before use. One bad
 * record is set aside on its own — a finished game, a rule set's statistics, the profile, one
 * game's summary (rebuilt from the game when that is readable) — and the rest opens as it was.
 * An import is checked the same way before anything is written.
 *
 * A save refused because storage is full leaves a small note (`unsaved`): after a reload the
 * store reports which moves of which game were not kept (problem kind 'unsaved').
 *
 * Several tabs at once: every read and every read-modify-write starts from the root as it is
 * in localStorage now (re-read whenever its text differs from what this store last read or
 * wrote), so two tabs saving different games never lose each other's games, results or
 * statistics. Per game the store remembers the record key it last loaded or saved; when
 * another tab has saved that game since, saveGame refuses ('conflict') and changes nothing.
 * onExternalChange(callback) hears other tabs' saves (the window's `storage` event).
 */

export const SCHEMA_VERSION = 1;
export const EXPORT_KIND = 'rummy-export';
const MAX_FINISHED = 200;

/** Upgrades of the root by schema version: MIGRATIONS[n] turns schema n into n + 1.
 * Each receives a deep copy of the root and the game records ({id: record}) and returns
 * {root, records}. None yet: schema 1 is the first. */
export const MIGRATIONS = {};

const CONFLICT_MESSAGE =
  'This game was played on in another tab or window. Reload to continue from the latest save.';

const QUOTA_MESSAGE =
  'Storage on this device is full. Delete finished games or export everything ' +
  '(Settings → Export) and remove old games, then try again. Nothing was changed.';

export class StorageProblem extends Error {}

function isQuotaError(err) {
  return (
    !!err &&
    (err.name === 'QuotaExceededError' ||
      err.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
      err.code === 22 ||
      err.code === 1014)
  );
}

function isPlainObject(value) {
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
      if (c === 92) i++; // a backslash: the next character is escaped
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

function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function emptyRoot() {
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
function rootProblem(root) {
  if (!isPlainObject(root)) return 'it is not an object';
  if (!Number.isSafeInteger(root.rev) || root.rev < 0) return "its 'rev' is not a whole number";
  if (!isPlainObject(root.games)) return "its 'games' is not an object";
  return '';
}

/** Every part of an index that does not have its shape: [{part, at, reason}] — `part` one of
 * 'game' (a summary), 'finished', 'stats', 'profile', 'settings'; `at` the game id, the
 * finished game's place in the list or the rule set, null for a whole part. */
function badParts(root) {
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
const META = {
  names: is.optional(is.listOf(is.text)),
  mySeats: is.optional(is.listOf(is.count)),
  bots: is.optional(is.listOf(is.flag)),
  updated: is.optional(is.number),
};

/** Why a stored game record cannot be used, or ''. `checkMeta(meta)` adds the caller's own
 * checks of what it keeps in `meta` (openStorage's `metaProblem` option). */
function recordProblem(record, id, checkMeta = () => '') {
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
function partName({ part, at }) {
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

/**
 * Open this device's storage. `options.storage` is a localStorage-like object (default:
 * globalThis.localStorage; if that is missing or refuses access, an in-memory one is used
 * and the problem reported). `options.metaProblem(meta)` says why the details a caller keeps
 * with a game cannot be used ('' when they can): such a game is set aside like a damaged one.
 * `options.migrations` / `options.schema` exist for tests.
 */
export function openStorage(options = {}) {
  const prefix = options.prefix ?? 'rummy.store.';
  const now = options.now ?? (() => Date.now());
  const schema = options.schema ?? SCHEMA_VERSION;
  const migrations = options.migrations ?? MIGRATIONS;
  const metaProblem = options.metaProblem ?? (() => '');
  const problems = [];
  let ls = options.storage;
  if (ls === undefined) {
    try {
      ls = globalThis.localStorage;
      ls.getItem(prefix + 'root'); // Safari private mode and disabled storage throw here
    } catch {
      ls = null;
    }
    if (!ls) {
      ls = memoryStorage();
      problems.push({
        kind: 'unavailable',
        message: 'This browser does not let the game keep anything: games last until the tab closes.',
      });
    }
  }
  const ROOT = prefix + 'root';
  const UNSAVED = prefix + 'unsaved';
  let readOnly = false;
  let root;
  let rootText = null; // the root's text as this store last read or wrote it
  const knownKeys = new Map(); // game id → the record key this store last loaded or saved
  let quarantineCount = 0;

  function keysWith(start) {
    const out = [];
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (key !== null && key.startsWith(start)) out.push(key);
    }
    return out;
  }

  /** Move unreadable data aside (if there is room) and report it. `part` says what it was
   * ('index', 'game', 'finished', 'stats', 'profile', 'settings'); with `keep`, the data is
   * a copy of part of a key that stays (the index), so the key is not removed. */
  function quarantine(key, raw, reason, { part = 'game', keep = false } = {}) {
    const qkey = `${prefix}quarantine.${now()}.${quarantineCount++}`;
    const problem = { kind: 'quarantined', key, part, reason, quarantineKey: qkey };
    try {
      ls.setItem(qkey, JSON.stringify({ key, part, reason, raw, at: now() }));
      if (!keep) ls.removeItem(key);
    } catch (err) {
      problem.quarantineKey = null; // no room to set it aside: leave it, ignore it
      problem.reason += isQuotaError(err) ? ' (left in place: storage is full)' : '';
    }
    problems.push(problem);
    return problem;
  }

  function readJSON(key) {
    const raw = ls.getItem(key);
    if (raw === null) return { missing: true };
    try {
      return { value: parseStored(raw), raw };
    } catch (err) {
      return { raw, broken: jsonDepth(raw) > MAX_DEPTH ? err.message : 'it is not readable JSON' };
    }
  }

  /** {game id: key of its latest record} for every game record present. */
  function latestRecordKeys() {
    const latest = {};
    for (const key of keysWith(prefix + 'game.')) {
      const m = key.slice(prefix.length).match(/^game\.(.+)\.(\d+)$/);
      if (!m) continue;
      const [, id, rev] = m;
      if (!latest[id] || Number(rev) > latest[id].rev) latest[id] = { key, rev: Number(rev) };
    }
    return Object.fromEntries(Object.entries(latest).map(([id, { key }]) => [id, key]));
  }

  /** A readable game record for `id` under `key`, or null. */
  function goodRecord(key, id) {
    const got = readJSON(key);
    return got.missing || got.broken || recordProblem(got.value, id, metaProblem) ? null : got.value;
  }

  /** `value` (an index of this schema) with its bad parts replaced by what can be kept of them,
   * and the parts it left out: {root, setAside: [{part, at, reason, raw}], changed}. A game's
   * summary is only a copy: it is rebuilt from the game's record when the record is good. */
  function withoutBadParts(value) {
    const next = clone(value);
    const setAside = [];
    const dropped = { finished: new Set() };
    const bads = badParts(value);
    for (const bad of bads) {
      const { part, at } = bad;
      if (part === 'game') {
        const entry = next.games[at];
        const key = isPlainObject(entry) && is.text(entry.key) ? entry.key : latestRecordKeys()[at] ?? null;
        const record = key ? goodRecord(key, at) : null;
        if (record) {
          next.games[at] = { key, summary: summarize(at, record.state, record.meta) };
          continue;
        }
        delete next.games[at];
        setAside.push({ ...bad, raw: entry, recordKey: key });
        continue;
      }
      if (part === 'finished' && at !== null) {
        dropped.finished.add(at);
        setAside.push({ ...bad, raw: value.finished[at] });
      } else if (part === 'stats' && at !== null) {
        delete next.stats[at];
        setAside.push({ ...bad, raw: value.stats[at] });
      } else if (part === 'profile') {
        // The fields that are right stay (the Rummy 101 account is worth keeping).
        const p = isPlainObject(value.profile) ? value.profile : {};
        next.profile = {
          name: is.text(p.name) ? p.name : '',
          accountPoints: is.whole(p.accountPoints) ? p.accountPoints : 0,
          jokers: is.count(p.jokers) ? p.jokers : 1,
        };
        setAside.push({ ...bad, raw: value.profile });
      } else {
        next[part] = part === 'finished' ? [] : {};
        setAside.push({ ...bad, raw: value[part] });
      }
    }
    if (dropped.finished.size) next.finished = next.finished.filter((_, i) => !dropped.finished.has(i));
    return { root: next, setAside, changed: bads.length > 0 };
  }

  /** Open-time: set aside the bad parts of the index just read (kept under quarantine keys,
   * reported) and keep the rest, written back once. Read-only data is mended in memory only. */
  function setAsideBadParts() {
    const { root: next, setAside, changed } = withoutBadParts(root);
    if (!changed) return;
    for (const bad of setAside) {
      const reason = `${partName(bad)}: ${bad.reason}`;
      const raw = JSON.stringify(bad.raw) ?? 'undefined';
      if (readOnly) {
        problems.push({ kind: 'quarantined', key: ROOT, part: bad.part, reason, quarantineKey: null });
        continue;
      }
      quarantine(ROOT, raw, reason, { part: bad.part, keep: true });
      // A game whose summary and record are both bad: its record is set aside too.
      const recordRaw = bad.recordKey && ls.getItem(bad.recordKey);
      if (recordRaw !== null && recordRaw !== undefined && !Object.values(next.games).some((g) => g.key === bad.recordKey))
        quarantine(bad.recordKey, recordRaw, `game ${bad.at}: its record, set aside with its summary`, { part: 'game' });
    }
    if (readOnly || !commitRoot(next).ok) root = next; // on a failed write, mended in memory
  }

  /** setItem with the quota turned into a result. */
  function put(key, value) {
    try {
      const text = JSON.stringify(value);
      ls.setItem(key, text);
      return { ok: true, text };
    } catch (err) {
      if (isQuotaError(err)) return { ok: false, reason: 'quota', message: QUOTA_MESSAGE };
      return { ok: false, reason: 'error', message: `The game could not be saved: ${err?.message ?? err}` };
    }
  }

  function refuseIfReadOnly() {
    return readOnly
      ? {
          ok: false,
          reason: 'newer',
          message: 'These games were saved by a newer version of the game: update it to change them.',
        }
      : null;
  }

  /** Swap in a new root; on failure the old one stays (and `root` in memory too). */
  function commitRoot(next) {
    const { text, ...result } = put(ROOT, next);
    if (result.ok) {
      root = next;
      rootText = text;
    }
    return result;
  }

  /** Catch up with other tabs: take the root as it is in localStorage now, if it changed
   * since this store last read or wrote it (a string compare when nothing changed). A root
   * another tab broke or removed is not taken: this store's copy is the best there is, and
   * its next write puts it back. */
  function sync() {
    let raw;
    try {
      raw = ls.getItem(ROOT);
    } catch {
      return;
    }
    if (raw === rootText || raw === null) return;
    let value;
    try {
      value = parseStored(raw);
    } catch {
      return;
    }
    if (!isPlainObject(value) || !Number.isInteger(value.schema)) return;
    if (value.schema > schema) {
      // A newer version of the game, open in another tab, has upgraded the data. It is read
      // as far as it has this version's shape.
      if (!isPlainObject(value.games)) return;
      root = withoutBadParts({ rev: 0, finished: [], stats: {}, profile: {}, settings: {}, ...value }).root;
      rootText = raw;
      if (!readOnly) {
        readOnly = true;
        problems.push({
          kind: 'newer',
          message: 'These games were saved by a newer version of the game: they are shown, not changed.',
        });
      }
      return;
    }
    if (value.schema !== schema || rootProblem(value) || badParts(value).length) return;
    root = value;
    rootText = raw;
  }

  // -- moves a full storage did not keep -------------------------------------------------
  // `unsaved` = {<game id>: {variant, round, moves, keptRound, keptMoves, at}}: the position
  // of the last refused save (its round, and events in that round's log) and of the save that
  // stands (null when the game was never saved). A few dozen characters: it fits where a game
  // record did not. A later save that succeeds removes the game's note.

  function readUnsaved() {
    const got = readJSON(UNSAVED);
    return !got.missing && !got.broken && isPlainObject(got.value) ? got.value : {};
  }

  function noteUnsaved(id, state) {
    const entry = root.games[id];
    const kept = entry ? goodRecord(entry.key, id)?.state : null;
    const moves = (s) => (Array.isArray(s?.log) ? s.log.length : 0);
    const notes = readUnsaved();
    notes[id] = {
      variant: summarize(id, state).variant,
      round: summarize(id, state).round,
      moves: moves(state),
      keptRound: kept ? summarize(id, kept).round : null,
      keptMoves: kept ? moves(kept) : null,
      at: now(),
    };
    try {
      ls.setItem(UNSAVED, JSON.stringify(notes));
    } catch {
      /* not even that fits: the player was told at the time */
    }
  }

  function clearUnsaved(id) {
    const notes = readUnsaved();
    if (!(id in notes)) return;
    delete notes[id];
    try {
      if (Object.keys(notes).length) ls.setItem(UNSAVED, JSON.stringify(notes));
      else ls.removeItem(UNSAVED);
    } catch {
      /* the note stays; the next open reports it once more */
    }
  }

  const UNSAVED_NOTE = {
    variant: is.text,
    round: is.count,
    moves: is.count,
    keptRound: is.orNull(is.count),
    keptMoves: is.orNull(is.count),
  };

  /** Open-time: say which moves the last refused saves did not keep, once (problem kind
   * 'unsaved', with the numbers for the page's own words). */
  function reportUnsaved() {
    const notes = readUnsaved();
    for (const [id, n] of Object.entries(notes)) {
      if (shapeProblem(n, UNSAVED_NOTE)) continue;
      const sameRound = n.keptRound === n.round;
      const lost = sameRound ? Math.max(n.moves - n.keptMoves, 0) : n.moves;
      if (sameRound && !lost) continue;
      const message =
        n.keptRound === null
          ? `Storage was full: a game of ${n.variant} was not saved at all.`
          : sameRound
            ? `Storage was full: round ${n.round}: the last ${lost} moves were not saved.`
            : `Storage was full: nothing after round ${n.keptRound}, move ${n.keptMoves}, was saved (the game had reached round ${n.round}).`;
      problems.push({ kind: 'unsaved', id, variant: n.variant, round: n.round, count: lost, keptRound: n.keptRound, keptMoves: n.keptMoves, message });
    }
    if (ls.getItem(UNSAVED) !== null) {
      try {
        ls.removeItem(UNSAVED);
      } catch {
        /* said again next time */
      }
    }
  }

  function conflict() {
    return { ok: false, reason: 'conflict', message: CONFLICT_MESSAGE };
  }

  /** Whether another tab saved (or finished, or deleted) game `id` since this store last
   * loaded or saved it. A game this store never touched is never in conflict. */
  function changedElsewhere(id) {
    return knownKeys.has(id) && knownKeys.get(id) !== root.games[id]?.key;
  }

  function loadRecord(id) {
    const entry = root.games[id];
    if (!entry) return null;
    const got = readJSON(entry.key);
    const why = got.missing
      ? 'its record is missing'
      : got.broken ?? recordProblem(got.value, id, metaProblem);
    if (why) {
      if (!got.missing) quarantine(entry.key, got.raw, `game ${id}: ${why}`);
      else problems.push({ kind: 'missing', key: entry.key, reason: `game ${id}: ${why}` });
      const next = clone(root);
      delete next.games[id];
      commitRoot(next);
      return null;
    }
    return got.value;
  }

  function migrate(oldRoot, records) {
    let current = { root: clone(oldRoot), records: clone(records) };
    for (let v = oldRoot.schema; v < schema; v++) {
      const step = migrations[v];
      if (typeof step !== 'function') throw new StorageProblem(`no migration from schema ${v}`);
      current = step(current.root, current.records);
      current.root.schema = v + 1;
    }
    return current;
  }

  /** Write records under fresh keys, then swap the root; undo the fresh keys on failure. */
  function writeAll(nextRoot, records) {
    const written = [];
    let rev = nextRoot.rev;
    const oldKeys = new Set(Object.values(root?.games ?? {}).map((g) => g.key));
    nextRoot.games = {};
    for (const [id, record] of Object.entries(records)) {
      rev += 1;
      const key = `${prefix}game.${id}.${rev}`;
      const result = put(key, record);
      if (!result.ok) {
        written.forEach((k) => ls.removeItem(k));
        return result;
      }
      written.push(key);
      nextRoot.games[id] = { key, summary: summarize(id, record.state, record.meta) };
    }
    nextRoot.rev = rev;
    const result = commitRoot(nextRoot);
    if (!result.ok) {
      written.forEach((k) => ls.removeItem(k));
      return result;
    }
    oldKeys.forEach((k) => ls.removeItem(k));
    return { ok: true };
  }

  // -- open: read the root, recover what can be recovered, clean up, migrate --------------
  (function open() {
    const got = readJSON(ROOT);
    let value = got.value;
    let why = got.broken ?? '';
    if (!got.missing && !why) {
      if (!isPlainObject(value) || !Number.isInteger(value.schema) || value.schema < 1) {
        why = 'it was not written by this game';
      } else if (value.schema > schema) {
        readOnly = true;
        problems.push({
          kind: 'newer',
          message: 'These games were saved by a newer version of the game: they are shown, not changed.',
        });
      } else if (value.schema === schema) {
        why = rootProblem(value);
      }
    }
    if (got.missing || why) {
      if (why) quarantine(ROOT, got.raw, `the index: ${why}`, { part: 'index' });
      root = emptyRoot();
      // Rebuild the index from the game records still present (latest revision of each).
      for (const [id, key] of Object.entries(latestRecordKeys())) {
        const record = goodRecord(key, id);
        if (!record) continue;
        root.games[id] = { key, summary: summarize(id, record.state, record.meta) };
        root.rev = Math.max(root.rev, Number(key.slice(key.lastIndexOf('.') + 1)));
      }
      if (why || Object.keys(root.games).length) commitRoot(clone(root));
      const found = Object.keys(root.games).length;
      if (found) problems.push({ kind: 'recovered', message: `${found} game(s) recovered from their records.` });
    } else {
      root = value;
      rootText = got.raw;
    }
    if (readOnly) {
      if (isPlainObject(root.games)) {
        root = { rev: 0, finished: [], stats: {}, profile: {}, settings: {}, ...root };
        setAsideBadParts();
      } else {
        root = { ...emptyRoot(), schema: root.schema };
      }
      return;
    }
    if (root.schema < schema) {
      const records = {};
      for (const id of Object.keys(root.games)) {
        const record = loadRecord(id);
        if (record) records[id] = record;
      }
      let upgraded;
      try {
        upgraded = migrate(root, records);
      } catch (err) {
        readOnly = true;
        problems.push({ kind: 'migration', message: `Saved games could not be upgraded: ${err.message}` });
        return;
      }
      const reason = rootProblem(upgraded.root);
      if (reason) {
        readOnly = true;
        problems.push({ kind: 'migration', message: `Saved games could not be upgraded: ${reason}` });
        return;
      }
      const result = writeAll(upgraded.root, upgraded.records);
      if (!result.ok) {
        readOnly = true;
        problems.push({ kind: 'migration', message: result.message });
        return;
      }
    }
    setAsideBadParts();
    // Every game in progress is read once: one that cannot be used is set aside now, so the
    // list never offers a game that will not open.
    for (const id of Object.keys(root.games)) loadRecord(id);
    reportUnsaved();
    // Records no root points to are saves that never completed: drop them.
    const live = new Set(Object.values(root.games).map((g) => g.key));
    for (const key of keysWith(prefix + 'game.')) if (!live.has(key)) ls.removeItem(key);
  })();

  // -- the store ---------------------------------------------------------------------------
  return {
    problems,
    get readOnly() {
      return readOnly;
    },

    /** Games in progress, most recently updated first; `waiting` ones first of all. */
    listGames() {
      sync();
      return Object.values(root.games)
        .map((g) => clone(g.summary))
        .sort((a, b) => Number(b.waiting) - Number(a.waiting) || (b.updated ?? 0) - (a.updated ?? 0));
    },

    gamesWaiting() {
      return this.listGames().filter((g) => g.waiting);
    },

    /** {id, state, meta} or null (a damaged record is quarantined and reported). */
    loadGame(id) {
      sync();
      const record = loadRecord(id);
      if (record) knownKeys.set(id, root.games[id].key);
      return clone(record);
    },

    /** Save a game in progress: `state` from the engine, `meta` this device's details
     * ({names, mySeats, bots, lastLink, ...}). Returns {ok} or {ok: false, reason, message};
     * reason 'conflict' when another tab has saved this game since this store loaded or
     * saved it (nothing is changed: the other tab's save stands). */
    saveGame(id, state, meta = {}) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      if (typeof id !== 'string' || !id || !isPlainObject(state))
        return { ok: false, reason: 'invalid', message: 'A game needs an id and a state.' };
      if (changedElsewhere(id)) return conflict();
      const record = { id, state, meta: { ...meta, updated: now() } };
      // Never write what the next open would set aside.
      const why = recordProblem(record, id, metaProblem);
      if (why) return { ok: false, reason: 'invalid', message: `The game could not be saved: ${why}.` };
      const rev = root.rev + 1;
      const key = `${prefix}game.${id}.${rev}`;
      const written = put(key, record);
      if (!written.ok) {
        if (written.reason === 'quota') noteUnsaved(id, state);
        return written;
      }
      const next = clone(root);
      const old = next.games[id]?.key;
      next.rev = rev;
      next.games[id] = { key, summary: summarize(id, state, record.meta) };
      const swapped = commitRoot(next);
      if (!swapped.ok) {
        ls.removeItem(key);
        if (swapped.reason === 'quota') noteUnsaved(id, state);
        return swapped;
      }
      if (old) ls.removeItem(old);
      knownKeys.set(id, key);
      clearUnsaved(id);
      return { ok: true };
    },

    /** Whether another tab has saved, finished or deleted game `id` since this store loaded
     * or saved it (its next save would be refused as a conflict). */
    isStale(id) {
      sync();
      return changedElsewhere(id);
    },

    /** Game `id` no longer loads (the engine refuses its state): its record is set aside —
     * kept under a quarantine key and in exports, reported — and it leaves the list, so it
     * never stands in the way of another game. Returns {ok} or {ok: false, reason, message}. */
    setAside(id, reason) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      const entry = root.games[id];
      if (!entry) return { ok: true };
      const raw = ls.getItem(entry.key);
      if (raw !== null) {
        const moved = quarantine(entry.key, raw, `game ${id}: ${reason}`, { part: 'game' });
        if (!moved.quarantineKey) return { ok: false, reason: 'quota', message: QUOTA_MESSAGE };
      }
      const next = clone(root);
      delete next.games[id];
      knownKeys.delete(id);
      return commitRoot(next);
    },

    /** Remove a game in progress. With `ifUnchanged`, refuse ('conflict') when another tab
     * has saved it since this store loaded or saved it (leaving a match must not delete the
     * game another tab is playing on). */
    deleteGame(id, { ifUnchanged = false } = {}) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      const entry = root.games[id];
      if (!entry) return { ok: true };
      if (ifUnchanged && changedElsewhere(id)) return conflict();
      const next = clone(root);
      delete next.games[id];
      const result = commitRoot(next);
      if (result.ok) {
        ls.removeItem(entry.key);
        knownKeys.delete(id);
      }
      return result;
    },

    /** A match ended: record it with its scores, count it in the rule set's statistics,
     * and remove it from the games in progress (one root swap does all three). `rounds` is
     * each round's points per seat (the engine's history), for the round statistics. A match
     * already recorded (finished in another tab too) is not counted twice. */
    finishGame(id, { variant, players, names = [], mySeats = [], scores, winners = [], rounds = [] }) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      if (typeof variant !== 'string' || !Array.isArray(scores) || !Array.isArray(rounds))
        return { ok: false, reason: 'invalid', message: 'A finished game needs its rule set and scores.' };
      if (root.finished.some((f) => f.id === id)) return { ok: true, already: true };
      const done = { id, variant, players, names, mySeats, scores, winners, rounds: rounds.length, finished: now() };
      const why = shapeProblem(done, FINISHED) || (rounds.every((r) => !unsafeNumber(r)) ? '' : 'a round holds a number past 2**53');
      if (why) return { ok: false, reason: 'invalid', message: `The finished game could not be recorded: ${why}.` };
      const next = clone(root);
      const entry = next.games[id];
      delete next.games[id];
      next.finished.unshift(done);
      next.finished = next.finished.slice(0, MAX_FINISHED);
      const stats = fullStats(next.stats[variant]);
      next.stats[variant] = stats;
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
      const result = commitRoot(next);
      if (result.ok && entry) ls.removeItem(entry.key);
      return result;
    },

    finishedGames() {
      sync();
      return clone(root.finished);
    },

    /** Per rule set: {played, won, points, best, rounds, scored, bestRound} (see fullStats). */
    stats() {
      sync();
      return Object.fromEntries(Object.entries(root.stats).map(([v, s]) => [v, fullStats(clone(s))]));
    },

    profile() {
      sync();
      return clone(root.profile);
    },

    /** Update the local player's profile: {name, accountPoints, jokers}. */
    setProfile(patch) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      const next = clone(root);
      const p = { ...next.profile, ...patch };
      if (shapeProblem(p, PROFILE))
        return { ok: false, reason: 'invalid', message: 'A profile has a name, whole account points and jokers.' };
      next.profile = p;
      return commitRoot(next);
    },

    settings() {
      sync();
      return clone(root.settings);
    },

    setSettings(patch) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      if (!isPlainObject(patch) || unsafeNumber(patch)) return { ok: false, reason: 'invalid', message: 'Settings are an object.' };
      const next = clone(root);
      next.settings = { ...next.settings, ...clone(patch) };
      return commitRoot(next);
    },

    /** Data set aside as unreadable: [{key, part, reason, at, quarantineKey}] (with
     * `withData`, also `raw`: the text that was set aside). */
    quarantined({ withData = false } = {}) {
      return keysWith(prefix + 'quarantine.').map((qkey) => {
        const got = readJSON(qkey);
        const v = isPlainObject(got.value) ? got.value : {};
        const text = (x) => (is.text(x) ? x : null);
        const out = { quarantineKey: qkey, key: text(v.key), part: text(v.part), reason: text(v.reason) ?? 'unknown', at: is.number(v.at) ? v.at : null };
        if (withData) out.raw = text(v.raw) ?? got.raw ?? null;
        return out;
      });
    },

    clearQuarantine() {
      keysWith(prefix + 'quarantine.').forEach((k) => ls.removeItem(k));
    },

    /** Everything as one JSON text (games in progress with their states included). */
    exportAll() {
      sync();
      const games = {};
      for (const id of Object.keys(root.games)) {
        const record = loadRecord(id);
        if (record) games[id] = record;
      }
      const { games: _index, ...rest } = clone(root);
      // What was set aside travels too (an import leaves it out: it is there to be looked at).
      const setAside = this.quarantined({ withData: true }).map(({ quarantineKey: _k, ...q }) => q);
      return JSON.stringify({ kind: EXPORT_KIND, schema: root.schema, exported: now(), root: rest, games, setAside });
    },

    /** Replace everything with an export (older schemas are upgraded). All or nothing:
     * returns {ok: true, games: n} or {ok: false, reason, message}. */
    importAll(text) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      let data;
      try {
        data = parseStored(text);
      } catch (err) {
        const why = typeof text === 'string' && jsonDepth(text) > MAX_DEPTH ? err.message : 'not JSON';
        return { ok: false, reason: 'invalid', message: `This is not an export of this game (${why}).` };
      }
      if (!isPlainObject(data) || data.kind !== EXPORT_KIND || !Number.isInteger(data.schema))
        return { ok: false, reason: 'invalid', message: 'This is not an export of this game.' };
      if (data.schema > schema)
        return { ok: false, reason: 'newer', message: 'This export comes from a newer version of the game: update it first.' };
      if (!isPlainObject(data.root) || !isPlainObject(data.games))
        return { ok: false, reason: 'invalid', message: 'This export is incomplete.' };
      for (const [id, record] of Object.entries(data.games)) {
        const why = recordProblem(record, id, metaProblem);
        if (why) return { ok: false, reason: 'invalid', message: `This export is damaged (game ${id}: ${why}).` };
      }
      let upgraded;
      try {
        upgraded = migrate({ ...data.root, schema: data.schema, games: {}, rev: root.rev }, data.games);
      } catch (err) {
        return { ok: false, reason: 'invalid', message: `This export cannot be upgraded: ${err.message}` };
      }
      upgraded.root.rev = root.rev;
      upgraded.root.games = {};
      // Checked as an index read from storage is, part by part: all or nothing.
      const bad = rootProblem(upgraded.root) || badParts(upgraded.root).map((b) => `${partName(b)}: ${b.reason}`)[0];
      if (bad) return { ok: false, reason: 'invalid', message: `This export is damaged (${bad}).` };
      const result = writeAll(upgraded.root, upgraded.records);
      return result.ok ? { ok: true, games: Object.keys(upgraded.records).length } : result;
    },

    /** Call `callback()` when another tab or window changes these games (the window's
     * `storage` event for this store's index; nothing outside a browser). Returns a function
     * that stops listening. */
    onExternalChange(callback) {
      const target = globalThis.window;
      if (typeof target?.addEventListener !== 'function') return () => {};
      const listener = (event) => {
        if (event.key !== ROOT && event.key !== null) return; // null: the storage was cleared
        if (event.storageArea && event.storageArea !== ls) return;
        callback();
      };
      target.addEventListener('storage', listener);
      return () => target.removeEventListener('storage', listener);
    },
  };
}

/** A localStorage stand-in kept in memory (for browsers that refuse storage, and tests).
 * `quota` (characters of keys + values) makes setItem throw a QuotaExceededError. */
export function memoryStorage(quota = Infinity) {
  const map = new Map();
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => (map.has(String(k)) ? map.get(String(k)) : null),
    setItem(k, v) {
      k = String(k);
      v = String(v);
      const after = used() - (map.has(k) ? k.length + map.get(k).length : 0) + k.length + v.length;
      if (after > quota) {
        const err = new Error('The quota has been exceeded.');
        err.name = 'QuotaExceededError';
        throw err;
      }
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(String(k)),
    clear: () => map.clear(),
  };
}
