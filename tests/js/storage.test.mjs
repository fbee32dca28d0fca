// web/storage.js in Node with an in-memory localStorage: node --test tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { openStorage, memoryStorage, SCHEMA_VERSION, EXPORT_KIND } from '../../web/storage.js';

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
  assert.deepEqual(again.listGames().map((g) => [g.id, g.waiting]), [['b', true], ['a', false]]);
  assert.deepEqual(again.gamesWaiting().map((g) => g.id), ['b']);
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
  assert.match(result.message, /full.*export/i);
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
  assert.deepEqual(store.listGames().map((g) => g.id).sort(), ['a', 'b']);
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
  assert.deepEqual(again.listGames().map((g) => g.id), ['b']);
  assert.deepEqual(open(ls).listGames().map((g) => g.id), ['b']);
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
  assert.deepEqual(open(ls).finishedGames().map((g) => g.id), ['b', 'a']);
});

test('round statistics: rounds counted, the best round is the highest in every rule set', () => {
  // RULES.md §3 scores Rummy 101 as points gained (+) or lost (−), "higher is better", so its
  // best round is the highest too (a −808 round is the worst there is, never the best).
  const store = open(memoryStorage());
  store.finishGame('a', { variant: 'rummy101', players: 2, mySeats: [0], scores: [-101, 101], winners: [1], rounds: [[101, -202], [-202, 303]] });
  store.finishGame('b', { variant: 'rummy101', players: 2, mySeats: [1], scores: [0, 404], winners: [1], rounds: [[-404, 404]] });
  store.finishGame('c', { variant: 'basic', players: 2, mySeats: [0], scores: [40, 90], winners: [1], rounds: [[15, 0], [25, 90]] });
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
  assert.deepEqual(other.listGames().map((g) => g.id), ['a']);
  assert.equal(other.loadGame('a').state.turn, 9);
  assert.equal(other.profile().name, 'Ana');
  assert.equal(other.stats().basic.won, 1);

  assert.equal(other.importAll('not json').reason, 'invalid');
  assert.equal(other.importAll(JSON.stringify({ kind: 'something else' })).reason, 'invalid');
  const newer = JSON.stringify({ ...JSON.parse(text), schema: SCHEMA_VERSION + 1 });
  assert.equal(other.importAll(newer).reason, 'newer');
  const damaged = JSON.parse(text);
  damaged.games.a.id = 'b';
  assert.match(other.importAll(JSON.stringify(damaged)).message, /damaged/);

  const small = memoryStorage(1500);
  const tight = open(small);
  tight.saveGame('keep', state());
  const big = JSON.parse(text);
  big.games.a.state.log = 'x'.repeat(3000);
  const result = tight.importAll(JSON.stringify(big));
  assert.equal(result.reason, 'quota');
  assert.deepEqual(open(small).listGames().map((g) => g.id), ['keep']);
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
  for (const store of [tab1, tab2, open(ls)]) assert.deepEqual(store.listGames().map((g) => g.id).sort(), ['a', 'b']);
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
  assert.deepEqual(refused, {
    ok: false,
    reason: 'conflict',
    message: 'This game was played on in another tab or window. Reload to continue from the latest save.',
  });
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
  assert.deepEqual(tab2.finishedGames().map((g) => g.id), ['a']);
  assert.deepEqual(tab2.listGames().map((g) => g.id), ['b']);
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
  assert.deepEqual(tab1.listGames().map((g) => g.id), ['a']);
  assert.ok(tab1.saveGame('b', state()).ok);
  assert.deepEqual(open(ls).listGames().map((g) => g.id).sort(), ['a', 'b']);
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
