/**
 * The table's sounds, made in the page with Web Audio (nothing is downloaded): a short cue for
 * a draw, a discard, a meld, a lay-off, your turn, and a round won or lost; a short vibration
 * for "your turn" on a phone that has `navigator.vibrate`. Both follow one setting (on/off,
 * saved). The audio context is created only after a person's gesture (browsers refuse to
 * play before one, and the page must not try); a phone's silent switch is honoured where the
 * browser honours it for web audio (iOS does; Android follows the media volume).
 */

// Each cue: notes of [frequency Hz, start s, length s, wave]. Soft, short, pitched apart so
// that a draw and a discard are told apart without looking.
const CUES = {
  draw: [[440, 0, 0.07, 'triangle']],
  discard: [[330, 0, 0.09, 'triangle']],
  meld: [
    [523, 0, 0.08, 'sine'],
    [659, 0.07, 0.08, 'sine'],
    [784, 0.14, 0.12, 'sine'],
  ],
  layoff: [
    [659, 0, 0.07, 'sine'],
    [784, 0.06, 0.1, 'sine'],
  ],
  turn: [
    [880, 0, 0.08, 'sine'],
    [1175, 0.09, 0.12, 'sine'],
  ],
  won: [
    [523, 0, 0.1, 'sine'],
    [659, 0.1, 0.1, 'sine'],
    [784, 0.2, 0.1, 'sine'],
    [1047, 0.3, 0.25, 'sine'],
  ],
  lost: [
    [392, 0, 0.14, 'triangle'],
    [330, 0.14, 0.14, 'triangle'],
    [262, 0.28, 0.3, 'triangle'],
  ],
};

/** `enabled()` reads the setting each time, so switching it off silences at once. */
export function createSound({ enabled, win = globalThis }) {
  let ctx = null;
  const Context = win.AudioContext || win.webkitAudioContext;

  function unlock() {
    if (!enabled() || !Context) return;
    if (!ctx) ctx = new Context();
    if (ctx.state === 'suspended') ctx.resume?.();
  }
  for (const type of ['pointerdown', 'keydown']) win.addEventListener?.(type, unlock, { capture: true, passive: true });

  function note([freq, start, length, wave]) {
    const t0 = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    // A quick rise and an exponential fall: no clicks, nothing loud.
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.12, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + length + 0.02);
  }

  return {
    /** Play a cue by name (a key of CUES); silent when off or before any gesture. */
    play(name) {
      if (!enabled()) return false;
      if (name === 'turn') win.navigator?.vibrate?.(60);
      if (!ctx || ctx.state !== 'running' || !CUES[name]) return false;
      CUES[name].forEach(note);
      return true;
    },
  };
}

/** The cue for what just happened: the newest events of the log since `seen` (their count),
 * or the round's end seen from `you` (won or lost). One cue per change, the most telling. */
export function cueFor(view, seen, you) {
  if (view?.round_over && view.round_result) {
    const winner = view.round_result.winner;
    if (winner === null || winner === undefined || you === null) return null;
    return winner === you ? 'won' : 'lost';
  }
  const fresh = (view?.log || []).slice(seen);
  const order = ['meld', 'layoff', 'swap_joker', 'discard', 'draw'];
  for (const type of order) {
    if (fresh.some((e) => e.type === type)) return type === 'swap_joker' ? 'layoff' : type;
  }
  return null;
}
