/**
 * The score sheet: at the end of a round, who won and how (`round_result.kind`), each seat's
 * points with the reason (`status`: Rummy 101's table rows, going rummy doubled, stalemate),
 * the cards left in every hand, the running totals and past rounds (`history`); at the end of
 * the match, the winner and a new match. Also opened mid-round from the score button.
 */
import { h, numeral, personName } from './dom.js';
import { sortCodes } from './notation.js';
import { renderPiece } from './pieces.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The round's result in a sentence; when the winner is "you" (`you`: the one person at this
 * device), in the sentence written for you ("You went out and score 12."). */
export function headline(result, t, name, you = null) {
  const w = result.winner;
  const params = { name: w === null || w === undefined ? '' : name(w), points: w === null || w === undefined ? 0 : result.points[w] };
  const key = `result.${result.kind}`;
  return t(w !== null && w !== undefined && w === you && t.has(`${key}.you`) ? `${key}.you` : key, params);
}

function reason(result, seat, t) {
  const status = result.status?.[seat] ?? (result.winner === seat ? 'winner' : 'loser');
  const value = result.values?.[seat] ?? 0;
  if (status === 'winner') return t(`reason.winner.${result.kind}`) === `reason.winner.${result.kind}` ? t('reason.winner') : t(`reason.winner.${result.kind}`);
  return t(`reason.${status}`, { value, count: value });
}

/** Who plays first in the next round (the first seat moves on by one each round); in a game
 * played by link, that person starts it on their own device once they have the result. */
function nextRoundLine(ctl, v, n, t) {
  if (v.first === undefined || v.first === null) return null;
  const seat = (v.first + 1) % n;
  const params = { n: v.round + 1, name: ctl.name(seat) };
  const key = ctl.isRemote(seat) ? 'sheet.firstThere' : ctl.isOnlyPersonHere(seat) ? 'sheet.firstYou' : 'sheet.first';
  return h('p', { class: 'next-first', id: 'sheet-next', text: t(key, params) });
}

export function renderSheet({ t, ctl, on, midRound = false, extra = null }) {
  const v = ctl.view;
  const n = v.players ?? v.hand_sizes.length;
  const result = midRound ? null : v.round_result;
  const name = (s) => ctl.name(s);
  const rows = Array.from({ length: n }, (_, s) => s);

  const roundTable = result
    ? h(
        'table',
        { class: 'sheet-table', id: 'round-table' },
        h('caption', { class: 'sr-only', text: t('sheet.roundCaption', { n: result.round ?? v.round }) }),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col', text: t('sheet.player') }),
            h('th', { scope: 'col', text: t('sheet.left') }),
            h('th', { scope: 'col', class: 'num', text: t('sheet.points') }),
            h('th', { scope: 'col', class: 'num', text: t('sheet.total') }),
          ),
        ),
        h(
          'tbody',
          {},
          rows.map((s) =>
            h(
              'tr',
              { class: [result.winner === s && 'winner'], 'data-seat': s },
              h('th', { scope: 'row' }, personName(name(s), 'who'), h('small', { class: 'why', text: reason(result, s, t) })),
              h(
                'td',
                { class: 'left' },
                (result.hands?.[s] || []).length
                  ? h(
                      'span',
                      { class: 'mini-hand' },
                      // In the order this device sorts a hand (the engine keeps them as drawn).
                      sortCodes(result.hands[s], ctl.preferredSort()).map((c) => renderPiece(c, t, { size: 'mini' })),
                    )
                  : h('span', { class: 'muted', text: '—' }),
              ),
              h('td', { class: 'num pts' }, numeral(signed(result.points?.[s] ?? 0))),
              h('td', { class: 'num total' }, numeral(v.scores?.[s] ?? 0)),
            ),
          ),
        ),
      )
    : null;

  const history = v.history || [];
  const historyTable =
    history.length > 1 || (midRound && history.length)
      ? h(
          'details',
          { class: 'history', open: midRound || undefined },
          h('summary', { text: t('sheet.history') }),
          h(
            'div',
            { class: 'scroll-x' },
            h(
              'table',
              { class: 'sheet-table compact' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  h('th', { scope: 'col', text: t('sheet.round') }),
                  rows.map((s) => h('th', { scope: 'col', class: 'num' }, personName(name(s)))),
                ),
              ),
              h(
                'tbody',
                {},
                history.map((r, i) =>
                  h(
                    'tr',
                    {},
                    h('th', { scope: 'row', text: String(r.round ?? i + 1) }),
                    rows.map((s) => h('td', { class: 'num' }, numeral(signed(r.points?.[s] ?? 0)))),
                  ),
                ),
              ),
              h(
                'tfoot',
                {},
                h(
                  'tr',
                  {},
                  h('th', { scope: 'row', text: t('sheet.total') }),
                  rows.map((s) => h('td', { class: 'num' }, numeral(v.scores?.[s] ?? 0))),
                ),
              ),
            ),
          ),
        )
      : null;

  let title;
  let sub = null;
  let next = null;
  let buttons;
  if (midRound) {
    title = t('scores.title');
    buttons = [h('button', { class: 'btn primary', type: 'button', id: 'sheet-close', 'data-fk': 'sheet-close', onclick: on.close, text: t('sheet.close') })];
  } else if (v.game_over) {
    const winners = v.winners || [];
    title =
      winners.length > 1
        ? t('match.shared', { names: t.names(winners.map(name)) })
        : winners[0] === ctl.youSeat
          ? t('match.winnerYou')
          : t('match.winner', { name: name(winners[0]) });
    sub = headline(result, t, name, ctl.youSeat);
    buttons = [
      h('button', {
        class: 'btn primary',
        type: 'button',
        id: 'new-match',
        'data-fk': 'new-match',
        onclick: on.newMatch,
        text: t(ctl.record?.link ? 'match.againSame' : 'match.again'),
      }),
      h('button', { class: 'btn', type: 'button', id: 'to-start', 'data-fk': 'to-start', onclick: on.toStart, text: t('match.toStart') }),
    ];
  } else {
    title = t('sheet.roundOver', { n: result.round ?? v.round });
    sub = headline(result, t, name, ctl.youSeat);
    next = nextRoundLine(ctl, v, n, t);
    buttons = [
      h('button', {
        class: 'btn primary',
        type: 'button',
        id: 'next-round',
        'data-fk': 'next-round',
        'aria-busy': ctl.dealing ? 'true' : undefined,
        onclick: on.nextRound,
        text: t(ctl.dealing ? 'sheet.dealing' : 'sheet.nextRound'),
      }),
    ];
  }

  return h(
    'div',
    { class: 'overlay' },
    h(
      'section',
      { class: ['sheet', v.game_over && !midRound && 'match-over'], role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'sheet-title', id: 'score-sheet' },
      h('h2', { id: 'sheet-title', text: title }),
      sub ? h('p', { class: 'headline', id: 'sheet-headline', text: sub }) : null,
      roundTable,
      midRound
        ? h(
            'table',
            { class: 'sheet-table' },
            h(
              'tbody',
              {},
              rows.map((s) => h('tr', {}, h('th', { scope: 'row' }, personName(name(s))), h('td', { class: 'num total' }, numeral(v.scores?.[s] ?? 0)))),
            ),
          )
        : null,
      historyTable,
      midRound ? null : extra, // play by link: send the result to the people on other devices
      next,
      h('div', { class: 'sheet-buttons' }, buttons),
    ),
  );
}
