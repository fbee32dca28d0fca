// web/ui/game-url.js in Node: the page's URL for a game or an invitation, and back.
// node --test tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseGameHash, gameUrl, inviteUrl, listParam } from '../../web/ui/game-url.js';
import { LEVELS, NAME_LENGTH } from '../../web/ui/setup.js';

const loc = { origin: 'https://rummy.example', pathname: '/play/' };
const back = (url) => parseGameHash(new URL(url).hash);

test('a whole-game link comes back as it was sent', () => {
  const sent = { link: 'AbC-_9', names: ['Ana', 'Bea', 'Robo'], bots: [null, null, 'hard'], proof: '', seat: 1 };
  const url = gameUrl(sent, loc);
  assert.equal(url, 'https://rummy.example/play/#g=AbC-_9&n=Ana,Bea,Robo&b=,,hard&s=1');
  assert.deepEqual(back(url), { type: 'game', ...sent });
});

test('a moves link carries only the link; a fair deal its proof instead of names', () => {
  assert.equal(gameUrl({ link: 'XYZ' }, loc), 'https://rummy.example/play/#g=XYZ');
  assert.deepEqual(back(gameUrl({ link: 'XYZ' }, loc)), { type: 'game', link: 'XYZ', names: [], bots: [], proof: '', seat: null });
  const fair = back(gameUrl({ link: 'L', proof: 'INV.secret', seat: 0 }, loc));
  assert.deepEqual([fair.proof, fair.seat, fair.names], ['INV.secret', 0, []]);
});

test('names with commas, percent signs, ampersands and any script survive the trip', () => {
  const names = ['Ana, the host', '100% Bea', 'Cy & Di', 'שרה', 'Ștefan', '李雷', 'Zoë 🂡', 'a=b#c'];
  const url = gameUrl({ link: 'L', names }, loc);
  assert.equal(url.split('#').length, 2, 'one fragment: a # in a name is escaped');
  assert.equal(new URL(url).hash.split('&').length, 2, 'an & in a name is escaped');
  assert.deepEqual(back(url).names, names);
  assert.equal(listParam(['a,b', 'c']), 'a%2Cb,c');
  assert.equal(listParam([null, undefined, '']), ',,');
});

test('every computer level the page knows travels, expert included; others are nobody', () => {
  assert.ok(LEVELS.includes('expert'));
  const url = gameUrl({ link: 'L', names: LEVELS.map((_, i) => `Bot ${i}`), bots: LEVELS }, loc);
  assert.deepEqual(back(url).bots, LEVELS);
  assert.deepEqual(parseGameHash('#g=L&b=expert,genius,,%20hard').bots, ['expert', null, null, 'hard']);
});

test('an invitation URL reads back as an invitation', () => {
  const url = inviteUrl('INV-123_x', loc);
  assert.equal(url, 'https://rummy.example/play/#i=INV-123_x');
  assert.deepEqual(back(url), { type: 'invite', text: 'INV-123_x' });
});

test('bad fragments are refused or tamed, never a crash', () => {
  for (const bad of [undefined, null, 42, {}, '', '#', '#section-2', '#=x', '#G=x', 'https://rummy.example/play/', '#gx', '#g']) {
    assert.equal(parseGameHash(bad), null, String(bad));
  }
  const broken = parseGameHash('#g=abc&n=%E0%A4%A,Bea&b=%ZZ');
  assert.deepEqual([broken.link, broken.names, broken.bots], ['abc', [], []], 'a broken escape: an empty list');
  assert.equal(parseGameHash('#g=abc&n=' + 'y'.repeat(500)).names[0].length, NAME_LENGTH);
  assert.deepEqual(parseGameHash('#g=abc&n=%E2%80%AEexe.anA').names, ['exe.anA'], 'bidi overrides are dropped');
  for (const seat of ['-1', '12', 'x', '1.5', '']) assert.equal(parseGameHash(`#g=abc&s=${seat}`).seat, null, seat);
});

test("the URL is made from the location given, by default the page's own", () => {
  const saved = globalThis.location;
  globalThis.location = { origin: 'https://other.example', pathname: '/' };
  try {
    assert.equal(gameUrl({ link: 'L' }), 'https://other.example/#g=L');
    assert.equal(inviteUrl('I'), 'https://other.example/#i=I');
  } finally {
    globalThis.location = saved;
  }
});
