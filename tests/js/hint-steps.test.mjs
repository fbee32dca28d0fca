// The Hint's steps in words (web/ui/hint-steps.js): why a card is taken from the discard pile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hintSteps, stepText } from '../../web/ui/hint-steps.js';
import { makeTranslator, loadLanguage } from '../../web/i18n/index.js';

const labels = { take: 'Take discard' };
const take = { actions: [{ type: 'draw', source: 'discard' }] };
const view = (hand, top) => ({ variant: 'basic', seat: 0, opened: [false, false], hand, discard: ['KC', top] });

test('a card taken from the pile fits the hand, or is a low card kept in place of a higher one', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const say = (hand, top) => stepText(hintSteps(take, view(hand, top))[0], { t, tiles: false, labels });
  // Of a rank held, or of a suit held within two: it fits.
  assert.match(say(['5C', '5D', 'KH'], '5S'), /^Hint: take 5♠ from the discard pile, it fits your hand/);
  assert.match(say(['9C', 'JD', 'QD'], 'TD'), /it fits your hand/);
  assert.match(say(['QS', 'KD'], 'AS'), /it fits your hand/); // the ace beside the queen, high
  // The expert's 2♣ beside three 5s, kings and queens fits nothing: it replaces a high card.
  const hand = ['5C', '5D', '5H', '6H', 'KD', 'KH', 'KS', 'QC', 'QD', 'QS'];
  assert.equal(say(hand, '2C'), 'Hint: take 2♣ from the discard pile, a low card to keep in place of a higher one — press “Take discard”.');
});

test('a tile taken is one to use this turn, whatever it is', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const tiles = { variant: 'rummy101', seat: 0, opened: [null, null], hand: ['R1', 'B5'], discard: ['K9'] };
  const step = hintSteps(take, tiles)[0];
  assert.match(stepText(step, { t, tiles: true, labels }), /^Hint: take black 9 from the discard pile, you can use it this turn/);
});

test('the step that empties the hand says the player goes out, and a rummy doubles', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const labels = { draw: 'Draw', meld: 'Meld', discard: 'Discard' };
  const goOut = {
    actions: [
      { type: 'draw', source: 'stock' },
      { type: 'meld', melds: [['4D', '5D', '6D']] },
      { type: 'discard', card: '3H' },
    ],
  };
  const round = (log) => ({ variant: 'basic', seat: 0, phase: 'draw', hand: ['4D', '5D', '6D'], discard: ['KC'], log });
  const words = (view) => hintSteps(goOut, view).map((s) => stepText(s, { t, tiles: false, labels }));
  // Nothing laid before by this player in the round (the other player's meld does not count):
  // a rummy.
  const before = [
    { type: 'draw', seat: 0, source: 'stock' },
    { type: 'discard', seat: 0, card: '9S' },
    { type: 'draw', seat: 1, source: 'stock' },
    { type: 'meld', seat: 1, melds: [['2C', '3C', '4C']] },
  ];
  const [draw, meld, discard] = words(round([...before, { type: 'discard', seat: 1, card: 'KC' }]));
  assert.equal(draw, 'Hint: draw from the stock — press “Draw”.');
  assert.doesNotMatch(meld, /go out/);
  assert.equal(discard, 'Hint: discard 3♥. It is selected — press “Discard”. Your whole hand in one turn: you go out with a rummy, double points.');
  // A card laid off in an earlier turn of this round: going out, not a rummy.
  const laidOff = round([
    { type: 'draw', seat: 0, source: 'stock' },
    { type: 'layoff', seat: 0, meld: 1, cards: ['7S'] },
  ]);
  assert.match(words(laidOff)[2], /press “Discard”\. That empties your hand: you go out\.$/);
  // A card kept: nobody goes out.
  const kept = { ...round([]), hand: ['4D', '5D', '6D', '9S'] };
  assert.ok(words(kept).every((w) => !/go out/.test(w)));
});

test('Rummy 101 goes out with the opening, not a group staged for it, and says what doubles', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const say = (step) => stepText(step, { t, tiles: true, labels: { meld: 'Lay opening', discard: 'Discard' }, progress: { points: 18 } });
  const view = { variant: 'rummy101', seat: 0, phase: 'play', opened: [null, null], hand: ['R1', 'R2', 'R3', 'K5', 'B5', 'Y5'], log: [] };
  const melds = {
    type: 'meld',
    melds: [
      ['R1', 'R2', 'R3'],
      ['K5', 'B5', 'Y5'],
    ],
  };
  // Nobody has opened: opening and finishing in one turn doubles everything.
  const steps = hintSteps({ actions: [melds] }, view);
  assert.deepEqual(
    steps.map((s) => [s.kind, s.out ?? null]),
    [
      ['stage', null],
      ['stage', null],
      ['open', 'oneTurn'],
    ],
  );
  assert.match(say(steps[2]), /Opened and out in one turn: everything doubled\.$/);
  // The other player has opened: a plain finish; with a joker thrown last, doubled.
  const othersOpened = { ...view, opened: [null, { points: 104 }], hand: [...view.hand, 'JK'] };
  const withJoker = { actions: [melds, { type: 'discard', card: 'JK' }] };
  const plain = hintSteps(withJoker, othersOpened);
  assert.deepEqual(
    plain.map((s) => s.out ?? null),
    [null, null, null, 'joker'],
  );
  assert.match(say(plain[3]), /You go out with a joker: everything doubled\.$/);
  assert.equal(hintSteps(withJoker, { ...othersOpened, opened: [null, null] })[3].out, 'oneTurnJoker');
  // Opened in an earlier turn (the log says so): a joker swapped in comes back for the tile
  // given (a swap empties no hand), and thrown last it doubles; a tile thrown last does not.
  const laid = [
    { type: 'meld', seat: 0, melds: [['R1', 'R2', 'R3']] },
    { type: 'draw', seat: 0, source: 'stock' },
  ];
  const later = { ...view, opened: [{}, null], hand: ['B7'], log: laid };
  const swap = hintSteps(
    {
      actions: [
        { type: 'swap_joker', meld: 2, tile: 'B7' },
        { type: 'discard', card: 'JK' },
      ],
    },
    later,
  );
  assert.deepEqual(
    swap.map((s) => s.out ?? null),
    [null, 'joker'],
  );
  const tile = hintSteps({ actions: [{ type: 'discard', card: 'B7' }] }, later);
  assert.match(say(tile[0]), /That empties your hand: you go out\.$/);
});

test('a joker taken, discarded or added to a meld is "a joker" in every language, never a bare "joker"', async () => {
  const discardJoker = { actions: [{ type: 'discard', card: 'JK' }] };
  const addJoker = { actions: [{ type: 'layoff', meld: 3, cards: ['JK'] }] };
  const tiles = { variant: 'rummy101', seat: 0, opened: [101, null], hand: ['JK'], discard: ['JK'] };
  const said = {};
  for (const lang of ['en', 'he', 'ro']) {
    await loadLanguage(lang);
    const t = makeTranslator(lang);
    const ctx = { t, tiles: true, labels: { take: 'T', discard: 'D' } };
    said[lang] = [take, discardJoker, addJoker].map((advice) => stepText(hintSteps(advice, tiles)[0], ctx));
  }
  assert.match(said.en[2], /^Hint: add a joker to the highlighted meld/);
  assert.doesNotMatch(said.he[2], /את ג׳וקר/);
  assert.match(said.ro[2], /adaugă un joker/);
  assert.match(said.en[0], /^Hint: take a joker from the discard pile, you can use it this turn/);
  assert.match(said.en[1], /^Hint: discard a joker\. It is selected/);
  assert.match(said.he[0], /את הג׳וקר/);
  assert.doesNotMatch(said.he[1], /את ג׳וקר/); // "את" wants the definite form
  assert.match(said.ro[1], /aruncă un joker/);
});
