/**
 * The fair deal's invitation (docs/LINKS.md "Invitations" and "In the page"): the host's
 * invitation carries a commitment to its secret; it goes round the people once, each adding
 * a name and a random value; when it comes back the host reveals the secret and deals from
 * the seed all the values make. The first game link then carries the reveal (link-play.js).
 */
import { h, personName } from './dom.js';
import { createInvites, randomHex } from './invites.js';
import { cleanName, NAME_LENGTH, namesNobody } from './setup.js';
import { is, shapeProblem } from '../storage.js';
import { pageRefusal } from './refusals.js';
import { inviteUrl } from './game-url.js';

/** What this device keeps of an invitation it made or joined (web/ui/invites.js): read back
 * only when it has this shape, else as if this device had never seen the invitation. */
const HEX = (v) => typeof v === 'string' && /^[0-9a-f]{64}$/i.test(v);
const KEPT = {
  host: { role: is.text, seat: is.count, secret: HEX, commitment: HEX },
  guest: { role: is.text, seat: is.count, value: HEX, commitment: HEX },
};
export function keptInvite(entry) {
  const shape = KEPT[entry?.role];
  return shape && !shapeProblem(entry, shape) ? entry : null;
}

/** An invitation as the engine decoded it, its names cleaned as every name the page shows. */
function withCleanNames(inv, t) {
  return { ...inv, seats: inv.seats.map((s, i) => ({ ...s, name: cleanName(s.name) || t('player.seat', { n: i + 1 }) })) };
}

/** The name an invitation carries for seat `i` typed as `name` on the start screen: the name
 * itself, but "Player 3" for a seat left as "You" or unnamed ("#3"), which would mislead. */
export function invitedName(name, i, t) {
  const clean = cleanName(name);
  return namesNobody(clean, t('names.you')) ? t('player.seat', { n: i + 1 }) : clean;
}

/** Whether seat `i`'s name is only its number ("Player 3"): the joining guest writes theirs. */
const numbered = (name, i, t) => name === t('player.seat', { n: i + 1 });

/** The people an invitation still waits for (not the host, not computer seats, no value). */
export function missingGuests(invite) {
  return invite.seats.map((s, i) => (i !== invite.host && !s.bot && !s.value ? i : -1)).filter((i) => i >= 0);
}

/** The next person to send an invitation to after `from`: a guest seat that has not joined,
 * else the host (the invitation goes back to be dealt). */
export function nextInvitee(invite, from) {
  const n = invite.seats.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    const s = invite.seats[i];
    if (i !== invite.host && !s.bot && !s.value) return i;
  }
  return invite.host;
}

/** `app` is the shell's declared state (web/ui/app-state.js): this module sets its `screen`.
 * The invitation on screen is this module's own `state.current`. */
export function createInvitePlay({ engine, ctl, records, app, t, render, sendBox }) {
  const invites = createInvites();
  // The invitation shown: {role: 'host'|'guest'|'joining', invite, text, seat, to, offer,
  // name, nameTyped, error}.
  const state = { current: null };

  /** The host starts an invitation from the start screen's setup (`req` = matchRequest). */
  async function invite(req) {
    const host = req.seats.findIndex((s) => !s.bot);
    if (host < 0 || req.seats.filter((s) => !s.bot).length < 2) throw pageRefusal((t) => t('invite.needPeople'), t);
    // The others must know who invites them ("You" would mean each of them).
    const hostName = req.seats[host].name.trim();
    if (namesNobody(hostName, t('names.you'))) {
      throw pageRefusal((t) => t('invite.nameHost', { n: host + 1 }), t, { field: `seat-name-${host}` });
    }
    const secret = randomHex(32);
    const { commitment } = await engine.call('commit', { secret });
    const inv = {
      id: randomHex(8),
      variant: req.variant,
      players: req.players,
      options: req.options,
      host,
      commitment,
      // The names typed on the start screen travel with it; a guest may change theirs on joining.
      seats: req.seats.map((s, i) => ({ name: invitedName(s.name, i, t), bot: s.bot || null, value: null })),
    };
    const { text } = await engine.call('invite_encode', { invite: inv });
    invites.put(inv.id, { role: 'host', secret, seat: host, commitment });
    showInvite({ role: 'host', invite: inv, text, seat: host });
  }

  function showInvite(shown) {
    const to = nextInvitee(shown.invite, shown.seat);
    const from = shown.invite.seats[shown.seat].name;
    const message =
      to === shown.invite.host && shown.role === 'guest'
        ? t('invite.messageBack', { name: from, variant: t(`variant.${shown.invite.variant}`) })
        : t('invite.message', { name: from, variant: t(`variant.${shown.invite.variant}`) });
    state.current = { ...shown, to, offer: { url: inviteUrl(shown.text), text: message, status: '', sent: false } };
    app.screen = 'invite';
    render();
  }

  async function openInvite(text) {
    const { invite: decoded } = await engine.call('invite_decode', { text });
    const inv = withCleanNames(decoded, t);
    const mine = keptInvite(invites.get(inv.id));
    const open = inv.seats.some((s, i) => i !== inv.host && !s.bot && !s.value);
    if (mine?.role === 'host') {
      if (mine.commitment !== inv.commitment) throw pageRefusal((t) => t('invite.notMine'), t);
      if (open) return showInvite({ role: 'host', invite: inv, text, seat: mine.seat });
      return deal(inv, text, mine);
    }
    if (mine?.role === 'guest' && inv.seats[mine.seat]?.value === mine.value) return showInvite({ role: 'guest', invite: inv, text, seat: mine.seat });
    if (!open) throw pageRefusal((t) => t('invite.full'), t);
    const seat = missingGuests(inv)[0];
    state.current = { role: 'joining', invite: inv, text, seat, name: guestName(inv, seat) };
    app.screen = 'invite';
    render();
    return true;
  }

  /** The name offered to the guest joining `seat`: the one the host gave that seat, else the
   * name this device knows its person by. They may change it. */
  function guestName(inv, seat) {
    const given = inv.seats[seat]?.name || '';
    return numbered(given, seat, t) ? records.profile?.().name || '' : given;
  }

  async function join() {
    const st = state.current;
    const name = cleanName(st.name);
    if (!name) {
      st.error = t('invite.nameFirst');
      return render();
    }
    const value = randomHex(32);
    const inv = structuredClone(st.invite);
    inv.seats[st.seat] = { name, bot: null, value };
    try {
      const { text } = await engine.call('invite_encode', { invite: inv });
      invites.put(inv.id, { role: 'guest', seat: st.seat, value, commitment: inv.commitment });
      showInvite({ role: 'guest', invite: inv, text, seat: st.seat });
    } catch (err) {
      st.error = err.message || String(err);
      render();
    }
    return true;
  }

  /** Everyone has joined: reveal, check, and deal from the seed all the values make. */
  async function deal(inv, text, mine) {
    const { seed } = await engine.call('fair_seed', { invite: inv, secret: mine.secret });
    const seats = inv.seats.map((s) => ({ name: s.name, bot: s.bot }));
    state.current = null;
    app.screen = 'table';
    await ctl.newGame({
      variant: inv.variant,
      players: inv.players,
      seats,
      options: inv.options,
      seed,
      viewer: mine.seat,
      link: { gameId: null, mySeats: [mine.seat], fair: { invite: text, secret: mine.secret } },
    });
    return true;
  }

  /** "Player 3", or "Player 3 (Bea)" where the host named the seat. */
  function seatLabel(inv, i) {
    const name = inv.seats[i].name;
    return numbered(name, i, t) ? name : t('invite.seatOf', { n: i + 1, name });
  }

  /** The joining guest picks another free seat: its name comes with it, unless they wrote one. */
  function pickSeat(seat) {
    const st = state.current;
    st.seat = seat;
    if (!st.nameTyped) st.name = guestName(st.invite, seat);
    render();
  }

  /** Who has joined and who is still missing, and why the deal waits, in one sentence. */
  function inviteStatus(inv) {
    const host = inv.seats[inv.host].name;
    const missing = missingGuests(inv).map((i) => inv.seats[i].name);
    const text = missing.length ? t('invite.waitingFor', { names: t.names(missing), host }) : t('invite.allIn', { host });
    return h('p', { class: 'invite-status', id: 'invite-status', role: 'status', text });
  }

  function renderInvite() {
    const st = state.current;
    if (!st) return null;
    const inv = st.invite;
    const variant = t(`variant.${inv.variant}`);
    const seatRows = h(
      'ol',
      { class: 'invite-seats', id: 'invite-seats' },
      inv.seats.map((s, i) =>
        h(
          'li',
          { class: [i === st.seat && 'me'] },
          s.bot ? h('span', { class: 'who', text: t('invite.bot', { name: s.name, level: t(`level.${s.bot}`) }) }) : personName(s.name, 'who'),
          h('span', { class: 'state', text: s.bot ? '' : i === inv.host ? t('invite.host') : s.value ? t('invite.joined') : t('invite.waiting') }),
        ),
      ),
    );
    const back = h('button', {
      class: 'btn',
      type: 'button',
      id: 'invite-back',
      'data-fk': 'invite-back',
      onclick: () => {
        state.current = null;
        app.screen = 'start';
        render();
      },
      text: t('invite.toStart'),
    });
    let body;
    if (st.role === 'joining') {
      const choices = inv.seats.map((s, i) => (i !== inv.host && !s.bot && !s.value ? i : -1)).filter((i) => i >= 0);
      body = [
        h('p', { class: 'lead', text: t('invite.from', { name: inv.seats[inv.host].name, variant }) }),
        seatRows,
        inviteStatus(inv),
        choices.length > 1
          ? h(
              'div',
              { class: 'field' },
              h('label', { for: 'invite-seat', text: t('invite.whichSeat') }),
              h(
                'select',
                { id: 'invite-seat', 'data-fk': 'invite-seat', onchange: (e) => pickSeat(Number(e.target.value)) },
                choices.map((i) => h('option', { value: i, selected: i === st.seat, text: seatLabel(inv, i) })),
              ),
            )
          : null,
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'invite-name', text: t('invite.yourName') }),
          h('input', {
            id: 'invite-name',
            'data-fk': 'invite-name',
            type: 'text',
            dir: 'auto',
            maxlength: NAME_LENGTH,
            autocomplete: 'nickname',
            value: st.name,
            oninput: (e) => {
              st.name = e.target.value;
              st.nameTyped = true;
            },
          }),
        ),
        st.error ? h('p', { class: 'msg error', role: 'alert', text: st.error }) : null,
        h('button', { class: 'btn primary big', type: 'button', id: 'invite-join', 'data-fk': 'invite-join', onclick: join, text: t('invite.join') }),
      ];
    } else {
      const to = inv.seats[st.to].name;
      body = [
        h('p', { class: 'lead', text: st.role === 'host' ? t('invite.hostLead', { variant }) : t('invite.joinedLead', { name: inv.seats[inv.host].name }) }),
        seatRows,
        inviteStatus(inv),
        sendBox(st.offer, {
          id: 'send-invite',
          title: st.to === inv.host ? t('invite.sendBack', { name: to }) : t('invite.sendTo', { name: to }),
          primary: true,
        }),
        h('p', { class: 'fine', text: t('invite.fairNote') }),
      ];
    }
    return h('main', { class: 'invite-screen', id: 'invite' }, h('h1', { text: t('invite.title', { variant }) }), body, back);
  }

  /** Whether an invitation is on screen (the shell shows the 'invite' screen for it). */
  const inviting = () => state.current !== null;

  return { invite, openInvite, renderInvite, inviting };
}
