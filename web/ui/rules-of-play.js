/**
 * Which buttons make sense now, and if not, why (shown when a disabled button is tapped).
 * These are courtesy checks on the obvious (phase, selection size, whose turn); the engine
 * remains the judge and its message is shown for anything it refuses.
 */
import { selectedCodes } from './hand-model.js';
import { looksLikePair, meldValue101 } from './notation.js';

/** Seat that played just before `seat` (clockwise order is seat + 1, RULES.md §3). */
export const previousSeat = (seat, players) => (seat + players - 1) % players;

/** The tile a rummy101 player may take: the last discard of the player before them. */
export function takeableDiscard(view) {
  if (!view) return null;
  if (view.variant === 'rummy101') {
    const prev = previousSeat(view.current_player, view.players ?? view.hand_sizes.length);
    return view.last_discards?.[prev] ?? null;
  }
  return view.discard?.length ? view.discard[view.discard.length - 1] : null;
}

export function jokerButtonState(view, seat) {
  const jb = view?.joker_button;
  if (!jb || !jb.enabled) return { shown: false };
  const accounts = jb.accounts?.[seat] ?? 0;
  const used = Boolean(jb.used?.[seat]);
  return { shown: true, accounts, used };
}

/**
 * For each action button: null when it can be pressed, else the message key saying why not.
 * `ctl` is the TableController.
 */
export function buttonReasons(ctl) {
  const v = ctl.view;
  const reasons = {};
  const all = ['draw', 'take', 'joker', 'meld', 'stage', 'layoff', 'discard', 'undo', 'hint'];
  if (!v) return Object.fromEntries(all.map((k) => [k, 'why.noGame']));
  if (v.round_over) return Object.fromEntries(all.map((k) => [k, 'why.roundOver']));
  if (!ctl.myTurn) return Object.fromEntries(all.map((k) => [k, 'why.notYourTurn']));
  const sel = selectedCodes(ctl.hand);
  const staged = ctl.hand.staged.length;
  const drawPhase = v.phase === 'draw';
  const opened = v.opened?.[ctl.viewer];
  const is101 = v.variant === 'rummy101';

  reasons.draw = drawPhase ? (v.stock > 0 ? null : 'why.stockEmpty') : 'why.alreadyDrew';
  const takeable = takeableDiscard(v);
  reasons.take = !drawPhase ? 'why.alreadyDrew' : takeable ? null : 'why.nothingToTake';
  const jb = jokerButtonState(v, ctl.viewer);
  reasons.joker = !jb.shown
    ? 'why.jokerOff'
    : !drawPhase
      ? 'why.alreadyDrew'
      : jb.used
        ? 'why.jokerUsed'
        : jb.accounts <= 0
          ? 'why.jokerEmpty'
          : null;

  const play = drawPhase ? 'why.drawFirst' : null;
  const minMeld = is101 ? 2 : 3;
  reasons.meld = play || (sel.length === 0 && staged === 0 ? 'why.selectMeld' : sel.length > 0 && sel.length < minMeld ? 'why.meldTooSmall' : null);
  reasons.stage = play || (sel.length === 0 ? 'why.selectMeld' : sel.length < minMeld ? 'why.meldTooSmall' : null);
  reasons.layoff =
    play ||
    (!v.table?.length
      ? 'why.noMelds'
      : v.variant === 'rummy200' && !opened
        ? 'why.meldFirst200'
        : is101 && !opened
          ? 'why.openFirst'
          : sel.length === 0
            ? 'why.selectForLayoff'
            : null);
  reasons.discard = play || (sel.length !== 1 ? 'why.selectOneDiscard' : staged ? 'why.stagedPending' : null);
  reasons.undo = ctl.canResetTurn ? null : 'why.nothingToUndo';
  reasons.hint = null;
  return reasons;
}

/** Rummy 101 opening counter: value and pairs of staged melds + the selection, vs thresholds. */
export function openingProgress(ctl) {
  const v = ctl.view;
  if (!v || v.variant !== 'rummy101' || v.opened?.[ctl.viewer]) return null;
  const groups = [...ctl.hand.staged.map((g) => g.codes)];
  const sel = selectedCodes(ctl.hand);
  if (sel.length >= 2) groups.push(sel);
  let points = 0;
  let pairs = 0;
  for (const g of groups) {
    if (looksLikePair(g)) pairs += 1;
    else points += meldValue101(g);
  }
  const need = v.thresholds || { points: 101, pairs: 5 };
  return { points, pairs, needPoints: need.points, needPairs: need.pairs };
}
