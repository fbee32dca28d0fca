/**
 * Opening the saved data (web/storage/atomic.js's AtomicStore): read the index, recover what
 * can be recovered, upgrade an older schema, clean up what a save never finished.
 *
 * Corrupt or foreign data is set aside under a quarantine key and reported, never fatal. One
 * bad record is set aside on its own — a finished game, a rule set's statistics, the profile,
 * one game's summary (rebuilt from the game when that is readable) — and the rest opens as it
 * was. A lost or unreadable index is rebuilt from the game records still present. Data of a
 * newer schema is read as far as it has this version's shape and never changed.
 *
 * Problems found are added to the store's `problems` as {kind, ...}: 'quarantined' (with its
 * `part` and a diagnostic `reason`), 'recovered' ({count}), 'missing', 'newer', 'migration'
 * ({detail}); the page words them by kind.
 */
import { badParts, clone, emptyRoot, is, isPlainObject, mendedProfile, migrate, partName, rootProblem, summarize } from './schema.js';
import { reportUnsaved } from './unsaved.js';

/** `value` (an index of this schema) with its bad parts replaced by what can be kept of them,
 * and the parts it left out: {root, setAside: [{part, at, reason, raw}], changed}. A game's
 * summary is only a copy: it is rebuilt from the game's record when the record is good. */
export function withoutBadParts(store, value) {
  const next = clone(value);
  const setAside = [];
  const droppedFinished = new Set();
  const bads = badParts(value);
  for (const bad of bads) {
    const { part, at } = bad;
    if (part === 'game') {
      const entry = next.games[at];
      const key = isPlainObject(entry) && is.text(entry.key) ? entry.key : (store.latestRecordKeys()[at] ?? null);
      const record = key ? store.goodRecord(key, at) : null;
      if (record) {
        next.games[at] = { key, summary: summarize(at, record.state, record.meta) };
        continue;
      }
      delete next.games[at];
      setAside.push({ ...bad, raw: entry, recordKey: key });
    } else if (part === 'finished' && at !== null) {
      droppedFinished.add(at);
      setAside.push({ ...bad, raw: value.finished[at] });
    } else if (part === 'stats' && at !== null) {
      delete next.stats[at];
      setAside.push({ ...bad, raw: value.stats[at] });
    } else if (part === 'profile') {
      next.profile = mendedProfile(value.profile);
      setAside.push({ ...bad, raw: value.profile });
    } else {
      next[part] = part === 'finished' ? [] : {};
      setAside.push({ ...bad, raw: value[part] });
    }
  }
  if (droppedFinished.size) next.finished = next.finished.filter((_, i) => !droppedFinished.has(i));
  return { root: next, setAside, changed: bads.length > 0 };
}

/** Set aside the bad parts of the index just read (kept under quarantine keys, reported) and
 * keep the rest, written back once. Read-only data is mended in memory only. */
function setAsideBadParts(store) {
  const { root: next, setAside, changed } = withoutBadParts(store, store.root);
  if (!changed) return;
  for (const bad of setAside) {
    const reason = `${partName(bad)}: ${bad.reason}`;
    const raw = JSON.stringify(bad.raw) ?? 'undefined';
    if (store.readOnly) {
      store.problems.push({ kind: 'quarantined', key: store.rootKey, part: bad.part, reason, quarantineKey: null });
      continue;
    }
    store.quarantine(store.rootKey, raw, reason, { part: bad.part, keep: true });
    // A game whose summary and record are both bad: its record is set aside too.
    const recordRaw = bad.recordKey && store.ls.getItem(bad.recordKey);
    if (recordRaw !== null && recordRaw !== undefined && !Object.values(next.games).some((g) => g.key === bad.recordKey))
      store.quarantine(bad.recordKey, recordRaw, `game ${bad.at}: its record, set aside with its summary`, { part: 'game' });
  }
  if (store.readOnly || !store.commitRoot(next).ok) store.root = next; // on a failed write, mended in memory
}

/** Why the index as read cannot be used ('' when it can); a newer schema makes the store
 * read-only. */
function indexProblem(store, got) {
  if (got.missing) return '';
  if (got.broken) return got.broken;
  const value = got.value;
  if (!isPlainObject(value) || !Number.isInteger(value.schema) || value.schema < 1) return 'it was not written by this game';
  if (value.schema > store.schema) {
    store.becomeReadOnly();
    return '';
  }
  return value.schema === store.schema ? rootProblem(value) : '';
}

/** A new index of the game records still present (the latest revision of each). */
function rebuildIndex(store, why) {
  const root = emptyRoot();
  for (const [id, key] of Object.entries(store.latestRecordKeys())) {
    const record = store.goodRecord(key, id);
    if (!record) continue;
    root.games[id] = { key, summary: summarize(id, record.state, record.meta) };
    root.rev = Math.max(root.rev, Number(key.slice(key.lastIndexOf('.') + 1)));
  }
  store.root = root;
  if (why || Object.keys(root.games).length) store.commitRoot(clone(root));
  const found = Object.keys(root.games).length;
  if (found) store.problems.push({ kind: 'recovered', count: found });
}

/** Bring an index of an older schema (and every game record) up to this one. Returns
 * whether it worked; if not, the store is read-only and the problem reported. */
function upgrade(store) {
  const records = {};
  for (const id of Object.keys(store.root.games)) {
    const record = store.loadRecord(id);
    if (record) records[id] = record;
  }
  let upgraded;
  let detail;
  try {
    upgraded = migrate(store.root, records, store.schema, store.migrations);
    detail = rootProblem(upgraded.root);
  } catch (err) {
    detail = String(err?.message ?? err);
  }
  if (!detail) {
    const result = store.writeAll(upgraded.root, upgraded.records);
    if (result.ok) return true;
    detail = result.detail ?? result.reason;
  }
  store.readOnly = true;
  store.problems.push({ kind: 'migration', detail });
  return false;
}

/** Open-time: read the root, recover what can be recovered, migrate, clean up. */
export function openIndex(store) {
  const got = store.readJSON(store.rootKey);
  const why = indexProblem(store, got);
  if (got.missing || why) {
    if (why) store.quarantine(store.rootKey, got.raw, `the index: ${why}`, { part: 'index' });
    rebuildIndex(store, why);
  } else {
    store.root = got.value;
    store.rootText = got.raw;
  }
  if (store.readOnly) {
    if (isPlainObject(store.root.games)) {
      store.root = { rev: 0, finished: [], stats: {}, profile: {}, settings: {}, ...store.root };
      setAsideBadParts(store);
    } else {
      store.root = { ...emptyRoot(), schema: store.root.schema };
    }
    return;
  }
  if (store.root.schema < store.schema && !upgrade(store)) return;
  setAsideBadParts(store);
  // Every game in progress is read once: one that cannot be used is set aside now, so the
  // list never offers a game that will not open.
  for (const id of Object.keys(store.root.games)) store.loadRecord(id);
  reportUnsaved(store);
  // Records no root points to are saves that never completed: drop them.
  const live = new Set(Object.values(store.root.games).map((g) => g.key));
  for (const key of store.gameKeys()) if (!live.has(key)) store.ls.removeItem(key);
}
