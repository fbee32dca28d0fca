/**
 * The table, rendered only from the latest view JSON plus the player's hand arrangement.
 * Reads top to bottom (STYLE.md "The table's look"): opponents, melds grouped by owner, stock
 * and discard, the turn log, then your hand and, under your thumb, the actions of the moment.
 * Other seats' hands are drawn as backs with a count — no codes of theirs reach the DOM.
 */
import { h, keep, numeral, personName } from './dom.js';
import { renderPiece, renderBack, pieceName, piecesText, piecesWords } from './pieces.js';
import { logLines, turnedUpLine } from './log-text.js';
import { momentMarks, pileMark } from './review.js';
import { buttonReasons, openingProgress, takeableDiscard, jokerButtonState } from './rules-of-play.js';
import { stagedKeys, groupEnds, tabStop } from './hand-model.js';
import { stepText, adviceNotes } from './hint-steps.js';
import { parseCode } from './notation.js';

let lastDiscardTop = null;
// Meld sizes at the previous render: a meld that is new or grew since then is marked fresh,
// so a person can follow what a computer player just laid (the mark fades; no motion needed).
let lastMeldSizes = new Map();

export function renderTable({ t, ctl, on, wide }) {
  const v = ctl.view;
  const n = v.players ?? v.hand_sizes.length;
  const me = ctl.viewer;
  const kind = v.variant === 'rummy101' ? 'tile' : 'card';
  const reasons = buttonReasons(ctl);
  const msg = ctl.message;
  const msgNear = (where) => (msg && msg.near === where ? messageBox({ t, ctl, on, where }) : null);

  // meldsArea and pilesArea remember what they drew, to mark what is new: one call each a render.
  const header = topBar({ t, v, on });
  // The others, clockwise after this seat.
  const order = Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
  const opponents = h(
    'section',
    // Five or six others make two rows of seats on a phone: styles.css keeps them short there.
    { class: ['opponents', order.length >= 4 && 'many'], 'aria-label': t('table.opponents') },
    order.map((seat) => seatChip({ t, ctl, v, seat, kind })),
  );

  const banner = turnBanner({ t, ctl, v });
  const meldsSection = meldsArea({ t, ctl, v, me, on, msgNear });
  const piles = pilesArea({ t, ctl, v, kind, reasons, on, msgNear });
  const { log, sinceStrip } = logArea({ t, ctl, v, me, wide });
  const myArea = renderMyArea({ t, ctl, v, me, reasons, on, msgNear, kind, wide });

  // Public facts only (whose turn, which phase), for styles and tests.
  const main = h(
    'main',
    {
      class: ['table', `v-${v.variant}`, ctl.myTurn && 'my-turn'],
      id: 'table',
      'data-phase': v.phase,
      'data-current': v.current_player,
      'data-viewer': me,
      'data-round': v.round,
      'data-my-turn': ctl.myTurn ? 'yes' : 'no',
    },
    header,
    h(
      'div',
      { class: 'table-body' },
      // The piles come before the melds: the hand's panel covers the screen's lower part (on a
      // wide screen too, once the Hint opens in it or the melds fill rows), and the discard to
      // take must be in sight when the turn begins. A wide screen has the log at the side.
      h('div', { class: 'table-main' }, opponents, banner, sinceStrip, msgNear('status'), piles, meldsSection, wide ? null : log),
      wide ? h('aside', { class: 'table-side' }, scoresMini({ t, ctl, v }), log) : null,
    ),
    myArea,
  );
  return main;
}

/** The page's one message, beside what it is about (`msg.near`: the status line, a pile, a
 * meld, the hand or the actions), with its retry or replay button when it has one. */
function messageBox({ t, ctl, on, where }) {
  const msg = ctl.message;
  return h(
    'p',
    { class: ['msg', msg.kind], role: msg.kind === 'error' ? 'alert' : 'status', 'data-msg': where },
    msg.text,
    msg.retry
      ? h('button', { class: 'btn small retry', type: 'button', id: 'retry', 'data-fk': 'retry', onclick: () => ctl.retryBots(), text: t('msg.retry') })
      : null,
    msg.replaySince && on.replaySince
      ? h('button', {
          class: 'btn small since-replay',
          type: 'button',
          id: 'since-replay',
          'data-fk': 'since-replay',
          onclick: () => on.replaySince(msg.replaySince),
          text: t('link.replayShort'),
          'aria-label': t('link.replay'),
        })
      : null,
  );
}

/** The bar at the top: the menu, the rule set, round and goal, the score sheet. */
function topBar({ t, v, on }) {
  return h(
    'header',
    { class: 'topbar' },
    h(
      'button',
      { class: 'btn icon', type: 'button', id: 'menu-btn', 'data-fk': 'menu', 'aria-label': t('menu.open'), title: t('menu.open'), onclick: on.menu },
      h('span', { 'aria-hidden': 'true', text: '☰' }),
    ),
    h(
      'h1',
      { class: 'title-small' },
      h('strong', { text: t(`variant.${v.variant}`) }),
      h('span', { class: 'round-no', text: t('table.round', { n: v.round }) }),
      matchGoal(v, t),
    ),
    h(
      'button',
      { class: 'btn icon', type: 'button', 'data-fk': 'scores', 'aria-label': t('scores.open'), title: t('scores.open'), onclick: on.scores },
      trophy(),
    ),
  );
}

/** Whose turn it is and what to do now, in one line; in a replay, whose turn it was then
 * (nobody plays, nobody is waited for). */
function turnBanner({ t, ctl, v }) {
  const current = v.current_player;
  let status;
  if (v.round_over) status = t('status.roundOver');
  else if (ctl.replay) status = current === ctl.viewer ? t('status.replayYou') : t('status.replayTurn', { name: ctl.name(current) });
  else if (ctl.coverFor !== null && ctl.coverFor !== undefined)
    status = t(ctl.isRemote(ctl.coverFor) ? 'status.sendTo' : 'status.passTo', { name: ctl.name(ctl.coverFor) });
  else if (ctl.myTurn)
    status =
      v.phase === 'draw'
        ? t(v.variant === 'rummy101' ? 'status.yourTurnTake' : 'status.yourTurnDraw')
        : t(v.variant === 'rummy101' ? 'status.yourTurnPlay101' : 'status.yourTurnPlay');
  else status = ctl.isBot(current) ? t('status.botPlaying', { name: ctl.name(current) }) : t('status.waiting', { name: ctl.name(current) });
  return h(
    'div',
    { class: ['turn-banner', ctl.myTurn && 'mine'], id: 'turn-banner' },
    h('span', { class: 'dot', 'aria-hidden': 'true' }),
    h('span', { text: status }),
  );
}

/** The melds on the table, grouped by owner; a meld new or grown since the last render is
 * marked fresh. */
function meldsArea({ t, ctl, v, me, on, msgNear }) {
  const byOwner = new Map();
  for (const m of v.table || []) {
    if (!byOwner.has(m.owner)) byOwner.set(m.owner, []);
    byOwner.get(m.owner).push(m);
  }
  // The melds the selection may be laid off on, by the rules (not every meld: a tap on one
  // that does not take it is refused).
  const fits = ctl.fittingMelds || [];
  const swaps = ctl.swappableMelds || [];
  const freshMelds = new Set((v.table || []).filter((m) => lastMeldSizes.size && lastMeldSizes.get(m.id) !== m.cards.length).map((m) => m.id));
  lastMeldSizes = new Map((v.table || []).map((m) => [m.id, m.cards.length]));
  if (!(v.table || []).length) lastMeldSizes = new Map([[0, 0]]);
  return h(
    'section',
    { class: 'melds', 'aria-labelledby': 'melds-title' },
    h('h2', { class: 'sr-only', id: 'melds-title', text: t('table.melds') }),
    byOwner.size === 0 ? h('p', { class: 'empty', text: t('table.noMelds') }) : null,
    [...byOwner.entries()].map(([owner, melds]) =>
      h(
        'div',
        { class: 'owner-melds' },
        h('h3', { class: 'owner-name' }, owner === me ? t('table.yourMelds') : personName(ctl.name(owner))),
        h(
          'div',
          { class: 'meld-row' },
          melds.map((m) =>
            meldBox({ t, ctl, m, owner, targeting: fits.includes(m.id), swapping: swaps.includes(m.id), on, msgNear, fresh: freshMelds.has(m.id) }),
          ),
        ),
      ),
    ),
  );
}

/** The stock and the discard pile, each a button (a review's moment may mark one). */
function pilesArea({ t, ctl, v, kind, reasons, on, msgNear }) {
  const takeable = takeableDiscard(v);
  const top = v.variant === 'rummy101' ? takeable : v.discard?.length ? v.discard[v.discard.length - 1] : null;
  const freshTop = top && top !== lastDiscardTop;
  lastDiscardTop = top;
  // A review's moment about a draw marks the source taken then and the expert's (review.js).
  const pileMarks = { stock: pileMark(ctl.replay, 'stock'), discard: pileMark(ctl.replay, 'discard') };
  const markClass = (pile) => pileMarks[pile] && `review-${pileMarks[pile]}`;
  const markNote = (pile) => (pileMarks[pile] ? `, ${t(`review.pile.${pileMarks[pile]}`)}` : '');
  const stockBtn = h(
    'button',
    {
      class: ['pile', 'stock', ctl.hint?.pile === 'stock' && 'hinted', markClass('stock')],
      type: 'button',
      id: 'stock',
      'data-fk': 'stock',
      'data-drop': 'stock',
      'aria-label': t(piecesWords(v, 'table.stockLabel'), { count: v.stock }) + markNote('stock'),
      'aria-disabled': reasons.draw ? 'true' : 'false',
      onclick: () => on.action('draw', 'stock'),
    },
    h(
      'span',
      { class: 'pile-stack', 'aria-hidden': 'true' },
      v.stock > 0 ? [renderBack(kind), renderBack(kind), renderBack(kind)] : h('span', { class: 'pile-empty' }),
    ),
    h('span', { class: 'pile-count', 'aria-hidden': 'true', 'data-text': t('table.stockCount', { count: v.stock }) }),
  );
  const pileSize = (v.discard || []).length;
  const discardBtn = h(
    'button',
    {
      class: ['pile', 'discard', ctl.hint?.pile === 'discard' && 'hinted', markClass('discard')],
      type: 'button',
      id: 'discard-pile',
      'data-fk': 'discard-pile',
      'data-drop': 'discard',
      'aria-label':
        (top
          ? t(v.variant === 'rummy101' ? 'table.takeableLabel' : 'table.discardLabel', { card: pieceName(top, t), count: pileSize })
          : t('table.discardEmpty')) + markNote('discard'),
      onclick: () => (v.phase === 'draw' ? on.action('take', 'discard') : on.action('discard', 'discard')),
    },
    h(
      'span',
      { class: 'pile-stack', 'aria-hidden': 'true' },
      top ? renderPiece(top, t, { attrs: { class: freshTop ? 'fresh' : '' } }) : h('span', { class: 'pile-empty' }),
    ),
    h('span', {
      class: 'pile-count',
      'aria-hidden': 'true',
      'data-text': v.variant === 'rummy101' ? t('table.takeable') : t('table.discardCount', { count: pileSize }),
    }),
  );
  // A message about a pile goes under both (never beside one, which would push the other).
  return h(
    'section',
    { class: 'piles-area', 'aria-label': t('table.piles') },
    h('div', { class: 'piles' }, h('div', { class: 'pile-wrap' }, stockBtn), h('div', { class: 'pile-wrap' }, discardBtn)),
    msgNear('stock'),
    msgNear('discard'),
  );
}

/** The turn log (folded on a phone) and, on a phone, the strip of what the others did since
 * this seat's last turn. */
function logArea({ t, ctl, v, me, wide }) {
  const lines = logLines(v, t, ctl.names, ctl.youSeat);
  // Newest first, so the latest turn is never under the hand panel. It scrolls: focusable,
  // so a keyboard can scroll it too. The card games' first line, the card turned up, is the
  // page's own (the engine's log has no event for it).
  const newestFirst = [...lines].reverse();
  const turnedUp = turnedUpLine(v, t);
  const logList = h(
    'ol',
    { class: 'log-lines', id: 'log-lines', tabindex: '0', 'aria-label': t('log.title'), reversed: true },
    lines.length ? newestFirst.map((l) => h('li', { class: l.seat === me ? 'mine' : '', text: l.text })) : h('li', { class: 'empty', text: t('log.empty') }),
    turnedUp ? h('li', { class: 'turned-up', text: turnedUp }) : null,
  );
  // On a phone the log is folded: what the others did since this seat's last turn stays in
  // sight in a short strip, newest first.
  const since = wide ? [] : sinceMyTurn(lines, me).slice(0, 3);
  const sinceStrip = since.length
    ? h(
        'ol',
        { class: 'since-strip', id: 'since-strip', 'aria-label': t('log.sinceYourTurn') },
        since.map((l) => h('li', { text: l.brief, title: l.brief === l.text ? undefined : l.text })),
      )
    : null;
  const log = wide
    ? h('section', { class: 'log', 'aria-label': t('log.title') }, h('h2', { text: t('log.title') }), logList)
    : h(
        'details',
        { class: 'log', open: ctl.logOpen || undefined, ontoggle: (e) => (ctl.logOpen = e.target.open) },
        h(
          'summary',
          {},
          h('span', { class: 'log-title', text: t('log.title') }),
          h('span', { class: 'log-last', text: lines.length ? lines[lines.length - 1].text : t('log.empty') }),
        ),
        logList,
      );
  return { log, sinceStrip };
}

/** The score sheet's button: a trophy, so that it does not look like the menu's three bars. */
function trophy() {
  const line = (d) => h('svg:path', { d });
  return h(
    'svg:svg',
    { class: 'icon-svg', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    line('M7 4h10v5a5 5 0 0 1-10 0z'),
    line('M7 6H4v1a4 4 0 0 0 4 4'),
    line('M17 6h3v1a4 4 0 0 1-4 4'),
    line('M12 14v4M8 20h8'),
  );
}

/** How the match ends, beside the round: "of 5", "3 hands", "to 150". Rummy to 200 played
 * to 200 says nothing more: its name already does ("Rummy to 200 · Round 1 to 200"). */
function matchGoal(v, t) {
  const o = v.options || {};
  if (v.variant === 'rummy101') return h('span', { class: 'goal-text', text: t('table.goalRounds', { n: o.rounds ?? 5, count: o.rounds ?? 5 }) });
  if (o.hands) return h('span', { class: 'goal-text', text: t('table.goalHands', { n: o.hands, count: o.hands }) });
  const target = o.target ?? (v.variant === 'rummy200' ? 200 : 150);
  if (v.variant === 'rummy200' && target === 200) return null;
  return h('span', { class: 'goal-text', text: t('table.goalTarget', { n: target }) });
}

/** Rummy 101 says "opened" (with pairs); the card games say "has melded" — or, beside your
 * own name, "you have melded". */
function openedText(opened, v, t, you = false) {
  const key = v.variant !== 'rummy101' ? 'seat.melded' : opened === 'pairs' ? 'seat.openedPairs' : 'seat.opened';
  return t(you ? `${key}.you` : key);
}

/** Who plays a seat, in words: "Computer · hard", or "Person". */
const seatKind = (ctl, seat, t) => (ctl.isBot(seat) ? t(`level.${ctl.record.seats[seat].bot}`) : t('seat.human'));

function seatChip({ t, ctl, v, seat, kind }) {
  const current = !v.round_over && v.current_player === seat;
  const count = v.hand_sizes[seat];
  const opened = v.opened?.[seat];
  // Each opponent's last discard stays by their seat until their next turn (the pile's top
  // is soon covered by the next player's).
  const lastDiscard = v.variant === 'rummy101' ? v.last_discards?.[seat] : lastDiscardOf(v.log || [], seat);
  const who = seatKind(ctl, seat, t);
  const label = t(piecesWords(v, 'seat.label'), { name: ctl.name(seat), count, score: v.scores?.[seat] ?? 0 });
  const thinking = ctl.thinking === seat;
  const sig = JSON.stringify([t.lang, v.variant, kind, label, current, thinking, count, opened, lastDiscard, who, v.scores?.[seat]]);
  return keep(`seat:${seat}`, sig, () =>
    h(
      'div',
      {
        class: ['seat-chip', current && 'current'],
        'aria-current': current ? 'true' : undefined,
        'aria-label': label + (current ? ` — ${t('seat.playing')}` : ''),
        role: 'group',
        'data-seat': seat,
      },
      h(
        'div',
        { class: 'chip-top' },
        personName(ctl.name(seat), 'chip-name'),
        current ? h('span', { class: ['chip-turn', thinking && 'thinking'], text: t(thinking ? 'seat.thinking' : 'seat.playing') }) : null,
        // Beside the name: under it, in a narrow chip, the piece took a line of its own.
        lastDiscard ? h('span', { class: 'chip-discard', 'aria-hidden': 'true' }, renderPiece(lastDiscard, t, { size: 'mini' })) : null,
      ),
      h(
        'div',
        { class: 'chip-info', 'aria-hidden': 'true' },
        h('span', { class: 'chip-hand' }, renderBack(kind, { class: 'mini' }), h('span', { text: String(count) })),
        h('span', { class: 'chip-score', text: t('seat.score', { score: v.scores?.[seat] ?? 0 }) }),
      ),
      h(
        'div',
        { class: 'chip-sub', 'aria-hidden': 'true' },
        kindText(who),
        opened ? h('span', { class: 'chip-opened', text: openedText(opened, v, t) }) : null,
      ),
      lastDiscard ? h('span', { class: 'sr-only', text: t('seat.lastDiscard', { card: pieceName(lastDiscard, t) }) }) : null,
    ),
  );
}

/** "Computer · expert": in a narrow chip it goes on two lines, "Computer" over "expert",
 * without the dot (styles.css, `.chip-sub` container); a person's "Person" as it is. */
function kindText(who) {
  const [kind, level] = who.split(' · ');
  if (!level) return h('span', { text: who });
  return h(
    'span',
    { class: 'chip-kind' },
    h('span', { text: kind }),
    h('span', { class: 'kind-sep', text: ' · ' }),
    h('span', { class: 'kind-level', text: level }),
  );
}

function meldBox({ t, ctl, m, owner, targeting, swapping, on, msgNear, fresh }) {
  const kindName = t(`meld.${m.kind || 'meld'}`);
  const label = t('meld.label', {
    owner: owner === ctl.viewer ? t('table.you') : ctl.name(owner),
    kind: kindName,
    cards: piecesText(m.cards, t),
  });
  const canSwap = ctl.view.variant === 'rummy101';
  const hinted = ctl.hint?.meld === m.id;
  const near = msgNear(`meld:${m.id}`);
  const sig = near ? null : JSON.stringify([t.lang, m.id, m.kind, m.cards, label, targeting, swapping, hinted, fresh, canSwap]);
  const draw = () =>
    h(
      'div',
      { class: ['meld', targeting && 'targetable', hinted && 'hinted', fresh && 'fresh-meld'], 'data-meld': m.id, 'data-drop': `meld:${m.id}` },
      h('button', {
        class: 'meld-hit',
        type: 'button',
        'data-fk': `meld-${m.id}`,
        'aria-label': targeting ? t(piecesWords(ctl.view, 'meld.addTo'), { meld: label }) : label,
        onclick: () => on.meld(m.id),
      }),
      h(
        'span',
        { class: 'meld-cards' },
        m.cards.map((c) => {
          const p = parseCode(c);
          if (canSwap && p.kind === 'joker') {
            return renderPiece(c, t, {
              tag: 'button',
              attrs: {
                // Marked where the one selected tile may take it (the engine's `fits`).
                class: ['swap-target', swapping && 'swappable'],
                type: 'button',
                'data-drop': `joker:${m.id}`,
                'data-fk': `joker-${m.id}-${c}`,
                // Said in words, not "joker (as red 12)": axe finds the tile's visible "12" in no
                // name that puts it in parentheses (label-content-name-mismatch).
                'aria-label': t('meld.swapJoker', { tile: p.as ? pieceName(p.as.code, t) : '?' }),
                onclick: (e) => {
                  e.stopPropagation();
                  on.swap(m.id, c);
                },
              },
            });
          }
          return renderPiece(c, t);
        }),
      ),
      near,
    );
  return sig ? keep(`meld:${m.id}`, sig, draw) : draw();
}

function scoresMini({ t, ctl, v }) {
  const n = v.players ?? v.hand_sizes.length;
  return h(
    'section',
    { class: 'scores-mini', 'aria-label': t('scores.title') },
    h('h2', { text: t('scores.title') }),
    h(
      'table',
      {},
      h(
        'tbody',
        {},
        Array.from({ length: n }, (_, s) =>
          h(
            'tr',
            { class: v.current_player === s && !v.round_over ? 'current' : '' },
            h('th', { scope: 'row' }, personName(ctl.name(s))),
            h('td', {}, numeral(v.scores?.[s] ?? 0)),
          ),
        ),
      ),
    ),
  );
}

function renderMyArea({ t, ctl, v, me, reasons, on, msgNear, kind, wide }) {
  const model = ctl.hand;
  const staged = stagedKeys(model);
  // The hand is covered for another person at this device. While the game waits for a person
  // on another device, this device's person keeps their hand in sight, the link to send under
  // it (unless the seat shown is not theirs: a link opened by the wrong person).
  const waitingFor = ctl.coverFor ?? null;
  const covered = waitingFor !== null && (!ctl.isRemote(waitingFor) || ctl.isRemote(me));
  const sendDock = waitingFor !== null && !covered ? on.dock?.() : null;

  // Staging (any rule set; Rummy 101's opening is one action holding several melds).
  const progress = openingProgress(ctl);
  const stagedRow = model.staged.length
    ? h(
        'div',
        { class: 'staged', role: 'group', 'aria-label': t('stage.title') },
        model.staged.map((g, i) => stagedGroup({ t, g, i, ctl })),
      )
    : null;
  const counter = progress
    ? h(
        'div',
        { class: ['opening', progress.enough && 'enough'], id: 'opening-counter', role: 'status', 'aria-live': 'polite' },
        h('span', { text: t('opening.points', { points: progress.points, need: progress.needPoints }) }),
        h('span', { text: t('opening.pairs', { pairs: progress.pairs, need: progress.needPairs }) }),
      )
    : null;

  const handEl = covered ? coveredHand({ t, ctl, on }) : handPieces({ t, ctl, v, on, kind, staged });

  const selectedCount = [...model.selected].filter((k) => !staged.has(k)).length;
  // Touch has no Escape key: one tap lets go of every selected card.
  const clearBtn = selectedCount
    ? h('button', {
        class: 'btn small clear-sel',
        type: 'button',
        id: 'clear-selection',
        'data-fk': 'clear-selection',
        onclick: () => ctl.clearSelection(),
        text: t('hand.clear', { count: selectedCount }),
      })
    : null;
  const jb = jokerButtonState(v, me);
  const labels = actionLabels({ t, ctl, v, jb, notOpened: v.variant === 'rummy101' && !v.opened?.[me] });

  const myScore = v.scores?.[me] ?? 0;
  const myOpened = v.opened?.[me];
  const myLastDiscard = v.last_discards?.[me] ? t('seat.lastDiscard', { card: pieceName(v.last_discards[me], t) }) : null;
  return h(
    'section',
    { class: ['my-area', ctl.myTurn && 'current'], 'aria-label': t('hand.area') },
    h(
      'div',
      { class: 'my-head' },
      personName(ctl.name(me), 'my-name'),
      ctl.watching ? h('span', { class: 'my-level', text: seatKind(ctl, me, t) }) : null,
      ctl.myTurn ? h('span', { class: 'chip-turn', text: t('seat.yourTurn') }) : null,
      h('span', { class: 'my-score', text: t('seat.score', { score: myScore }) }),
      myOpened ? h('span', { class: 'chip-opened', text: openedText(myOpened, v, t, true) }) : null,
      myLastDiscard
        ? h(
            'span',
            { class: 'my-discard', title: myLastDiscard },
            renderPiece(v.last_discards[me], t, { size: 'mini', attrs: { 'aria-label': myLastDiscard } }),
          )
        : null,
      // A wide screen has room in the head: a first card selected does not grow the panel
      // over the melds a card is laid off on.
      covered || !wide ? null : clearBtn,
      covered ? null : sortButtons({ t, ctl, kind }),
    ),
    counter,
    stagedRow,
    // Above the hand, what comes and goes with a press: the panel stands on the screen's foot,
    // so a row appearing here grows it upwards and the hand stays under the thumb (below it,
    // the first card selected, or a dimmed button's reason, lifted the whole hand by the row's
    // height). The column of a phone held sideways shows them under the hand (styles.css).
    msgNear('hand'),
    msgNear('actions'),
    covered || wide ? null : clearBtn,
    handEl,
    covered || !ctl.hint ? null : hintPanel({ t, ctl, v, labels, progress }),
    // Under the thumb, where the actions were: the one tap that sends the game on. Nobody plays
    // here when every seat is a computer player: the toolbar gives way to a line saying so.
    sendDock ?? (covered ? null : ctl.watching ? watchingLine({ t, ctl, on }) : actionBar({ t, ctl, v, reasons, on, labels, jb })),
  );
}

/** The hand while it is covered for another person at this device: the one button that shows
 * it (or, in play by link, the dock that sends the game on). */
function coveredHand({ t, ctl, on }) {
  return h(
    'div',
    { class: 'hand covered' },
    // Play by link puts the "send the game" dock here (link-play.js); else the hand-off.
    on.dock?.() ??
      h('button', {
        class: 'btn primary big',
        type: 'button',
        id: 'reveal',
        'data-fk': 'reveal',
        onclick: () => ctl.revealHand(),
        text: t('cover.ready', { name: ctl.name(ctl.coverFor) }),
      }),
  );
}

/** The hand's pieces, each a button: selected, staged, new, hinted, taken, just drawn, the
 * end of an arranged group, a review moment's mark. */
function handPieces({ t, ctl, v, on, kind, staged }) {
  const model = ctl.hand;
  const handCount = model.items.length;
  const ends = groupEnds(model);
  // The piece just drawn from the stock (or by the joker button) is marked, as a taken discard
  // is, until the next move: a sorted hand puts it in its place, not at the end. A deal (every
  // piece new) marks none.
  const drawn = ctl.myTurn && v.phase === 'play' && !v.taken && model.fresh.size === 1 ? [...model.fresh][0] : null;
  const marks = momentMarks(ctl.replay, model.items);
  const stop = tabStop(model, staged);
  return h(
    'div',
    {
      class: ['hand', kind === 'tile' ? 'rack' : 'fan', ends.size > 0 && 'arranged'],
      id: 'hand',
      role: 'group',
      'aria-label': t(piecesWords(v, 'hand.label'), { count: handCount }),
      'data-drop': 'hand',
      style: { '--count': String(Math.max(handCount, 2)) },
    },
    model.items.map((item, i) => {
      const mark = marks.get(item.key) ?? null;
      const selected = model.selected.has(item.key);
      const isStaged = staged.has(item.key);
      const fresh = model.fresh.has(item.key);
      const hinted = Boolean(ctl.hint?.keys?.has(item.key));
      const taken = item.code === v.taken;
      const justDrawn = item.key === drawn;
      const groupEnd = ends.has(item.key) && i < handCount - 1;
      const tabbed = item.key === stop;
      const looks = [selected, isStaged, fresh, hinted, taken, justDrawn, groupEnd, mark, tabbed];
      return keep(`hand:${item.key}`, JSON.stringify([t.lang, item.code, i, looks]), () =>
        renderPiece(item.code, t, {
          tag: 'button',
          attrs: {
            type: 'button',
            class: [
              'in-hand',
              selected && 'selected',
              isStaged && 'staged',
              fresh && 'fresh',
              hinted && 'hinted',
              taken && 'taken',
              justDrawn && 'drawn',
              groupEnd && 'group-end',
              mark && `review-${mark}`,
            ],
            'aria-pressed': selected ? 'true' : 'false',
            'data-key': item.key,
            'data-fk': `card-${item.key}`,
            'data-index': i,
            disabled: isStaged || undefined,
            tabindex: tabbed ? '0' : '-1',
            'aria-label':
              pieceName(item.code, t) +
              (mark ? `, ${t(`review.mark.${mark}`)}` : taken ? `, ${t('hand.takenNote')}` : justDrawn ? `, ${t('hand.drawnNote')}` : ''),
            onclick: () => on.toggle(item.key),
            onkeydown: (e) => on.handKey(e, item.key, i),
            onfocus: () => on.handFocus(item.key),
          },
        }),
      );
    }),
  );
}

/** Sorting by rank/suit (number/colour) and the one-tap arrangements into melds. */
function sortButtons({ t, ctl, kind }) {
  const model = ctl.hand;
  return h(
    'div',
    { class: 'sort', role: 'group', 'aria-label': t('hand.sort') },
    h('span', { class: 'sort-label', 'aria-hidden': 'true', text: '⇅' }),
    h('button', {
      class: ['btn', 'small', model.sortBy === 'rank' && 'on'],
      type: 'button',
      id: 'sort-rank',
      'data-fk': 'sort-rank',
      'aria-pressed': model.sortBy === 'rank' ? 'true' : 'false',
      'aria-label': t(kind === 'tile' ? 'hand.sortNumber' : 'hand.sortRank'),
      onclick: () => ctl.sort('rank'),
      text: t(kind === 'tile' ? 'hand.byNumber' : 'hand.byRank'),
    }),
    h('button', {
      class: ['btn', 'small', model.sortBy === 'suit' && 'on'],
      type: 'button',
      id: 'sort-suit',
      'data-fk': 'sort-suit',
      'aria-pressed': model.sortBy === 'suit' ? 'true' : 'false',
      'aria-label': t(kind === 'tile' ? 'hand.sortColour' : 'hand.sortSuit'),
      onclick: () => ctl.sort('suit'),
      text: t(kind === 'tile' ? 'hand.byColour' : 'hand.bySuit'),
    }),
    // One tap into melds, the way okey apps offer "123" and "777" (and pairs in Rummy 101).
    ['runs', 'sets', ...(kind === 'tile' ? ['pairs'] : [])].map((by) =>
      h('button', {
        class: ['btn', 'small', 'arrange', model.arrangedBy === by && 'on'],
        type: 'button',
        id: `arrange-${by}`,
        'data-fk': `arrange-${by}`,
        'aria-pressed': model.arrangedBy === by ? 'true' : 'false',
        'aria-label': t(`hand.arrange.${by}`),
        onclick: () => ctl.arrange(by),
        text: t(`hand.arrangeShort.${by}`),
      }),
    ),
  );
}

/** The turn's actions, under the thumb: one that cannot be played now looks off and, pressed,
 * says why (`reasons`); the button the Hint points at is marked. */
function actionBar({ t, ctl, v, reasons, on, labels, jb }) {
  const hintButton = ctl.hint?.button ?? null;
  // The main action, marked on the player's own turn only (another's turn marks nothing).
  // While the Hint shows advice, the button it names (none when it names a meld to tap);
  // else Draw, then what the selection can do now: Meld (Rummy 101's "Lay opening" once the
  // valid groups reach the opening), else Lay off where a meld on the table takes it, else
  // Discard; with nothing that can be played, none.
  const play = ctl.myTurn && v.phase === 'play';
  const fits = play && !reasons.layoff && ctl.fittingMelds?.length;
  const ownMain = ctl.myTurn && v.phase === 'draw' ? 'draw' : play && !reasons.meld ? 'meld' : fits ? 'layoff' : play && !reasons.discard ? 'discard' : null;
  const main = ctl.hintStep ? hintButton : ownMain;
  const btn = (id, action, label) =>
    h('button', {
      type: 'button',
      id: `btn-${id}`,
      'data-fk': `btn-${id}`,
      class: ['btn', 'act', main === action && 'primary', reasons[action] ? 'off' : 'on', hintButton === action && 'hinted'],
      'aria-disabled': reasons[action] ? 'true' : 'false',
      'aria-busy': action === 'hint' && ctl.hintAsking ? 'true' : undefined,
      onclick: () => on.action(action, 'actions'),
      text: label,
    });
  return h(
    'div',
    { class: 'actions', role: 'toolbar', 'aria-label': t('actions.label') },
    btn('draw', 'draw', labels.draw),
    btn('take', 'take', labels.take),
    jb.shown ? btn('joker', 'joker', labels.joker) : null,
    btn('meld', 'meld', labels.meld),
    v.variant === 'rummy101' ? btn('stage', 'stage', labels.stage) : null,
    btn('layoff', 'layoff', labels.layoff),
    btn('discard', 'discard', labels.discard),
    btn('undo', 'undo', labels.undo),
    btn('hint', 'hint', labels.hint),
  );
}

/** Where the toolbar was, in a game of computer players only: that nobody plays here, and
 * whose hand is shown (any seat's, to choose). */
function watchingLine({ t, ctl, on }) {
  const seats = ctl.record.seats.map((_, seat) => h('option', { value: String(seat), selected: seat === ctl.viewer || undefined, text: ctl.name(seat) }));
  return h(
    'div',
    { class: 'watching', id: 'watching' },
    h('p', { text: t('table.watching') }),
    h(
      'label',
      { class: 'watch-seat' },
      h('span', { text: t('table.watchHand') }),
      h('select', { id: 'watch-seat', 'data-fk': 'watch-seat', onchange: (e) => on.watchSeat(Number(e.target.value)) }, seats),
    ),
  );
}

/** The action buttons' labels as shown now (the Hint names them exactly so). */
export function actionLabels({ t, ctl, jb, notOpened }) {
  const model = ctl.hand;
  const extra = model.selected.size ? 1 : 0;
  return {
    draw: t('actions.draw'),
    take: t('actions.take'),
    joker: t('actions.joker', { count: jb?.accounts ?? 0 }),
    meld: notOpened ? t('actions.open') : model.staged.length ? t('actions.layStaged', { count: model.staged.length + extra }) : t('actions.meld'),
    stage: t('actions.stage'),
    layoff: t('actions.layoff'),
    discard: t('actions.discard'),
    undo: t('actions.undo'),
    hint: t('actions.hint'),
  };
}

/** A staged group with the engine's verdict: "run · 18 points", or why it is not a meld. */
function stagedGroup({ t, g, i, ctl }) {
  const verdict = g.judged;
  const invalid = verdict && !verdict.valid;
  const names = t.list(g.codes.map((c) => pieceName(c, t)));
  const note = !verdict
    ? null
    : invalid
      ? t(g.codes.length === 2 ? 'stage.notPair' : 'stage.notMeld', { tiles: names })
      : t('stage.valid', { kind: t(`meld.${verdict.kind}`), points: verdict.value });
  return h(
    'div',
    {
      class: ['staged-group', invalid && 'invalid', verdict?.valid && 'valid'],
      'data-staged': i,
      'data-valid': verdict ? String(Boolean(verdict.valid)) : 'unknown',
    },
    h(
      'span',
      { class: 'meld-cards' },
      g.codes.map((c) => renderPiece(c, t, { size: 'small' })),
    ),
    note ? h('span', { class: 'staged-note', text: note }) : null,
    h('button', {
      class: 'btn icon small',
      type: 'button',
      'data-fk': `unstage-${i}`,
      'aria-label': t('stage.remove'),
      onclick: () => ctl.unstage(i),
      text: '×',
    }),
  );
}

/** The Hint, one step at a time, with the button that carries the step out. */
function hintPanel({ t, ctl, v, labels, progress }) {
  const step = ctl.hintStep;
  const tiles = v.variant === 'rummy101';
  const notes = adviceNotes(ctl.hint.advice, { t });
  const text = step ? stepText(step, { t, tiles, labels, progress }) : t('hint.done');
  return h(
    'div',
    { class: 'hint-panel', id: 'hint-panel', role: 'status', 'aria-busy': ctl.hintBusy ? 'true' : 'false' },
    h('p', { id: 'hint-text' }, [...notes, text].join(' ')),
    h(
      'div',
      { class: 'hint-buttons' },
      step
        ? h('button', {
            class: 'btn primary',
            type: 'button',
            id: 'play-hint',
            'data-fk': 'play-hint',
            disabled: ctl.busy || ctl.hintBusy || undefined,
            onclick: () => ctl.playHint(),
            text: t('hint.play'),
          })
        : null,
      h('button', {
        class: 'btn icon small',
        type: 'button',
        id: 'close-hint',
        'data-fk': 'close-hint',
        'aria-label': t('hint.close'),
        onclick: () => ctl.closeHint(),
        text: '×',
      }),
    ),
  );
}

/** The log lines after this seat's last turn (its own lines excluded), newest first. */
export function sinceMyTurn(lines, seat) {
  let last = -1;
  lines.forEach((l, i) => {
    if (l.seat === seat) last = i;
  });
  // The round's end is left out: the banner above the strip says it already.
  return lines
    .slice(last + 1)
    .filter((l) => l.seat !== seat && !l.events.every((e) => e.type === 'round_end'))
    .reverse();
}

/** The card `seat` discarded to end its latest turn, while it has not begun another. */
export function lastDiscardOf(log, seat) {
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].seat === seat) return log[i].type === 'discard' ? log[i].card : null;
  }
  return null;
}
