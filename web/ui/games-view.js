/**
 * "Your games" on the start screen: the games in progress (those waiting for you first) with
 * Continue and Delete (asks first), finished games with their scores, statistics per rule
 * set, the local profile with the Rummy 101 account, export/import of everything as a JSON
 * file, and a short notice when storage has a problem (what happened and what to do).
 * Renders from what web/ui/records.js returns; holds no state (the app keeps which game's
 * Delete is being confirmed and the last export/import message).
 */
import { h, numeral, personName } from './dom.js';
import { VARIANTS, pageName, pageWords } from './setup.js';
import { youWords } from '../i18n/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 minutes ago", "yesterday" within a week, else a short date, in the page's language. */
export function whenText(time, t, now = Date.now()) {
  if (typeof time !== 'number') return '';
  const ago = now - time;
  if (ago < 7 * DAY && typeof Intl.RelativeTimeFormat === 'function') {
    const rtf = new Intl.RelativeTimeFormat(t.lang, { numeric: 'auto' });
    if (ago < MINUTE) return rtf.format(0, 'second');
    if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
    if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
    return rtf.format(-Math.floor(ago / DAY), 'day');
  }
  return dateText(time, t, now);
}

export function dateText(time, t, now = Date.now()) {
  if (typeof time !== 'number') return '';
  const d = new Date(time);
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(t.lang, { day: 'numeric', month: 'short', year: sameYear ? undefined : 'numeric' }).format(d);
}

/** rummy-games-YYYY-MM-DD.json (the local date). */
export function exportFileName(date = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `rummy-games-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/** Offer `text` as a download named `name` (a Blob behind an object URL). */
export function downloadText(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Seat `seat`'s name as the list shows it: "You" and "Player 2" in today's language where
 * the game, dealt in another, still says them in that one. */
const shownName = (name, seat, t) => pageName(name, seat, pageWords(t));
const nameOf = (g, seat, t) => shownName(g.names?.[seat] || '', seat, t);

/** "Your turn" / "Waiting for Ana" / "Ben's turn" (a computer player, or one of several
 * people at this device). */
function turnText(g, t) {
  const name = nameOf(g, g.current, t);
  if (g.waiting && (g.mySeats?.length ?? 0) <= 1) return t('games.yourTurn');
  if (g.bots?.[g.current] || g.waiting) return t('games.turnOf', { name });
  return t('games.waitingFor', { name });
}

function gameItem(g, t, confirming, on) {
  const variant = t(`variant.${g.variant}`);
  const key = g.id;
  const buttons = confirming
    ? h(
        'div',
        { class: 'game-buttons confirm', role: 'group', 'aria-label': t('games.confirmDelete') },
        h('p', { class: 'confirm-text', text: t('games.confirmDelete') }),
        // "Keep" takes the Delete button's place and focus: a second tap never deletes.
        h('button', { class: 'btn', type: 'button', 'data-fk': `delete-${key}`, onclick: () => on.cancelDelete(), text: t('games.keep') }),
        h('button', {
          class: 'btn danger',
          type: 'button',
          'data-fk': `delete-yes-${key}`,
          'data-key': key,
          onclick: () => on.deleteGame(key),
          text: t('games.deleteYes'),
        }),
      )
    : h(
        'div',
        { class: 'game-buttons' },
        h('button', {
          class: 'btn primary',
          type: 'button',
          'data-key': key,
          'data-fk': `resume-${key}`,
          'aria-label': t('games.resumeLabel', { variant, round: g.round }),
          onclick: () => on.resume(key),
          text: t('start.resume'),
        }),
        h('button', {
          class: 'btn',
          type: 'button',
          'data-key': key,
          'data-fk': `delete-${key}`,
          'aria-label': t('games.deleteLabel', { variant, round: g.round }),
          onclick: () => on.askDelete(key),
          text: t('games.delete'),
        }),
      );
  return h(
    'li',
    { class: ['game-item', g.waiting && 'waiting'], 'data-key': key },
    h(
      'div',
      { class: 'game-head' },
      h(
        'h3',
        { class: 'game-title' },
        h(
          'span',
          { 'aria-hidden': 'true' },
          h('strong', { text: variant }),
          h('span', { class: 'game-round', text: ` · ${t('games.round', { round: g.round })}` }),
        ),
        h('span', { class: 'sr-only', text: t('start.resumeText', { variant, round: g.round }) }),
      ),
      h('span', { class: ['turn-badge', g.waiting && 'mine'], text: turnText(g, t) }),
    ),
    h(
      'p',
      { class: 'game-meta' },
      h('span', { class: 'game-names', text: t.names((g.names || []).map((name, seat) => shownName(name, seat, t)).filter(Boolean)) }),
      g.updated ? h('span', { class: 'game-when', text: t('games.updated', { when: whenText(g.updated, t) }) }) : null,
    ),
    buttons,
  );
}

/** The games in progress: a `.resume` section, or null when there are none. */
export function renderGamesInProgress({ t, games, confirmDelete, on }) {
  if (!games?.length) return null;
  const waiting = games.filter((g) => g.waiting).length;
  return h(
    'section',
    { class: 'resume games', id: 'games', 'aria-labelledby': 'games-title' },
    h(
      'div',
      { class: 'section-head' },
      h('h2', { id: 'games-title', text: t('games.inProgress') }),
      waiting ? h('span', { class: 'muted', text: t('games.waitingCount', { count: waiting }) }) : null,
    ),
    h(
      'ul',
      { class: 'game-list' },
      games.map((g) => gameItem(g, t, confirmDelete === g.id, on)),
    ),
  );
}

const PARTS = ['index', 'game', 'finished', 'stats', 'profile', 'settings'];

/** Moves a full storage did not keep, in the page's words: "Rummy 101, round 2: the last 3
 * moves were not saved." */
function unsavedText(p, t) {
  const variant = t(`variant.${p.variant}`);
  if (p.keptRound === null) return t('data.problem.unsavedAll', { variant });
  if (p.keptRound === p.round) return t('data.problem.unsaved', { variant, round: p.round, count: p.count });
  return t('data.problem.unsavedAfter', { variant, round: p.keptRound, moves: p.keptMoves, count: p.keptMoves });
}

/** A storage problem or refusal ({kind} or {reason}, web/storage.js) in the page's words:
 * data.problem.<kind>, else the general "could not be saved". */
export function storageProblemText(t, { kind, reason } = {}) {
  const key = `data.problem.${kind ?? reason}`;
  return t(key) === key ? t('data.problem.error') : t(key);
}

/** What to say at the table when a save was refused, or '' (saved; no storage at all, which
 * the start screen says once). */
export function saveProblemText(t, result) {
  return result.ok || result.reason === 'unavailable' ? '' : storageProblemText(t, result);
}

/** Storage problems as short notices with what to do (never a crash). Data set aside is one
 * notice naming what it was; each game a full storage cut short has its own. */
export function renderNotices({ t, problems }) {
  if (!problems?.length) return null;
  const seen = new Set();
  const items = [];
  const setAside = [...new Set(problems.filter((p) => p.kind === 'quarantined').map((p) => p.part))];
  for (const p of problems) {
    if (p.kind === 'unsaved') {
      items.push(h('p', { class: 'msg error', 'data-kind': p.kind, text: unsavedText(p, t) }));
      continue;
    }
    if (seen.has(p.kind)) continue;
    seen.add(p.kind);
    let text = storageProblemText(t, p);
    if (p.kind === 'quarantined' && setAside.every((part) => PARTS.includes(part)))
      text = t('data.problem.setAside', { what: t.list(setAside.map((part) => t(`data.part.${part}`))) });
    const serious = ['conflict', 'quota', 'error', 'unavailable', 'migration'].includes(p.kind);
    items.push(h('p', { class: ['msg', serious ? 'error' : 'info'], 'data-kind': p.kind, text }));
  }
  return h('div', { class: 'notices', id: 'storage-notices', role: 'status' }, items);
}

function finishedItem(f, t) {
  const best = new Set(f.winners || []);
  return h(
    'li',
    { class: 'finished-item' },
    h('p', { class: 'finished-head' }, h('strong', { text: t(`variant.${f.variant}`) }), h('span', { class: 'muted', text: ` · ${dateText(f.finished, t)}` })),
    h(
      'ul',
      { class: 'finished-scores' },
      (f.names || []).map((name, seat) =>
        h(
          'li',
          { class: best.has(seat) && 'winner' },
          best.has(seat) ? h('span', { class: 'star', 'aria-hidden': 'true', text: '★' }) : null,
          personName(shownName(name, seat, t) || t('player.seat', { n: seat + 1 }), 'who'),
          numeral(f.scores?.[seat] ?? '', 'pts'),
          best.has(seat) ? h('span', { class: 'sr-only', text: ` (${t('games.winner')})` }) : null,
        ),
      ),
    ),
  );
}

function statsCard(variant, s, t) {
  const fmt = new Intl.NumberFormat(t.lang, { maximumFractionDigits: 0 });
  const average = s.scored ? fmt.format(s.points / s.scored) : '—';
  const cell = (label, value, cls) => h('div', { class: ['stat', cls] }, h('dt', { text: label }), h('dd', {}, numeral(value)));
  return h(
    'article',
    { class: 'stats-card', 'data-variant': variant, 'aria-labelledby': `stats-${variant}` },
    h('h4', { id: `stats-${variant}`, text: t(`variant.${variant}`) }),
    h(
      'dl',
      {},
      cell(t('stats.games'), fmt.format(s.played), 'games'),
      cell(t('stats.wins'), fmt.format(s.won), 'wins'),
      cell(t('stats.rounds'), fmt.format(s.rounds), 'rounds'),
      cell(t('stats.average'), average, 'average'),
      cell(t('stats.bestRound'), s.bestRound === null ? '—' : fmt.format(s.bestRound), 'best-round'),
    ),
  );
}

/** Finished games, statistics, profile and data: the `#your-games` section. */
export function renderYourGames({ t, finished, stats, account, name, message, on }) {
  const played = VARIANTS.filter((v) => stats?.[v]?.played > 0);
  const finishedPart = finished?.length
    ? h(
        'section',
        { class: 'yg-part', 'aria-labelledby': 'finished-title', id: 'finished' },
        h('h3', { id: 'finished-title', text: t('games.finished') }),
        h(
          'ul',
          { class: 'finished-list' },
          finished.map((f) => finishedItem(f, t)),
        ),
      )
    : null;
  const statsPart = played.length
    ? h(
        'section',
        { class: 'yg-part', 'aria-labelledby': 'stats-title', id: 'stats' },
        h('h3', { id: 'stats-title', text: t('stats.title') }),
        h(
          'div',
          { class: 'stats-cards' },
          played.map((v) => statsCard(v, stats[v], t)),
        ),
      )
    : null;
  const profilePart = h(
    'section',
    { class: 'yg-part', 'aria-labelledby': 'profile-title', id: 'profile' },
    h('h3', { id: 'profile-title', text: t('games.profile') }),
    // "You play as You" says nothing: the name shows once the player has given one.
    name && !youWords().has(name) ? h('p', { class: 'profile-name', text: t('games.playsAs', { name }) }) : null,
    account
      ? h('p', { class: 'account', id: 'account', text: t('start.account', { points: account.accountPoints, jokers: account.jokers, count: account.jokers }) })
      : null,
  );
  const dataPart = h(
    'section',
    { class: 'yg-part', 'aria-labelledby': 'data-title', id: 'data' },
    h('h3', { id: 'data-title', text: t('data.title') }),
    h('p', { class: 'muted', text: t('data.intro') }),
    h(
      'div',
      { class: 'data-buttons' },
      h('button', { class: 'btn', type: 'button', id: 'export-data', 'data-fk': 'export-data', onclick: () => on.exportData(), text: t('data.export') }),
      h(
        'label',
        { class: 'btn file-pick', for: 'import-file' },
        h('span', { text: t('data.import') }),
        h('input', {
          type: 'file',
          id: 'import-file',
          class: 'sr-only',
          accept: 'application/json,.json',
          'data-fk': 'import-file',
          onchange: (e) => {
            const file = e.target.files?.[0];
            if (file) on.importData(file);
          },
        }),
      ),
    ),
    message
      ? h('p', {
          class: ['msg', message.kind === 'error' ? 'error' : 'info'],
          id: 'data-message',
          role: message.kind === 'error' ? 'alert' : 'status',
          text: message.text,
        })
      : null,
  );
  return h(
    'section',
    { class: 'your-games', id: 'your-games', 'aria-labelledby': 'your-games-title' },
    h('h2', { id: 'your-games-title', text: t('games.yours') }),
    finishedPart,
    statsPart,
    profilePart,
    dataPart,
  );
}
