/**
 * What a press, a key or a drop on the table asks for. A button whose action the rules do
 * not allow now answers with its reason (rules-of-play.js) next to where it was pressed;
 * else the controller acts. `t` is the current translator (it changes with the language).
 */
import { buttonReasons, reasonParams } from './rules-of-play.js';
import { codeOf, selectedCodes } from './hand-model.js';
import { pieceName, piecesWords } from './pieces.js';

export function createTableIntents({ ctl, t, root, openDialog, linkPlay }) {
  /** A button's "why not" in words, with what it names (a player, the opening's points). */
  const whyText = (why) =>
    t(
      piecesWords(ctl.view, why),
      reasonParams(ctl, (code) => pieceName(code, t)),
    );

  const perform = {
    draw: () => ctl.drawStock(),
    take: () => ctl.takeDiscard(),
    joker: () => ctl.jokerButton(),
    meld: () => ctl.meld(t),
    stage: () => ctl.stage(t),
    layoff: () => ctl.layoffPressed(),
    discard: () => ctl.discard(),
    undo: () => ctl.resetTurn(),
    hint: () => ctl.askHint(t),
  };

  const intents = {
    dock: () => linkPlay.dock(),
    replaySince: (from) => linkPlay.replaySince(from),
    watchSeat: (seat) => ctl.watchSeat(seat),
    menu: () => openDialog({ kind: 'menu' }),
    scores: () => openDialog({ kind: 'scores' }),
    toggle(key) {
      ctl.toggleSelect(key);
    },
    action(name, near) {
      const why = buttonReasons(ctl)[name];
      // E.g. the discard pile in the play phase with nothing selected: explain discarding.
      // "Tap the marked joker" shows it, if it is out of sight.
      if (why) return ctl.say(whyText(why), near, 'info', why === 'why.swapMarked' ? '#table .swappable' : null);
      return perform[name]();
    },
    meld(id) {
      const why = buttonReasons(ctl).layoff;
      if (why) return ctl.say(whyText(why), `meld:${id}`, 'info');
      return ctl.layoff(id);
    },
    swap(id, jokerCode) {
      const sel = selectedCodes(ctl.hand);
      if (!ctl.myTurn || ctl.view.phase !== 'play') return ctl.say(whyText(buttonReasons(ctl).layoff || 'why.drawFirst'), `meld:${id}`, 'info');
      if (sel.length !== 1) return ctl.say(t('why.selectOneSwap', { joker: pieceName(jokerCode, t) }), `meld:${id}`, 'info');
      return ctl.swapJoker(id, sel[0]);
    },
    /** The hand is one Tab stop, the piece the keyboard last stood on: it moves with focus. */
    handFocus(key) {
      if (ctl.hand.focusKey === key) return;
      ctl.hand.focusKey = key;
      for (const b of root.querySelectorAll('#hand button.in-hand')) b.tabIndex = b.dataset.key === key ? 0 : -1;
    },
    handKey(e, key, index) {
      const cards = [...root.querySelectorAll('#hand button.in-hand')];
      const focusAt = (i) => cards[Math.max(0, Math.min(cards.length - 1, i))]?.focus();
      // The hand is laid out left to right in every language (cards are physical objects).
      const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (step && (e.shiftKey || e.altKey)) {
        e.preventDefault();
        ctl.moveCard(key, index + step);
      } else if (step) {
        e.preventDefault();
        focusAt(index + step);
      } else if (e.key === 'Home' || e.key === 'End') {
        e.preventDefault();
        focusAt(e.key === 'Home' ? 0 : cards.length - 1);
      } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.shiftKey && !e.altKey) {
        // A rack of two rows (Rummy 101): up and down go to the nearest piece of the other row.
        const other = nearestInRow(cards, cards[index], e.key === 'ArrowUp' ? -1 : 1);
        if (other) {
          e.preventDefault();
          other.focus();
        }
      } else if (e.key === 'Escape') {
        ctl.clearSelection();
      }
    },
  };

  /** A piece lifted (web/ui/drag.js) that is not among those selected carries only itself:
   * the melds it may join are marked while it is dragged. The table is not drawn anew during a
   * drag, so the marks go on the melds themselves, and come off when it lands (`landed`). */
  let lifted = null; // { marks: [elements] } while a drag lasts
  function lift(key) {
    if (ctl.hand.selected.has(key)) return; // the selection's melds are marked already
    const drag = { marks: [] };
    lifted = drag;
    ctl.askFits([codeOf(ctl.hand, key)]).then((fits) => {
      if (!fits || lifted !== drag) return; // not known, or landed meanwhile
      for (const id of fits.melds) {
        const el = root.querySelector(`.meld[data-meld='${id}']:not(.targetable)`);
        if (el) (el.classList.add('targetable'), drag.marks.push(el));
      }
    });
  }
  function landed() {
    for (const el of lifted?.marks || []) el.classList.remove('targetable');
    lifted = null;
  }

  /** A piece dropped (web/ui/drag.js): on the hand (reorder), the pile, a meld or a joker. */
  function drop({ key, drop: where, index }) {
    if (!where) return undefined;
    const code = codeOf(ctl.hand, key);
    if (where === 'hand') return ctl.moveCard(key, index);
    if (where === 'discard') {
      let why = buttonReasons(ctl).discard;
      if (why === 'why.selectOneDiscard' || why === 'why.takenNoDiscard') why = null; // the dropped card is the one
      if (!why && ctl.view.variant !== 'rummy101' && code === ctl.view.taken) why = 'why.takenNoDiscard';
      if (why) return ctl.say(whyText(why), 'discard', 'info');
      return ctl.discard(code);
    }
    if (where.startsWith('meld:')) {
      const id = Number(where.slice(5));
      const why = buttonReasons(ctl).layoff;
      if (why && why !== 'why.selectForLayoff') return ctl.say(whyText(why), where, 'info');
      // Dropping one of the selected cards lays off the whole selection; else just that card.
      const cards = ctl.hand.selected.has(key) ? selectedCodes(ctl.hand) : [code];
      return ctl.layoffCodes(id, cards).then((ok) => ok && ctl.clearSelection());
    }
    if (where.startsWith('joker:')) {
      const id = Number(where.slice(6));
      if (!ctl.myTurn || ctl.view.phase !== 'play') return ctl.say(t('why.drawFirst'), `meld:${id}`, 'info');
      return ctl.swapJoker(id, code);
    }
    return undefined;
  }

  return { intents, drop, lift, landed };
}

/** The piece of the row above (`dir` -1) or below (+1) `from` whose middle is nearest its own,
 * or null in a hand of one row. */
function nearestInRow(pieces, from, dir) {
  const boxes = new Map(pieces.map((el) => [el, el.getBoundingClientRect()])); // measured once
  const box = (el) => boxes.get(el);
  const here = box(from);
  const mid = (r) => r.left + r.width / 2;
  const rows = pieces.filter((el) => dir * (box(el).top - here.top) > here.height / 2);
  if (!rows.length) return null;
  const nextTop = dir < 0 ? Math.max(...rows.map((el) => box(el).top)) : Math.min(...rows.map((el) => box(el).top));
  const row = rows.filter((el) => Math.abs(box(el).top - nextTop) < here.height / 2);
  return row.reduce((best, el) => (Math.abs(mid(box(el)) - mid(here)) < Math.abs(mid(box(best)) - mid(here)) ? el : best));
}
