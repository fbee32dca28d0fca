/**
 * The player's preferences and the match in progress, kept on this device (localStorage).
 * Every read tolerates missing or corrupt data (private windows, old versions): the table
 * then starts from defaults instead of failing.
 */
const PREFS_KEY = 'rummy.ui.prefs.v1';
const SAVE_KEY = 'rummy.ui.match.v1';

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

/** The saved match: {record, state, variant, round} or null. */
export const savedMatch = {
  load: () => {
    const m = read(SAVE_KEY);
    return m && m.record && m.state ? m : null;
  },
  save: (match) => write(SAVE_KEY, match),
  clear: () => write(SAVE_KEY, null),
};
