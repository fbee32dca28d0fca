/**
 * Play by link (docs/LINKS.md): each person plays on their own device and sends the game on.
 *
 * Sending: when the next seat is a person (after the computer seats that follow, played here),
 * the covered hand becomes a dock that offers the link — the phone's share sheet, else the
 * clipboard — with the message "Your turn in Rummy 101 — Ana played". The engine makes the
 * link for that seat: the moves since its last turn when its device can hold them, else the
 * whole game.
 *
 * Receiving (`#g=`): the link is checked against this device's copy of the same game
 * (`receive_link`): moves that do not follow from it, a link opened twice, or a link that
 * skips one are refused with the engine's sentence and the copy is kept. Then the hand-off
 * ("Whose turn: Ana — are you Ana?"), then what happened since Ana's last turn, replayable,
 * then the table.
 *
 * The fair deal (`#i=`, web/ui/invite-play.js): the first game link carries the host's reveal
 * (`&f=`), and every device checks that its own random value went into the deal (checkDeal).
 *
 * The fragment: `#g=<link>`, and on a whole-game link (someone's first contact) either
 * `&n=<names>&b=<levels>` (comma-separated, URI-encoded, one per seat) or, after an
 * invitation, `&f=<invitation>.<secret>` (the invitation holds the names); or `#i=<invitation>`.
 * The engine's link is checksummed and replayed; the names are not (a changed name misleads
 * nobody about the cards), but every name is cleaned (setup.js cleanName) before it is kept or
 * shown. A whole page URL (`https://…/#g=…&n=…`) reads as its fragment.
 */
import { h } from './dom.js';
import { qrFigure } from './qr.js';
import { logLines } from './log-text.js';
import { createInvites, randomHex } from './invites.js';
import { createInvitePlay, keptInvite } from './invite-play.js';
import { peopleSeats, cleanName, namesNobody } from './setup.js';
import { parseGameHash, gameUrl } from './game-url.js';
import { momentShown } from './review.js';
import { refusalText } from './refusals.js';

/**
 * `app` is the shell's declared state (web/ui/app-state.js): this module sets only its
 * `screen` and `error`. What play by link holds itself is `state`, below.
 */
export function createLinkPlay({ engine, ctl, records, app, t, render, toStart }) {
  const invites = createInvites();
  const state = {
    offer: null, // the link on offer after a turn: {game, to, url, text, status, sent}
    handoff: null, // "Are you Ana?" before a received turn: {seat, since, first, note, noteKind, step}
    resultOffers: null, // a round's result for each person elsewhere: {key, offers: {seat: offer}}
  };

  /** Forget what was on offer or being handed over (the table is left, or another game opens). */
  function forget() {
    state.offer = null;
    state.handoff = null;
  }

  // ---- sending ------------------------------------------------------------------------

  /** The next person is `to`, `from` just played here: make the link for `to`. */
  async function offer(to, from) {
    const record = ctl.record;
    if (!record) return;
    try {
      const { link, kind, game_id: gameId } = await engine.call('link', { game: record.id, seat: to });
      if (ctl.record !== record) return;
      record.link = { mySeats: peopleSeats(record.seats), ...(record.link || {}), gameId };
      const url = linkUrl(record, link, kind, to);
      const text = t('link.message', { variant: t(`variant.${record.variant}`), name: ctl.name(from) });
      state.offer = { game: record.id, to, from, url, text, status: '', sent: false };
      ctl.onChange(); // renders, and saves the record with the game's link id
    } catch {
      state.offer = null; // links are unavailable: pass-and-play goes on as before
      render();
    }
  }

  /** A whole-game link may be someone's first contact: it carries the seats (names and
   * computer levels; a seat whose name names nobody, as "You" would over there, goes as
   * "Player n") or, after an invitation, the fair deal's proof, which holds them. A moves
   * link goes to a device that has them.
   * It also names the seat it is for (`&s=`): after a round, the one to play is not it. */
  function linkUrl(record, link, kind, to) {
    if (kind !== 'full') return gameUrl({ link });
    const fair = record.link?.fair;
    if (fair) return gameUrl({ link, proof: `${fair.invite}.${fair.secret}`, seat: to });
    const names = record.seats.map((s, i) => (namesNobody(s.name, t('names.you')) ? t('player.seat', { n: i + 1 }) : s.name));
    return gameUrl({ link, names, bots: record.seats.map((s) => s.bot), seat: to });
  }

  async function share(o) {
    try {
      if (navigator.share) {
        await navigator.share({ title: t('app.title'), text: o.text, url: o.url });
        o.status = t('link.shared');
      } else {
        await navigator.clipboard.writeText(`${o.text}\n${o.url}`);
        o.status = t('link.copied');
      }
      o.sent = true;
      // The person it went to plays on their own device from now on: this one no longer
      // waits to be passed to them, and shows its own person's hand again (it was covered
      // for the next person).
      const mine = ctl.record?.link?.mySeats;
      const waiting = o.to !== ctl.record?.viewer || ctl.coverFor === o.to;
      if (mine && o.game === ctl.record.id && waiting && mine.includes(o.to)) {
        ctl.record.link.mySeats = mine.filter((s) => s !== o.to);
        if (ctl.record.viewer === o.to && ctl.record.link.mySeats.includes(o.from)) {
          ctl.switchViewer(o.from);
          ctl.refreshView().then(() => ctl.onChange());
        }
        ctl.onChange();
      }
    } catch (err) {
      o.status = err?.name === 'AbortError' ? '' : t('link.copyByHand');
    }
    render();
  }

  function sendBox(o, { id, title, primary }) {
    return h(
      'section',
      { class: 'send-game', id, 'aria-labelledby': `${id}-title`, 'data-link': o.url },
      h('h2', { id: `${id}-title`, text: title }),
      h('p', { class: 'send-text', id: `${id}-text`, text: o.text }),
      h('button', {
        class: ['btn', 'big', primary && 'primary'],
        type: 'button',
        id: `${id}-btn`,
        'data-fk': `${id}-btn`,
        onclick: () => share(o),
        text: t(navigator.share ? 'link.send' : 'link.copy'),
      }),
      o.status ? h('p', { class: 'send-status', role: 'status', text: o.status }) : null,
      // For a phone at the same table: its camera takes the link from the QR code.
      h(
        'details',
        {
          class: 'send-url',
          id: `${id}-more`,
          open: o.showQr || undefined,
          ontoggle: (e) => {
            if (Boolean(o.showQr) === e.target.open) return;
            o.showQr = e.target.open;
            render();
          },
        },
        h('summary', { 'data-fk': `${id}-qr`, text: t('link.showLink') }),
        o.showQr ? qrFigure({ url: o.url, label: t('qr.labelFor', { title }), t }) : null,
      ),
    );
  }

  /** What the covered hand shows while the device waits for `ctl.coverFor`: the link to
   * send (first for a person on another device) and the hand-off button. */
  function dock() {
    const seat = ctl.coverFor;
    const name = ctl.name(seat);
    const o = state.offer;
    const ready = o && ctl.record && o.game === ctl.record.id && o.to === seat ? o : null;
    const remote = ctl.isRemote(seat);
    const reveal = h('button', {
      class: ['btn', 'big', !remote && 'primary'],
      type: 'button',
      id: 'reveal',
      'data-fk': 'reveal',
      onclick: () => ctl.revealHand(),
      text: t(remote ? 'cover.hereToo' : 'cover.ready', { name }),
    });
    if (!ready) return remote ? h('div', { class: 'dock' }, h('p', { class: 'dock-wait', text: t('link.making') }), reveal) : null;
    const box = sendBox(ready, { id: 'send-game', title: t('link.sendTitle', { name }), primary: remote });
    if (!remote) return h('div', { class: 'dock' }, reveal, h('p', { class: 'dock-or', text: t('link.orSend', { name }) }), box);
    return h(
      'div',
      { class: 'dock' },
      box,
      ready.sent ? h('button', { class: 'btn', type: 'button', id: 'to-games', 'data-fk': 'to-games', onclick: toStart, text: t('link.toGames') }) : null,
      reveal,
    );
  }

  /** At a round's end: the result for each person on another device (they see the score
   * sheet, and whoever plays first in the next round goes on from there). */
  function resultBoxes() {
    const v = ctl.view;
    const record = ctl.record;
    if (!v?.round_over || !record?.link || ctl.replay) return null;
    // The result came here by link: the device where the round ended sends it to everyone.
    if (record.link.resultOf === v.round) return null;
    const remote = record.seats.map((_, i) => i).filter((i) => ctl.isRemote(i));
    if (!remote.length) return null;
    const key = `${record.id}:${v.round}:${v.game_over}`;
    if (state.resultOffers?.key !== key) {
      state.resultOffers = { key, offers: {} };
      makeResultLinks(record, remote, state.resultOffers);
      return null;
    }
    const offers = state.resultOffers.offers;
    return h(
      'div',
      { class: 'result-send' },
      remote.map((seat) =>
        offers[seat] ? sendBox(offers[seat], { id: `send-result-${seat}`, title: t('link.sendResult', { name: ctl.name(seat) }), primary: false }) : null,
      ),
    );
  }

  async function makeResultLinks(record, seats, into) {
    for (const seat of seats) {
      try {
        const { link, kind } = await engine.call('link', { game: record.id, seat });
        const url = linkUrl(record, link, kind, seat);
        into.offers[seat] = {
          game: record.id,
          to: seat,
          url,
          text: t('link.resultMessage', { variant: t(`variant.${record.variant}`) }),
          status: '',
          sent: false,
        };
      } catch {
        /* no link for this one: the score sheet is still here */
      }
    }
    render();
  }

  // ---- receiving ----------------------------------------------------------------------

  /** The hand-off before a received turn shows: "Whose turn: Ana — are you Ana?". */
  function handoff() {
    const hand = state.handoff;
    if (!hand || !ctl.view || !ctl.record) return null;
    const name = ctl.name(hand.seat);
    if (hand.step === 'since') return sinceSheet(hand, name);
    const yes = () => {
      const since = sinceLines(hand);
      ctl.revealHand();
      if (since.length) hand.step = 'since';
      else state.handoff = null;
      render();
    };
    const notMe = () => {
      // Someone else opened the link: keep the game here, and offer to send it on to `name`.
      state.handoff = null;
      const mine = ctl.record.link.mySeats.filter((s) => s !== hand.seat);
      ctl.record.link.mySeats = mine;
      ctl.onChange();
      const last = [...(ctl.view.log || [])].reverse().find((e) => e.type === 'discard');
      offer(hand.seat, last ? last.seat : hand.seat);
    };
    return h(
      'div',
      { class: 'overlay' },
      h(
        'section',
        { class: 'sheet handoff', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'handoff-title', id: 'handoff' },
        h('h2', { id: 'handoff-title', text: t('link.whoseTurn', { name }) }),
        h('p', { text: t('link.areYou', { name }) }),
        hand.note ? h('p', { class: ['msg', hand.noteKind || 'info'], id: 'link-check', text: hand.note }) : null,
        h('button', { class: 'btn primary big', type: 'button', id: 'handoff-yes', 'data-fk': 'handoff-yes', onclick: yes, text: t('cover.ready', { name }) }),
        h('button', { class: 'btn', type: 'button', id: 'handoff-no', 'data-fk': 'handoff-no', onclick: notMe, text: t('link.notMe', { name }) }),
      ),
    );
  }

  function sinceLines(hand) {
    const v = ctl.view;
    const log = (v.log || []).slice(hand.since);
    return logLines({ ...v, log }, t, ctl.names, ctl.youSeat);
  }

  function sinceSheet(hand, name) {
    const lines = sinceLines(hand);
    const done = () => {
      state.handoff = null;
      render();
    };
    const replay = async () => {
      try {
        const { steps } = await engine.call('replay', { game: ctl.record.id, seat: hand.seat, since: hand.since });
        state.handoff = null;
        ctl.startReplay(steps);
      } catch (err) {
        ctl.say(err.message || String(err), 'status', 'error');
        done();
      }
    };
    return h(
      'div',
      { class: 'overlay' },
      h(
        'section',
        { class: 'sheet since', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'since-title', id: 'since' },
        h('h2', { id: 'since-title', text: t(hand.first ? 'link.sinceStart' : 'link.sinceTitle', { name }) }),
        h(
          'ol',
          { class: 'since-lines', id: 'since-lines' },
          lines.map((l) => h('li', { text: l.text })),
        ),
        h(
          'div',
          { class: 'row-buttons' },
          h('button', { class: 'btn', type: 'button', id: 'since-replay', 'data-fk': 'since-replay', onclick: replay, text: t('link.replay') }),
          h('button', { class: 'btn primary', type: 'button', id: 'since-done', 'data-fk': 'since-done', onclick: done, text: t('link.toTable') }),
        ),
      ),
    );
  }

  /** The bar under a replay: which move, back / next, done. */
  function replayBar() {
    const r = ctl.replay;
    if (!r) return null;
    const step = r.steps[r.index];
    const event = step.view.log?.[step.event];
    // A review's moment says itself which turn it is (its sentence begins "Turn 7: …"); the
    // moves after it are counted from it, as what followed, not as moves of the round.
    const moment = momentShown(r);
    const line = moment?.text ?? (event ? logLines({ ...step.view, log: [event] }, t, ctl.names, ctl.youSeat)[0]?.text : t('link.replayStart'));
    const label = !r.moment
      ? t('link.replayStep', { n: r.index + 1, total: r.steps.length })
      : moment
        ? null
        : t('review.followed', { n: r.index, total: r.steps.length - 1 });
    return h(
      'section',
      { class: 'replay-bar', id: 'replay', 'aria-label': t('link.replayLabel') },
      h('p', { role: 'status', id: 'replay-text' }, label ? h('strong', { text: label }) : null, label ? ' ' : null, line ?? ''),
      h(
        'div',
        { class: 'row-buttons' },
        h('button', {
          class: 'btn',
          type: 'button',
          id: 'replay-back',
          'data-fk': 'replay-back',
          disabled: r.index === 0 || undefined,
          onclick: () => ctl.stepReplay(-1),
          text: t('link.back'),
        }),
        h('button', {
          class: 'btn',
          type: 'button',
          id: 'replay-next',
          'data-fk': 'replay-next',
          disabled: r.index === r.steps.length - 1 || undefined,
          onclick: () => ctl.stepReplay(1),
          text: t('link.next'),
        }),
        h('button', {
          class: 'btn primary',
          type: 'button',
          id: 'replay-done',
          'data-fk': 'replay-done',
          onclick: () => ctl.endReplay(),
          text: t(r.moment ? 'review.done' : 'link.toTable'), // a review's replay returns to the score sheet
        }),
      ),
    );
  }

  /** Open the link or invitation in the fragment, if any. */
  async function openFromHash() {
    const parsed = parseGameHash(location.hash);
    if (!parsed) return false;
    history.replaceState(null, '', location.pathname + location.search);
    app.error = null;
    // Until the link is read (the engine may still be starting): say so, rather than show the
    // start screen, where a person would begin setting up a game the link then replaces. A
    // link opened over the table keeps the table until it is read (a refusal is said there).
    if (app.screen !== 'table') {
      app.screen = 'resuming';
      app.resumingText = parsed.type === 'invite' ? 'invite.opening' : 'link.opening';
      render();
    }
    try {
      if (parsed.type === 'invite') return await openInvite(parsed.text);
      return await receiveGame(parsed);
    } catch (err) {
      refuse(err);
      return false;
    } finally {
      app.resumingText = null;
      if (app.screen === 'resuming') {
        app.screen = 'start';
        render();
      }
    }
  }

  /** A link that cannot be used: say why where the player is; nothing they hold changes. */
  function refuse(err) {
    const say = (t) => t('link.refused', { reason: refusalText(err, t) });
    if (app.screen === 'table' && ctl.view) {
      ctl.message = { text: say(t), kind: 'error', near: 'status' };
    } else {
      app.error = { say };
      app.screen = 'start';
    }
    render();
  }

  /** The games kept here that have travelled by link, most recent first. */
  function linkGames() {
    const out = [];
    for (const g of records.list?.() ?? []) {
      const saved = records.load(g.id);
      if (saved?.record?.link?.gameId) out.push(saved);
    }
    return out;
  }

  /** Whether the engine refuses this device's copy of a game on its own (a damaged or
   * impossible state: a score of 1e300, say). Such a copy is set aside — kept for export and
   * reported — so it never stands in the way of a link, for its game or another. */
  async function setAsideIfUnloadable(saved) {
    try {
      const { game } = await engine.call('load', { state: saved.state });
      engine.call('close', { game }).catch(() => {});
      return false;
    } catch (err) {
      if (!['bad_request', 'illegal'].includes(err.kind)) return false; // the engine is in trouble, not the copy
      records.setAside?.(saved.record.key, err.message || String(err));
      return true;
    }
  }

  async function receiveGame(parsed) {
    // A game this device holds: the link must follow from its copy.
    for (const saved of linkGames()) {
      let res;
      try {
        res = await engine.call('receive_link', { link: parsed.link, state: saved.state });
      } catch (err) {
        if (err.reason === 'wrong_game') {
          // Another game's link: this copy is not in its way. But if the engine cannot load
          // this copy at all (it answers wrong_game for it too), it is set aside now.
          await setAsideIfUnloadable(saved);
          continue;
        }
        if (['already_opened', 'forked', 'missed'].includes(err.reason)) {
          // Keep this device's copy, open it, and say why the link was not used.
          await ctl.openSaved(saved.record, saved.state);
          ctl.message = { text: err.message, kind: err.reason === 'already_opened' ? 'info' : 'error', near: 'status' };
          state.handoff = null;
          app.screen = 'table';
          ctl.onChange();
          ctl.afterChange();
          return false;
        }
        // Was it the stored copy the engine refused? Then it is set aside and the next tried.
        if (await setAsideIfUnloadable(saved)) continue;
        throw err;
      }
      // Whoever played the new moves did it on another device.
      const movers = new Set((res.view.log || []).slice(res.since).map((e) => e.seat));
      const mySeats = saved.record.link.mySeats.filter((s) => !movers.has(s) || saved.record.seats[s]?.bot);
      // A turn link is for the seat to play; a round's result is seen from this device's seat
      // (the one who went out played on another device).
      const viewer = res.view.round_over ? (mySeats.find((s) => !saved.record.seats[s]?.bot) ?? res.view.current_player) : res.view.current_player;
      const record = { ...saved.record, id: res.game, viewer, link: { ...saved.record.link, mySeats } };
      let note = t(res.kind === 'moves' ? 'link.checkedMoves' : 'link.checkedFull');
      if (res.view.round > saved.state.round) note += ` ${t('link.roundEnded', { n: saved.state.round })}`;
      return show(record, res, { note, noteKind: 'info', bound: true });
    }
    // First contact: the whole game, perhaps dealt from an invitation this device joined.
    const res = await engine.call('receive_link', { link: parsed.link });
    // The seat to play, or after a round the seat the result was sent to.
    const over = res.view.round_over && parsed.seat !== null && parsed.seat < res.view.players;
    const seat = over ? parsed.seat : res.view.current_player;
    let seats = Array.from({ length: res.view.players }, (_, i) => ({ name: parsed.names[i] || t('player.seat', { n: i + 1 }), bot: parsed.bots[i] || null }));
    let mySeats = [seat];
    let fair = null;
    let bound = false; // this device joined the invitation as the seat to play
    let note = res.verified_deal ? t('link.dealtBySender') : t('link.setUp');
    if (parsed.proof) {
      const checked = await checkDeal(parsed.proof, res);
      seats = checked.invite.seats.map((s, i) => ({ name: cleanName(s.name) || t('player.seat', { n: i + 1 }), bot: s.bot }));
      if (checked.mine) {
        mySeats = [checked.mine.seat];
        bound = checked.mine.seat === seat;
      }
      fair = { invite: checked.text, secret: checked.secret };
      note = checked.mine ? t('link.fairChecked') : t('link.fairConsistent');
    }
    const record = {
      key: `l${Date.now().toString(36)}${randomHex(3)}`,
      id: res.game,
      variant: res.view.variant,
      players: res.view.players,
      seats,
      options: res.view.options,
      seed: res.seed ?? 0,
      viewer: seat,
      botCounter: 0,
      link: { gameId: res.game_id, mySeats, fair },
    };
    return show(record, res, { note, noteKind: 'info', bound });
  }

  /** The deal of a game from an invitation: the host's reveal must match its commitment,
   * the seed must be the one every value makes, and this device's value must be in it. */
  async function checkDeal(proof, res) {
    const dot = proof.lastIndexOf('.');
    const text = proof.slice(0, dot);
    const secret = proof.slice(dot + 1);
    const unfair = (why) => {
      engine.call('close', { game: res.game }).catch(() => {});
      return new Error(why);
    };
    let invite, seed;
    try {
      ({ invite } = await engine.call('invite_decode', { text }));
      ({ seed } = await engine.call('fair_seed', { invite, secret }));
    } catch (err) {
      throw unfair(err.message);
    }
    if (seed !== res.seed || invite.variant !== res.view.variant || invite.players !== res.view.players) throw unfair(t('link.dealNotFromInvite'));
    const mine = keptInvite(invites.get(invite.id));
    if (mine && mine.role === 'guest' && (mine.commitment !== invite.commitment || invite.seats[mine.seat]?.value !== mine.value))
      throw unfair(t('link.myValueMissing'));
    return { invite, text, secret, mine: mine && mine.role === 'guest' ? mine : null };
  }

  /** Whether the device must ask "Are you Ana?" before it shows `seat`'s hand. Only where that
   * protects a secret: the device holds another person's seat of this game too (pass and
   * play), or it is a first contact whose seat is not bound to it — a link anyone may have
   * opened. A device that only ever played this seat (`bound`: it has the game, or joined the
   * invitation as this seat) shows the hand at once. */
  function mustAsk(record, seat, bound) {
    const people = record.link.mySeats.filter((s) => !record.seats[s]?.bot);
    return people.some((s) => s !== seat) || !bound;
  }

  /** "Replay the moves" from the table's message: the moves since `seat`'s last turn. */
  async function replaySince({ seat, since }) {
    try {
      const { steps } = await engine.call('replay', { game: ctl.record.id, seat, since });
      ctl.message = null;
      ctl.startReplay(steps);
    } catch (err) {
      ctl.say(err.message || String(err), 'status', 'error');
    }
  }

  async function show(record, res, { note, noteKind, bound }) {
    // The game is shown from the record's seat (after a round, not always the seat to play).
    if (record.viewer !== res.view.seat) res.view = (await engine.call('view', { game: res.game, seat: record.viewer })).view;
    const seat = res.view.current_player;
    if (!res.view.round_over && !record.link.mySeats.includes(seat)) record.link.mySeats = [...record.link.mySeats, seat];
    if (res.view.round_over) record.link = { ...record.link, resultOf: res.view.round };
    const since = res.since ?? 0;
    const ask = !res.view.round_over && mustAsk(record, seat, bound);
    ctl.adopt(record, res.view, { cover: ask ? seat : null });
    state.offer = null;
    state.handoff = ask ? { seat, since, first: Boolean(res.first_contact), note, noteKind } : null;
    if (!ask && !res.view.round_over) {
      // The seat's own phone: straight to the hand. What the others did is in the strip (a
      // phone) or the log; the message says the link was checked and offers the replay.
      const moves = (res.view.log || []).length - since;
      const text = res.kind === 'moves' && moves > 0 ? t('link.checkedSince', { count: moves }) : note;
      ctl.message = { text, kind: noteKind, near: 'status', replaySince: moves > 0 ? { seat, since } : null };
    }
    app.screen = 'table';
    ctl.onChange(); // renders, and keeps the game among the games in progress
    return true;
  }

  // The fair deal's invitation (web/ui/invite-play.js) shares the send box.
  const { invite, openInvite, renderInvite, inviting } = createInvitePlay({ engine, ctl, records, app, t, render, sendBox });

  window.addEventListener('hashchange', () => openFromHash());

  return { offer, forget, dock, handoff, replaySince, replayBar, resultBoxes, openFromHash, invite, renderInvite, inviting };
}
