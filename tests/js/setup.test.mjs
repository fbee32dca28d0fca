// web/ui/setup.js: the names a match played by two or more people on one device is dealt with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passAndPlayNames } from '../../web/ui/setup.js';

const seatName = (n) => `Player ${n}`;

test('with two people at the device, a person still called "You" or left unnamed gets a seat name', () => {
  const seats = [
    { name: 'You', bot: null },
    { name: 'Ana', bot: null },
    { name: '#3', bot: null },
    { name: 'Ben', bot: 'hard' },
  ];
  assert.deepEqual(
    passAndPlayNames(seats, 'You', seatName).map((s) => s.name),
    ['Player 1', 'Ana', 'Player 3', 'Ben'],
  );
});

test('one person at the device keeps "You", and computer players keep their names', () => {
  const seats = [
    { name: 'You', bot: null },
    { name: '#2', bot: 'expert' },
  ];
  assert.deepEqual(passAndPlayNames(seats, 'You', seatName), seats);
});
