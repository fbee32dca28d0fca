/**
 * Everything this device keeps as one JSON text, and back: the export (games in progress with
 * their states, results, statistics, profile, settings, and what was set aside) and the import
 * that replaces everything with one — all or nothing, checked part by part as data read from
 * storage is, before anything is written; an export of an older schema is upgraded.
 *
 * An import refused answers {ok: false, reason} — 'invalid', 'newer', or a write's 'quota' /
 * 'error' — with a `detail` for developers ("damaged: game a: it belongs to another game");
 * the page words the reason (web/i18n: data.refused.<reason>).
 */
import { EXPORT_KIND, MAX_DEPTH, badParts, clone, isPlainObject, jsonDepth, migrate, parseStored, partName, rootProblem } from './schema.js';

/** The export of `store` (an AtomicStore, in step with other tabs); `setAside()` lists what
 * was set aside with its data (web/storage/store.js `quarantined`), asked after every game is
 * read (a game found damaged now is set aside and travels too). */
export function exportText(store, setAside) {
  const games = {};
  for (const id of Object.keys(store.root.games)) {
    const record = store.loadRecord(id);
    if (record) games[id] = record;
  }
  const { games: _index, ...rest } = clone(store.root);
  // What was set aside travels too (an import leaves it out: it is there to be looked at).
  const kept = setAside().map(({ quarantineKey: _key, ...q }) => q);
  return JSON.stringify({ kind: EXPORT_KIND, schema: store.root.schema, exported: store.now(), root: rest, games, setAside: kept });
}

const invalid = (detail) => ({ ok: false, reason: 'invalid', detail });

/** The export `text` read and checked: {root, records} of this schema, or a refusal. */
function readExport(store, text) {
  let data;
  try {
    data = parseStored(text);
  } catch (err) {
    return invalid(typeof text === 'string' && jsonDepth(text) > MAX_DEPTH ? err.message : 'not JSON');
  }
  if (!isPlainObject(data) || data.kind !== EXPORT_KIND || !Number.isInteger(data.schema)) return invalid('not an export of this game');
  if (data.schema > store.schema) return { ok: false, reason: 'newer', detail: `schema ${data.schema}` };
  if (!isPlainObject(data.root) || !isPlainObject(data.games)) return invalid('incomplete');
  for (const [id, record] of Object.entries(data.games)) {
    const why = store.recordProblem(record, id);
    if (why) return invalid(`damaged: game ${id}: ${why}`);
  }
  let upgraded;
  try {
    upgraded = migrate({ ...data.root, schema: data.schema, games: {}, rev: store.root.rev }, data.games, store.schema, store.migrations);
  } catch (err) {
    return invalid(`cannot be upgraded: ${err?.message ?? err}`);
  }
  upgraded.root.rev = store.root.rev;
  upgraded.root.games = {};
  // Checked as an index read from storage is, part by part: all or nothing.
  const bad = rootProblem(upgraded.root) || badParts(upgraded.root).map((b) => `${partName(b)}: ${b.reason}`)[0];
  if (bad) return invalid(`damaged: ${bad}`);
  return { ok: true, ...upgraded };
}

/** Replace everything in `store` with the export `text`: {ok: true, games: n} or a refusal
 * (nothing changed). */
export function importText(store, text) {
  const got = readExport(store, text);
  if (!got.ok) return got;
  const result = store.writeAll(got.root, got.records);
  return result.ok ? { ok: true, games: Object.keys(got.records).length } : result;
}
