/**
 * "Review the round" on the score sheet: the engine's expert looks back at the round from this
 * device's seat (webapi `review`, docs/BOTS.md "The expert level") and names up to three draws
 * or discards where it would have chosen otherwise and it mattered most — each in a sentence,
 * with a button that shows that moment on the table (the replay the page already has).
 * Judged from what the seat could see then, never from hidden cards; computed in the worker
 * (a few seconds: the sheet says it is looking meanwhile, and the page stays usable).
 */
import { h } from './dom.js';
import { pieceAlone } from './pieces.js';

/** The seat's own turn number at log index `event` (1 for its first turn of the round). */
export function ownTurn(log, event, seat) {
  let turns = 1;
  for (let i = 0; i < event && i < log.length; i++) if (log[i].seat === seat && log[i].type === 'discard') turns++;
  return turns;
}

/** The card on top of the discard pile just before log index `event` (its last discard). */
export function pileTopBefore(log, event) {
  for (let i = Math.min(event, log.length) - 1; i >= 0; i--) {
    const e = log[i];
    if (e.type === 'discard') return e.card ?? e.tile ?? null;
    if (e.type === 'draw' && e.source === 'discard') return null; // taken: what lay under it is not in the log
  }
  return null;
}

/** The piece a draw's or discard's choice names (`played`, `expert` of a moment). */
const pieceOf = (choice) => choice?.card ?? choice?.tile ?? null;

/** One moment in words: "Turn 4: you discarded K♦; discarding 9♣ would have left you 6
 * points better off on average." `moment` as the engine answers it; `log` the round's log.
 * The points are whole: the figure is an average over a few sampled deals, some points either
 * way (docs/BOTS.md, *Round review*), and "15.7" claimed a precision it does not have. */
export function momentText(moment, log, seat, t) {
  const n = ownTurn(log, moment.event, seat);
  const count = Math.max(1, Math.round(moment.loss)); // the engine tells none under 1 point
  const loss = new Intl.NumberFormat(t.lang).format(count);
  const name = (code) => pieceAlone(code, t); // as the turn log writes it
  const { played, expert } = moment;
  if (moment.kind === 'discard') {
    return t('review.discard', { n, played: name(pieceOf(played)), expert: name(pieceOf(expert)), loss, count });
  }
  // The engine says what lay on the pile (`pile`); the log alone misses the card turned up at
  // the deal and what lay under a card taken.
  const top = moment.pile ?? pileTopBefore(log, moment.event);
  const card = top ? name(top) : t('review.theDiscard');
  return t(DRAW_SENTENCES[`${played.source} ${expert.source}`], { n, card, loss, count });
}

// A draw's moment by where the person drew and where the expert would have: the stock, the
// discard pile, or (Rummy 101, when the option is on) the joker button.
const DRAW_SENTENCES = {
  'stock discard': 'review.drewStock',
  'discard stock': 'review.tookDiscard',
  'stock joker': 'review.drewStockNotJoker',
  'discard joker': 'review.tookDiscardNotJoker',
  'joker stock': 'review.jokerNotStock',
  'joker discard': 'review.jokerNotDiscard',
};

/** The piles a draw's moment marks: the one drawn from then ('played') and the expert's
 * ('better'). The joker button is neither pile, and a discard's moment marks none. */
export function momentPiles(moment) {
  if (moment.kind !== 'draw') return null;
  const piles = {};
  for (const [choice, mark] of [
    [moment.played, 'played'],
    [moment.expert, 'better'],
  ]) {
    if (choice?.source === 'stock' || choice?.source === 'discard') piles[choice.source] = mark;
  }
  return piles;
}

/** The review's moment a replay shows now: on its first step only, else null. */
export const momentShown = (replay) => (replay?.index === 0 ? (replay.moment ?? null) : null);

/** The hand's pieces a review moment marks (`moment.marks` on the replay's first step): item
 * key → 'played' (discarded then) or 'better' (the expert's discard), the first of each code. */
export function momentMarks(replay, items) {
  const marks = new Map();
  const m = momentShown(replay)?.marks;
  if (!m) return marks;
  for (const [mark, code] of [
    ['played', m.played],
    ['better', m.better],
  ]) {
    const item = items.find((i) => i.code === code && !marks.has(i.key));
    if (item) marks.set(item.key, mark);
  }
  return marks;
}

/** A pile's mark at a review moment's first replay step: 'played', 'better' or null. */
export const pileMark = (replay, pile) => momentShown(replay)?.piles?.[pile] ?? null;

export function createRoundReview({ engine, ctl, t, render }) {
  // The review of one seat's round: {key, seat, status: 'working'|'done'|'failed', answer, error}.
  let shown = null;
  const keyOf = (seat) => `${ctl.record?.id}:${ctl.view?.round}:${seat}`;
  const current = () => (shown && shown.key === keyOf(shown.seat) ? shown : null);

  async function ask(seat) {
    const key = keyOf(seat);
    if (current()?.status === 'working') return; // a second tap waits with the first
    shown = { key, seat, status: 'working', answer: null, error: null };
    render();
    try {
      const answer = await engine.call('review', { game: ctl.record.id, seat });
      if (shown?.key === key) Object.assign(shown, { status: 'done', answer });
    } catch (err) {
      if (shown?.key === key) Object.assign(shown, { status: 'failed', error: err?.message || String(err) });
    }
    render();
  }

  /** The table just before the moment's move, then the moves to the round's end. At the
   * moment itself the replay bar says it, and what was played then and what the expert would
   * have played are marked: a discard's two pieces in the hand, a draw's two piles. */
  async function showMoment(moment) {
    const seat = shown.seat;
    const text = momentText(moment, ctl.view?.log || [], seat, t);
    const marks = moment.kind === 'discard' ? { played: pieceOf(moment.played), better: pieceOf(moment.expert) } : null;
    try {
      const { steps } = await engine.call('replay', { game: ctl.record.id, seat, since: moment.event });
      ctl.startReplay(steps, { text, marks, piles: momentPiles(moment) });
    } catch (err) {
      Object.assign(shown, { status: 'failed', error: err?.message || String(err) });
      render();
    }
  }

  /** The sheet's part: the button, then "looking…", then the moments. For the people who play
   * on this device, after a round (not a mid-round score check, not during a replay). Where
   * two or more share the device (pass and play) each has a button with their name, and the
   * review says whose round it looks at: its "you" is that person. */
  function panel() {
    const v = ctl.view;
    const here = ctl.peopleHere;
    if (!v?.round_over || ctl.replay || !ctl.record || !here.length) return null;
    const named = here.length > 1;
    const mine = current();
    const section = (attrs, ...children) => h('section', { class: 'review', id: 'review', 'aria-labelledby': 'review-title', ...attrs }, ...children);
    const askButton = (seat, again = false) =>
      h('button', {
        class: 'btn',
        type: 'button',
        id: named ? `review-round-${seat}` : 'review-round',
        'data-fk': named ? `review-round-${seat}` : 'review-round',
        onclick: () => ask(seat),
        text: again ? t('review.again') : named ? t('review.buttonFor', { name: ctl.name(seat) }) : t('review.button'),
      });
    // Before a review, and after one, a button for each person here whose round is not shown.
    const others = mine?.status === 'working' ? [] : here.filter((seat) => seat !== mine?.seat);
    const more = others.length
      ? h(
          'div',
          { class: 'review-people' },
          others.map((seat) => askButton(seat)),
        )
      : null;
    if (!mine) return h('section', { class: 'review', id: 'review' }, more); // no title yet: the buttons say it
    const title = h('h3', { id: 'review-title', text: named ? t('review.titleFor', { name: ctl.name(mine.seat) }) : t('review.title') });
    if (mine.status === 'working') {
      return section(
        { 'aria-busy': 'true' },
        title,
        h('p', { class: 'msg info', role: 'status', id: 'review-status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('review.working')),
      );
    }
    if (mine.status === 'failed') {
      return section(
        {},
        title,
        h('p', { class: 'msg error', role: 'alert', id: 'review-status', text: t('review.failed', { reason: mine.error }) }),
        askButton(mine.seat, true),
        more,
      );
    }
    const { moments = [], decisions = 0, reviewable = true } = mine.answer || {};
    const log = v.log || [];
    let summary;
    if (!reviewable) summary = t('review.notReviewable');
    else if (!moments.length) summary = t('review.nothing', { count: decisions });
    else summary = t('review.found', { count: moments.length, decisions });
    return section(
      {},
      title,
      h('p', { role: 'status', id: 'review-status', text: summary }),
      moments.length
        ? h(
            'ol',
            { class: 'review-moments', id: 'review-moments' },
            moments.map((m, i) =>
              h(
                'li',
                {},
                h('p', { class: 'review-text', text: momentText(m, log, mine.seat, t) }),
                h('button', {
                  class: 'btn small',
                  type: 'button',
                  id: `review-show-${i}`,
                  'data-fk': `review-show-${i}`,
                  onclick: () => showMoment(m),
                  text: t('review.show'),
                }),
              ),
            ),
          )
        : null,
      more,
    );
  }

  return { panel };
}
