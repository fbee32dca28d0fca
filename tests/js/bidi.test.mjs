// Numbers in a right-to-left language (web/i18n/index.js): a score with a sign keeps it on the
// left, "-22", never "22-" (the sign alone is a neutral that takes the text's direction).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeTranslator, loadLanguage } from '../../web/i18n/index.js';

test('a score with a sign stays "-22" in Hebrew; other parameters and languages are untouched', async () => {
  await loadLanguage('he');
  const he = makeTranslator('he');
  assert.equal(he('seat.score', { score: -22 }), '\u2066-22\u2069 נק׳');
  assert.equal(he('seat.score', { score: '+101' }), '\u2066+101\u2069 נק׳');
  assert.equal(he('seat.score', { score: 22 }), '22 נק׳');
  assert.equal(he('seat.score', { score: '-Dana' }), '-Dana נק׳'); // a name, not a number
  assert.equal(makeTranslator('en')('seat.score', { score: -22 }), '-22 pts');
});

test("a player's name goes into a Hebrew message in its own direction, with its punctuation", async () => {
  await loadLanguage('he');
  const he = makeTranslator('he');
  assert.equal(he('result.out', { name: 'Dan!', points: 12 }), '\u2068Dan!\u2069 יצא/ה וזוכה ב-12.');
  assert.equal(makeTranslator('en')('result.out', { name: 'Dan!', points: 12 }), 'Dan! went out and scores 12.');
});

test('a Hebrew name goes into an English message in its own direction; a Latin one as typed', async () => {
  const en = makeTranslator('en');
  assert.equal(en('result.out', { name: 'דנה!', points: 12 }), '\u2068דנה!\u2069 went out and scores 12.');
  assert.equal(en('status.waiting', { name: 'Ana' }), 'Waiting for Ana.');
  assert.equal(en('match.shared', { names: en.names(['Ana', 'דנה!']) }), 'Ana and \u2068דנה!\u2069 share the win!');
  await loadLanguage('he');
  const he = makeTranslator('he');
  assert.equal(he.names(['Ana', 'Dan!']), '\u2068Ana\u2069 ו-\u2068Dan!\u2069');
});

test('card signs stay in order in Hebrew: "5♠ 3♥ K♥" is a left-to-right island; tiles are words', async () => {
  await loadLanguage('he');
  const he = makeTranslator('he');
  const { piecesText, pieceShort } = await import('../../web/ui/pieces.js');
  assert.equal(piecesText(['5S', '3H', 'KH'], he), '\u20665♠ 3♥ K♥\u2069');
  assert.equal(pieceShort('TD', he), '\u206610♦\u2069');
  assert.equal(he('log.discard', { name: 'Dan', card: pieceShort('KH', he) }).includes('\u2066K♥\u2069'), true);
  assert.doesNotMatch(piecesText(['R5', 'R6', 'R7'], he), /\u2066/);
  const en = makeTranslator('en');
  assert.equal(piecesText(['5S', '3H', 'KH'], en), '5♠ 3♥ K♥');
  assert.equal(pieceShort('TD', en), '10♦');
});
