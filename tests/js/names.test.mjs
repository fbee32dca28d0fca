// Names and the page's own stored records, in Node: node --test tests/js/
// (setup.js cleanName, game-url.js parseGameHash, records.js matchProblem, invite-play.js
// keptInvite: everything a name or a kept record goes through before the page uses it.)
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { cleanName, NAME_LENGTH, normalizeSetup, matchRequest } from '../../web/ui/setup.js';
import { parseGameHash } from '../../web/ui/game-url.js';
import { matchProblem } from '../../web/ui/records.js';
import { keptInvite } from '../../web/ui/invite-play.js';

test('a name loses control, direction and lone-surrogate characters, and is trimmed', () => {
  assert.equal(cleanName('\u202eexe.anA'), 'exe.anA');
  assert.equal(cleanName(' Ana\u0000\u0007\n '), 'Ana');
  assert.equal(cleanName('a\u202ab\u202bc\u202cd\u202de'), 'abcde');
  assert.equal(cleanName('\u2066Ana\u2069 \u2067Bea\u2068'), 'Ana Bea');
  assert.equal(cleanName('Ana\u200e\u200f\u061c'), 'Ana');
  assert.equal(cleanName('x\ud800y\udfffz'), 'xyz', 'lone halves of a surrogate pair');
  assert.equal(cleanName('  \u202e \u0085 '), '');
  assert.equal(cleanName(null), '');
  assert.equal(cleanName(12), '');
});

test('a name keeps every real character: accents, Hebrew, emoji with joiners', () => {
  for (const name of ['Zoë', 'Ștefan', 'נועה', 'أحمد', '👨‍👩‍👧 family', 'A B']) assert.equal(cleanName(name), name);
});

test("a name is at most the engine's 40 characters, counted as the engine counts them", () => {
  assert.equal(NAME_LENGTH, 40);
  assert.equal(cleanName('a'.repeat(100)), 'a'.repeat(40));
  const emoji = cleanName('😀'.repeat(50));
  assert.equal(Array.from(emoji).length, 40, 'code points, not UTF-16 halves');
  assert.ok(!/[\ud800-\udbff]$/.test(emoji), 'never cut inside a character');
  assert.equal(cleanName('x' + ' '.repeat(39) + 'y'), 'x', 'no space left at the end of a cut');
});

test('the start screen cleans the names it keeps and the names it starts a match with', () => {
  const setup = normalizeSetup({ seats: [{ name: '\u202eAna', bot: null }, 5, null, 'x'] }, ['Bot'], 'Me');
  assert.equal(setup.seats[0].name, 'Ana');
  assert.deepEqual(setup.seats[1], { name: 'Bot', bot: 'medium' }, 'a seat that is not an object reads as a default one');
  setup.seats[1] = { name: ' \u2067Bea\u2069 ', bot: null };
  setup.seats[2] = { name: '\u0000', bot: null };
  const req = matchRequest(setup, 1);
  assert.deepEqual(
    req.seats.map((s) => s.name),
    ['Ana', 'Bea', '#3'],
  );
});

test('names read from a link are cleaned; computer levels only from the list', () => {
  const got = parseGameHash('#g=ABC&n=%E2%80%AEexe.anA,B%00en,' + 'x'.repeat(60) + '&b=,hard,%20easy%20,evil&s=2');
  assert.deepEqual(got.names, ['exe.anA', 'Ben', 'x'.repeat(40)]);
  assert.deepEqual(got.bots, [null, 'hard', 'easy', null]);
  assert.equal(got.seat, 2);
  assert.deepEqual(parseGameHash('#g=ABC&n=%E0%A4%A').names, [], 'a broken escape: no names');
});

test("a whole page URL reads as its fragment, also pasted after another page's #", () => {
  const link = 'AbC-_12';
  for (const text of [
    `#g=${link}&n=Ana,Bea`,
    `https://rummy.example/play/#g=${link}&n=Ana,Bea`,
    `#https://rummy.example/play/?lang=ro#g=${link}&n=Ana,Bea`,
    `  https://rummy.example/#g=${link}&n=Ana,Bea \n`,
  ]) {
    const got = parseGameHash(text);
    assert.equal(got.type, 'game', text);
    assert.equal(got.link, link, text);
    assert.deepEqual(got.names, ['Ana', 'Bea'], text);
  }
  assert.deepEqual(parseGameHash('https://rummy.example/#i=INVITE'), { type: 'invite', text: 'INVITE' });
  assert.equal(parseGameHash('https://rummy.example/'), null);
});

test('a kept match record must be what the page writes', () => {
  const record = {
    key: 'm1',
    id: 'g1',
    variant: 'basic',
    players: 2,
    seats: [
      { name: 'Ana', bot: null },
      { name: 'Bot', bot: 'easy' },
    ],
    options: {},
    seed: 7,
    viewer: 0,
    botCounter: 0,
    link: null,
  };
  assert.equal(matchProblem({ record }), '');
  assert.equal(matchProblem({ record: { ...record, link: { gameId: 'abc', mySeats: [1], fair: { invite: 'x', secret: 'y' } } } }), '');
  assert.match(matchProblem({}), /match record is missing/);
  assert.match(matchProblem({ record: null }), /it is null/);
  assert.match(matchProblem({ record: { ...record, seats: [null, null] } }), /'seats' is wrong/);
  assert.match(matchProblem({ record: { ...record, seats: 'Ana' } }), /'seats' is wrong/);
  assert.match(matchProblem({ record: { ...record, viewer: '0' } }), /'viewer' is wrong/);
  assert.match(matchProblem({ record: { ...record, link: { mySeats: null } } }), /'link' is wrong/);
  assert.match(matchProblem({ record: { ...record, players: 3 } }), /seats do not match/);
  assert.match(matchProblem({ record: { ...record, viewer: 2 } }), /seats do not match/);
});

test('a kept invitation is used only when it has its shape', () => {
  const hex = 'ab'.repeat(32);
  const host = { role: 'host', seat: 0, secret: hex, commitment: hex, updated: 1 };
  const guest = { role: 'guest', seat: 1, value: hex, commitment: hex };
  assert.equal(keptInvite(host), host);
  assert.equal(keptInvite(guest), guest);
  for (const bad of [
    null,
    5,
    'host',
    {},
    { ...host, role: 'admin' },
    { ...host, seat: '0' },
    { ...host, secret: null },
    { ...guest, value: 'xyz' },
    { ...guest, commitment: hex + '0' },
  ])
    assert.equal(keptInvite(bad), null, JSON.stringify(bad));
});
