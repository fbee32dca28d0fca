/**
 * Cards and tiles drawn with CSS and inline SVG, crisp at any size and readable overlapped.
 *
 * Cards use a four-colour deck (spades black, hearts red, diamonds blue, clubs green) and the
 * suit's own shape in the corner, so no suit depends on colour alone. Tiles carry their colour
 * plus a shape mark per colour (red circle, black square, blue triangle, yellow diamond) for
 * colour-blind players (STYLE.md "The table's look"). Every piece has a spoken name
 * ("7 of hearts", "red 7") from the message catalogue.
 */
import { h } from './dom.js';
import { parseCode } from './notation.js';

// Suit shapes in a 100×100 box, drawn for this project.
const SUIT_SVG = {
  H: '<path d="M50 92C20 68 6 52 8 34C10 16 38 10 50 30C62 10 90 16 92 34C94 52 80 68 50 92Z"/>',
  D: '<path d="M50 4Q68 28 86 50Q68 72 50 96Q32 72 14 50Q32 28 50 4Z"/>',
  S: '<path d="M50 6C20 32 6 46 8 62C10 80 36 84 47 68L41 94H59L53 68C64 84 90 80 92 62C94 46 80 32 50 6Z"/>',
  C: '<circle cx="50" cy="28" r="19"/><circle cx="27" cy="57" r="19"/><circle cx="73" cy="57" r="19"/><path d="M46 50L40 94H60L54 50Z"/>',
};
const TILE_MARK_SVG = {
  R: '<circle cx="50" cy="50" r="40"/>',
  K: '<rect x="12" y="12" width="76" height="76"/>',
  B: '<path d="M50 8L94 88H6Z"/>',
  Y: '<path d="M50 4L96 50L50 96L4 50Z"/>',
};
const JOKER_SVG = '<path d="M50 4L61 37L96 37L68 58L79 92L50 71L21 92L32 58L4 37L39 37Z"/>';

// Each shape is parsed once and cloned after: a table shows a hundred pieces and is drawn on
// every move, and parsing markup each time was a good part of a render on a slow phone.
const shapes = new Map();

function svg(inner, cls) {
  const key = `${cls}|${inner}`;
  if (!shapes.has(key)) {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    el.setAttribute('viewBox', '0 0 100 100');
    el.setAttribute('class', cls);
    el.setAttribute('aria-hidden', 'true');
    el.setAttribute('focusable', 'false');
    el.innerHTML = inner; // static, project-made markup only
    shapes.set(key, el);
  }
  return shapes.get(key).cloneNode(true);
}

const RANK_TEXT = { 1: 'A', 10: '10', 11: 'J', 12: 'Q', 13: 'K' };
export const rankText = (rank) => RANK_TEXT[rank] || String(rank);

// The words that name the pieces and have a tile wording for Rummy 101 (the same key + "Tiles").
const TILE_WORDED = new Set([
  'why.alreadyDrew',
  'why.selectMeld',
  'why.meldTooSmall',
  'why.selectForLayoff',
  'why.fitsNone',
  'why.selectOneDiscard',
  'table.stockLabel',
  'seat.label',
  'meld.addTo',
  'hand.label',
  'log.layoffCount',
]);

/** The key to say `key` with at the table of `view`: Rummy 101's speak of tiles, not cards. */
export function piecesWords(view, key) {
  return view?.variant === 'rummy101' && TILE_WORDED.has(key) ? `${key}Tiles` : key;
}

/** The spoken name of a code: "7 of hearts", "red 7", "joker (as red 8)". */
export function pieceName(code, t) {
  const p = parseCode(code);
  if (p.kind === 'card') {
    return t('card.name', { rank: t(`rank.${p.rank}`), suit: t(`suit.${p.suit}`) });
  }
  if (p.kind === 'tile') return t('tile.name', { colour: t(`colour.${p.colour}`), number: p.number });
  if (p.kind === 'joker') {
    return p.as ? t('tile.jokerAs', { tile: pieceName(p.as.code, t) }) : t('tile.joker');
  }
  return String(code);
}

const cardSigns = (p) => rankText(p.rank) + '♣♦♥♠'['CDHS'.indexOf(p.suit)];

// Card signs are a left-to-right island (LRI … PDI) in a right-to-left message: a bare "5♠ 3♥
// K♥" in Hebrew text comes apart, each sign a neutral that takes the text's direction, and
// reads "♥K ♥3 ♠5". Words (tile names) need nothing. Left-to-right text stays as written.
const signsIn = (text, t) => (t.dir === 'rtl' ? `\u2066${text}\u2069` : text);

/** Short text form for logs and messages: "7♥", "10♠", "red 7", "joker". */
export function pieceShort(code, t) {
  const p = parseCode(code);
  if (p.kind === 'card') return signsIn(cardSigns(p), t);
  return pieceName(code, t);
}

/** A piece named on its own, as what a verb takes or discards: a joker is "a joker" (the
 * catalogue's `tile.aJoker`: "un joker"), anything else as `pieceShort` writes it. */
export function pieceAlone(code, t) {
  const p = parseCode(code);
  return p.kind === 'joker' && !p.as ? t('tile.aJoker') : pieceShort(code, t);
}

/**
 * Several pieces in a row, as the log, the Hint, refusals and meld labels write them: cards by
 * their signs ("7♥ 8♥ 9♥"); tiles, whose names are words, with commas ("red 5, joker (as red
 * 6), red 7"). One piece is named on its own (`pieceAlone`: "added a joker to Ben's meld").
 */
export function piecesText(codes, t) {
  if (codes.length === 1) return pieceAlone(codes[0], t);
  const pieces = codes.map(parseCode);
  if (pieces.every((p) => p.kind === 'card')) return signsIn(pieces.map(cardSigns).join(' '), t);
  return codes.map((c) => pieceShort(c, t)).join(', ');
}

/**
 * One piece as a DOM element. `tag` is 'span' for display or 'button' for the hand.
 * Extra attributes (class, dataset, aria-pressed, ...) are merged in.
 */
export function renderPiece(code, t, { tag = 'span', attrs = {}, size = '' } = {}) {
  const p = parseCode(code);
  const name = pieceName(code, t);
  const extraClass = attrs.class || '';
  const base = {
    ...attrs,
    class: [p.kind === 'card' ? 'card' : 'tile', size, extraClass],
    dataset: { code, ...(attrs.dataset || {}) },
  };
  if (tag === 'span') {
    base.role = 'img';
    base['aria-label'] = name;
  } else {
    base['aria-label'] = attrs['aria-label'] || name;
  }
  if (p.kind === 'card') {
    base.class.push(`s-${p.suit}`, p.rank > 10 ? 'face' : '');
    const r = rankText(p.rank);
    return h(
      tag,
      base,
      // The rank is drawn by CSS from data-r, so a card's only text is its spoken name
      // (axe: label-content-name-mismatch — "K" is not in "king of hearts").
      h('span', { class: 'idx', 'aria-hidden': 'true' }, h('span', { class: 'rk', 'data-r': r }), svg(SUIT_SVG[p.suit], 'st')),
      p.rank > 10 ? h('span', { class: 'face-letter', 'aria-hidden': 'true', 'data-r': r }) : svg(SUIT_SVG[p.suit], 'pip'),
    );
  }
  if (p.kind === 'tile') {
    base.class.push(`c-${p.colour}`);
    return h(tag, base, h('span', { class: 'num', 'aria-hidden': 'true', text: String(p.number) }), svg(TILE_MARK_SVG[p.colour], 'mark'));
  }
  if (p.kind === 'joker') {
    base.class.push('joker');
    const children = [svg(JOKER_SVG, 'star')];
    if (p.as) {
      children.push(h('span', { class: `as c-${p.as.colour}`, 'aria-hidden': 'true' }, String(p.as.number), svg(TILE_MARK_SVG[p.as.colour], 'mark')));
    }
    return h(tag, base, ...children);
  }
  return h(tag, { ...base, class: ['card', 'unknown'] }, String(code));
}

/** A face-down card or tile (opponents' hands, the stock). Carries no code. */
export function renderBack(kind, attrs = {}) {
  return h('span', { ...attrs, class: ['back', kind === 'tile' ? 'tile-back' : 'card-back', attrs.class || ''], 'aria-hidden': 'true' });
}
