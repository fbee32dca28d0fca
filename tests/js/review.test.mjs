// The round review's sentences (web/ui/review.js): the seat's own turn number, the card that
// lay on the pile, and each kind of moment in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownTurn, pileTopBefore, momentText, momentMarks, momentPiles, pileMark } from '../../web/ui/review.js';
import { makeTranslator, loadLanguage } from '../../web/i18n/index.js';

const log = [
  { seat: 0, type: 'draw', source: 'stock' },
  { seat: 0, type: 'discard', card: 'KD' },
  { seat: 1, type: 'draw', source: 'stock' },
  { seat: 1, type: 'discard', card: '7C' },
  { seat: 0, type: 'draw', source: 'stock' },
  { seat: 0, type: 'discard', card: '9C' },
];

test("a moment's turn is the seat's own turn in the round", () => {
  assert.equal(ownTurn(log, 0, 0), 1);
  assert.equal(ownTurn(log, 4, 0), 2);
  assert.equal(ownTurn(log, 5, 0), 2);
  assert.equal(ownTurn(log, 3, 1), 1);
});

test('the card on the pile before a move is the last discard, unknown once taken', () => {
  assert.equal(pileTopBefore(log, 4), '7C');
  assert.equal(pileTopBefore(log, 0), null);
  assert.equal(pileTopBefore([...log, { seat: 1, type: 'draw', source: 'discard' }], 7), null);
});

test('each kind of moment reads as a sentence with its points', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const discard = { event: 5, kind: 'discard', played: { type: 'discard', card: '9C' }, expert: { type: 'discard', card: 'KD' }, loss: 6.45 };
  assert.match(momentText(discard, log, 0, t), /^Turn 2: you discarded 9♣; discarding K♦ would have left you 6 points better off on average\.$/i);
  const stock = { event: 4, kind: 'draw', played: { type: 'draw', source: 'stock' }, expert: { type: 'draw', source: 'discard' }, loss: 3 };
  assert.match(momentText(stock, log, 0, t), /^Turn 2: you drew from the stock; taking 7♣ from the discard pile would have left you 3 points/i);
  // The first draw of a round: the turned-up card is in no log line, but the engine names it.
  const first = { event: 0, kind: 'draw', played: { type: 'draw', source: 'stock' }, expert: { type: 'draw', source: 'discard' }, loss: 3, pile: 'QH' };
  assert.match(momentText(first, log, 0, t), /^Turn 1: you drew from the stock; taking Q♥ from the discard pile/i);
  assert.match(momentText({ ...first, pile: null }, log, 0, t), /^Turn 1: you drew from the stock; taking the discard from the discard pile/i);
  const took = { event: 4, kind: 'draw', played: { type: 'draw', source: 'discard' }, expert: { type: 'draw', source: 'stock' }, loss: 1.2 };
  assert.match(momentText(took, log, 0, t), /^Turn 2: you took 7♣ from the discard pile; drawing from the stock/i);
  // Cards as the turn log and the Hint write them; tiles, which have no symbol, in words.
  const tiles = [
    { seat: 0, type: 'draw', source: 'stock' },
    { seat: 0, type: 'discard', tile: 'R8' },
  ];
  const tile = { event: 1, kind: 'discard', played: { type: 'discard', tile: 'R8' }, expert: { type: 'discard', tile: 'B13' }, loss: 2 };
  assert.match(momentText(tile, tiles, 0, t), /^Turn 1: you discarded red 8; discarding blue 13 would have left you 2 points/);
  const joker = { ...tile, played: { type: 'discard', tile: 'JK' } };
  assert.match(momentText(joker, tiles, 0, t), /^Turn 1: you discarded a joker; discarding blue 13/);
});

// Rummy 101's joker button (an option): a draw from neither pile, said as a press.
const draw = (played, expert) => ({
  event: 4,
  kind: 'draw',
  played: { type: 'draw', source: played },
  expert: { type: 'draw', source: expert },
  loss: 4,
  pile: '7C',
});

test('a draw by the joker button, or one the expert would have made by it, says so', async () => {
  for (const code of ['en', 'ro', 'he']) await loadLanguage(code);
  const en = makeTranslator('en');
  const said = {
    'stock joker': /^Turn 2: you drew from the stock; pressing the joker button would have left you 4 points better off on average\.$/,
    'discard joker': /^Turn 2: you took 7♣ from the discard pile; pressing the joker button would have left you 4 points/,
    'joker stock': /^Turn 2: you pressed the joker button; drawing from the stock would have left you 4 points/,
    'joker discard': /^Turn 2: you pressed the joker button; taking 7♣ from the discard pile would have left you 4 points/,
  };
  for (const [pair, sentence] of Object.entries(said)) {
    const moment = draw(...pair.split(' '));
    assert.match(momentText(moment, log, 0, en), sentence);
    // Every language says each, with the loss in its number, and no hole left unfilled.
    for (const code of ['ro', 'he']) {
      for (const loss of [1, 4, 25]) {
        const text = momentText({ ...moment, loss }, log, 0, makeTranslator(code));
        assert.doesNotMatch(text, /[{}]|undefined/, `${code} ${pair}`);
        assert.match(text, code === 'ro' ? /buton/ : /ג׳וקר/, `${code} ${pair}`);
        if (pair.includes('discard')) assert.match(text, /7♣/);
      }
    }
  }
});

test('a draw’s moment marks the piles it names, never for the joker button', () => {
  assert.deepEqual(momentPiles(draw('stock', 'discard')), { stock: 'played', discard: 'better' });
  assert.deepEqual(momentPiles(draw('discard', 'stock')), { discard: 'played', stock: 'better' });
  assert.deepEqual(momentPiles(draw('joker', 'stock')), { stock: 'better' });
  assert.deepEqual(momentPiles(draw('discard', 'joker')), { discard: 'played' });
  assert.equal(momentPiles({ kind: 'discard', played: { card: '9C' }, expert: { card: 'KD' } }), null);
});

test('a loss reads in whole points, one point in the singular', async () => {
  for (const code of ['en', 'ro', 'he']) await loadLanguage(code);
  const one = { event: 5, kind: 'discard', played: { type: 'discard', card: '9C' }, expert: { type: 'discard', card: 'KD' }, loss: 1.04 };
  assert.match(momentText(one, log, 0, makeTranslator('en')), /would have left you 1 point better off on average\.$/);
  // Whole points: the figure is an average of a few sampled deals.
  assert.match(momentText({ ...one, loss: 1.5 }, log, 0, makeTranslator('en')), /left you 2 points better off/);
  assert.match(momentText(one, log, 0, makeTranslator('ro')), /cu un punct mai bine\.$/);
  assert.match(momentText({ ...one, loss: 25.4 }, log, 0, makeTranslator('ro')), /cu 25 de puncte mai bine\.$/);
  assert.match(momentText({ ...one, loss: 2.4 }, log, 0, makeTranslator('ro')), /cu 2 puncte mai bine\.$/);
  assert.match(momentText(one, log, 0, makeTranslator('he')), /עם נקודה אחת טוב יותר\.$/);
});

test('a moment shown marks the piece discarded then and the expert’s, on its first step only', () => {
  const items = [
    { key: 'a', code: '9C' },
    { key: 'b', code: 'KD' },
    { key: 'c', code: 'KD' },
  ];
  const replay = (index, marks) => ({ index, moment: { text: '…', marks } });
  assert.deepEqual(
    [...momentMarks(replay(0, { played: 'KD', better: '9C' }), items)],
    [
      ['b', 'played'],
      ['a', 'better'],
    ],
  );
  // Two of a kind (Rummy 101's twin tiles): each mark on a piece of its own.
  assert.deepEqual(
    [...momentMarks(replay(0, { played: 'KD', better: 'KD' }), items)],
    [
      ['b', 'played'],
      ['c', 'better'],
    ],
  );
  assert.equal(momentMarks(replay(1, { played: 'KD', better: '9C' }), items).size, 0); // moved on
  assert.equal(momentMarks(replay(0, null), items).size, 0); // a draw's moment: nothing in the hand
  assert.equal(momentMarks(null, items).size, 0); // no replay
});

test('a draw’s moment marks the pile drawn from then and the expert’s, on its first step only', () => {
  const replay = (index) => ({ index, moment: { text: '…', marks: null, piles: { stock: 'played', discard: 'better' } } });
  assert.equal(pileMark(replay(0), 'stock'), 'played');
  assert.equal(pileMark(replay(0), 'discard'), 'better');
  assert.equal(pileMark(replay(1), 'discard'), null);
  assert.equal(pileMark(null, 'discard'), null);
});
