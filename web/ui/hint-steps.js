/**
 * The Hint, one step at a time. The engine's advice (`rummy.bots.hint`, docs/WEBAPI.md `hint`)
 * lists the concrete actions that carry it out, each legal in turn. A person, though, presses
 * one button for one meld: so a `meld` action holding several melds becomes one step per meld,
 * and a Rummy 101 opening (one action that must hold every group) becomes one "Add group" step
 * per group, then "Lay opening". Every step names the button as the table labels it and the
 * pieces by their names, never by engine codes.
 *
 * A step is {kind, ...}: `draw` {source, code?, fits?}, `stage` {codes, n, of}, `open`, `meld` {codes},
 * `layoff` {meld, cards}, `swap` {meld, tile}, `discard` {card}; the one that empties the hand
 * also has `out` ("out", or what doubles it: `markGoingOut`), and its sentence says so.
 */
import { isJoker, parseCode } from './notation.js';
import { pieceShort, piecesText } from './pieces.js';

/** The advice's actions as the steps a person takes, in order. */
export function hintSteps(advice, view) {
  const steps = [];
  const opening = view.variant === 'rummy101' && !view.opened?.[view.seat];
  for (const action of advice?.actions || []) {
    switch (action.type) {
      case 'draw':
        steps.push({ kind: 'draw', source: action.source, ...takeReason(action, view) });
        break;
      case 'meld':
        if (opening) {
          action.melds.forEach((codes, i) => steps.push({ kind: 'stage', codes, n: i + 1, of: action.melds.length }));
          steps.push({ kind: 'open' });
        } else {
          for (const codes of action.melds) steps.push({ kind: 'meld', codes });
        }
        break;
      case 'layoff':
        steps.push({ kind: 'layoff', meld: action.meld, cards: action.cards });
        break;
      case 'swap_joker':
        steps.push({ kind: 'swap', meld: action.meld, tile: action.tile });
        break;
      case 'discard':
        steps.push({ kind: 'discard', card: action.card });
        break;
      default:
        break; // an action the page does not offer (reset_turn) is not advice
    }
  }
  markGoingOut(steps, view);
  return steps;
}

/** The step that empties the hand, if the advice goes out, gets `out`: "out", or what makes it
 * pay more (RULES.md): classic Rummy's "rummy" (the whole hand in one turn, nothing melded or
 * laid off in an earlier turn of the round), Rummy 101's "joker" (the last discard a joker),
 * "oneTurn" (opened and finished in one turn while nobody else has opened) or both. Staged
 * groups leave the hand with the opening that lays them; a joker swapped in comes back for the
 * tile given. */
function markGoingOut(steps, view) {
  let left = (view.hand || []).length;
  let staged = 0;
  for (const step of steps) {
    if (step.kind === 'draw') left += 1;
    else if (step.kind === 'stage') staged += step.codes.length;
    else if (step.kind === 'open') [left, staged] = [left - staged, 0];
    else if (step.kind !== 'swap') left -= stepCodes(step).length;
    if (left === 0 && step.kind !== 'stage') {
      step.out = outKind(step, view);
      return;
    }
  }
}

function outKind(step, view) {
  if (view.variant === 'basic') return playedEarlier(view) ? 'out' : 'rummy';
  if (view.variant !== 'rummy101') return 'out';
  const othersOpened = (view.opened || []).some((o, seat) => seat !== view.seat && o != null);
  const oneTurn = !playedEarlier(view) && !othersOpened;
  const joker = step.kind === 'discard' && isJoker(step.card);
  if (oneTurn) return joker ? 'oneTurnJoker' : 'oneTurn';
  return joker ? 'joker' : 'out';
}

// What the sentence adds when the step goes out, by `out`.
const OUT_WORDS = {
  out: 'hint.out',
  rummy: 'hint.outRummy',
  joker: 'hint.outJoker',
  oneTurn: 'hint.outOneTurn',
  oneTurnJoker: 'hint.outOneTurnJoker',
};

/** Whether the seat melded or laid off in an earlier turn of this round (`view.log` is the
 * round's; this turn begins at the seat's draw, unless it has yet to draw). */
function playedEarlier(view) {
  const log = view.log || [];
  const drew = view.phase === 'play' ? log.findLastIndex((e) => e.type === 'draw' && e.seat === view.seat) : log.length;
  return log.slice(0, Math.max(drew, 0)).some((e) => e.seat === view.seat && ['meld', 'layoff', 'swap_joker'].includes(e.type));
}

/** The piece taken from the discard pile (`code`: the Hint names it, the pile may be out of
 * sight on a small screen) and why: a card fits the hand (a card of its rank, or of its suit
 * within two), or else it is a low card kept in place of a higher one, as the expert
 * sometimes takes a 2. Tiles are taken only to be used at once, which their words say. */
function takeReason(action, view) {
  if (action.source !== 'discard') return {};
  const code = view.discard?.[view.discard.length - 1];
  const top = parseCode(code);
  if (top.kind !== 'card') return { code };
  const near = (a, b) => Math.abs(a - b) <= 2 || (a === 1 && b >= 12) || (b === 1 && a >= 12); // ace high too
  const fits = (view.hand || []).map(parseCode).some((c) => c.rank === top.rank || (c.suit === top.suit && near(c.rank, top.rank)));
  return { code, fits };
}

/** The codes of the hand a step uses (selected for the player before they press). */
export function stepCodes(step) {
  switch (step?.kind) {
    case 'stage':
    case 'meld':
      return step.codes;
    case 'layoff':
      return step.cards;
    case 'swap':
      return [step.tile];
    case 'discard':
      return [step.card];
    default:
      return [];
  }
}

/** The action button a step presses (its `id` is `btn-<name>`), or null (a pile, a meld). */
export function stepButton(step) {
  if (!step) return null;
  if (step.kind === 'draw') return { stock: 'draw', discard: 'take', joker: 'joker' }[step.source];
  return { stage: 'stage', open: 'meld', meld: 'meld', discard: 'discard' }[step.kind] ?? null;
}

/**
 * The sentence for the step, naming the button by `labels[button]` (as shown now).
 * `ctx`: {t, tiles: bool, labels, progress: {points, pairs} | null}.
 */
export function stepText(step, ctx) {
  const text = stepWords(step, ctx);
  if (!step.out) return text;
  return `${text} ${ctx.t(OUT_WORDS[step.out])}`;
}

function stepWords(step, { t, tiles, labels, progress }) {
  const piece = tiles ? 'Tile' : 'Card'; // the catalogues word "it is selected" per noun
  switch (step.kind) {
    case 'draw':
      if (step.source === 'discard') {
        if (isJoker(step.code)) return t('hint.step.takeJoker', { button: labels.take });
        const key = tiles ? 'hint.step.take101' : step.fits === false ? 'hint.step.takeLow' : 'hint.step.take';
        return t(key, { piece: pieceShort(step.code, t), button: labels.take });
      }
      if (step.source === 'joker') return t('hint.step.joker', { button: labels.joker });
      return t('hint.step.draw', { button: labels.draw });
    case 'stage':
      return t('hint.step.stage', { n: step.n, of: step.of, tiles: piecesText(step.codes, t), button: labels.stage });
    case 'open':
      if (progress?.pairs && !progress.points) return t('hint.step.openPairs', { pairs: progress.pairs, button: labels.meld });
      return t('hint.step.open', { points: progress?.points ?? 0, button: labels.meld });
    case 'meld':
      return t(`hint.step.meld${piece}`, { pieces: piecesText(step.codes, t), button: labels.meld });
    case 'layoff':
      // Hebrew's "את" wants a definite "the joker": a lone joker has a sentence of its own.
      if (step.cards.length === 1 && step.cards[0] === 'JK') return t('hint.step.layoffJoker');
      return t(`hint.step.layoff${piece}`, { pieces: piecesText(step.cards, t) });
    case 'swap':
      return t('hint.step.swap', { tile: pieceShort(step.tile, t) });
    case 'discard':
      if (isJoker(step.card)) return t('hint.step.discardJoker', { button: labels.discard });
      return t(`hint.step.discard${piece}`, { piece: pieceShort(step.card, t), button: labels.discard });
    default:
      return '';
  }
}

/**
 * What the advice says besides its steps: the Rummy 101 opening still out of reach (its pairs
 * named only when there are some), or only reached by pairs the advice does not lay (a pairs
 * opening seldom wins), or melds the hard player would keep hidden for now (rummy200).
 * Sentences, possibly none.
 */
export function adviceNotes(advice, { t }) {
  const notes = [];
  const o = advice?.opening;
  const laid = (advice?.actions || []).some((a) => a.type === 'meld');
  if (o && !o.can_open && advice.phase === 'play') {
    const key = o.pairs ? 'hint.opening' : 'hint.openingPoints';
    notes.push(t(key, { points: o.points, need: o.need, pairs: o.pairs, pairsNeed: o.pairs_need, count: o.pairs }));
  } else if (o && o.points < o.need && !laid && advice.phase === 'play') {
    notes.push(t('hint.pairsWait', { pairs: o.pairs }));
  }
  if (advice?.phase === 'play' && advice.melds?.length && !laid && !o) {
    notes.push(t('hint.hold', { melds: advice.melds.map((m) => piecesText(m, t)).join(' · ') }));
  }
  return notes;
}
