/**
 * Pieces that travel. The table is drawn again from each view (dom.js `morph`: a piece still in
 * its holder keeps its element); this module measures where every
 * piece was before a render and, after it, moves each piece from there to where it now is
 * (FLIP: first, last, invert, play — Web Animations API, transforms and opacity only, so no
 * layout happens during a flight). A piece that was nowhere on screen comes from where the
 * log says it came from: the stock for a draw, the discard pile for a take, a player's seat
 * for what another player lays or discards. A piece that leaves the table for a hidden hand
 * (another player's draw from the pile) flies to that player's seat as a ghost.
 *
 * A render during a flight (a quick tap after a move) draws the table again: the pieces caught
 * in flight fly on from where they were, in the time they had left.
 *
 * The table never shows a piece that is not in the view: animations only move elements that
 * the view's render made (and ghosts that end where nothing is drawn). `duration()` scales
 * with the computer players' pace; 0 (instant) or `prefers-reduced-motion` turns motion off.
 */

const PIECES = '#table [data-code]';

/** The flights under way: kept here, because `document.getAnimations()` would first bring the
 * whole document's style up to date (after a render, a full recalculation on the main thread). */
const flights = new Set();

/** The pieces in flight now, and how many ms each has left. */
function flightsLeft() {
  const left = new Map();
  for (const a of flights) {
    if (a.playState !== 'running' || !a.effect?.target) continue;
    const { endTime = 0 } = a.effect.getComputedTiming();
    left.set(a.effect.target, Math.max(0, endTime - (a.currentTime ?? endTime)));
  }
  return left;
}

/** Start a flight and keep it in `flights` until it ends. */
function launch(el, keyframes, options) {
  const animation = el.animate(keyframes, { ...options, id: 'flight' });
  flights.add(animation);
  const done = () => flights.delete(animation);
  animation.addEventListener('finish', done);
  animation.addEventListener('cancel', done);
  return animation;
}

/** Where each piece is, by code, in document order (`pairUp` tells two identical tiles
 * apart), plus the stock, the discard pile and every seat. A piece caught in flight is
 * measured where it is on screen, with the time its flight had left (`left`). */
function measure(root) {
  const flying = flightsLeft();
  const pieces = new Map();
  for (const el of root.querySelectorAll(PIECES)) {
    if (el.closest('.chip-discard, .my-discard, .staged-group')) continue; // small echoes
    const code = el.dataset.code.split('=')[0];
    if (!pieces.has(code)) pieces.set(code, []);
    const holder = el.closest('#hand, [data-meld], #discard-pile');
    const place = holder ? holder.id || `meld:${holder.dataset.meld}` : 'other';
    pieces.get(code).push({ rect: el.getBoundingClientRect(), el, place, left: flying.get(el) ?? 0 });
  }
  const rect = (selector) => root.querySelector(selector)?.getBoundingClientRect() ?? null;
  // A piece drawn from the stock leaves from the stack's top back, not from the whole pile's
  // button (its count and frame too: at 240 px wide, a draw flew as a slab).
  const stockTop = root.querySelector('#stock .pile-stack > .back:last-child');
  const seats = new Map();
  for (const chip of root.querySelectorAll('.seat-chip[data-seat]')) seats.set(Number(chip.dataset.seat), chip.getBoundingClientRect());
  const stock = stockTop?.getBoundingClientRect() ?? rect('#stock');
  return { pieces, stock, stockTop, pile: rect('#discard-pile'), hand: rect('#hand'), seats };
}

/** Where a piece that was not on screen comes from, by the newest log event that names it. */
function originOf(code, events, before, viewer) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    const seatRect = e.seat === viewer ? before.hand : before.seats.get(e.seat);
    if (e.type === 'draw' && e.seat === viewer) {
      if (e.source === 'discard' && (e.card ?? e.tile) === code) return before.pile;
      if (e.source === 'stock' || e.source === 'joker') return before.stock;
    }
    const named = [e.card, e.tile, ...(e.cards || []), ...(e.melds || []).flat()].filter(Boolean).map((c) => c.split('=')[0]);
    if (named.includes(code) && e.seat !== viewer) return seatRect;
  }
  return null;
}

/** Where each of a code's pieces now on screen (`now`) was before (`then`), or null: first the
 * same element (the render kept it), then a piece still in its place, then the others in
 * document order. Rummy 101 has two of each tile: when another player lays the twin of a tile
 * in this rack, the meld comes first in the document, and order alone sent the rack's tile to
 * the meld and the new one into the rack; a twin drawn beside its own flew into the old one's
 * place, not into its own. */
function pairUp(then, now) {
  const used = new Set();
  const pair = (found, alike) =>
    now.map((piece, i) => {
      if (found[i]) return found[i];
      const k = then.findIndex((was, j) => !used.has(j) && alike(was, piece));
      if (k < 0) return null;
      used.add(k);
      return then[k];
    });
  const kept = pair([], (was, piece) => was.el === piece.el);
  const stayed = pair(kept, (was, piece) => was.place === piece.place);
  const moved = then.filter((_, j) => !used.has(j));
  return stayed.map((was) => was ?? moved.shift() ?? null);
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

export function createMotion({ root, duration, enabled }) {
  let before = null;
  let lastLog = 0;

  function fly(el, from, to, ms, { fade = false } = {}) {
    const a = centre(from);
    const b = centre(to);
    const dx = a.x - b.x;
    const dy = a.y - b.y;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    const scale = from.width && to.width ? Math.max(0.4, Math.min(2, from.width / to.width)) : 1;
    launch(
      el,
      [
        { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: fade ? 0.2 : 1 },
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
      ],
      { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
  }

  /** A piece gone to another player's hidden hand flies from where it was to them, as it was
   * seen there (`seen`): the pile's top card face up, or the stock's top back. */
  function ghost(from, to, ms, seen = null) {
    const back = seen ? seen.cloneNode(true) : document.createElement('div');
    back.classList.add('flight-ghost');
    if (!seen) back.classList.add('back');
    back.setAttribute('aria-hidden', 'true');
    Object.assign(back.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
    document.body.appendChild(back);
    const a = centre(from);
    const b = centre(to);
    const animation = launch(
      back,
      [
        { transform: 'translate(0, 0)', opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.5)`, opacity: 0 },
      ],
      { duration: ms, easing: 'cubic-bezier(.4,0,.6,1)' },
    );
    animation.addEventListener('finish', () => back.remove());
    animation.addEventListener('cancel', () => back.remove());
  }

  return {
    /** Before a render: where everything is. */
    capture() {
      before = enabled() && duration() > 0 ? measure(root) : null;
      if (before) before.logLength = lastLog;
    },
    /** After the render of `view` from `viewer`'s seat: move what moved. */
    play(view, viewer) {
      const ms = duration();
      const was = before;
      before = null;
      const log = view?.log || [];
      const events = was && log.length >= was.logLength ? log.slice(was.logLength) : [];
      lastLog = log.length;
      // Only from a table already on screen (a game just opened does not fly in).
      if (!was || !was.hand || !enabled() || ms <= 0) return;
      // A piece the render kept on screen may still be flying: stop it, measure where it now
      // belongs, and let it fly on from where it was (`left`, measured before the render).
      for (const a of [...flights]) if (root.contains(a.effect?.target)) a.cancel();
      const after = measure(root);
      for (const [code, now] of after.pieces) {
        const then = pairUp(was.pieces.get(code) || [], now);
        now.forEach((piece, i) => {
          // A piece still in the same place only shifted with the layout: not a move, and
          // animating it would cost frames for nothing — unless the render caught it in
          // flight (a quick tap after a move): it flies on from where it was, in the time
          // its flight had left, instead of jumping to its place.
          if (then[i] && then[i].place === piece.place) {
            if (then[i].left > 0) fly(piece.el, then[i].rect, piece.rect, then[i].left);
            return;
          }
          const from = then[i]?.rect ?? originOf(code, events, was, viewer);
          if (from) fly(piece.el, from, piece.rect, ms, { fade: !then[i] });
        });
      }
      // Pieces that left the screen for a hidden hand: another player took from the pile.
      for (const e of events) {
        if (e.type !== 'draw' || e.seat === viewer) continue;
        const to = was.seats.get(e.seat);
        // The piece taken is the pile's, not a twin of it in this seat's rack (Rummy 101).
        const code = (e.card ?? e.tile ?? '').split('=')[0];
        const taken = e.source === 'discard' ? (was.pieces.get(code) || []).filter((p) => p.place === 'discard-pile') : [];
        const top = taken[taken.length - 1];
        const from = top ? top.rect : e.source === 'discard' ? was.pile : was.stock;
        if (to && from) ghost(from, to, ms, top?.el ?? (e.source === 'discard' ? null : was.stockTop));
      }
    },
  };
}
