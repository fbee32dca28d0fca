/**
 * Drag a card from the hand: onto another place in the hand (reorder), onto a meld on the
 * table (lay off), onto a joker in a meld (Rummy 101 joker swap) or onto the discard pile.
 * Pointer events cover mouse, pen and touch alike; a press that does not move is a tap and is
 * left to the button's click (select). Keyboard players use the same intents without drag.
 */
const THRESHOLD = 8;

export function installDrag(root, { onDrop, setDragging, onLift = () => {} }) {
  root.addEventListener('pointerdown', (down) => {
    const card = down.target.closest?.('button.in-hand');
    if (!card || card.disabled || down.button > 0 || !down.isPrimary) return;
    const key = card.dataset.key;
    const start = { x: down.clientX, y: down.clientY };
    const rect = card.getBoundingClientRect();
    let ghost = null;
    let over = null;

    const targetAt = (x, y) => document.elementFromPoint(x, y)?.closest?.('[data-drop]') || null;

    const move = (ev) => {
      if (ev.pointerId !== down.pointerId) return;
      const dx = ev.clientX - start.x;
      const dy = ev.clientY - start.y;
      if (!ghost) {
        if (Math.hypot(dx, dy) < THRESHOLD) return;
        ghost = card.cloneNode(true);
        for (const a of ['id', 'data-fk', 'data-key']) ghost.removeAttribute(a);
        ghost.setAttribute('aria-hidden', 'true');
        ghost.classList.add('ghost');
        Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
        document.body.appendChild(ghost);
        card.classList.add('dragging');
        setDragging(true);
        onLift(key);
      }
      ghost.style.transform = `translate(${dx}px, ${dy}px)`;
      const t = targetAt(ev.clientX, ev.clientY);
      if (t !== over) {
        over?.classList.remove('drop-over');
        over = t;
        over?.classList.add('drop-over');
      }
      ev.preventDefault();
    };

    const end = (ev) => {
      if (ev.pointerId !== down.pointerId) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      if (!ghost) return;
      ghost.remove();
      card.classList.remove('dragging');
      over?.classList.remove('drop-over');
      // The click that follows a drag is not a tap.
      const swallow = (c) => {
        c.stopPropagation();
        c.preventDefault();
      };
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 80);
      setTimeout(() => setDragging(false), 0);
      if (ev.type === 'pointercancel') return;
      const drop = targetAt(ev.clientX, ev.clientY)?.dataset.drop || null;
      onDrop({ key, drop, index: drop === 'hand' ? insertionIndex(root, key, ev.clientX, ev.clientY) : null });
    };

    window.addEventListener('pointermove', move, { passive: false });
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  });
}

/** Where in the hand a card dropped at (x, y) goes: before the nearest card, or after it. */
function insertionIndex(root, key, x, y) {
  const cards = [...root.querySelectorAll('#hand button.in-hand')].filter((c) => c.dataset.key !== key);
  let best = { d: Infinity, index: cards.length };
  cards.forEach((c, i) => {
    const r = c.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const d = Math.hypot((x - cx) * 1, (y - cy) * 2);
    if (d < best.d) best = { d, index: x < cx ? i : i + 1 };
  });
  return best.index;
}
