/**
 * The moves a full storage did not keep. A save refused for want of room leaves a small note
 * under the `unsaved` key — {<game id>: {variant, round, moves, keptRound, keptMoves, at}}: the
 * position of the last refused save (its round, and events in that round's log) and of the
 * save that stands (null when the game was never saved). A few dozen characters: it fits where
 * a game record did not. A later save that succeeds removes the game's note; the next open
 * reports the rest once (problem kind 'unsaved', with the numbers for the page's own words).
 */
import { is, isPlainObject, shapeProblem, summarize } from './schema.js';

const NOTE = {
  variant: is.text,
  round: is.count,
  moves: is.count,
  keptRound: is.orNull(is.count),
  keptMoves: is.orNull(is.count),
};

const unsavedKey = (store) => store.prefix + 'unsaved';

function readNotes(store) {
  const got = store.readJSON(unsavedKey(store));
  return !got.missing && !got.broken && isPlainObject(got.value) ? got.value : {};
}

/** A save of game `id` at `state` was refused for want of room: note how far it got. */
export function noteUnsaved(store, id, state) {
  const entry = store.root.games[id];
  const kept = entry ? store.goodRecord(entry.key, id)?.state : null;
  const moves = (s) => (Array.isArray(s?.log) ? s.log.length : 0);
  const notes = readNotes(store);
  const { variant, round } = summarize(id, state);
  notes[id] = {
    variant,
    round,
    moves: moves(state),
    keptRound: kept ? summarize(id, kept).round : null,
    keptMoves: kept ? moves(kept) : null,
    at: store.now(),
  };
  try {
    store.ls.setItem(unsavedKey(store), JSON.stringify(notes));
  } catch {
    /* not even that fits: the player was told at the time */
  }
}

/** A save of game `id` went through: its note goes. */
export function clearUnsaved(store, id) {
  const notes = readNotes(store);
  if (!(id in notes)) return;
  delete notes[id];
  try {
    if (Object.keys(notes).length) store.ls.setItem(unsavedKey(store), JSON.stringify(notes));
    else store.ls.removeItem(unsavedKey(store));
  } catch {
    /* the note stays; the next open reports it once more */
  }
}

/** Open-time: say which moves the last refused saves did not keep, once: problems
 * {kind: 'unsaved', id, variant, round, count, keptRound, keptMoves}. */
export function reportUnsaved(store) {
  for (const [id, n] of Object.entries(readNotes(store))) {
    if (shapeProblem(n, NOTE)) continue;
    const sameRound = n.keptRound === n.round;
    const lost = sameRound ? Math.max(n.moves - n.keptMoves, 0) : n.moves;
    if (sameRound && !lost) continue;
    store.problems.push({ kind: 'unsaved', id, variant: n.variant, round: n.round, count: lost, keptRound: n.keptRound, keptMoves: n.keptMoves });
  }
  if (store.ls.getItem(unsavedKey(store)) !== null) {
    try {
      store.ls.removeItem(unsavedKey(store));
    } catch {
      /* said again next time */
    }
  }
}
