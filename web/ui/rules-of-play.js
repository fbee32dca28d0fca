/**
 * Which buttons make sense now, and if not, why (shown when a disabled button is tapped).
 * These are courtesy checks on the obvious (phase, selection size, whose turn); the engine
 * remains the judge and its message is shown for anything it refuses.
 */
import { selectedCodes } from './hand-model.js';

/** Seat that played just before `seat` (clockwise order is seat + 1, RULES.md §3). */
export const previousSeat = (seat, players) => (seat + players - 1) % players;

/** The tile a rummy101 player may take: the last discard of the player before them, while
 * it is still on the pile (once taken, the spot is empty until the next discard). */
export function takeableDiscard(view) {
  if (!view) return null;
  const top = view.discard?.length ? view.discard[view.discard.length - 1] : null;
  if (view.variant === 'rummy101') {
    const prev = previousSeat(view.current_player, view.players ?? view.hand_sizes.length);
    const last = view.last_discards?.[prev] ?? null;
    return view.phase === 'draw' && last !== null && last === top ? last : null;
  }
  return top;
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
  reasons.joker = !jb.shown ? 'why.jokerOff' : !drawPhase ? 'why.alreadyDrew' : jb.used ? 'why.jokerUsed' : jb.accounts <= 0 ? 'why.jokerEmpty' : null;

  const play = drawPhase ? 'why.drawFirst' : null;
  const minMeld = is101 ? 2 : 3;
  const invalidStaged = ctl.hand.staged.some((g) => g.judged && !g.judged.valid);
  const progress = openingProgress(ctl);
  // The engine has judged the selection no meld (not while it weighs a Rummy 101 opening,
  // where the counter says what counts).
  const verdict = ctl.selectionVerdict;
  const noMeld = !progress && sel.length >= minMeld && verdict?.sig === sel.join(' ') && verdict.valid === false;
  reasons.meld =
    play ||
    (sel.length === 0 && staged === 0
      ? 'why.selectMeld'
      : sel.length > 0 && sel.length < minMeld
        ? 'why.meldTooSmall'
        : invalidStaged
          ? 'why.invalidStaged'
          : noMeld
            ? 'why.selectionNoMeld'
            : progress && progress.mixed
              ? 'why.openingMixed'
              : progress && !progress.enough
                ? 'why.openingShort'
                : null);
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
            : fitsReason(ctl));
  // The card just taken from the pile cannot go back this turn (card games): said before the
  // press, not refused after it.
  const takenBack = !is101 && sel.length === 1 && v.taken && sel[0] === v.taken;
  reasons.discard = play || (sel.length !== 1 ? 'why.selectOneDiscard' : takenBack ? 'why.takenNoDiscard' : staged ? 'why.stagedPending' : null);
  reasons.undo = ctl.canResetTurn ? null : 'why.nothingToUndo';
  reasons.hint = null;
  return reasons;
}

/** Why the selection cannot be laid off, by the engine's `fits` (null while that is not known,
 * or where a meld takes it): it takes a joker instead, or must be kept to discard, or fits none. */
function fitsReason(ctl) {
  if (ctl.fittingMelds?.length !== 0) return null;
  if (ctl.swappableMelds?.length) return 'why.swapMarked';
  return ctl.keptBack ? 'why.keptBack' : 'why.fitsNone';
}

/**
 * Rummy 101 opening counter, from the engine's verdicts (`judge`) on the staged groups and on
 * the selection (laid with them by "Lay opening"): the points of the valid runs and sets, the
 * valid pairs, against the thresholds. A group the rules refuse counts nothing.
 */
export function openingProgress(ctl) {
  const v = ctl.view;
  if (!v || v.variant !== 'rummy101' || v.opened?.[ctl.viewer]) return null;
  const verdicts = ctl.hand.staged.map((g) => g.judged);
  const sel = selectedCodes(ctl.hand);
  const selVerdict = ctl.selectionVerdict;
  if (sel.length >= 2 && selVerdict && selVerdict.sig === sel.join(' ')) verdicts.push(selVerdict);
  let points = 0;
  let pairs = 0;
  let melds = 0;
  for (const g of verdicts) {
    if (!g?.valid) continue;
    if (g.kind === 'pair') pairs += 1;
    else {
      melds += 1;
      points += g.value;
    }
  }
  const need = v.thresholds || { points: 101, pairs: 5 };
  const mixed = pairs > 0 && melds > 0;
  const enough = !mixed && (points >= need.points || pairs >= need.pairs);
  return { points, pairs, needPoints: need.points, needPairs: need.pairs, mixed, enough };
}

/** The values a "why not" message may name (web/i18n: `why.*`). `pieceName` names the card. */
export function reasonParams(ctl, pieceName) {
  const v = ctl.view;
  const progress = openingProgress(ctl);
  const verdict = ctl.selectionVerdict;
  const kept = ctl.keptBack;
  return {
    name: ctl.name(v?.current_player),
    points: progress?.points ?? 0,
    need: progress?.needPoints ?? 0,
    pairs: progress?.pairs ?? 0,
    pairsNeed: progress?.needPairs ?? 0,
    card: v?.taken ? pieceName(v.taken) : '',
    // why.selectionNoMeld: the rules' reason, in the player's words (and language) now.
    reason: verdict?.valid === false ? ctl.refusal({ ...verdict, message: verdict.why }) : '',
    // why.keptBack: the selection would join a meld, but a card must be kept to discard.
    kept: kept ? ctl.refusal({ ...kept, message: kept.why }) : '',
  };
}
