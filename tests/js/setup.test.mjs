// The names a match is played under (web/ui/setup.js): the start screen shows them, greyed, in
// the fields of the seats that name nobody, and the table uses them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOptions, namesNobody, optionProblem, renameDefaults, renamePageNames, tableNames } from '../../web/ui/setup.js';
import { languageList } from '../../web/i18n/index.js';

const words = { you: 'You', seatName: (n) => `Player ${n}` };
const names = (seats) => tableNames(seats, words).map((s) => s.name);

test('with two people at the device, a person still called "You" or left unnamed gets a seat name', () => {
  const seats = [
    { name: 'You', bot: null },
    { name: 'Ana', bot: null },
    { name: '#3', bot: null },
    { name: 'Ben', bot: 'hard' },
  ];
  assert.deepEqual(names(seats), ['Player 1', 'Ana', 'Player 3', 'Ben']);
});

test('one person at the device is "You", even with the name left empty', () => {
  const seats = [
    { name: 'You', bot: null },
    { name: 'Ana', bot: 'expert' },
  ];
  // Nothing changes: the same seat objects come back, so the start screen shows the field as typed.
  assert.deepEqual(
    tableNames(seats, words).map((s, i) => s === seats[i]),
    [true, true],
  );
  assert.deepEqual(names([{ name: '#1', bot: null }, seats[1]]), ['You', 'Ana']);
  assert.deepEqual(names([{ name: '  ', bot: null }, seats[1]]), ['You', 'Ana']);
});

test('a computer player left unnamed, or called "You", plays as its seat', () => {
  assert.deepEqual(
    names([
      { name: 'Dan', bot: null },
      { name: '#2', bot: 'expert' },
      { name: '', bot: 'easy' },
      { name: 'You', bot: 'hard' },
    ]),
    ['Dan', 'Player 2', 'Player 3', 'Player 4'],
  );
});

test('switching language renames the seats still under the default names, not the typed ones', () => {
  const en = { you: 'You', bots: ['Ana', 'Ben', 'Carla'] };
  const he = { you: 'את/ה', bots: ['אנה', 'בני', 'כרמל'] };
  const setup = {
    variant: 'basic',
    seats: [
      { name: 'You', bot: null },
      { name: 'Ben', bot: 'hard' },
      { name: 'Dana', bot: null },
      { name: 'Ana', bot: null },
    ],
  };
  const got = renameDefaults(setup, en, he);
  assert.deepEqual(
    got.seats.map((s) => s.name),
    ['את/ה', 'בני', 'Dana', 'אנה'],
  );
  assert.deepEqual(
    got.seats.map((s) => s.bot),
    [null, 'hard', null, null],
  );
  assert.equal(setup.seats[0].name, 'You'); // the setup given is left as it was
  assert.deepEqual(renameDefaults(got, he, en).seats, setup.seats);
});

test('"You" in the language a game was dealt in names nobody in another, and becomes its "You"', async () => {
  await languageList(); // the page loads every language at start
  // A link or a new match from a game dealt in Hebrew, played on in English: "את/ה" is nobody.
  assert.equal(namesNobody('את/ה', 'You'), true);
  assert.equal(namesNobody('Tu', 'You'), true);
  assert.equal(namesNobody('Dana', 'You'), false);
  assert.deepEqual(
    names([
      { name: 'את/ה', bot: null },
      { name: 'Ana', bot: 'hard' },
    ]),
    ['You', 'Ana'],
  );
  const seats = [
    { name: 'את/ה', bot: null },
    { name: 'Tu', bot: 'hard' }, // a computer player named so keeps its name here
    { name: 'Dana', bot: null },
    { name: 'שחקן 4', bot: 'easy' }, // Hebrew's "Player 4", in its own seat
    { name: 'Jucătorul 2', bot: null }, // Romanian's "Player 2", in another seat: a name
  ];
  assert.equal(renamePageNames(seats, words), 2);
  assert.deepEqual(
    seats.map((s) => s.name),
    ['You', 'Tu', 'Dana', 'Player 4', 'Jucătorul 2'],
  );
  assert.equal(renamePageNames(seats, words), 0);
});

test("a computer player's default name in the language a game was dealt in becomes today's", async () => {
  await languageList();
  const en = { ...words, bots: ['Ana', 'Ben', 'Carla', 'Dan', 'Eva'] };
  const seats = [
    { name: 'את/ה', bot: null },
    { name: 'בני', bot: 'hard' }, // Hebrew's second computer player: "Ben" in English
    { name: 'Carmen', bot: 'easy' }, // Romanian's third: "Carla"
    { name: 'Ana', bot: 'expert' }, // the same in English: kept
    { name: 'עדי', bot: null }, // a person's name is never changed
    { name: 'Zed', bot: 'easy' }, // a name somebody chose
  ];
  assert.equal(renamePageNames(seats, en), 3);
  assert.deepEqual(
    seats.map((s) => s.name),
    ['You', 'Ben', 'Carla', 'Ana', 'עדי', 'Zed'],
  );
});

test('a number field left empty plays the default, not its lowest value', () => {
  const setup = (variant, options) => ({ variant, options: { [variant]: options } });
  assert.deepEqual(engineOptions(setup('basic', { goal: 'target', target: '' })), { target: 150 });
  assert.deepEqual(engineOptions(setup('basic', { goal: 'hands', hands: ' ' })), { hands: 5 });
  assert.deepEqual(engineOptions(setup('rummy200', { target: '' })), { target: 200 });
  assert.deepEqual(engineOptions(setup('rummy101', { threshold: 'fixed', rounds: '' })), { rounds: 5 });
  // Typed values are kept within the field's range, rounded.
  assert.deepEqual(engineOptions(setup('basic', { goal: 'target', target: '99999' })), { target: 2000 });
  assert.deepEqual(engineOptions(setup('rummy101', { threshold: 'fixed', rounds: '3.4' })), { rounds: 3 });
  assert.deepEqual(engineOptions(setup('rummy101', { threshold: 'fixed', rounds: '5' })), {});
});

test('a typed number out of its range, or not whole, names its field; empty is fine', () => {
  const setup = (variant, options) => ({ variant, options: { [variant]: options } });
  assert.equal(optionProblem(setup('basic', { goal: 'target', target: '200' })), null);
  assert.equal(optionProblem(setup('basic', { goal: 'target', target: '' })), null);
  assert.deepEqual(optionProblem(setup('basic', { goal: 'target', target: '2001' })), { key: 'target', min: 10, max: 2000 });
  // A classic game shows one goal: the hidden one is not checked.
  assert.equal(optionProblem(setup('basic', { goal: 'hands', hands: '7', target: '0' })), null);
  assert.deepEqual(optionProblem(setup('basic', { goal: 'hands', hands: '0' })), { key: 'hands', min: 1, max: 50 });
  assert.deepEqual(optionProblem(setup('rummy200', { target: '9' })), { key: 'target', min: 10, max: 2000 });
  assert.deepEqual(optionProblem(setup('rummy101', { rounds: '3.5' })), { key: 'rounds', min: 1, max: 50 });
  assert.deepEqual(optionProblem(setup('rummy101', { rounds: 'e' })), { key: 'rounds', min: 1, max: 50 });
});
