/**
 * What the table keeps on this device, through web/storage.js: the match in progress (so a
 * reload or a closed tab loses nothing), finished matches with their scores, and the local
 * player's Rummy 101 account — points won and lost, and the jokers the joker button draws on
 * (RULES.md §3 "Joker button" and "Accounts": the device keeps the local player's account).
 */
import { openStorage } from '../storage.js';

const humanSeats = (record) => record.seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);

export function createRecords() {
  let store = null;
  try {
    store = openStorage();
  } catch {
    store = null; // the game still plays; it just keeps nothing
  }

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

    save(record, state) {
      store?.saveGame(record.key, state, { names: record.seats.map((s) => s.name), mySeats: humanSeats(record), record });
    },

    /** A finished Rummy 101 round moves the first person's points and used joker into the
     * account, once per round. */
    settleRound(record, view) {
      if (!store || view.variant !== 'rummy101') return;
      const seat = humanSeats(record)[0];
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
        mySeats: humanSeats(record),
        scores: view.scores,
        winners: view.winners || [],
      });
    },

    drop(record) {
      if (record?.key) store?.deleteGame(record.key);
    },

    /** The most recent match in progress: {record, state, variant, round} or null. */
    latest() {
      const game = store?.listGames().find((g) => !g.over);
      if (!game) return null;
      const saved = store.loadGame(game.id);
      if (!saved?.meta?.record) return null;
      return { record: saved.meta.record, state: saved.state, variant: game.variant, round: game.round };
    },
  };
}
