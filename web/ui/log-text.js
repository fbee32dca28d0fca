/**
 * The turn log in words, built from `view.log` (ENGINE_API.md "The view"): consecutive events
 * of one seat make one line — "Ana drew from the stock, laid 7♥ 8♥ 9♥ and discarded K♠".
 * Game events without a player (stock rebuilt, round over) get a line of their own.
 */
import { pieceShort } from './pieces.js';

const codesText = (codes, t) => (codes || []).map((c) => pieceShort(c, t)).join(' ');

function phrase(ev, t, ctx) {
  const card = ev.card ?? ev.tile;
  switch (ev.type) {
    case 'draw':
      if (ev.source === 'discard') return card ? t('log.takeDiscardCard', { card: pieceShort(card, t) }) : t('log.takeDiscard');
      if (ev.source === 'joker') return t('log.jokerButton');
      return t('log.drawStock');
    case 'joker':
      return t('log.jokerButton');
    case 'meld': {
      const melds = ev.melds || (ev.cards ? [ev.cards] : []);
      return t('log.meld', { melds: melds.map((m) => codesText(m, t)).join(' · ') });
    }
    case 'layoff': {
      const owner = ctx.meldOwner(ev.meld);
      const cards = codesText(ev.cards || (card ? [card] : []), t);
      return owner === null || owner === undefined
        ? t('log.layoff', { cards })
        : owner === ev.seat
          ? t('log.layoffOwn', { cards })
          : t('log.layoffOn', { cards, name: ctx.name(owner) });
    }
    case 'swap_joker':
      return t('log.swapJoker', { tile: pieceShort(ev.tile ?? card, t) });
    case 'discard':
      return t('log.discard', { card: pieceShort(card, t) });
    default:
      return null;
  }
}

/** Lines of the log: [{seat|null, text, events}] oldest first. */
export function logLines(view, t, names) {
  const log = view?.log || [];
  const owners = new Map((view?.table || []).map((m) => [m.id, m.owner]));
  const ctx = {
    name: (seat) => names[seat] ?? t('player.seat', { n: seat + 1 }),
    meldOwner: (id) => (owners.has(id) ? owners.get(id) : null),
  };
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
  return lines.map((l) => (l.text ? l : { seat: l.seat, events: l.events, text: t('log.turn', { name: ctx.name(l.seat), actions: t.list(l.parts) }) }));
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
