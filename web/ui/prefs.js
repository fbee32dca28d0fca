/**
 * The player's preferences (language, pace, sort, last setup), kept on this device. Matches
 * and the Rummy 101 account live in web/storage.js (see records.js).
 * Every read tolerates missing or corrupt data (private windows, old versions): the table
 * then starts from defaults instead of failing.
 */
const PREFS_KEY = 'rummy.ui.prefs.v1';

function read(key) {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: preferences simply do not persist */
  }
}

export function createPrefs() {
  let prefs = read(PREFS_KEY) || {};
  if (typeof prefs !== 'object' || Array.isArray(prefs)) prefs = {};
  return {
    get: () => prefs,
    set(patch) {
      prefs = { ...prefs, ...patch };
      write(PREFS_KEY, prefs);
    },
  };
}
