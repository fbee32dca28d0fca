/**
 * The turn log in words, built from `view.log` (ENGINE_API.md "The view"): consecutive events
 * of one seat make one line — "Ana drew from the stock, laid 7♥ 8♥ 9♥ and discarded K♠".
 * Game events without a player (stock rebuilt, round over) get a line of their own.
 *
 * The one person at this device is "you": their lines use the catalogue's `….you` forms
 * ("You drew…", "added 5♥ to your own meld"; in Hebrew and Romanian the verb itself changes),
 * and a meld of theirs is "your meld" in others' lines. Never a name spliced into a sentence
 * written for someone else.
 */
import { pieceAlone, pieceShort, piecesText, piecesWords } from './pieces.js';

/** The phrases of the log, each with a form for "you" (`<key>.you`). */
export const PHRASE_KEYS = [
  'log.drawStock',
  'log.takeDiscard',
  'log.takeDiscardCard',
  'log.jokerButton',
  'log.meld',
  'log.meldCount',
  'log.layoffCount',
  'log.layoffCountTiles',
  'log.layoff',
  'log.layoffOwn',
  'log.layoffOn',
  'log.layoffOnYou',
  'log.swapJoker',
  'log.discard',
];

/** In a line's brief form (`brief`: the phone's strip of what the others did, its newest
 * line three lines at most, the others one), melds of more pieces than this are counted, not
 * named, and so are two lay-offs or more (`briefParts`): a Rummy 101 opening named tile by
 * tile, and the lay-offs after it, filled the strip and cut off how the turn ended (the
 * discard). The table shows them; the log names them. */
const BRIEF_PIECES = 6;

function phrase(ev, t, ctx) {
  const card = ev.card ?? ev.tile;
  const you = ctx.you !== null && ev.seat === ctx.you;
  const say = (key, params) => t(you && t.has(`${key}.you`) ? `${key}.you` : key, params);
  switch (ev.type) {
    case 'draw':
      if (ev.source === 'discard') return card ? say('log.takeDiscardCard', { card: pieceAlone(card, t) }) : say('log.takeDiscard');
      if (ev.source === 'joker') return say('log.jokerButton');
      return say('log.drawStock');
    case 'joker':
      return say('log.jokerButton');
    case 'meld': {
      const melds = ev.melds || (ev.cards ? [ev.cards] : []);
      if (ctx.brief && melds.flat().length > BRIEF_PIECES) return say('log.meldCount', { count: melds.length });
      return say('log.meld', { melds: melds.map((m) => piecesText(m, t)).join(' · ') });
    }
    case 'layoff': {
      const owner = ctx.meldOwner(ev.meld);
      const cards = piecesText(ev.cards || (card ? [card] : []), t);
      if (owner === null || owner === undefined) return say('log.layoff', { cards });
      if (owner === ev.seat) return say('log.layoffOwn', { cards });
      if (ctx.you !== null && owner === ctx.you) return say('log.layoffOnYou', { cards });
      return say('log.layoffOn', { cards, name: ctx.name(owner) });
    }
    case 'layoffs': // a brief line's lay-offs, counted (briefParts)
      return say(piecesWords(ctx.view, 'log.layoffCount'), { count: ev.count });
    case 'swap_joker':
      return say('log.swapJoker', { tile: pieceShort(ev.tile ?? card, t) });
    case 'discard':
      return say('log.discard', { card: pieceAlone(card, t) });
    default:
      return null;
  }
}

/** Lines of the log: [{seat|null, text, events}] oldest first. `you`: the seat of the one
 * person at this device, said as "you" (null when several people share it). */
export function logLines(view, t, names, you = null) {
  // A render asks twice (the table, the live region), and again for every tap that leaves
  // the view as it was: the last answer serves while the view, words and names are the same.
  const asked = [view, t, you, ...names];
  if (lastLines && asked.length === lastLines.asked.length && asked.every((x, i) => x === lastLines.asked[i])) return lastLines.lines;
  const lines = Object.freeze(makeLines(view, t, names, you)); // shared: nobody may change it
  lastLines = { asked, lines };
  return lines;
}

let lastLines = null;

/**
 * The log's first line in the card games, which no event of the engine's log says: the card
 * turned up to start the discard pile (RULES.md §1, §2), in words. Rummy 101's pile starts
 * empty: null. The card is followed through the log (taken from the pile, buried under
 * discards, the pile renewed) to where it is now: in the pile (`view.discard`, bottom first)
 * or in the hand of whoever took it (the take names it). Gone untaken into a renewed stock, it
 * cannot be told any more, and the line says only that a card was turned up.
 */
export function turnedUpLine(view, t) {
  if (!view || view.variant === 'rummy101' || !Array.isArray(view.discard)) return null;
  const card = turnedUp(view.log || [], view.discard);
  return card ? t('log.turnedUp', { card: pieceShort(card, t) }) : t('log.turnedUpUnknown');
}

function turnedUp(log, discard) {
  const FIRST = null; // the turned-up card, in a pile of the codes the log names
  const pile = [FIRST];
  for (const ev of log) {
    if (ev.type === 'draw' && ev.source === 'discard') {
      if (pile.pop() === FIRST) return ev.card ?? null;
    } else if (ev.type === 'discard') pile.push(ev.card);
    else if (ev.type === 'rebuild' || ev.type === 'turnover') pile.splice(0, pile.length - 1);
  }
  const at = pile.indexOf(FIRST);
  return at >= 0 && pile.length === discard.length ? discard[at] : null;
}

function makeLines(view, t, names, you) {
  const log = view?.log || [];
  const owners = new Map((view?.table || []).map((m) => [m.id, m.owner]));
  const ctx = {
    you: Number.isInteger(you) ? you : null,
    name: (seat) => names[seat] ?? t('player.seat', { n: seat + 1 }),
    meldOwner: (id) => (owners.has(id) ? owners.get(id) : null),
  };
  const brief = { ...ctx, brief: true, view };
  const lines = [];
  let current = null;
  for (const ev of log) {
    const p = ev.seat === undefined || ev.seat === null ? null : phrase(ev, t, ctx);
    if (p) {
      if (!current || current.seat !== ev.seat || current.closed) {
        current = { seat: ev.seat, parts: [], events: [] };
        lines.push(current);
      }
      current.parts.push(p);
      current.events.push(ev);
      if (ev.type === 'discard') current.closed = true;
      continue;
    }
    current = null;
    const text = systemText(ev, t, ctx);
    if (text) lines.push({ seat: null, text, events: [ev] });
  }
  const turn = (l, parts) =>
    l.seat === ctx.you ? t('log.turnYou', { actions: t.list(parts) }) : t('log.turn', { name: ctx.name(l.seat), actions: t.list(parts) });
  return lines.map((l) =>
    l.text ? { ...l, brief: l.text } : { seat: l.seat, events: l.events, text: turn(l, l.parts), brief: turn(l, briefParts(l.events, t, brief)) },
  );
}

/** A turn's phrases in its brief form: big melds counted (`phrase`), two lay-offs or more
 * said once, at the first, as how many pieces were added, and a draw from the stock left
 * unsaid when the turn did more (everyone draws; a discard taken is still said): the strip's
 * older lines are one line each, and "drew from the stock and discarded y…" cut off the tile. */
function briefParts(events, t, ctx) {
  const layoffs = events.filter((ev) => ev.type === 'layoff');
  const count = layoffs.reduce((n, ev) => n + (ev.cards?.length ?? 1), 0);
  return events.flatMap((ev) => {
    if (ev.type === 'draw' && ev.source === 'stock' && events.length > 1) return [];
    if (ev.type !== 'layoff' || layoffs.length < 2) return [phrase(ev, t, ctx)];
    return ev === layoffs[0] ? [phrase({ seat: ev.seat, type: 'layoffs', count }, t, ctx)] : [];
  });
}

function systemText(ev, t, ctx) {
  switch (ev.type) {
    case 'rebuild':
      return t('log.rebuild');
    case 'turnover':
      return t('log.turnover');
    case 'round_end':
      return t('log.roundEnd');
    default:
      return ev.seat !== undefined && ev.seat !== null ? t('log.other', { name: ctx.name(ev.seat), type: ev.type }) : null;
  }
}
