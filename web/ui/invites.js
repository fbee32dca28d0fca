/**
 * Invitations this device has made or joined (the fair deal, docs/LINKS.md "Fair deal"): the
 * host keeps its secret until the invitation comes back; a guest keeps the random value it
 * added, to check later that the deal really used it. A few small entries in localStorage
 * under one key; unreadable data is dropped (an invitation can always be sent again) and
 * never stops the page.
 */

const KEY = 'rummy.invites';
export const MAX_NAME = 40; // a seat's name, as the engine's invitations allow
const KEEP = 20;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** 2·`bytes` hex characters from the browser's cryptographic random source. */
export function randomHex(bytes = 32) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createInvites(storage = globalThis.localStorage) {
  function read() {
    try {
      const all = JSON.parse(storage?.getItem(KEY) || '{}');
      return isObject(all) ? all : {};
    } catch {
      return {};
    }
  }
  function write(all) {
    const newest = Object.entries(all)
      .filter(([, e]) => isObject(e))
      .sort((a, b) => (b[1].updated ?? 0) - (a[1].updated ?? 0))
      .slice(0, KEEP);
    try {
      storage?.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
      return true;
    } catch {
      return false; // full or refused: the invitation still works while the page stays open
    }
  }
  return {
    /** {role: 'host', secret, seat, commitment} | {role: 'guest', seat, value, commitment} | null */
    get(id) {
      const entry = read()[id];
      return isObject(entry) && typeof entry.role === 'string' ? entry : null;
    },
    put(id, entry) {
      const all = read();
      all[id] = { ...entry, updated: Date.now() };
      return write(all);
    },
  };
}
