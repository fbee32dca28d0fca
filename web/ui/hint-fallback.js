/**
 * A modest local hint, used only while the engine has no `hint` op (or it fails): draw from
 * the stock unless the discard completes a meld; lay an obvious set or run; else discard the
 * highest card that is in no obvious meld. The engine still judges the move when it is sent.
 */
import { parseCode, handValue } from './notation.js';

function obviousMelds(codes) {
  const parsed = codes.map(parseCode).filter((p) => p.kind === 'card' || p.kind === 'tile');
  const key = (p) => (p.kind === 'card' ? p.rank : p.number);
  const group = (p) => (p.kind === 'card' ? p.suit : p.colour);
  const melds = [];
  const used = new Set();
  // Sets: same rank (tiles: distinct colours).
  const byRank = new Map();
  for (const p of parsed) {
    const list = byRank.get(key(p)) || [];
    if (!list.some((q) => group(q) === group(p))) list.push(p);
    byRank.set(key(p), list);
  }
  for (const list of byRank.values()) {
    if (list.length >= 3) {
      melds.push(list.slice(0, 4).map((p) => p.code));
      list.slice(0, 4).forEach((p) => used.add(p.code));
    }
  }
  // Runs: same suit/colour, consecutive.
  const bySuit = new Map();
  for (const p of parsed) {
    if (used.has(p.code)) continue;
    const list = bySuit.get(group(p)) || new Map();
    list.set(key(p), p);
    bySuit.set(group(p), list);
  }
  for (const list of bySuit.values()) {
    const ranks = [...list.keys()].sort((a, b) => a - b);
    let run = [];
    const flush = () => {
      if (run.length >= 3) melds.push(run.map((r) => list.get(r).code));
      run = [];
    };
    for (const r of ranks) {
      if (run.length && r !== run[run.length - 1] + 1) flush();
      run.push(r);
    }
    flush();
  }
  return melds;
}

export function simpleHint(view) {
  if (!view) return null;
  const hand = view.hand || [];
  if (view.phase === 'draw') {
    const top = view.discard?.[view.discard.length - 1];
    if (top && view.variant !== 'rummy101') {
      const before = obviousMelds(hand).flat().length;
      const after = obviousMelds([...hand, top]).flat();
      if (after.includes(top) && after.length > before) return { type: 'draw', source: 'discard' };
    }
    return { type: 'draw', source: 'stock' };
  }
  const melds = view.variant === 'rummy101' ? [] : obviousMelds(hand);
  if (melds.length && hand.length > melds[0].length) return { type: 'meld', melds: [melds[0]] };
  const inMeld = new Set(melds.flat());
  const candidates = hand.filter((c) => !inMeld.has(c) && c !== view.taken && c !== 'JK');
  const pool = candidates.length ? candidates : hand;
  const worst = [...pool].sort((a, b) => handValue(b) - handValue(a))[0];
  return worst ? { type: 'discard', card: worst } : null;
}
