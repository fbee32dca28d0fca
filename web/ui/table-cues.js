/**
 * Sounds for what just happened on the table (web/ui/sound.js): one cue per change, and
 * "your turn" when it comes. A game or round just opened is not news.
 */
import { createSound, cueFor } from './sound.js';

export function createTableCues({ ctl, prefs }) {
  const sound = createSound({ enabled: () => prefs.get().sound !== false });
  const heard = { game: null, round: null, count: 0, myTurn: false, roundOver: false };

  function play() {
    const v = ctl.view;
    if (!v || ctl.replay || !ctl.record) return;
    const count = (v.log || []).length;
    if (heard.game !== ctl.record.id || heard.round !== v.round) {
      Object.assign(heard, { game: ctl.record.id, round: v.round, count, myTurn: ctl.myTurn, roundOver: v.round_over });
      return;
    }
    let cue = null;
    if (v.round_over && !heard.roundOver) cue = cueFor(v, heard.count, ctl.youSeat);
    else if (!v.round_over && count > heard.count) cue = cueFor(v, heard.count, ctl.youSeat);
    const turnNow = ctl.myTurn && !heard.myTurn;
    Object.assign(heard, { count, myTurn: ctl.myTurn, roundOver: v.round_over });
    if (cue) sound.play(cue);
    if (turnNow) setTimeout(() => sound.play('turn'), cue ? 250 : 0);
  }

  return { play };
}
