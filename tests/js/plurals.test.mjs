// Counts agree with their number in every language: a player left with one point "held 1
// point", not "held 1 points" (web/ui/sheet-view.js), a pile of one card is not "(1 cards)"
// (web/ui/table-view.js), a best opening of one pair is not "1 pairs" (web/ui/hint-steps.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeTranslator, loadLanguage } from '../../web/i18n/index.js';
import ro from '../../web/i18n/ro.js';

const held = (t, value) => t('reason.loser', { value, count: value });

test('the points a player held read in the singular for one, in every language', async () => {
  for (const code of ['en', 'he', 'ro']) await loadLanguage(code);
  const en = makeTranslator('en');
  assert.equal(held(en, 1), 'held 1 point');
  assert.equal(held(en, 0), 'held 0 points');
  assert.equal(held(en, 48), 'held 48 points');
  const ro = makeTranslator('ro');
  assert.equal(held(ro, 1), 'a rămas cu 1 punct');
  assert.equal(held(ro, 12), 'a rămas cu 12 puncte');
  assert.equal(held(ro, 48), 'a rămas cu 48 de puncte');
  const he = makeTranslator('he');
  assert.equal(held(he, 1), 'החזיק/ה נקודה אחת');
  assert.equal(held(he, 48), 'החזיק/ה 48 נקודות');
});

test('a pile of one card and an opening of one pair read in the singular', async () => {
  for (const code of ['en', 'he', 'ro']) await loadLanguage(code);
  const en = makeTranslator('en');
  assert.equal(en('table.discardLabel', { card: '7 of hearts', count: 1 }), 'Discard pile: 7 of hearts, the only card');
  assert.equal(en('table.discardLabel', { card: '7 of hearts', count: 5 }), 'Discard pile: 7 of hearts on top (5 cards)');
  const opening = (t, pairs) => t('hint.opening', { points: 21, need: 101, pairs, pairsNeed: 5, count: pairs });
  assert.equal(opening(en, 1), 'Your best opening is 21 points (or 1 pair); you need 101 (or 5 pairs).');
  assert.equal(opening(en, 2), 'Your best opening is 21 points (or 2 pairs); you need 101 (or 5 pairs).');
  const ro = makeTranslator('ro');
  assert.match(ro('table.discardLabel', { card: 'x', count: 20 }), /\(20 de cărți\)$/);
  assert.match(opening(ro, 1), /perechi: 1 din 5\.$/);
  assert.match(opening(makeTranslator('he'), 1), /זוג אחד/);
});

// Romanian puts "de" between a number from 20 on (bar 101–119, 201–219, …) and its noun: "48 de
// puncte", "12 puncte". A message with one form cannot say both, so a number that can reach 20
// never sits right before its noun there ("puncte: 48"); in plural forms, `other` (Intl's
// category for those numbers) says "de". Pairs and players stay below 20.
test('Romanian says "de" after a number from 20 on, or does not put the noun after it', () => {
  const bare = /\{(\w+)\} (puncte|cărți|piese|mutări|jokeri|formații|runde|mâini|ture)\b/;
  const wrong = Object.entries(ro).filter(([, message]) => {
    const forms = typeof message === 'string' ? [message] : [message.other ?? ''];
    return forms.some((text) => bare.test(text));
  });
  assert.deepEqual(wrong, []);
  const t = makeTranslator('ro');
  assert.equal(t('opening.points', { points: 48, need: 101 }), 'Deschidere: 48 / 101 p');
  assert.equal(t('hand.label', { count: 21 }), 'Mâna ta, 21 de cărți');
  assert.equal(t('hand.label', { count: 101 }), 'Mâna ta, 101 cărți');
});
