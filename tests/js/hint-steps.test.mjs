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
  assert.match(say(['5C', '5D', 'KH'], '5S'), /^Hint: take the discard, it fits your hand/);
  assert.match(say(['9C', 'JD', 'QD'], 'TD'), /it fits your hand/);
  assert.match(say(['QS', 'KD'], 'AS'), /it fits your hand/); // the ace beside the queen, high
  // The expert's 2♣ beside three 5s, kings and queens fits nothing: it replaces a high card.
  const hand = ['5C', '5D', '5H', '6H', 'KD', 'KH', 'KS', 'QC', 'QD', 'QS'];
  assert.equal(say(hand, '2C'), 'Hint: take the discard, a low card to keep in place of a higher one — press “Take discard”.');
});

test('a tile taken is one to use this turn, whatever it is', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const tiles = { variant: 'rummy101', seat: 0, opened: [null, null], hand: ['R1', 'B5'], discard: ['K9'] };
  const step = hintSteps(take, tiles)[0];
  assert.match(stepText(step, { t, tiles: true, labels }), /^Hint: take the last discard, you can use it this turn/);
});
