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
 *
 * Atomic writes: a game is saved under a new key first, then the root is swapped to point to
 * it (one setItem), then the old record is removed. A failure at any step leaves the previous
 * save in force — never a half-saved game; keys a swap never reached are cleaned up on open.
 * Corrupt or foreign data is set aside under a quarantine key and reported, never fatal. A full
 * quota is reported with what to do. exportAll/importAll move everything as one JSON text.
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

/** Why a root of the current schema is not usable, or '' if it is. */
function rootProblem(root) {
  if (!isPlainObject(root)) return 'it is not an object';
  if (!Number.isInteger(root.rev) || root.rev < 0) return "its 'rev' is not a whole number";
  if (!isPlainObject(root.games)) return "its 'games' is not an object";
  for (const [id, entry] of Object.entries(root.games)) {
    if (!isPlainObject(entry) || typeof entry.key !== 'string' || !isPlainObject(entry.summary))
      return `its entry for game ${JSON.stringify(id)} is malformed`;
  }
  if (!Array.isArray(root.finished)) return "its 'finished' is not a list";
  if (!isPlainObject(root.stats)) return "its 'stats' is not an object";
  if (!isPlainObject(root.profile)) return "its 'profile' is not an object";
  if (!isPlainObject(root.settings)) return "its 'settings' is not an object";
  return '';
}

function recordProblem(record, id) {
  if (!isPlainObject(record)) return 'it is not an object';
  if (record.id !== id) return 'it belongs to another game';
  if (!isPlainObject(record.state)) return 'its game state is missing';
  if (!isPlainObject(record.meta)) return 'its details are missing';
  return '';
}

/** The summary the list of games shows, from the engine state and what this device knows. */
export function summarize(id, state, meta = {}) {
  const mySeats = Array.isArray(meta.mySeats) ? meta.mySeats : [];
  const current = state.current;
  const over = !!state.game_over;
  return {
    id,
    variant: state.variant,
    players: state.players,
    names: Array.isArray(meta.names) ? meta.names : [],
    mySeats,
    current,
    round: state.round,
    turn: state.turn,
    scores: Array.isArray(state.scores) ? state.scores : [],
    over,
    waiting: !over && mySeats.includes(current),
    updated: meta.updated ?? null,
    // Which seats are computer players (so a list can say whose turn it is in words).
    bots: Array.isArray(meta.bots) ? meta.bots : [],
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
 * and the problem reported). `options.migrations` / `options.schema` exist for tests.
 */
export function openStorage(options = {}) {
  const prefix = options.prefix ?? 'rummy.store.';
  const now = options.now ?? (() => Date.now());
  const schema = options.schema ?? SCHEMA_VERSION;
  const migrations = options.migrations ?? MIGRATIONS;
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

  /** Move unreadable data aside (if there is room) and report it. */
  function quarantine(key, raw, reason) {
    const qkey = `${prefix}quarantine.${now()}.${quarantineCount++}`;
    const problem = { kind: 'quarantined', key, reason, quarantineKey: qkey };
    try {
      ls.setItem(qkey, JSON.stringify({ key, reason, raw, at: now() }));
      ls.removeItem(key);
    } catch (err) {
      problem.quarantineKey = null; // no room to set it aside: leave it, ignore it
      problem.reason += isQuotaError(err) ? ' (left in place: storage is full)' : '';
    }
    problems.push(problem);
  }

  function readJSON(key) {
    const raw = ls.getItem(key);
    if (raw === null) return { missing: true };
    try {
      return { value: JSON.parse(raw), raw };
    } catch {
      return { raw, broken: 'it is not readable JSON' };
    }
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
      value = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isPlainObject(value) || !Number.isInteger(value.schema)) return;
    if (value.schema > schema) {
      // A newer version of the game, open in another tab, has upgraded the data.
      root = value;
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
    if (value.schema !== schema || rootProblem(value)) return;
    root = value;
    rootText = raw;
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
      : got.broken ?? recordProblem(got.value, id);
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
      if (why) quarantine(ROOT, got.raw, `the index: ${why}`);
      root = emptyRoot();
      // Rebuild the index from the game records still present (latest revision of each).
      const latest = {};
      for (const key of keysWith(prefix + 'game.')) {
        const m = key.slice(prefix.length).match(/^game\.(.+)\.(\d+)$/);
        if (!m) continue;
        const [, id, rev] = m;
        if (!latest[id] || Number(rev) > latest[id].rev) latest[id] = { key, rev: Number(rev) };
      }
      for (const [id, { key, rev }] of Object.entries(latest)) {
        const rec = readJSON(key);
        if (rec.broken || recordProblem(rec.value, id)) continue;
        root.games[id] = { key, summary: summarize(id, rec.value.state, rec.value.meta) };
        root.rev = Math.max(root.rev, rev);
      }
      if (why || Object.keys(root.games).length) commitRoot(clone(root));
      const found = Object.keys(root.games).length;
      if (found) problems.push({ kind: 'recovered', message: `${found} game(s) recovered from their records.` });
    } else {
      root = value;
      rootText = got.raw;
    }
    if (readOnly) return;
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
      const rev = root.rev + 1;
      const key = `${prefix}game.${id}.${rev}`;
      const written = put(key, record);
      if (!written.ok) return written;
      const next = clone(root);
      const old = next.games[id]?.key;
      next.rev = rev;
      next.games[id] = { key, summary: summarize(id, state, record.meta) };
      const swapped = commitRoot(next);
      if (!swapped.ok) {
        ls.removeItem(key);
        return swapped;
      }
      if (old) ls.removeItem(old);
      knownKeys.set(id, key);
      return { ok: true };
    },

    /** Whether another tab has saved, finished or deleted game `id` since this store loaded
     * or saved it (its next save would be refused as a conflict). */
    isStale(id) {
      sync();
      return changedElsewhere(id);
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
      const next = clone(root);
      const entry = next.games[id];
      delete next.games[id];
      next.finished.unshift({ id, variant, players, names, mySeats, scores, winners, rounds: rounds.length, finished: now() });
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
      if (typeof p.name !== 'string' || !Number.isInteger(p.accountPoints) || !Number.isInteger(p.jokers) || p.jokers < 0)
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
      if (!isPlainObject(patch)) return { ok: false, reason: 'invalid', message: 'Settings are an object.' };
      const next = clone(root);
      next.settings = { ...next.settings, ...clone(patch) };
      return commitRoot(next);
    },

    /** Data set aside as unreadable: [{key, reason, at, quarantineKey}]. */
    quarantined() {
      return keysWith(prefix + 'quarantine.').map((qkey) => {
        const got = readJSON(qkey);
        const v = isPlainObject(got.value) ? got.value : {};
        return { quarantineKey: qkey, key: v.key ?? null, reason: v.reason ?? 'unknown', at: v.at ?? null };
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
      return JSON.stringify({ kind: EXPORT_KIND, schema: root.schema, exported: now(), root: rest, games });
    },

    /** Replace everything with an export (older schemas are upgraded). All or nothing:
     * returns {ok: true, games: n} or {ok: false, reason, message}. */
    importAll(text) {
      sync();
      const refused = refuseIfReadOnly();
      if (refused) return refused;
      let data;
      try {
        data = JSON.parse(text);
      } catch {
        return { ok: false, reason: 'invalid', message: 'This is not an export of this game (not JSON).' };
      }
      if (!isPlainObject(data) || data.kind !== EXPORT_KIND || !Number.isInteger(data.schema))
        return { ok: false, reason: 'invalid', message: 'This is not an export of this game.' };
      if (data.schema > schema)
        return { ok: false, reason: 'newer', message: 'This export comes from a newer version of the game: update it first.' };
      if (!isPlainObject(data.root) || !isPlainObject(data.games))
        return { ok: false, reason: 'invalid', message: 'This export is incomplete.' };
      for (const [id, record] of Object.entries(data.games)) {
        const why = recordProblem(record, id);
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
      const why = rootProblem(upgraded.root);
      if (why) return { ok: false, reason: 'invalid', message: `This export is damaged (${why}).` };
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
