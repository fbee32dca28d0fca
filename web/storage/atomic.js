/**
 * The atomic store under the saved games (web/storage/store.js is its public face): one
 * localStorage-like object, every key under one prefix, and writes that never leave half a
 * save.
 *
 * Layout, all under the prefix (default "rummy.store."):
 *   root                 the index: schema version, a revision counter, every small record
 *                        (profile, settings, stats, finished games, one summary per game) and,
 *                        per game in progress, the key of its current record
 *   game.<id>.<rev>      one game in progress: {id, state, meta}; a new revision for each save
 *   quarantine.<t>.<n>   data that could not be read, set aside with the reason
 *   unsaved              per game, the moves a save refused for want of room did not keep
 *                        (web/storage/unsaved.js)
 *
 * Atomic writes: a game is saved under a new key first, then the root is swapped to point to
 * it (one setItem), then the old record is removed. A failure at any step leaves the previous
 * save in force; keys a swap never reached are cleaned up on open (web/storage/recover.js).
 *
 * Several tabs at once: every read and every read-modify-write starts from the root as it is
 * in localStorage now (`sync`: re-read whenever its text differs from what this store last
 * read or wrote), so two tabs saving different games never lose each other's games, results or
 * statistics. Per game the store remembers the record key it last loaded or saved
 * (`knownKeys`); when another tab has saved that game since, the game is `changedElsewhere`.
 *
 * A write refused answers {ok: false, reason} with a reason code ('quota', 'error', 'newer',
 * ...) and, where it helps, a `detail` for developers; the page words the reason.
 */
import {
  MAX_DEPTH,
  SCHEMA_VERSION,
  MIGRATIONS,
  badParts,
  clone,
  isPlainObject,
  jsonDepth,
  parseStored,
  recordProblem,
  rootProblem,
  summarize,
} from './schema.js';
import { withoutBadParts } from './recover.js';

/** Whether `err` is the browser saying storage is full. */
export function isQuotaError(err) {
  return !!err && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED' || err.code === 22 || err.code === 1014);
}

export class AtomicStore {
  /** `ls` a localStorage-like object; `problems` the list open-time and later problems are
   * added to ({kind, ...}); `metaProblem(meta)` the caller's own check of a game's details. */
  constructor({ ls, prefix, now, schema = SCHEMA_VERSION, migrations = MIGRATIONS, metaProblem = () => '', problems = [] }) {
    this.ls = ls;
    this.prefix = prefix;
    this.now = now;
    this.schema = schema;
    this.migrations = migrations;
    this.metaProblem = metaProblem;
    this.problems = problems;
    this.rootKey = prefix + 'root';
    this.root = null; // the index as this store knows it
    this.rootText = null; // the root's text as this store last read or wrote it
    this.readOnly = false; // the data is a newer version's, or could not be upgraded
    this.knownKeys = new Map(); // game id → the record key this store last loaded or saved
    this.quarantineCount = 0;
  }

  keysWith(start) {
    const out = [];
    for (let i = 0; i < this.ls.length; i++) {
      const key = this.ls.key(i);
      if (key !== null && key.startsWith(start)) out.push(key);
    }
    return out;
  }

  gameKeys() {
    return this.keysWith(this.prefix + 'game.');
  }

  recordKey(id, rev) {
    return `${this.prefix}game.${id}.${rev}`;
  }

  /** {value, raw} | {missing: true} | {raw, broken: reason}. */
  readJSON(key) {
    const raw = this.ls.getItem(key);
    if (raw === null) return { missing: true };
    try {
      return { value: parseStored(raw), raw };
    } catch (err) {
      return { raw, broken: jsonDepth(raw) > MAX_DEPTH ? err.message : 'it is not readable JSON' };
    }
  }

  /** Move unreadable data aside (if there is room) and report it (problem kind 'quarantined').
   * `part` says what it was ('index', 'game', 'finished', 'stats', 'profile', 'settings');
   * with `keep`, the data is a copy of part of a key that stays (the index), so the key is
   * not removed. */
  quarantine(key, raw, reason, { part = 'game', keep = false } = {}) {
    const qkey = `${this.prefix}quarantine.${this.now()}.${this.quarantineCount++}`;
    const problem = { kind: 'quarantined', key, part, reason, quarantineKey: qkey };
    try {
      this.ls.setItem(qkey, JSON.stringify({ key, part, reason, raw, at: this.now() }));
      if (!keep) this.ls.removeItem(key);
    } catch (err) {
      problem.quarantineKey = null; // no room to set it aside: leave it, ignore it
      problem.reason += isQuotaError(err) ? ' (left in place: storage is full)' : '';
    }
    this.problems.push(problem);
    return problem;
  }

  /** {game id: key of its latest record} for every game record present. */
  latestRecordKeys() {
    const latest = {};
    for (const key of this.gameKeys()) {
      const m = key.slice(this.prefix.length).match(/^game\.(.+)\.(\d+)$/);
      if (!m) continue;
      const [, id, rev] = m;
      if (!latest[id] || Number(rev) > latest[id].rev) latest[id] = { key, rev: Number(rev) };
    }
    return Object.fromEntries(Object.entries(latest).map(([id, { key }]) => [id, key]));
  }

  /** Why the game record `record` for `id` cannot be used, or ''. */
  recordProblem(record, id) {
    return recordProblem(record, id, this.metaProblem);
  }

  /** A readable game record for `id` under `key`, or null. */
  goodRecord(key, id) {
    const got = this.readJSON(key);
    return got.missing || got.broken || this.recordProblem(got.value, id) ? null : got.value;
  }

  /** setItem of `value` as JSON, the quota turned into a result: {ok, text} | {ok: false,
   * reason: 'quota' | 'error', detail}. */
  put(key, value) {
    try {
      const text = JSON.stringify(value);
      this.ls.setItem(key, text);
      return { ok: true, text };
    } catch (err) {
      if (isQuotaError(err)) return { ok: false, reason: 'quota' };
      return { ok: false, reason: 'error', detail: String(err?.message ?? err) };
    }
  }

  /** The refusal of every change while the data is read-only, else null. */
  refuseIfReadOnly() {
    return this.readOnly ? { ok: false, reason: 'newer' } : null;
  }

  /** Swap in a new root; on failure the old one stays (and `root` in memory too). */
  commitRoot(next) {
    const { text, ...result } = this.put(this.rootKey, next);
    if (result.ok) {
      this.root = next;
      this.rootText = text;
    }
    return result;
  }

  /** The data turned out to be a newer version's: it is shown, never changed (reported once). */
  becomeReadOnly() {
    if (this.readOnly) return;
    this.readOnly = true;
    this.problems.push({ kind: 'newer' });
  }

  /** Catch up with other tabs: take the root as it is in localStorage now, if it changed
   * since this store last read or wrote it (a string compare when nothing changed). A root
   * another tab broke or removed is not taken: this store's copy is the best there is, and
   * its next write puts it back. */
  sync() {
    let raw;
    try {
      raw = this.ls.getItem(this.rootKey);
    } catch {
      return;
    }
    if (raw === this.rootText || raw === null) return;
    let value;
    try {
      value = parseStored(raw);
    } catch {
      return;
    }
    if (!isPlainObject(value) || !Number.isInteger(value.schema)) return;
    if (value.schema > this.schema) {
      // A newer version of the game, open in another tab, has upgraded the data. It is read
      // as far as it has this version's shape.
      if (!isPlainObject(value.games)) return;
      this.root = withoutBadParts(this, { rev: 0, finished: [], stats: {}, profile: {}, settings: {}, ...value }).root;
      this.rootText = raw;
      this.becomeReadOnly();
      return;
    }
    if (value.schema !== this.schema || rootProblem(value) || badParts(value).length) return;
    this.root = value;
    this.rootText = raw;
  }

  /** Whether another tab saved (or finished, or deleted) game `id` since this store last
   * loaded or saved it. A game this store never touched is never in conflict. */
  changedElsewhere(id) {
    return this.knownKeys.has(id) && this.knownKeys.get(id) !== this.root.games[id]?.key;
  }

  /** Game `id`'s record, or null: a damaged one is set aside, a missing one reported, and
   * either leaves the index. */
  loadRecord(id) {
    const entry = this.root.games[id];
    if (!entry) return null;
    const got = this.readJSON(entry.key);
    const why = got.missing ? 'its record is missing' : (got.broken ?? this.recordProblem(got.value, id));
    if (why) {
      if (!got.missing) this.quarantine(entry.key, got.raw, `game ${id}: ${why}`);
      else this.problems.push({ kind: 'missing', key: entry.key, reason: `game ${id}: ${why}` });
      const next = clone(this.root);
      delete next.games[id];
      this.commitRoot(next);
      return null;
    }
    return got.value;
  }

  /** Save game `id`'s `record` under a fresh key, then swap the root to it, then remove the
   * old record: {ok, key} or the refusal (nothing changed). */
  saveRecord(id, record) {
    const rev = this.root.rev + 1;
    const key = this.recordKey(id, rev);
    const written = this.put(key, record);
    if (!written.ok) return written;
    const next = clone(this.root);
    const old = next.games[id]?.key;
    next.rev = rev;
    next.games[id] = { key, summary: summarize(id, record.state, record.meta) };
    const swapped = this.commitRoot(next);
    if (!swapped.ok) {
      this.ls.removeItem(key);
      return swapped;
    }
    if (old) this.ls.removeItem(old);
    this.knownKeys.set(id, key);
    return { ok: true, key };
  }

  /** Replace every game: write `records` ({id: record}) under fresh keys, then swap in
   * `nextRoot` pointing to them; undo the fresh keys on failure. */
  writeAll(nextRoot, records) {
    const written = [];
    let rev = nextRoot.rev;
    const oldKeys = new Set(Object.values(this.root?.games ?? {}).map((g) => g.key));
    nextRoot.games = {};
    for (const [id, record] of Object.entries(records)) {
      rev += 1;
      const key = this.recordKey(id, rev);
      const result = this.put(key, record);
      if (!result.ok) {
        written.forEach((k) => this.ls.removeItem(k));
        return result;
      }
      written.push(key);
      nextRoot.games[id] = { key, summary: summarize(id, record.state, record.meta) };
    }
    nextRoot.rev = rev;
    const result = this.commitRoot(nextRoot);
    if (!result.ok) {
      written.forEach((k) => this.ls.removeItem(k));
      return result;
    }
    oldKeys.forEach((k) => this.ls.removeItem(k));
    return { ok: true };
  }
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
