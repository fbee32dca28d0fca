// web/storage.js in Node with an in-memory localStorage: node --test tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  openStorage,
  memoryStorage,
  SCHEMA_VERSION,
  EXPORT_KIND,
  MAX_DEPTH,
  jsonDepth,
  parseStored,
  unsafeNumber,
  shapeProblem,
  is,
  REFUSALS,
  PROBLEMS,
} from '../../web/storage.js';
import en from '../../web/i18n/en.js';
import he from '../../web/i18n/he.js';
import ro from '../../web/i18n/ro.js';

const P = 'rummy.store.';

function state(over = {}) {
  return { variant: 'rummy101', players: 3, current: 1, round: 2, turn: 7, scores: [0, -45, 101], game_over: false, ...over };
}

function clock() {
  let t = 1000;
  return () => ++t;
}

function open(ls, extra = {}) {
  return openStorage({ storage: ls, now: clock(), ...extra });
}

function gameKeys(ls) {
  const out = [];
  for (let i = 0; i < ls.length; i++) if (ls.key(i).startsWith(P + 'game.')) out.push(ls.key(i));
  return out.sort();
}

test('a fresh device has nothing saved and no problems', () => {
  const store = open(memoryStorage());
  assert.deepEqual(store.listGames(), []);
  assert.deepEqual(store.finishedGames(), []);
  assert.deepEqual(store.problems, []);
  assert.equal(store.profile().accountPoints, 0);
});

test('a saved game comes back, and games waiting for you are listed first', () => {
  const ls = memoryStorage();
  const store = open(ls);
  assert.ok(store.saveGame('a', state({ current: 0 }), { mySeats: [2], names: ['Ana', 'Ben', 'Me'] }).ok);
  assert.ok(store.saveGame('b', state({ current: 2 }), { mySeats: [2] }).ok);
  const again = open(ls);
  assert.deepEqual(again.loadGame('a').state, state({ current: 0 }));
  assert.deepEqual(
    again.listGames().map((g) => [g.id, g.waiting]),
    [
      ['b', true],
      ['a', false],
    ],
  );
  assert.deepEqual(
    again.gamesWaiting().map((g) => g.id),
    ['b'],
  );
  assert.equal(gameKeys(ls).length, 2, 'one record per game: old revisions are removed');
});

test('a full quota is reported with what to do, and the previous save stands', () => {
  const ls = memoryStorage(3000);
  const store = open(ls);
  assert.ok(store.saveGame('a', state()).ok);
  const big = state({ log: 'x'.repeat(5000) });
  const result = store.saveGame('a', big);
  assert.equal(result.ok, false);
  assert.equal(result.reason, 'quota');
  assert.equal(result.message, undefined, 'storage holds no words: the page says it');
  assert.match(en[`data.problem.${result.reason}`], /full.*export/i);
  assert.deepEqual(open(ls).loadGame('a').state, state());
  assert.equal(gameKeys(ls).length, 1);
});

test('a failure while swapping the index leaves the previous save and no stray record', () => {
  const ls = memoryStorage();
  const store = open(ls);
  assert.ok(store.saveGame('a', state({ turn: 1 })).ok);
  const failing = Object.create(ls);
  failing.setItem = (k, v) => {
    if (k === P + 'root') {
      const err = new Error('full');
      err.name = 'QuotaExceededError';
      throw err;
    }
    ls.setItem(k, v);
  };
  Object.defineProperty(failing, 'length', { get: () => ls.length });
  const flaky = open(failing);
  assert.equal(flaky.saveGame('a', state({ turn: 2 })).reason, 'quota');
  assert.equal(open(ls).loadGame('a').state.turn, 1);
  assert.equal(gameKeys(ls).length, 1);
});

test('a save interrupted before the swap is dropped on the next open', () => {
  const ls = memoryStorage();
  assert.ok(open(ls).saveGame('a', state({ turn: 1 })).ok);
  ls.setItem(P + 'game.a.99', JSON.stringify({ id: 'a', state: state({ turn: 2 }), meta: {} }));
  const store = open(ls);
  assert.equal(store.loadGame('a').state.turn, 1);
  assert.equal(gameKeys(ls).length, 1);
});

test('a corrupt index is set aside, reported, and the games are recovered from their records', () => {
  const ls = memoryStorage();
  const first = open(ls);
  first.saveGame('a', state({ turn: 3 }));
  first.saveGame('b', state({ turn: 4 }));
  ls.setItem(P + 'root', '{"schema": 1, "rev": ');
  const store = open(ls);
  const kinds = store.problems.map((p) => p.kind);
  assert.ok(kinds.includes('quarantined') && kinds.includes('recovered'), kinds.join());
  assert.deepEqual(
    store
      .listGames()
      .map((g) => g.id)
      .sort(),
    ['a', 'b'],
  );
  assert.equal(store.loadGame('b').state.turn, 4);
  const q = store.quarantined();
  assert.equal(q.length, 1);
  assert.equal(q[0].key, P + 'root');
  assert.match(q[0].reason, /not readable JSON/);
  store.clearQuarantine();
  assert.equal(store.quarantined().length, 0);
});

test('foreign data under the index key is quarantined, not trusted', () => {
  const ls = memoryStorage();
  ls.setItem(P + 'root', JSON.stringify({ hello: 'world' }));
  const store = open(ls);
  assert.equal(store.problems[0].kind, 'quarantined');
  assert.match(store.problems[0].reason, /not written by this game/);
  assert.ok(store.saveGame('a', state()).ok);
});

test('an index of this schema with a malformed part is quarantined', () => {
  const ls = memoryStorage();
  ls.setItem(P + 'root', JSON.stringify({ schema: SCHEMA_VERSION, rev: 1, games: [], finished: [] }));
  const store = open(ls);
  assert.match(store.problems[0].reason, /'games' is not an object/);
});

test('a damaged game record is quarantined and reported; the others are fine', () => {
  const ls = memoryStorage();
  const store = open(ls);
  store.saveGame('a', state());
  store.saveGame('b', state());
  const key = gameKeys(ls).find((k) => k.startsWith(P + 'game.a.'));
  ls.setItem(key, 'garbage');
  const again = open(ls);
  assert.equal(again.loadGame('a'), null);
  assert.equal(again.problems.at(-1).kind, 'quarantined');
  assert.deepEqual(
    again.listGames().map((g) => g.id),
    ['b'],
  );
  assert.deepEqual(
    open(ls)
      .listGames()
      .map((g) => g.id),
    ['b'],
  );
});

test('data from a newer version is shown but never overwritten', () => {
  const ls = memoryStorage();
  const newer = JSON.stringify({ schema: SCHEMA_VERSION + 1, rev: 5, games: {}, whatever: true });
  ls.setItem(P + 'root', newer);
  const store = open(ls);
  assert.ok(store.readOnly);
  assert.equal(store.problems[0].kind, 'newer');
  assert.equal(store.saveGame('a', state()).reason, 'newer');
  assert.equal(ls.getItem(P + 'root'), newer);
});

test('older schemas are migrated, records included', () => {
  const ls = memoryStorage();
  open(ls).saveGame('a', state({ turn: 5 }), { names: ['x'] });
  const migrations = {
    1: (root, records) => {
      root.settings = { ...root.settings, migrated: true };
      for (const r of Object.values(records)) r.meta.names = r.meta.names.map((n) => n.toUpperCase());
      return { root, records };
    },
  };
  const store = open(ls, { schema: 2, migrations });
  assert.deepEqual(store.problems, []);
  assert.equal(JSON.parse(ls.getItem(P + 'root')).schema, 2);
  assert.equal(store.settings().migrated, true);
  assert.deepEqual(store.loadGame('a').meta.names, ['X']);
  assert.equal(store.loadGame('a').state.turn, 5);
  assert.equal(gameKeys(ls).length, 1);
  const missing = open(memoryStorage(), {});
  assert.deepEqual(missing.problems, []);
});

test('a missing migration leaves the data alone and says so', () => {
  const ls = memoryStorage();
  open(ls).saveGame('a', state());
  const before = ls.getItem(P + 'root');
  const store = open(ls, { schema: 3, migrations: {} });
  assert.ok(store.readOnly);
  assert.equal(store.problems[0].kind, 'migration');
  assert.equal(ls.getItem(P + 'root'), before);
});

test('a finished match is recorded with scores and counted per rule set', () => {
  const ls = memoryStorage();
  const store = open(ls);
  store.saveGame('a', state());
  assert.ok(store.finishGame('a', { variant: 'rummy101', players: 3, mySeats: [2], scores: [-300, 0, 250], winners: [2] }).ok);
  store.finishGame('b', { variant: 'rummy101', players: 2, mySeats: [0], scores: [10, 20], winners: [1] });
  assert.deepEqual(store.listGames(), []);
  assert.equal(gameKeys(ls).length, 0);
  assert.deepEqual(store.stats().rummy101, { played: 2, won: 1, points: 260, best: 250, rounds: 0, scored: 2, bestRound: null });
  assert.deepEqual(
    open(ls)
      .finishedGames()
      .map((g) => g.id),
    ['b', 'a'],
  );
});

test('round statistics: rounds counted, the best round is the highest in every rule set', () => {
  // RULES.md §3 scores Rummy 101 as points gained (+) or lost (−), "higher is better", so its
  // best round is the highest too (a −808 round is the worst there is, never the best).
  const store = open(memoryStorage());
  store.finishGame('a', {
    variant: 'rummy101',
    players: 2,
    mySeats: [0],
    scores: [-101, 101],
    winners: [1],
    rounds: [
      [101, -202],
      [-202, 303],
    ],
  });
  store.finishGame('b', { variant: 'rummy101', players: 2, mySeats: [1], scores: [0, 404], winners: [1], rounds: [[-404, 404]] });
  store.finishGame('c', {
    variant: 'basic',
    players: 2,
    mySeats: [0],
    scores: [40, 90],
    winners: [1],
    rounds: [
      [15, 0],
      [25, 90],
    ],
  });
  const { rummy101, basic } = store.stats();
  assert.deepEqual(rummy101, { played: 2, won: 1, points: 303, best: 404, rounds: 3, scored: 2, bestRound: 404 });
  assert.deepEqual(basic, { played: 1, won: 0, points: 40, best: 40, rounds: 2, scored: 1, bestRound: 25 });
  assert.equal(store.finishedGames()[0].rounds, 2);
});

test('statistics saved before the round fields existed read with them filled in', () => {
  const ls = memoryStorage();
  open(ls).setSettings({});
  const root = JSON.parse(ls.getItem(P + 'root'));
  root.stats.basic = { played: 3, won: 1, points: 120, best: 80 };
  ls.setItem(P + 'root', JSON.stringify(root));
  const store = open(ls);
  assert.deepEqual(store.stats().basic, { played: 3, won: 1, points: 120, best: 80, rounds: 0, scored: 3, bestRound: null });
  store.finishGame('x', { variant: 'basic', players: 2, mySeats: [0], scores: [10, 0], winners: [0], rounds: [[10, 0]] });
  assert.deepEqual(store.stats().basic, { played: 4, won: 2, points: 130, best: 80, rounds: 1, scored: 4, bestRound: 10 });
});

test('profile and settings are kept and checked', () => {
  const ls = memoryStorage();
  const store = open(ls);
  assert.ok(store.setProfile({ name: 'Ana', accountPoints: -202, jokers: 2 }).ok);
  assert.equal(store.setProfile({ jokers: -1 }).ok, false);
  assert.ok(store.setSettings({ sound: false }).ok);
  const again = open(ls);
  assert.deepEqual(again.profile(), { name: 'Ana', accountPoints: -202, jokers: 2 });
  assert.deepEqual(again.settings(), { sound: false });
});

test('export and import move everything, all or nothing', () => {
  const ls = memoryStorage();
  const store = open(ls);
  store.saveGame('a', state({ turn: 9 }), { mySeats: [1] });
  store.finishGame('z', { variant: 'basic', players: 2, mySeats: [0], scores: [150, 20], winners: [0] });
  store.setProfile({ name: 'Ana', accountPoints: 5, jokers: 1 });
  const text = store.exportAll();
  assert.equal(JSON.parse(text).kind, EXPORT_KIND);

  const other = open(memoryStorage());
  other.saveGame('old', state());
  assert.deepEqual(other.importAll(text), { ok: true, games: 1 });
  assert.deepEqual(
    other.listGames().map((g) => g.id),
    ['a'],
  );
  assert.equal(other.loadGame('a').state.turn, 9);
  assert.equal(other.profile().name, 'Ana');
  assert.equal(other.stats().basic.won, 1);

  assert.equal(other.importAll('not json').reason, 'invalid');
  assert.equal(other.importAll(JSON.stringify({ kind: 'something else' })).reason, 'invalid');
  const newer = JSON.stringify({ ...JSON.parse(text), schema: SCHEMA_VERSION + 1 });
  assert.equal(other.importAll(newer).reason, 'newer');
  const damaged = JSON.parse(text);
  damaged.games.a.id = 'b';
  assert.match(other.importAll(JSON.stringify(damaged)).detail, /damaged/);

  const small = memoryStorage(1500);
  const tight = open(small);
  tight.saveGame('keep', state());
  const big = JSON.parse(text);
  big.games.a.state.log = 'x'.repeat(3000);
  const result = tight.importAll(JSON.stringify(big));
  assert.equal(result.reason, 'quota');
  assert.deepEqual(
    open(small)
      .listGames()
      .map((g) => g.id),
    ['keep'],
  );
});

test('without localStorage the game still runs, in memory, and says so', () => {
  const store = openStorage({ now: clock() });
  assert.equal(store.problems[0].kind, 'unavailable');
  assert.ok(store.saveGame('a', state()).ok);
  assert.equal(store.loadGame('a').state.turn, 7);
});

test('games survive the loss of the index key', () => {
  const ls = memoryStorage();
  open(ls).saveGame('a', state({ turn: 8 }));
  ls.removeItem(P + 'root');
  const store = open(ls);
  assert.equal(store.problems[0].kind, 'recovered');
  assert.equal(store.loadGame('a').state.turn, 8);
});

// ---- two tabs over one localStorage -------------------------------------------------------

test('two tabs saving different games keep both', () => {
  const ls = memoryStorage();
  const tab1 = open(ls);
  const tab2 = open(ls);
  assert.ok(tab1.saveGame('a', state({ turn: 1 })).ok);
  assert.ok(tab2.saveGame('b', state({ turn: 2 })).ok); // tab 2 opened before 'a' existed
  assert.ok(tab1.saveGame('a', state({ turn: 3 })).ok); // tab 1's next save keeps 'b'
  for (const store of [tab1, tab2, open(ls)])
    assert.deepEqual(
      store
        .listGames()
        .map((g) => g.id)
        .sort(),
      ['a', 'b'],
    );
  assert.equal(tab2.loadGame('a').state.turn, 3);
  assert.equal(gameKeys(ls).length, 2);
});

test('the same game saved from two tabs: the later tab is refused and nothing changes', () => {
  const ls = memoryStorage();
  const tab1 = open(ls);
  assert.ok(tab1.saveGame('a', state({ turn: 1 })).ok);
  const tab2 = open(ls);
  assert.equal(tab2.loadGame('a').state.turn, 1);
  assert.ok(tab2.saveGame('a', state({ turn: 2 })).ok);
  const before = ls.getItem(P + 'root');
  assert.equal(tab1.isStale('a'), true);
  assert.equal(tab2.isStale('a'), false);
  const refused = tab1.saveGame('a', state({ turn: 5 }));
  assert.deepEqual(refused, { ok: false, reason: 'conflict' });
  assert.equal(en['data.problem.conflict'], 'This game was played on in another tab or window. Reload to continue from the latest save.');
  assert.equal(ls.getItem(P + 'root'), before);
  assert.equal(gameKeys(ls).length, 1);
  assert.equal(open(ls).loadGame('a').state.turn, 2);
  // Leaving the match in tab 1 must not delete the game tab 2 is playing on.
  assert.equal(tab1.deleteGame('a', { ifUnchanged: true }).reason, 'conflict');
  assert.equal(open(ls).loadGame('a').state.turn, 2);
  // Tab 2 goes on saving; a reloaded tab 1 (a new store) may load and save it again.
  assert.ok(tab2.saveGame('a', state({ turn: 3 })).ok);
  const reloaded = open(ls);
  assert.equal(reloaded.loadGame('a').state.turn, 3);
  assert.ok(reloaded.saveGame('a', state({ turn: 4 })).ok);
  assert.equal(tab2.saveGame('a', state({ turn: 9 })).reason, 'conflict');
});

test('a tab that never loaded a game may save it as new', () => {
  const ls = memoryStorage();
  const tab1 = open(ls);
  const tab2 = open(ls);
  assert.ok(tab1.saveGame('a', state({ turn: 1 })).ok);
  assert.ok(tab2.saveGame('c', state({ turn: 1 })).ok);
  assert.ok(tab2.saveGame('c', state({ turn: 2 })).ok);
  assert.ok(tab1.saveGame('c', state({ turn: 5 })).ok); // tab 1 never loaded 'c'
  assert.equal(tab2.saveGame('c', state({ turn: 3 })).reason, 'conflict');
  assert.equal(open(ls).loadGame('c').state.turn, 5);
});

test('a game finished in one tab is listed as finished in the other, with its stats', () => {
  const ls = memoryStorage();
  const tab1 = open(ls);
  const tab2 = open(ls);
  tab1.saveGame('a', state(), { mySeats: [0] });
  tab2.saveGame('b', state(), { mySeats: [0] });
  assert.ok(tab1.finishGame('a', { variant: 'rummy101', players: 3, mySeats: [0], scores: [101, -50, -51], winners: [0], rounds: [[101, -50, -51]] }).ok);
  assert.deepEqual(
    tab2.finishedGames().map((g) => g.id),
    ['a'],
  );
  assert.deepEqual(
    tab2.listGames().map((g) => g.id),
    ['b'],
  );
  assert.equal(tab2.stats().rummy101.won, 1);
  // Tab 2 finishing the same match again (say it was open there too) counts it once.
  assert.ok(tab2.finishGame('a', { variant: 'rummy101', players: 3, mySeats: [0], scores: [101, -50, -51], winners: [0] }).ok);
  assert.equal(open(ls).stats().rummy101.played, 1);
  // Tab 1, which saved 'a', may not bring it back as a game in progress.
  assert.equal(tab1.saveGame('a', state()).reason, 'conflict');
  // Profile changes from two tabs add up: each starts from the other's.
  assert.ok(tab1.setProfile({ accountPoints: tab1.profile().accountPoints + 101 }).ok);
  assert.ok(tab2.setProfile({ accountPoints: tab2.profile().accountPoints - 202 }).ok);
  assert.equal(open(ls).profile().accountPoints, -101);
});

test('a root another tab broke is not taken; the next write puts a good one back', () => {
  const ls = memoryStorage();
  const tab1 = open(ls);
  tab1.saveGame('a', state({ turn: 1 }));
  ls.setItem(P + 'root', '{"schema": 1, "rev": ');
  assert.deepEqual(
    tab1.listGames().map((g) => g.id),
    ['a'],
  );
  assert.ok(tab1.saveGame('b', state()).ok);
  assert.deepEqual(
    open(ls)
      .listGames()
      .map((g) => g.id)
      .sort(),
    ['a', 'b'],
  );
});

test('a newer version in another tab makes this one read-only', () => {
  const ls = memoryStorage();
  const tab1 = open(ls);
  tab1.saveGame('a', state());
  const newer = JSON.parse(ls.getItem(P + 'root'));
  newer.schema = SCHEMA_VERSION + 1;
  ls.setItem(P + 'root', JSON.stringify(newer));
  assert.equal(tab1.saveGame('b', state()).reason, 'newer');
  assert.ok(tab1.readOnly);
  assert.equal(tab1.problems.at(-1).kind, 'newer');
});

test('onExternalChange hears other tabs changing this index only', () => {
  const ls = memoryStorage();
  const store = open(ls);
  const had = Object.hasOwn(globalThis, 'window');
  const saved = globalThis.window;
  globalThis.window = new EventTarget();
  try {
    const heard = [];
    const stop = store.onExternalChange(() => heard.push('x'));
    const fire = (key, storageArea = ls) => {
      const event = new Event('storage');
      Object.assign(event, { key, storageArea });
      globalThis.window.dispatchEvent(event);
    };
    fire(P + 'root');
    fire(P + 'game.a.3'); // a record alone: its root swap follows
    fire('someone.else');
    fire(P + 'root', memoryStorage()); // another storage area
    fire(null); // cleared
    assert.equal(heard.length, 2);
    stop();
    fire(P + 'root');
    assert.equal(heard.length, 2);
  } finally {
    if (had) globalThis.window = saved;
    else delete globalThis.window;
  }
  assert.equal(typeof open(ls).onExternalChange(() => {}), 'function'); // no window: a no-op
});

// ---- issue 16: nothing read is trusted --------------------------------------------------

const nested = (n) => '['.repeat(n) + ']'.repeat(n);

test('nesting is counted outside strings, and a text past the cap is refused before parsing', () => {
  assert.equal(jsonDepth('{"a": [1, {"b": []}], "c": {}}'), 4);
  assert.equal(jsonDepth('["[[[[", "\\"[{["]'), 1, 'brackets inside strings, escaped quotes');
  assert.equal(jsonDepth(nested(MAX_DEPTH)), MAX_DEPTH);
  assert.equal(jsonDepth(nested(100_000)), MAX_DEPTH + 1, 'the scan stops past the cap');
  assert.deepEqual(parseStored(nested(MAX_DEPTH)).length, 1);
  assert.throws(() => parseStored(nested(MAX_DEPTH + 1)), /nested more than 32 levels/);
  assert.throws(() => parseStored('{"a": '), SyntaxError);
});

test('numbers past 2**53 are found anywhere in a record', () => {
  assert.equal(unsafeNumber({ a: [1, 2, { b: -(2 ** 53 - 1) }] }), '');
  assert.equal(unsafeNumber({ a: [1, 2, { b: 1e300 }] }), '1e+300');
  assert.equal(unsafeNumber([2 ** 53]), '9007199254740992');
  assert.equal(unsafeNumber({ s: '1e300' }), '', 'text is text');
});

test('a shape names the first wrong field, null and missing in words', () => {
  const shape = { names: is.listOf(is.text), played: is.count, best: is.orNull(is.number) };
  assert.equal(shapeProblem({ names: ['Ana'], played: 2, best: null }, shape), '');
  assert.equal(shapeProblem(null, shape), 'it is null');
  assert.equal(shapeProblem([], shape), 'it is not an object');
  assert.equal(shapeProblem({ names: 'Ana', played: 2, best: 3 }, shape), `its 'names' is wrong ("Ana")`);
  assert.equal(shapeProblem({ names: [null], played: 2, best: 3 }, shape), `its 'names' is wrong ([null])`);
  assert.equal(shapeProblem({ names: [], best: 3 }, shape), `its 'played' is missing`);
  assert.equal(shapeProblem({ names: [], played: 1.5, best: 3 }, shape), `its 'played' is wrong (1.5)`);
  assert.match(shapeProblem({ names: [], played: 1, best: 3, extra: [1e300] }, shape), /1e\+300, a number past 2\*\*53/);
});

/** A device with one game in progress, one finished match, statistics and a profile. */
function fullDevice() {
  const ls = memoryStorage();
  const store = open(ls);
  store.saveGame('a', state({ current: 2 }), { mySeats: [2], names: ['Ana', 'Ben', 'Me'], bots: [false, true, false] });
  store.saveGame('b', state({ variant: 'basic' }), { mySeats: [0], names: ['Me', 'Cy', 'Di'] });
  store.finishGame('z', { variant: 'basic', players: 2, names: ['Me', 'Cy'], mySeats: [0], scores: [150, 20], winners: [0], rounds: [[150, 20]] });
  store.finishGame('y', { variant: 'rummy101', players: 2, names: ['Me', 'Cy'], mySeats: [0], scores: [-40, 300], winners: [0], rounds: [[-40, 300]] });
  store.setProfile({ name: 'Me', accountPoints: -40, jokers: 2 });
  return ls;
}

function editRoot(ls, change) {
  const root = JSON.parse(ls.getItem(P + 'root'));
  change(root);
  ls.setItem(P + 'root', JSON.stringify(root));
}

/** Every read the start screen makes, as it makes them. */
function readEverything(store) {
  return {
    games: store.listGames(),
    finished: store.finishedGames(),
    stats: store.stats(),
    profile: store.profile(),
    settings: store.settings(),
  };
}

const BAD_VALUES = [null, 0, 'text', true, [], {}, [null], { names: 'Ana' }, 1e300];

test('each part of the index filled with wrong types and nulls in turn: it alone is set aside', () => {
  const parts = {
    'the finished list': (root, v) => (root.finished = v),
    'a finished game': (root, v) => (root.finished[1] = v),
    "a finished game's names": (root, v) => (root.finished[0].names = v),
    "a finished game's scores": (root, v) => (root.finished[0].scores = v),
    'the statistics': (root, v) => (root.stats = v),
    "a rule set's statistics": (root, v) => (root.stats.basic = v),
    'a statistic': (root, v) => (root.stats.basic.played = v),
    'the profile': (root, v) => (root.profile = v),
    'the account points': (root, v) => (root.profile.accountPoints = v),
    'the settings': (root, v) => (root.settings = v),
  };
  // The values that are right where they are put (empty lists, statistics
  // whose missing fields read as zero, settings of any JSON): everything else is wrong.
  const right = {
    'the finished list': ['[]'],
    "a finished game's names": ['[]'],
    "a finished game's scores": ['[]'],
    'the statistics': ['{}'],
    "a rule set's statistics": ['{}', '{"names":"Ana"}'],
    'a statistic': ['0'],
    'the account points': ['0'],
    'the settings': ['{}', '{"names":"Ana"}'],
  };
  for (const [what, put] of Object.entries(parts)) {
    for (const bad of BAD_VALUES) {
      const label = `${what} = ${JSON.stringify(bad)}`;
      const ls = fullDevice();
      const before = readEverything(open(ls));
      editRoot(ls, (root) => put(root, bad));
      const store = open(ls);
      const seen = readEverything(store);
      // The games in progress never suffer for another part.
      assert.deepEqual(seen.games, before.games, label);
      if (right[what]?.includes(JSON.stringify(bad))) {
        assert.deepEqual(store.problems, [], label);
        continue;
      }
      assert.deepEqual(
        store.problems.map((p) => p.kind),
        ['quarantined'],
        label,
      );
      assert.ok(store.problems[0].quarantineKey, label);
      const q = store.quarantined();
      assert.deepEqual(
        q.map((x) => x.key),
        [P + 'root'],
        label,
      );
      // What the page reads has its shape again, and the next open finds nothing wrong.
      assert.ok(
        seen.finished.every((f) => Array.isArray(f.names) && Array.isArray(f.scores)),
        label,
      );
      assert.ok(
        Object.values(seen.stats).every((s) => Number.isInteger(s.played)),
        label,
      );
      assert.equal(typeof seen.profile.name, 'string', label);
      assert.ok(Number.isInteger(seen.profile.accountPoints), label);
      assert.deepEqual(open(ls).problems, [], `${label}: mended for good`);
    }
  }
});

test('a finished game set aside keeps the other finished games and the statistics', () => {
  const ls = fullDevice();
  editRoot(ls, (root) => (root.finished[0] = null));
  const store = open(ls);
  assert.deepEqual(
    store.finishedGames().map((f) => f.id),
    ['z'],
  );
  assert.equal(store.stats().basic.played, 1);
  assert.equal(store.stats().rummy101.played, 1);
  assert.deepEqual(store.profile(), { name: 'Me', accountPoints: -40, jokers: 2 });
  const [p] = store.problems;
  assert.equal(p.part, 'finished');
  assert.match(p.reason, /finished game 1: it is null/);
});

test('a bad profile keeps its right fields and sets the rest aside', () => {
  const ls = fullDevice();
  editRoot(ls, (root) => (root.profile.jokers = 'many'));
  const store = open(ls);
  assert.deepEqual(store.profile(), { name: 'Me', accountPoints: -40, jokers: 1 });
  assert.equal(store.problems[0].part, 'profile');
  assert.match(store.problems[0].reason, /'jokers' is wrong \("many"\)/);
});

test('a game summary whose names are not a list is rebuilt from the game itself', () => {
  const ls = fullDevice();
  const before = open(ls).listGames();
  editRoot(ls, (root) => (root.games.a.summary.names = 'Ana'));
  const store = open(ls);
  assert.deepEqual(store.listGames(), before);
  assert.deepEqual(store.problems, [], 'nothing was lost: the summary is only a copy');
});

test('a game whose summary and record are both bad is set aside with its record', () => {
  const ls = fullDevice();
  const key = gameKeys(ls).find((k) => k.startsWith(P + 'game.a.'));
  editRoot(ls, (root) => (root.games.a.summary = null));
  ls.setItem(key, JSON.stringify({ id: 'a', state: null, meta: {} }));
  const store = open(ls);
  assert.deepEqual(
    store.listGames().map((g) => g.id),
    ['b'],
  );
  assert.equal(ls.getItem(key), null);
  const q = store.quarantined();
  assert.deepEqual(q.map((x) => x.key).sort(), [key, P + 'root'].sort());
  assert.ok(q.every((x) => x.part === 'game'));
});

test('a stored game holding a number past 2**53 is set aside; the other game loads', () => {
  const ls = fullDevice();
  const key = gameKeys(ls).find((k) => k.startsWith(P + 'game.a.'));
  const record = JSON.parse(ls.getItem(key));
  record.state.scores = [0, 1e300, 5];
  ls.setItem(key, JSON.stringify(record));
  const store = open(ls);
  assert.equal(store.loadGame('a'), null);
  assert.match(store.problems.at(-1).reason, /game a: it holds 1e\+300, a number past 2\*\*53/);
  assert.equal(store.loadGame('b').state.variant, 'basic');
  assert.deepEqual(
    store.listGames().map((g) => g.id),
    ['b'],
  );
});

test('a stored game nested thousands deep is set aside before it is parsed', () => {
  const ls = fullDevice();
  const key = gameKeys(ls).find((k) => k.startsWith(P + 'game.a.'));
  ls.setItem(key, `{"id": "a", "state": ${nested(5000)}, "meta": {}}`);
  const store = open(ls);
  assert.equal(store.loadGame('a'), null);
  assert.match(store.problems.at(-1).reason, /nested more than 32 levels deep/);
  // An index nested that deep is set aside too; the games come back from their records.
  ls.setItem(P + 'root', nested(5000));
  const again = open(ls);
  assert.match(again.problems[0].reason, /the index: it is nested more than 32/);
  assert.deepEqual(
    again.listGames().map((g) => g.id),
    ['b'],
  );
});

test('details the caller keeps are checked by its own metaProblem', () => {
  const ls = memoryStorage();
  const metaProblem = (meta) => (meta.record === undefined || Array.isArray(meta.record?.seats) ? '' : "its 'record' has no seats");
  const store = open(ls, { metaProblem });
  assert.ok(store.saveGame('a', state(), { record: { seats: [] } }).ok);
  assert.equal(store.saveGame('b', state(), { record: { seats: 'x' } }).reason, 'invalid', 'never written');
  const key = gameKeys(ls)[0];
  const record = JSON.parse(ls.getItem(key));
  record.meta.record.seats = null;
  ls.setItem(key, JSON.stringify(record));
  const again = open(ls, { metaProblem });
  assert.equal(again.loadGame('a'), null);
  assert.match(again.problems.at(-1).reason, /its details: its 'record' has no seats/);
});

test('a game the engine no longer loads is set aside: kept, exported, off the list', () => {
  const ls = fullDevice();
  const store = open(ls);
  assert.ok(store.setAside('a', 'the engine refused it').ok);
  assert.deepEqual(
    store.listGames().map((g) => g.id),
    ['b'],
  );
  assert.equal(store.problems.at(-1).kind, 'quarantined');
  const exported = JSON.parse(store.exportAll());
  assert.equal(exported.setAside.length, 1);
  assert.match(exported.setAside[0].reason, /game a: the engine refused it/);
  assert.equal(JSON.parse(exported.setAside[0].raw).state.variant, 'rummy101');
  // An export with something set aside imports the rest.
  const other = open(memoryStorage());
  assert.deepEqual(other.importAll(JSON.stringify(exported)), { ok: true, games: 1 });
  assert.deepEqual(
    open(ls)
      .listGames()
      .map((g) => g.id),
    ['b'],
  );
});

test('saves and results that would be set aside are never written', () => {
  const ls = memoryStorage();
  const store = open(ls);
  assert.equal(store.saveGame('a', state({ scores: [0, 1e300, 0] })).reason, 'invalid');
  assert.equal(store.saveGame('a', state(), { names: 'Ana' }).reason, 'invalid');
  const finish = { variant: 'basic', players: 2, names: ['A', 'B'], mySeats: [0], scores: [1, 2], winners: [1] };
  assert.equal(store.finishGame('z', { ...finish, scores: [2 ** 60, 2] }).reason, 'invalid');
  assert.equal(store.finishGame('z', { ...finish, names: [null, 'B'] }).reason, 'invalid');
  assert.equal(store.setProfile({ accountPoints: 1e300 }).ok, false);
  assert.equal(store.setSettings({ n: 1e300 }).ok, false);
  assert.deepEqual(store.listGames(), []);
  assert.deepEqual(store.finishedGames(), []);
});

test('an import is checked part by part before anything is written', () => {
  const ls = fullDevice();
  const text = open(ls).exportAll();
  const target = memoryStorage();
  const kept = open(target);
  kept.saveGame('keep', state());
  const damage = {
    'a finished game is null': (d) => (d.root.finished[0] = null),
    'names not a list': (d) => (d.root.finished[0].names = 'Ana'),
    'statistics null': (d) => (d.root.stats.basic = null),
    'profile points as text': (d) => (d.root.profile.accountPoints = '5'),
    'a score past 2**53': (d) => (d.games.a.state.scores = [1e300, 0, 0]),
    "a game's names not a list": (d) => (d.games.a.meta.names = 'Ana'),
  };
  for (const [what, change] of Object.entries(damage)) {
    const data = JSON.parse(text);
    change(data);
    const result = kept.importAll(JSON.stringify(data));
    assert.equal(result.reason, 'invalid', what);
    assert.match(result.detail, /damaged/, what);
  }
  const deep = kept.importAll(`{"kind": "${EXPORT_KIND}", "schema": 1, "root": ${nested(5000)}}`);
  assert.match(deep.detail, /nested more than 32 levels deep/);
  assert.deepEqual(
    open(target)
      .listGames()
      .map((g) => g.id),
    ['keep'],
    'nothing was written',
  );
  assert.deepEqual(open(target).problems, []);
});

test('after a full storage refused saves, the next open says which moves were not kept', () => {
  const ls = memoryStorage(4000);
  const store = open(ls);
  const log = (n) => Array.from({ length: n }, (_, i) => ({ type: 'draw', seat: i % 3 }));
  assert.ok(store.saveGame('a', state({ round: 2, log: log(4) })).ok);
  assert.equal(store.saveGame('a', state({ round: 2, log: log(6), pad: 'x'.repeat(3500) })).reason, 'quota');
  assert.equal(store.saveGame('a', state({ round: 2, log: log(7), pad: 'x'.repeat(3500) })).reason, 'quota');
  const again = open(ls);
  const unsaved = again.problems.find((p) => p.kind === 'unsaved');
  assert.equal(unsaved.count, 3);
  assert.equal(unsaved.round, 2);
  assert.deepEqual([unsaved.keptRound, unsaved.keptMoves], [2, 4]);
  assert.equal(unsaved.message, undefined, 'the page words it from the numbers');
  assert.equal(open(ls).problems.length, 0, 'said once');

  // Into the next round: from where the save stands. A later save that succeeds clears it.
  assert.equal(again.saveGame('a', state({ round: 3, log: log(2), pad: 'x'.repeat(3500) })).reason, 'quota');
  const later = open(ls).problems.find((p) => p.kind === 'unsaved');
  assert.deepEqual([later.keptRound, later.keptMoves, later.round], [2, 4, 3]);
  assert.equal(again.saveGame('a', state({ round: 3, log: log(3), pad: 'x'.repeat(3500) })).reason, 'quota');
  assert.ok(again.saveGame('a', state({ round: 3, log: log(3) })).ok);
  assert.deepEqual(open(ls).problems, []);
});

test('data from a newer version with a bad part is shown mended and never written', () => {
  const ls = fullDevice();
  editRoot(ls, (root) => {
    root.schema = SCHEMA_VERSION + 1;
    root.finished = [null];
    root.stats = { basic: null };
  });
  const raw = ls.getItem(P + 'root');
  const store = open(ls);
  assert.ok(store.readOnly);
  assert.deepEqual(store.finishedGames(), []);
  assert.deepEqual(store.stats(), {});
  assert.equal(store.listGames().length, 2);
  assert.equal(ls.getItem(P + 'root'), raw);
  assert.equal(store.quarantined().length, 0);
});

test('another tab writing a root with a bad part is not taken', () => {
  const ls = fullDevice();
  const store = open(ls);
  editRoot(ls, (root) => (root.finished = [null]));
  assert.equal(store.finishedGames().length, 2);
  assert.ok(store.finishedGames().every((f) => f !== null));
});

test('a game whose index entry is lost is found again by its record', () => {
  const ls = fullDevice();
  const before = open(ls).listGames();
  editRoot(ls, (root) => (root.games.a = null));
  const store = open(ls);
  assert.deepEqual(store.listGames(), before);
  assert.deepEqual(store.problems, []);
});

test('every game in progress is read when storage opens: a bad one is never listed', () => {
  const ls = fullDevice();
  const key = gameKeys(ls).find((k) => k.startsWith(P + 'game.b.'));
  ls.setItem(key, 'null');
  const store = open(ls);
  assert.deepEqual(
    store.listGames().map((g) => g.id),
    ['a'],
  );
  assert.deepEqual(
    store.problems.map((p) => [p.kind, p.part]),
    [['quarantined', 'game']],
  );
  assert.match(store.problems[0].reason, /game b: it is null/);
});

test('storage holds no words for the player: every reason and problem kind is in every catalogue', () => {
  for (const [lang, messages] of [
    ['en', en],
    ['he', he],
    ['ro', ro],
  ]) {
    for (const kind of PROBLEMS) if (kind !== 'unsaved') assert.ok(`data.problem.${kind}` in messages, `${lang} lacks data.problem.${kind}`);
    for (const reason of REFUSALS) if (reason !== 'conflict') assert.ok(`data.refused.${reason}` in messages, `${lang} lacks data.refused.${reason}`);
    for (const key of ['data.problem.unsaved', 'data.problem.unsavedAfter', 'data.problem.unsavedAll']) assert.ok(key in messages, `${lang} lacks ${key}`);
  }
});
