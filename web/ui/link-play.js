/**
 * Play by link (docs/LINKS.md): after a person's turn, when the next seat is another person,
 * offer to send the game on as a link; opening the page with `#g=<link>` opens that game,
 * behind a hand-off screen ("Whose turn: Ana — are you Ana?") before that seat's hand shows.
 *
 * The game travels in the URL fragment (never sent to a server): `#g=<link>&n=<names>`, where
 * `n` is the seats' names (comma-separated, URI-encoded), which the engine's link does not hold.
 */
import { h } from './dom.js';
import { createHandModel } from './hand-model.js';

/** `#g=<link>&n=<names>` → {link, names} (names may be empty), or null when not a game link. */
export function parseGameHash(hash) {
  if (typeof hash !== 'string' || !hash.startsWith('#g=')) return null;
  const parts = hash.slice(1).split('&');
  const out = { link: '', names: [] };
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (key === 'g') out.link = value;
    else if (key === 'n') {
      try {
        out.names = value.split(',').map((s) => decodeURIComponent(s).slice(0, 40));
      } catch {
        out.names = [];
      }
    }
  }
  return out;
}

/** The URL to send: this page, with the game in the fragment. */
export function gameUrl(link, names, loc = location) {
  const n = names.map((s) => encodeURIComponent(s).replace(/,/g, '%2C')).join(',');
  return `${loc.origin}${loc.pathname}#g=${link}${n ? `&n=${n}` : ''}`;
}

export function createLinkPlay({ engine, ctl, records, app, t, render }) {
  /** The next person is `to`, `from` just played: make the link and offer to send it. */
  async function offer(to, from) {
    const record = ctl.record;
    if (!record || record.seats.some((s) => s.bot)) return;
    try {
      const { link } = await engine.call('link', { game: record.id });
      if (ctl.record !== record) return;
      const url = gameUrl(link, record.seats.map((s) => s.name));
      const text = t('link.message', { variant: t(`variant.${record.variant}`), name: ctl.name(from) });
      app.linkOffer = { game: record.id, to, url, text, status: '' };
    } catch {
      app.linkOffer = null; // links are unavailable: pass-and-play goes on as before
    }
    render();
  }

  async function share() {
    const o = app.linkOffer;
    if (!o) return;
    try {
      if (navigator.share) {
        await navigator.share({ title: t('app.title'), text: o.text, url: o.url });
        o.status = t('link.shared');
      } else {
        await navigator.clipboard.writeText(`${o.text}\n${o.url}`);
        o.status = t('link.copied');
      }
    } catch {
      o.status = t('link.copyByHand');
    }
    render();
  }

  function panel() {
    const o = app.linkOffer;
    if (!o || !ctl.record || o.game !== ctl.record.id || ctl.coverFor !== o.to) return null;
    return h('section', { class: 'send-game', id: 'send-game', 'aria-labelledby': 'send-game-title', 'data-link': o.url },
      h('h2', { id: 'send-game-title', text: t('link.sendTitle', { name: ctl.name(o.to) }) }),
      h('p', { id: 'send-game-text', text: o.text }),
      h('label', { for: 'link-url', text: t('link.label') }),
      h('input', { id: 'link-url', type: 'text', readonly: true, value: o.url, onfocus: (e) => e.target.select() }),
      h('button', { class: 'btn primary', type: 'button', id: 'send-game-btn', 'data-fk': 'send-game', onclick: share, text: t('link.send') }),
      o.status ? h('p', { role: 'status', text: o.status }) : null);
  }

  function handoff() {
    const seat = app.linkHandoff;
    if (seat === null || seat === undefined || !ctl.view) return null;
    const name = ctl.name(seat);
    const yes = () => {
      app.linkHandoff = null;
      ctl.revealHand();
    };
    return h('div', { class: 'overlay' },
      h('section', { class: 'sheet handoff', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'handoff-title', id: 'handoff' },
        h('h2', { id: 'handoff-title', text: t('link.whoseTurn', { name }) }),
        h('p', { text: t('link.areYou', { name }) }),
        h('button', { class: 'btn primary', type: 'button', id: 'handoff-yes', 'data-fk': 'handoff-yes', onclick: yes, text: t('cover.ready', { name }) })));
  }

  /** Open the game in the fragment, if any. Refusals go to the start screen's message. */
  async function openFromHash() {
    const parsed = parseGameHash(location.hash);
    if (!parsed) return false;
    history.replaceState(null, '', location.pathname + location.search);
    try {
      const opened = await engine.call('open_link', { link: parsed.link });
      const seat = opened.view.current_player;
      const { view } = await engine.call('view', { game: opened.game, seat });
      const players = view.players ?? view.scores.length;
      const seats = Array.from({ length: players }, (_, i) => ({ name: parsed.names[i] || t('link.seat', { n: i + 1 }), bot: null }));
      ctl.generation++;
      ctl.record = { key: `l${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`, id: opened.game, variant: view.variant, players, seats, options: view.options, seed: 0, viewer: seat, botCounter: 0 };
      ctl.hand = createHandModel();
      ctl.message = null;
      ctl.hint = null;
      ctl.coverFor = seat;
      ctl.setView(view);
      app.linkHandoff = view.round_over ? null : seat;
      app.screen = 'table';
      ctl.onChange(); // renders and saves the game among the games in progress
      return true;
    } catch (err) {
      app.error = t('link.refused', { reason: err.message || String(err) });
      render();
      return false;
    }
  }

  return { offer, panel, handoff, openFromHash, records };
}
