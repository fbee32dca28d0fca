// The log's lines on the table (web/ui/log-text.js) and the phone's strip of what the others
// did since this seat's last turn (web/ui/table-view.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { logLines, turnedUpLine } from '../../web/ui/log-text.js';
import { sinceMyTurn } from '../../web/ui/table-view.js';
import { makeTranslator, loadLanguage } from '../../web/i18n/index.js';

const view = (log) => ({ log, table: [] });
// Dana (seat 0) and Ana (seat 1) each draw from the stock and discard.
const twoTurns = [
  { seat: 0, type: 'draw', source: 'stock' },
  { seat: 0, type: 'discard', card: 'KD' },
  { seat: 1, type: 'draw', source: 'stock' },
  { seat: 1, type: 'discard', card: '7C' },
];

test('the strip lists what the others did since my turn, newest first', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const log = [...twoTurns, { seat: 2, type: 'draw', source: 'discard', card: '7C' }, { seat: 2, type: 'discard', card: '2H' }];
  const since = sinceMyTurn(logLines(view(log), t, ['Dana', 'Ana', 'Ion'], 0), 0);
  assert.deepEqual(
    since.map((l) => l.seat),
    [2, 1],
  );
  assert.match(since[0].text, /^Ion took 7♣/);
});

test("the strip leaves out the round's end, which the banner above it says", async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const log = [...twoTurns, { type: 'round_end', seat: 1, kind: 'out' }]; // as the engine logs it
  const lines = logLines(view(log), t, ['Dana', 'Ana'], 0);
  assert.equal(lines.at(-1).text, 'The round is over.'); // the log itself keeps it
  const since = sinceMyTurn(lines, 0);
  assert.deepEqual(
    since.map((l) => l.text),
    [lines.at(-2).text],
  );
  assert.deepEqual(sinceMyTurn(lines, 1), []); // the round ended on that seat's own turn
});

test('a tile meld reads tile by tile, the joker saying what it stands for', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const log = [
    { seat: 1, type: 'draw', source: 'stock' },
    {
      seat: 1,
      type: 'meld',
      melds: [
        ['R11', 'JK=R12', 'R13'],
        ['K6', 'B6', 'Y6'],
      ],
    },
    { seat: 1, type: 'discard', card: 'B4' },
  ];
  const [line] = logLines(view(log), t, ['Dana', 'Ana'], 0);
  // Words separated by spaces alone ran together: "laid red 11 joker as red 12 red 13".
  assert.equal(line.text, 'Ana drew from the stock, laid red 11, joker (as red 12), red 13 · black 6, blue 6, yellow 6, and discarded blue 4');
});

test('a joker taken from the pile, discarded or added to a meld is "a joker"', async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const log = [
    { seat: 1, type: 'draw', source: 'stock' },
    { seat: 1, type: 'discard', card: 'JK' },
    { seat: 0, type: 'draw', source: 'discard', card: 'JK' },
    { seat: 0, type: 'layoff', meld: 4, cards: ['JK'] },
  ];
  const lines = logLines(view(log), t, ['Dana', 'Ana'], 0);
  assert.equal(lines[0].text, 'Ana drew from the stock and discarded a joker');
  assert.equal(lines[1].text, 'You took a joker from the discard pile and added a joker to a meld');
});

test("the card games' log begins with the card turned up, followed to wherever it went", async () => {
  await loadLanguage('en');
  const t = makeTranslator('en');
  const line = (log, discard, variant = 'basic') => turnedUpLine({ variant, log, discard }, t);
  // Nothing has happened: the pile is the card turned up.
  assert.equal(line([], ['9C']), '9♣ was turned up to start the discard pile.');
  // Buried under discards, it is still the pile's bottom card.
  assert.equal(line(twoTurns, ['9C', 'KD', '7C']), '9♣ was turned up to start the discard pile.');
  // Taken by the first player: the take names it, though another card now lies at the bottom.
  const taken = [
    { seat: 0, type: 'draw', source: 'discard', card: '9C' },
    { seat: 0, type: 'discard', card: 'KD' },
  ];
  assert.equal(line(taken, ['KD']), '9♣ was turned up to start the discard pile.');
  // A card taken later is not the one turned up.
  const later = [...twoTurns, { seat: 0, type: 'draw', source: 'discard', card: '7C' }, { seat: 0, type: 'discard', card: '2H' }];
  assert.equal(line(later, ['9C', 'KD', '2H'], 'rummy200'), '9♣ was turned up to start the discard pile.');
  // Shuffled untaken into a new stock, it cannot be told any more; the line says what it can.
  const renewed = [...twoTurns, { type: 'rebuild', stock: 2 }];
  assert.equal(line(renewed, ['7C']), 'A card was turned up to start the discard pile.');
  // Rummy 101's pile starts empty: no such line.
  assert.equal(line([], [], 'rummy101'), null);
});

test('the strip counts a big lay of melds, so that how the turn ended stays in sight', async () => {
  // A Rummy 101 opening named tile by tile took the strip's three lines, and the discard that
  // ended the turn was cut off ("… 9 yellow, 10…").
  for (const code of ['en', 'he', 'ro']) await loadLanguage(code);
  const opening = [
    ['B1', 'B2', 'B3'],
    ['R2', 'K2', 'Y2'],
    ['K4', 'K5', 'K6'],
    ['Y8', 'Y9', 'Y10', 'JK=Y11'],
  ];
  const log = [
    ...twoTurns,
    { seat: 2, type: 'draw', source: 'discard', card: 'Y12' },
    { seat: 2, type: 'meld', melds: opening },
    { seat: 2, type: 'layoff', meld: 1, cards: ['B4'] },
    { seat: 2, type: 'layoff', meld: 3, cards: ['K7'] },
    { seat: 2, type: 'discard', card: 'B11' },
    { seat: 0, type: 'draw', source: 'stock' },
    { seat: 0, type: 'meld', melds: [['R7', 'R8', 'R9']] },
    { seat: 0, type: 'discard', card: 'K13' },
  ];
  const names = ['Dana', 'Ana', 'Ion'];
  const en = makeTranslator('en');
  const tiles = { log, table: [], variant: 'rummy101' };
  const lines = logLines(tiles, en, names, 1);
  const ion = lines.find((l) => l.seat === 2);
  assert.match(ion.text, /laid blue 1, blue 2, blue 3 · .*added blue 4 to a meld, added black 7 to a meld/); // the log names every tile
  assert.equal(ion.brief, 'Ion took yellow 12 from the discard pile, laid 4 melds, added 2 tiles to melds, and discarded blue 11');
  // A meld of three is named in the strip too; a draw from the stock goes without saying there.
  assert.equal(lines.at(-1).brief, 'Dana laid red 7, red 8, red 9 and discarded black 13');
  assert.equal(lines[0].brief, 'Dana discarded K♦');
  // Unless it is all the turn did so far (another seat still playing).
  const drawn = [...twoTurns, { seat: 2, type: 'draw', source: 'stock' }];
  assert.equal(logLines(view(drawn), en, names, 1).at(-1).brief, 'Ion drew from the stock');
  assert.deepEqual(
    sinceMyTurn(lines, 1).map((l) => l.brief),
    [lines.at(-1).brief, ion.brief],
  );
  const brief = (code) => logLines(tiles, makeTranslator(code), names, 1).find((l) => l.seat === 2).brief;
  assert.match(brief('he'), /הנחת 4 סדרות, הוספת 2 אבנים לסדרות/);
  assert.match(brief('ro'), /a pus jos 4 formații, a adăugat 2 piese la formații/);
  // One meld of many cards, in the singular; a lone lay-off named.
  const long = [
    ...twoTurns,
    { seat: 2, type: 'meld', melds: [['AH', '2H', '3H', '4H', '5H', '6H', '7H']] },
    { seat: 2, type: 'layoff', meld: 1, cards: ['8H'] },
  ];
  assert.equal(logLines(view(long), en, names, 1).at(-1).brief, 'Ion laid a meld and added 8♥ to a meld');
});
