/**
 * The player's own arrangement of their hand: order, selection and staged melds. This is UI
 * state only — the engine's `view.hand` says what is in the hand; this module remembers how the
 * player laid it out. Two identical tiles are told apart by a key ("R7#2"), never sent to the
 * engine (ENGINE_API.md: naming a code once means either copy).
 */
import { sortKey } from './notation.js';

export function createHandModel() {
  // groups: the melds of a one-tap arrangement (keys), drawn with gaps between them.
  // focusKey: the piece the keyboard last stood on (the hand is one Tab stop: `tabStop`).
  return { items: [], selected: new Set(), staged: [], fresh: new Set(), sortBy: null, groups: [], arrangedBy: null, focusKey: null };
}

/** A model laid out as a player left it: `order` (codes, in the order shown) and the sort. The
 * next `reconcile` keeps that order for the codes still held. */
export function restoreHandModel(arrangement, fallbackSort = null) {
  const model = createHandModel();
  model.sortBy = arrangement?.sortBy !== undefined ? arrangement.sortBy : fallbackSort;
  const seen = new Map();
  for (const code of Array.isArray(arrangement?.order) ? arrangement.order : []) {
    if (typeof code !== 'string') continue;
    const n = (seen.get(code) || 0) + 1;
    seen.set(code, n);
    model.items.push({ key: `${code}#${n}`, code });
  }
  model.restored = model.items.length > 0;
  return model;
}

/** The one piece of the hand that Tab stops on (the arrow keys move between them all): the one
 * the keyboard last stood on while it is held and free, else the first free one. `blocked`:
 * keys that cannot take focus (staged tiles). */
export function tabStop(model, blocked) {
  const free = model.items.filter((i) => !blocked.has(i.key));
  return (free.find((i) => i.key === model.focusKey) ?? free[0])?.key ?? null;
}

/** What to keep of a model to lay it out again: the codes in order and the sort. */
export const arrangementOf = (model) => ({ order: model.items.map((i) => i.code), sortBy: model.sortBy });

/**
 * Bring the arrangement in line with a new hand: keep the player's order for cards still held,
 * put new cards at the end (marked fresh so they can slide in), drop keys that left the hand.
 */
export function reconcile(model, hand) {
  const want = new Map();
  for (const code of hand) want.set(code, (want.get(code) || 0) + 1);
  const kept = [];
  const used = new Map();
  for (const item of model.items) {
    const n = used.get(item.code) || 0;
    if (n < (want.get(item.code) || 0)) {
      kept.push(item);
      used.set(item.code, n + 1);
    }
  }
  const fresh = new Set();
  const keyCount = new Map();
  for (const item of kept) keyCount.set(item.key, true);
  for (const code of hand) {
    const n = used.get(code) || 0;
    if (n < want.get(code)) {
      let i = 1;
      while (keyCount.has(`${code}#${i}`)) i++;
      const key = `${code}#${i}`;
      keyCount.set(key, true);
      kept.push({ key, code });
      fresh.add(key);
      used.set(code, n + 1);
    }
  }
  const keys = new Set(kept.map((i) => i.key));
  const firstDeal = model.items.length === 0 || model.restored;
  model.restored = false;
  model.items = kept;
  model.fresh = firstDeal ? new Set() : fresh;
  model.selected = new Set([...model.selected].filter((k) => keys.has(k)));
  // A staged meld whose card left the hand is unstaged whole: its cards stay in the hand.
  model.staged = model.staged.filter((group) => group.keys.every((k) => keys.has(k)));
  // An arranged group that lost a piece is no longer a group (its pieces stay where they are).
  model.groups = (model.groups || []).filter((group) => group.every((k) => keys.has(k)));
  if (!model.groups.length) model.arrangedBy = null;
  // A chosen sort holds for every card, the ones just drawn too (the order is stable, so a
  // sorted hand only moves the newcomers into place).
  if (model.sortBy) sortHand(model, model.sortBy);
  return model;
}

export function sortHand(model, by) {
  model.sortBy = by;
  model.groups = [];
  model.arrangedBy = null;
  model.items = [...model.items].sort((a, b) => sortKey(a.code, by) - sortKey(b.code, by));
}

/**
 * Lay the hand out as the engine's arrangement (`arrange`): each group's pieces together, in
 * the solver's order, then the loose ones in the order they had. Returns the groups as keys.
 */
export function arrangeHand(model, groups, by) {
  const free = [...model.items];
  const take = (code) => {
    const base = code.startsWith('JK') ? 'JK' : code;
    const at = free.findIndex((i) => i.code === base);
    return at < 0 ? null : free.splice(at, 1)[0];
  };
  const laid = [];
  for (const group of groups) {
    const items = group.map(take);
    if (items.every(Boolean)) laid.push(items);
    else free.push(...items.filter(Boolean)); // a piece not in the hand: leave the group out
  }
  model.items = [...laid.flat(), ...free];
  model.groups = laid.map((items) => items.map((i) => i.key));
  model.sortBy = null;
  model.arrangedBy = by;
  return model.groups;
}

/** Keys that end an arranged group (a gap follows them on the rack). */
export function groupEnds(model) {
  return new Set((model.groups || []).map((g) => g[g.length - 1]));
}

export function moveItem(model, key, toIndex) {
  const from = model.items.findIndex((i) => i.key === key);
  if (from < 0) return;
  const items = [...model.items];
  const [item] = items.splice(from, 1);
  items.splice(Math.max(0, Math.min(toIndex, items.length)), 0, item);
  model.items = items;
  model.groups = []; // arranged by hand now: no groups to mark
  model.arrangedBy = null;
}

export function toggle(model, key) {
  if (model.selected.has(key)) model.selected.delete(key);
  else model.selected.add(key);
}

export const stagedKeys = (model) => new Set(model.staged.flatMap((g) => g.keys));
export const codeOf = (model, key) => model.items.find((i) => i.key === key)?.code;

/** Selected codes in hand order (staged ones excluded). */
export function selectedCodes(model) {
  const staged = stagedKeys(model);
  return model.items.filter((i) => model.selected.has(i.key) && !staged.has(i.key)).map((i) => i.code);
}

export function selectedKeys(model) {
  const staged = stagedKeys(model);
  return model.items.filter((i) => model.selected.has(i.key) && !staged.has(i.key)).map((i) => i.key);
}

/** Stage the selection as one meld; `codes` may pin jokers ("JK=R8") for the engine, and
 * `judged` is the engine's verdict on the group (`judge`: {valid, kind, value}) or null. */
export function stageSelection(model, codes = null, judged = null) {
  const keys = selectedKeys(model);
  if (keys.length) model.staged.push({ keys, codes: codes || keys.map((k) => codeOf(model, k)), judged });
  model.selected.clear();
  return keys.length;
}

export const stagedCodes = (model) => model.staged.map((g) => g.codes);
