/**
 * Keeping the match in progress on this device (web/ui/records.js): a move at once (a link may
 * open the next page any moment), other changes to its record (names, who plays by link)
 * within 600 ms; round and match results at once. `<html data-save="pending|done">` says
 * whether the last change is kept yet (tests wait for it).
 */
import { saveProblemText } from './games-view.js';

export function createAutosave({ engine, ctl, records, t }) {
  let timer = 0;
  let savedView = null;
  let saving = 0; // saves running

  const mark = () => (document.documentElement.dataset.save = timer || saving ? 'pending' : 'done');

  function soon(now = false) {
    clearTimeout(timer);
    timer = setTimeout(save, now || ctl.view !== savedView ? 0 : 600);
    mark();
  }

  async function save() {
    clearTimeout(timer);
    timer = 0;
    const record = ctl.record;
    if (!record || !ctl.view || record.finished) {
      mark();
      return;
    }
    savedView = ctl.view;
    saving += 1;
    mark();
    try {
      const { state } = await engine.call('state', { game: record.id });
      const saved = record.finished ? { ok: true } : records.save(record, state);
      // A full storage must not go unnoticed mid-game (another tab's move is told apart).
      const said = saveProblemText(t, saved);
      if (said && saved.reason !== 'conflict' && ctl.record === record && ctl.message?.text !== said) ctl.say(said, 'status', 'error');
    } catch {
      /* an unsaved step is not worth interrupting play for */
    } finally {
      saving -= 1;
      mark();
    }
  }

  /** After any change on the table: results kept at once, the game soon. */
  function changed() {
    const record = ctl.record;
    const view = ctl.view;
    if (!record || !view) return;
    if (view.round_over) records.settleRound(record, view);
    if (view.game_over && !record.finished) {
      record.finished = true;
      records.finish(record, view);
    }
    soon();
  }

  /** The hand's order and sort are kept at once too (a reload shows them as they were). */
  function arranged() {
    if (ctl.record) soon(true);
  }
  /** Before the table's game is closed (another one opens, or the player leaves): its last
   * change must not wait for a timer that would find the next game there. */
  function beforeClose() {
    if (timer) save();
  }

  return { changed, arranged, beforeClose, soon, now: save };
}
