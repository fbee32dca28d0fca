/**
 * What the table keeps on this device, through web/storage.js: the matches in progress (so a
 * reload or a closed tab loses nothing, and several can wait), finished matches with their
 * scores, statistics per rule set, and the local player's Rummy 101 account — points won and
 * lost, and the jokers the joker button draws on (RULES.md §3 "Joker button" and "Accounts":
 * the device keeps the local player's account). Everything exports to and imports from one
 * JSON text. A save refused (another tab played on, storage full) is kept as `saveProblem`
 * for the start screen to show. A kept match whose record is not what this page writes
 * (MATCH), or that the engine no longer loads (setAside), is set aside by web/storage.js:
 * reported and exported, never in the way of the other games.
 */
import { openStorage, is, shapeProblem } from '../storage.js';
import { peopleSeats } from './setup.js';

/** The match record the table keeps with each game (controller.js, link-play.js): what is
 * read back from storage before a game reopens. */
const SEAT = { name: is.text, bot: is.orNull(is.text) };
const LINK = {
  mySeats: is.listOf(is.count),
  gameId: is.optional(is.orNull(is.text)),
  fair: is.optional(is.orNull(is.shape({ invite: is.text, secret: is.text }))),
};
export const MATCH = {
  key: is.text,
  variant: is.text,
  players: is.count,
  seats: is.listOf(is.shape(SEAT)),
  viewer: is.count,
  options: is.optional(is.orNull(is.object)),
  link: is.optional(is.orNull(is.shape(LINK))),
};

/** Why a stored game's details cannot reopen it, or '' (openStorage's `metaProblem`). */
export function matchProblem(meta) {
  if (meta.record === undefined) return 'its match record is missing';
  const why = shapeProblem(meta.record, MATCH);
  if (why) return `its match record: ${why}`;
  const { seats, players, viewer } = meta.record;
  if (seats.length !== players || viewer >= players) return 'its match record: its seats do not match its players';
  return '';
}

/** The seats this device plays: in a game played by link only its own (record.link.mySeats),
 * else every person's (pass-and-play). */
const mySeats = (record) => record.link?.mySeats ?? peopleSeats(record.seats);

export function createRecords() {
  let store = null;
  let openFailed = false;
  try {
    store = openStorage({ metaProblem: matchProblem });
  } catch {
    store = null; // the game still plays; it just keeps nothing
    openFailed = true;
  }
  let saveProblem = null; // the last refused save or leave: {reason, detail}
  let onExternal = null;
  let watching = null;

  return {
    /** The account of the local player: {accountPoints, jokers}. */
    profile() {
      const p = store?.profile() || {};
      return { accountPoints: p.accountPoints ?? 0, jokers: p.jokers ?? 1 };
    },

    /** Rummy 101's `joker_accounts` option: the local player's jokers, 1 for everyone else. */
    jokerAccounts(seats) {
      const mine = this.profile().jokers;
      return seats.map((s) => (s.bot ? 1 : mine));
    },

    /** Returns storage's result: {ok} or {ok: false, reason, detail?} (e.g. 'conflict'). */
    save(record, state) {
      if (!store) return { ok: false, reason: 'unavailable' };
      const result = store.saveGame(record.key, state, {
        names: record.seats.map((s) => s.name),
        mySeats: mySeats(record), // a game is "waiting for you" on this device's seats only
        bots: record.seats.map((s) => Boolean(s.bot)),
        record,
      });
      saveProblem = result.ok ? null : { reason: result.reason, detail: result.detail };
      return result;
    },

    /** A finished Rummy 101 round moves the points and used joker of this device's (first)
     * seat into the account, once per round. */
    settleRound(record, view) {
      if (!store || view.variant !== 'rummy101') return;
      const seat = mySeats(record)[0];
      if (seat === undefined) return;
      record.settled = record.settled || [];
      if (record.settled.includes(view.round)) return;
      record.settled.push(view.round);
      const p = this.profile();
      const points = view.round_result?.points?.[seat] ?? 0;
      const used = view.joker_button?.enabled && view.joker_button.used?.[seat] ? 1 : 0;
      store.setProfile({ accountPoints: p.accountPoints + points, jokers: Math.max(0, p.jokers - used) });
    },

    finish(record, view) {
      store?.finishGame(record.key, {
        variant: view.variant,
        players: record.seats.length,
        names: record.seats.map((s) => s.name),
        mySeats: mySeats(record),
        scores: view.scores,
        winners: view.winners || [],
        rounds: (view.history || []).map((r) => r.points),
      });
    },

    /** Leaving a match removes it — unless another tab has played on it since (kept then). */
    drop(record) {
      if (!record?.key || !store) return;
      const result = store.deleteGame(record.key, { ifUnchanged: true });
      if (!result.ok) saveProblem = { reason: result.reason, detail: result.detail };
    },

    /** Whether another tab has played on (or finished, or deleted) this match since this
     * tab last loaded or saved it. */
    stale(record) {
      return Boolean(record?.key && store?.isStale(record.key));
    },

    /** Game `key` no longer opens (the engine refused its state, saying `reason`): set it
     * aside — kept for export, reported on the start screen — so it is off the list and never
     * tried again. */
    setAside(key, reason) {
      return store ? store.setAside(key, reason) : { ok: true };
    },

    /** The list's Delete: remove game `key` for good. */
    remove(key) {
      return store ? store.deleteGame(key) : { ok: true };
    },

    /** Games in progress (storage summaries), the ones waiting for this device first. */
    list() {
      return store ? store.listGames().filter((g) => !g.over) : [];
    },

    /** One game in progress to resume: {record, state} or null. */
    load(key) {
      const saved = store?.loadGame(key);
      if (!saved?.meta?.record || !saved.state) return null;
      return { record: saved.meta.record, state: saved.state };
    },

    /** The last `n` finished matches, newest first. */
    finished(n = 10) {
      return store ? store.finishedGames().slice(0, n) : [];
    },

    stats() {
      return store ? store.stats() : {};
    },

    /** What the start screen should say about storage: [{kind, ...params}] — problems found
     * when it opened (set-aside data with its `part`, moves a full storage did not keep, no
     * storage, a newer version) and the last refused save (games-view.js words them). */
    problems() {
      const out = store ? store.problems.map((p) => ({ ...p })) : [];
      if (openFailed) out.push({ kind: 'unavailable' });
      if (saveProblem) out.push({ kind: saveProblem.reason, detail: saveProblem.detail });
      return out;
    },

    /** Everything as one JSON text, or null when nothing can be read. */
    exportText() {
      return store ? store.exportAll() : null;
    },

    /** Replace everything with an export: {ok: true, games} or {ok: false, reason, detail?}. */
    importText(text) {
      if (!store) return { ok: false, reason: 'unavailable' };
      const result = store.importAll(text);
      if (result.ok) saveProblem = null;
      return result;
    },

    /** `callback()` when another tab changes the games; one listener (a later call replaces it). */
    onExternalChange(callback) {
      onExternal = callback;
      if (store && !watching) watching = store.onExternalChange(() => onExternal?.());
    },

    /** The most recent match in progress: {record, state, variant, round} or null. */
    latest() {
      const game = this.list()[0];
      if (!game) return null;
      const saved = store.loadGame(game.id);
      if (!saved?.meta?.record) return null;
      return { record: saved.meta.record, state: saved.state, variant: game.variant, round: game.round };
    },
  };
}
