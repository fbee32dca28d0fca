/**
 * What this device keeps between visits (localStorage): games in progress ("games waiting for
 * you"), finished games with their scores, statistics per rule set, the local player's profile
 * (name, Rummy 101 account points and jokers) and settings. No framework; the modules beside
 * this one do the work:
 *
 *   schema.js    what the data looks like, the checks every record passes, migrations
 *   atomic.js    the keys, atomic writes, other tabs, conflicts, quarantine
 *   recover.js   opening: recovering, setting aside, upgrading, cleaning up
 *   unsaved.js   the moves a full storage did not keep
 *   transfer.js  export and import as one JSON text
 *
 * No words for the player live here. A change refused answers {ok: false, reason} — 'quota',
 * 'conflict' (another tab has saved this game since this store loaded or saved it: nothing is
 * changed, the other tab's save stands), 'newer' (the data is a newer version's), 'invalid',
 * 'error' — with, at most, a `detail` for developers. What went wrong at open is in
 * `problems` ({kind, ...params}, REFUSALS and PROBLEMS below). The page words both through its
 * catalogues (web/i18n: data.problem.<kind>, data.refused.<reason>; web/ui/games-view.js).
 */
import { AtomicStore, memoryStorage } from './atomic.js';
import { openIndex } from './recover.js';
import { noteUnsaved, clearUnsaved } from './unsaved.js';
import { exportText, importText } from './transfer.js';
import { PROFILE, clone, finishedRecord, fullStats, is, isPlainObject, recordFinished, shapeProblem, unsafeNumber } from './schema.js';

/** The reasons a change may be refused with (`result.reason`). */
export const REFUSALS = ['quota', 'error', 'conflict', 'newer', 'invalid'];

/** The kinds of problem `problems` may hold: found at open, or (in the page's list) a refused
 * save's reason. */
export const PROBLEMS = ['unavailable', 'newer', 'recovered', 'migration', 'quarantined', 'missing', 'unsaved', ...REFUSALS];

/** The localStorage to use, or a memory stand-in (then the problem 'unavailable' is added). */
function deviceStorage(prefix, problems) {
  let ls;
  try {
    ls = globalThis.localStorage;
    ls.getItem(prefix + 'root'); // Safari private mode and disabled storage throw here
  } catch {
    ls = null;
  }
  if (ls) return ls;
  problems.push({ kind: 'unavailable' });
  return memoryStorage();
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
  const problems = [];
  const store = new AtomicStore({
    ls: options.storage === undefined ? deviceStorage(prefix, problems) : options.storage,
    prefix,
    now: options.now ?? (() => Date.now()),
    schema: options.schema,
    migrations: options.migrations,
    metaProblem: options.metaProblem,
    problems,
  });
  openIndex(store);
  return new SavedGames(store);
}

/** The saved games of one AtomicStore, as the page uses them. Every read starts in step with
 * other tabs (`sync`). */
class SavedGames {
  #store;

  constructor(store) {
    this.#store = store;
    /** What went wrong so far: [{kind, ...}] (see PROBLEMS). */
    this.problems = store.problems;
  }

  get readOnly() {
    return this.#store.readOnly;
  }

  /** The store, in step with other tabs, and the refusal of a change when it is read-only. */
  #forChange() {
    const store = this.#store;
    store.sync();
    return { store, refused: store.refuseIfReadOnly() };
  }

  #synced() {
    this.#store.sync();
    return this.#store;
  }

  /** Games in progress, most recently updated first; `waiting` ones first of all. */
  listGames() {
    return Object.values(this.#synced().root.games)
      .map((g) => clone(g.summary))
      .sort((a, b) => Number(b.waiting) - Number(a.waiting) || (b.updated ?? 0) - (a.updated ?? 0));
  }

  gamesWaiting() {
    return this.listGames().filter((g) => g.waiting);
  }

  /** {id, state, meta} or null (a damaged record is quarantined and reported). */
  loadGame(id) {
    const store = this.#synced();
    const record = store.loadRecord(id);
    if (record) store.knownKeys.set(id, store.root.games[id].key);
    return clone(record);
  }

  /** Save a game in progress: `state` from the engine, `meta` this device's details
   * ({names, mySeats, bots, lastLink, ...}). Returns {ok} or {ok: false, reason, detail?};
   * reason 'conflict' when another tab has saved this game since this store loaded or
   * saved it (nothing is changed: the other tab's save stands). */
  saveGame(id, state, meta = {}) {
    const { store, refused } = this.#forChange();
    if (refused) return refused;
    if (typeof id !== 'string' || !id || !isPlainObject(state)) return { ok: false, reason: 'invalid', detail: 'a game needs an id and a state' };
    if (store.changedElsewhere(id)) return { ok: false, reason: 'conflict' };
    const record = { id, state, meta: { ...meta, updated: store.now() } };
    // Never write what the next open would set aside.
    const why = store.recordProblem(record, id);
    if (why) return { ok: false, reason: 'invalid', detail: why };
    const saved = store.saveRecord(id, record);
    if (!saved.ok) {
      if (saved.reason === 'quota') noteUnsaved(store, id, state);
      return saved;
    }
    clearUnsaved(store, id);
    return { ok: true };
  }

  /** Whether another tab has saved, finished or deleted game `id` since this store loaded
   * or saved it (its next save would be refused as a conflict). */
  isStale(id) {
    return this.#synced().changedElsewhere(id);
  }

  /** Game `id` no longer loads (the engine refuses its state, saying `reason`): its record is
   * set aside — kept under a quarantine key and in exports, reported — and it leaves the list,
   * so it never stands in the way of another game. Returns {ok} or {ok: false, reason}. */
  setAside(id, reason) {
    const { store, refused } = this.#forChange();
    if (refused) return refused;
    const entry = store.root.games[id];
    if (!entry) return { ok: true };
    const raw = store.ls.getItem(entry.key);
    if (raw !== null) {
      const moved = store.quarantine(entry.key, raw, `game ${id}: ${reason}`, { part: 'game' });
      if (!moved.quarantineKey) return { ok: false, reason: 'quota' };
    }
    const next = clone(store.root);
    delete next.games[id];
    store.knownKeys.delete(id);
    return store.commitRoot(next);
  }

  /** Remove a game in progress. With `ifUnchanged`, refuse ('conflict') when another tab
   * has saved it since this store loaded or saved it (leaving a match must not delete the
   * game another tab is playing on). */
  deleteGame(id, { ifUnchanged = false } = {}) {
    const { store, refused } = this.#forChange();
    if (refused) return refused;
    const entry = store.root.games[id];
    if (!entry) return { ok: true };
    if (ifUnchanged && store.changedElsewhere(id)) return { ok: false, reason: 'conflict' };
    const next = clone(store.root);
    delete next.games[id];
    const result = store.commitRoot(next);
    if (result.ok) {
      store.ls.removeItem(entry.key);
      store.knownKeys.delete(id);
    }
    return result;
  }

  /** A match ended: record it with its scores, count it in the rule set's statistics,
   * and remove it from the games in progress (one root swap does all three). `rounds` is
   * each round's points per seat (the engine's history), for the round statistics. A match
   * already recorded (finished in another tab too) is not counted twice. */
  finishGame(id, match) {
    const { store, refused } = this.#forChange();
    if (refused) return refused;
    const { variant, scores, rounds = [] } = match;
    if (typeof variant !== 'string' || !Array.isArray(scores) || !Array.isArray(rounds))
      return { ok: false, reason: 'invalid', detail: 'a finished game needs its rule set and scores' };
    if (store.root.finished.some((f) => f.id === id)) return { ok: true, already: true };
    const { done, why } = finishedRecord(id, match, store.now());
    if (why) return { ok: false, reason: 'invalid', detail: why };
    const entry = store.root.games[id];
    const result = store.commitRoot(recordFinished(clone(store.root), done, rounds));
    if (result.ok && entry) store.ls.removeItem(entry.key);
    return result;
  }

  finishedGames() {
    return clone(this.#synced().root.finished);
  }

  /** Per rule set: {played, won, points, best, rounds, scored, bestRound} (see fullStats). */
  stats() {
    return Object.fromEntries(Object.entries(this.#synced().root.stats).map(([v, s]) => [v, fullStats(clone(s))]));
  }

  profile() {
    return clone(this.#synced().root.profile);
  }

  /** Update the local player's profile: {name, accountPoints, jokers}. */
  setProfile(patch) {
    const { store, refused } = this.#forChange();
    if (refused) return refused;
    const next = clone(store.root);
    const p = { ...next.profile, ...patch };
    const why = shapeProblem(p, PROFILE);
    if (why) return { ok: false, reason: 'invalid', detail: `the profile: ${why}` };
    next.profile = p;
    return store.commitRoot(next);
  }

  settings() {
    return clone(this.#synced().root.settings);
  }

  setSettings(patch) {
    const { store, refused } = this.#forChange();
    if (refused) return refused;
    if (!isPlainObject(patch) || unsafeNumber(patch)) return { ok: false, reason: 'invalid', detail: 'settings are an object' };
    const next = clone(store.root);
    next.settings = { ...next.settings, ...clone(patch) };
    return store.commitRoot(next);
  }

  /** Data set aside as unreadable: [{key, part, reason, at, quarantineKey}] (with
   * `withData`, also `raw`: the text that was set aside). */
  quarantined({ withData = false } = {}) {
    const store = this.#store;
    return store.keysWith(store.prefix + 'quarantine.').map((qkey) => {
      const got = store.readJSON(qkey);
      const v = isPlainObject(got.value) ? got.value : {};
      const text = (x) => (is.text(x) ? x : null);
      const out = { quarantineKey: qkey, key: text(v.key), part: text(v.part), reason: text(v.reason) ?? 'unknown', at: is.number(v.at) ? v.at : null };
      if (withData) out.raw = text(v.raw) ?? got.raw ?? null;
      return out;
    });
  }

  clearQuarantine() {
    const store = this.#store;
    store.keysWith(store.prefix + 'quarantine.').forEach((k) => store.ls.removeItem(k));
  }

  /** Everything as one JSON text (games in progress with their states included). */
  exportAll() {
    return exportText(this.#synced(), () => this.quarantined({ withData: true }));
  }

  /** Replace everything with an export (older schemas are upgraded). All or nothing:
   * returns {ok: true, games: n} or {ok: false, reason, detail}. */
  importAll(text) {
    const { store, refused } = this.#forChange();
    return refused ?? importText(store, text);
  }

  /** Call `callback()` when another tab or window changes these games (the window's
   * `storage` event for this store's index; nothing outside a browser). Returns a function
   * that stops listening. */
  onExternalChange(callback) {
    const target = globalThis.window;
    if (typeof target?.addEventListener !== 'function') return () => {};
    const { rootKey, ls } = this.#store;
    const listener = (event) => {
      if (event.key !== rootKey && event.key !== null) return; // null: the storage was cleared
      if (event.storageArea && event.storageArea !== ls) return;
      callback();
    };
    target.addEventListener('storage', listener);
    return () => target.removeEventListener('storage', listener);
  }
}
