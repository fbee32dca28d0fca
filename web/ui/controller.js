/**
 * The table's controller: the one place where the player's intents become engine requests.
 *
 * State flows one way: input (views call the intents below) → controller → engine (through the
 * engine client, docs/WEBAPI.md) → view JSON → render. The controller keeps the UI's own
 * game record (names, which seats are computer players, the seed) and the player's hand
 * arrangement; everything about the game itself is read from the latest view.
 */
import { wait } from './dom.js';
import {
  createHandModel,
  restoreHandModel,
  arrangementOf,
  reconcile,
  sortHand,
  moveItem,
  toggle,
  selectedCodes,
  selectedKeys,
  stageSelection,
  arrangeHand,
  stagedCodes,
  stagedKeys,
  codeOf,
} from './hand-model.js';
import { isJoker, jokerReadings, baseCode } from './notation.js';
import { peopleSeats } from './setup.js';
import { hintSteps, stepCodes, stepButton } from './hint-steps.js';

export const SPEEDS = { slow: 1500, normal: 850, fast: 300, instant: 0 };

/** A sort kept in preferences or a match record, if it is one ('rank', 'suit'), else null. */
const sortOrNull = (by) => (by === 'rank' || by === 'suit' ? by : null);

export class TableController {
  /**
   * @param {object} deps
   * @param {{call(op: string, args: object): Promise<any>}} deps.engine
   * @param {() => void} deps.onChange  re-render
   * @param {(title: string, options: {label: string, value: any}[]) => Promise<any>} deps.choose
   * @param {object} deps.prefs  {get(), set(patch)}
   * @param {object} [deps.hooks]  what the app adds to a change (all optional):
   *   onHandOff(to, from): a person is next on the table (play by link offers the game);
   *   onArrange(): the hand's order changed (autosave keeps it at once);
   *   beforeClose(): the table's game is about to close (autosave's pending save first);
   *   describeRefusal(error): the engine's refusal in the player's words.
   */
  constructor({ engine, onChange, choose, prefs, t, hooks = {} }) {
    this.engine = engine;
    this.t = t;
    this.onChange = onChange;
    this.choose = choose;
    this.prefs = prefs;
    this.onHandOff = hooks.onHandOff ?? null;
    this.onArrange = hooks.onArrange ?? null;
    this.beforeClose = hooks.beforeClose ?? null;
    this.describeRefusal = hooks.describeRefusal ?? null;
    this.record = null; // {id, variant, players, seats:[{name, bot}], options, seed, viewer}
    this.view = null;
    this.hand = createHandModel();
    this.message = null; // {text, kind: 'error'|'info', near}
    // The Hint (web/ui/hint-steps.js): {advice, steps, index, keys: Set, pile, meld, button}
    this.hint = null;
    this.hintAsking = false; // the engine is working out the Hint's advice
    this.dealing = false; // the next round is being dealt
    this.selectionVerdict = null; // the engine's `judge` of the selection: {sig, valid, kind, value}
    this.selectionFits = null; // the engine's `fits` of the selection: {sig, melds, swaps, kept?}
    this.busy = false;
    this.answered = 0; // answers to the player: the engine's (accepted or refused) and say()'s
    this.botsRunning = false;
    this.lastBotAction = null;
    this.coverFor = null; // pass-and-play: the seat the device must be handed to
    this.thinking = null; // the computer seat whose move takes long enough to say so
    this.replay = null; // {steps: [{event, view}], index, live}: "what happened since your turn"
    this.generation = 0; // bumps on each new game, so a stale bot loop stops
  }

  // ---- reading --------------------------------------------------------------------------

  get viewer() {
    return this.record?.viewer ?? 0;
  }
  isBot(seat) {
    return Boolean(this.record?.seats[seat]?.bot);
  }
  /** A person who plays on another device (play by link): their turn is sent, not passed. */
  isRemote(seat) {
    const mine = this.record?.link?.mySeats;
    return Boolean(Array.isArray(mine) && !mine.includes(seat) && !this.isBot(seat));
  }
  /** The seats of the people who play on this device (pass and play: more than one). */
  get peopleHere() {
    return peopleSeats(this.record?.seats || []).filter((i) => !this.isRemote(i));
  }
  /** Every seat is a computer player: the person at this device watches (no actions, no Hint). */
  get watching() {
    return Boolean(this.record?.seats?.length) && peopleSeats(this.record.seats).length === 0;
  }
  /** The seat is the one person playing on this device (so the page may say "you"). */
  isOnlyPersonHere(seat) {
    const here = this.peopleHere;
    return here.length === 1 && here[0] === seat;
  }
  /** The seat said as "you" (the one person at this device), else null: sentences name it. */
  get youSeat() {
    return this.record && this.isOnlyPersonHere(this.viewer) ? this.viewer : null;
  }
  name(seat) {
    return this.record?.seats[seat]?.name || '';
  }
  get names() {
    return this.record ? this.record.seats.map((s) => s.name) : [];
  }
  get myTurn() {
    const v = this.view;
    return Boolean(v && !this.replay && !v.round_over && v.current_player === this.viewer && !this.isBot(this.viewer) && (this.coverFor ?? null) === null);
  }
  /** Events of the current turn, for "take back this turn" (ENGINE_API.md reset_turn). */
  get turnEvents() {
    const log = this.view?.log || [];
    const seat = this.view?.current_player;
    const out = [];
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].seat !== seat || log[i].type === 'discard') break;
      out.unshift(log[i]);
    }
    return out;
  }
  get canResetTurn() {
    if (!this.myTurn || this.view.phase !== 'play') return false;
    if (typeof this.view.can_undo === 'boolean') return this.view.can_undo;
    if (this.view.taken) return true;
    return this.turnEvents.some((e) => ['meld', 'layoff', 'swap_joker'].includes(e.type));
  }

  // ---- engine ---------------------------------------------------------------------------

  async call(op, args = {}) {
    return this.engine.call(op, args);
  }

  setView(view) {
    // An answer to a press ("Not your turn: Ana is playing.") is out of date once the turn
    // moves on, or the round ends.
    const moved = view?.current_player !== this.view?.current_player || (view?.round_over && !this.view?.round_over);
    if (this.message?.kind === 'info' && moved) this.message = null;
    this.view = view;
    if (view && view.seat === this.viewer) {
      reconcile(this.hand, view.hand || []);
      this.keepArrangement();
      if (this.hand.selected.size) this.judgeSelection(); // chosen before the draw, say
    }
  }

  // ---- each person's own hand arrangement (order and sort), kept with the match ----------

  /** The hand model for `seat` as its person left it (pass-and-play: each keeps their own). */
  handFor(seat) {
    return restoreHandModel(this.record?.arrange?.[seat], this.preferredSort());
  }
  /** How a hand with no arrangement of its own is laid out: as the person last sorted, and on a
   * device where nobody has yet, by suit (tiles: by colour), so a first deal reads in runs
   * rather than as dealt. */
  preferredSort() {
    return sortOrNull(this.prefs.get().sortBy) ?? 'suit';
  }
  /** Note the viewer's arrangement in the match record (saved with it: a reload keeps it). */
  keepArrangement() {
    if (!this.record || !this.hand) return;
    this.record.arrange = { ...(this.record.arrange || {}), [this.viewer]: arrangementOf(this.hand) };
  }
  /** A new deal keeps nothing of the last hand's order: each person's hand comes sorted as they
   * last sorted it, or as `preferredSort` when they had laid it out themselves. */
  newDealArrangements() {
    const arrange = Object.entries(this.record.arrange || {});
    this.record.arrange = Object.fromEntries(arrange.map(([seat, a]) => [seat, { order: [], sortBy: sortOrNull(a?.sortBy) ?? this.preferredSort() }]));
  }
  /** Hand the table to `seat` (another person at this device): their own arrangement. */
  switchViewer(seat) {
    this.keepArrangement();
    this.record.viewer = seat;
    this.hand = this.handFor(seat);
    this.hint = null;
    this.selectionVerdict = null;
  }

  /** Start a match from the start screen's choices. */
  async newGame(setup) {
    this.generation++;
    const seats = setup.seats.slice(0, setup.players).map((s) => ({ name: s.name, bot: s.bot || null }));
    const humans = peopleSeats(seats);
    const viewer = Number.isInteger(setup.viewer) ? setup.viewer : humans.length ? humans[0] : 0;
    const seed = Number.isInteger(setup.seed) ? setup.seed : Math.floor(Math.random() * 2 ** 31);
    const res = await this.call('new_game', {
      variant: setup.variant,
      players: setup.players,
      seed,
      options: setup.options || {},
      seat: viewer,
    });
    this.record = {
      key: `m${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
      id: res.game,
      variant: setup.variant,
      players: setup.players,
      seats,
      options: setup.options,
      seed,
      viewer,
      botCounter: 0,
      link: setup.link ?? null,
    };
    this.hand = this.handFor(viewer);
    this.message = null;
    this.hint = null;
    this.selectionVerdict = null;
    this.setView(res.view);
    this.coverSharedHand();
    this.onChange();
    this.afterChange();
  }

  /** Several people at this device, and the hand shown is the one whose turn it is: at a deal,
   * or a saved game opened, whoever pressed is not necessarily who plays, and everyone sees the
   * screen, so the hand stays covered until its person says they are ready (as at every later
   * turn). Another person's turn is covered by `afterChange`; a computer's covers the next
   * person's. */
  coverSharedHand() {
    const v = this.view;
    const shared = this.peopleHere.length > 1 && v && !v.round_over && v.current_player === this.viewer;
    this.coverFor = shared ? this.viewer : null;
  }

  /** Put `record` (whose engine handle is open) on the table, showing `view`; `cover` hides
   * the hand until that seat's person says they are ready. */
  adopt(record, view, { cover = null } = {}) {
    if (this.record && this.record.id !== record.id) {
      this.beforeClose?.(); // the app's pending autosave goes first (calls run in order)
      this.call('close', { game: this.record.id }).catch(() => {});
    }
    this.generation++;
    this.record = record;
    this.hand = this.handFor(record.viewer ?? 0);
    this.message = null;
    this.hint = null;
    this.selectionVerdict = null;
    this.replay = null;
    this.coverFor = cover;
    this.setView(view);
  }

  /** Reopen a game kept on this device (web/ui/records.js) from its seat. */
  async openSaved(record, state) {
    const res = await this.call('load', { state, seat: record.viewer });
    this.adopt({ ...record, id: res.game }, res.view);
  }

  // ---- replay: the moves since this seat's last turn, step by step ------------------------

  /** `moment`: a review's moment shown from its first step ({text, marks, piles}): the replay
   * bar says it there, and the hand marks a discard's two pieces (`marks`: {played, better}
   * codes) or the table a draw's two piles (`piles`: {stock, discard} → which is which;
   * review.js momentMarks, pileMark). */
  startReplay(steps, moment = null) {
    if (!steps?.length || !this.view) return;
    // The hand shown is each step's, in a model of its own: the person's arrangement of the
    // live hand waits, untouched, until the replay ends.
    this.replay = { steps, index: 0, live: this.view, liveHand: this.hand, moment };
    this.hand = createHandModel();
    this.hand.sortBy = this.replay.liveHand.sortBy;
    this.showReplayStep();
  }
  stepReplay(delta) {
    const r = this.replay;
    if (!r) return;
    r.index = Math.max(0, Math.min(r.steps.length - 1, r.index + delta));
    this.showReplayStep();
  }
  showReplayStep() {
    const r = this.replay;
    this.view = r.steps[r.index].view;
    reconcile(this.hand, this.view.hand || []);
    if (this.hand.sortBy) sortHand(this.hand, this.hand.sortBy);
    this.onChange();
  }
  endReplay() {
    const r = this.replay;
    if (!r) return;
    this.replay = null;
    this.hand = r.liveHand;
    this.setView(r.live);
    this.onChange();
  }

  /** A game of computer players only: show `seat`'s hand (the table as that seat sees it). */
  async watchSeat(seat) {
    if (!this.watching || seat === this.viewer || !this.record.seats[seat]) return;
    this.switchViewer(seat);
    await this.refreshView();
    this.onChange();
  }

  async refreshView(seat = this.viewer) {
    const res = await this.call('view', { game: this.record.id, seat });
    this.setView(res.view);
  }

  /** Send the current player's action; on refusal show the engine's message near `near`. */
  async act(action, near, { keepHint = false } = {}) {
    if (this.busy) return false;
    this.busy = true;
    if (!keepHint) this.hint = null;
    try {
      const res = await this.call('apply', { game: this.record.id, action, seat: this.viewer });
      this.message = null;
      this.setView(res.view);
      return true;
    } catch (err) {
      this.message = { text: this.refusal(err), kind: 'error', near };
      this.hint = null;
      return false;
    } finally {
      this.busy = false;
      this.answered += 1;
      this.onChange();
      this.afterChange();
    }
  }

  /** After any change: let computer players move, or hand the device to the next person. */
  afterChange() {
    const v = this.view;
    if (!v || v.round_over) return;
    const seat = v.current_player;
    if (this.isBot(seat)) {
      this.runBots();
    } else if (seat !== this.viewer) {
      const from = this.record.viewer;
      this.coverFor = seat;
      if (!this.isRemote(seat)) {
        // Another person at this device plays next: hide this hand until they are ready.
        this.switchViewer(seat);
      } // else they play on their own device: this one keeps its seat and waits for a link
      this.onChange();
      this.onHandOff?.(seat, from); // play by link: offer to send the game on (link-play.js)
    }
  }

  async runBots() {
    if (this.botsRunning) return;
    this.botsRunning = true;
    const gen = this.generation;
    try {
      while (gen === this.generation && this.view && !this.view.round_over && this.isBot(this.view.current_player)) {
        const speed = SPEEDS[this.prefs.get().speed] ?? SPEEDS.normal;
        await wait(speed);
        if (gen !== this.generation) return;
        const seat = this.view.current_player;
        const level = this.record.seats[seat].bot;
        const seed = (this.record.seed * 31 + ++this.record.botCounter) % 2 ** 31;
        // A search (the expert) may take a moment: past 200 ms the seat shows it is thinking.
        const slow = setTimeout(() => {
          this.thinking = seat;
          this.onChange();
        }, 200);
        let res;
        try {
          res = await this.call('bot', { game: this.record.id, level, seed, seat: this.viewer });
        } finally {
          clearTimeout(slow);
          this.thinking = null;
        }
        if (gen !== this.generation) return;
        this.lastBotAction = { seat, action: res.action };
        this.setView(res.view);
        this.onChange();
      }
    } catch (err) {
      // The computer player could not move: say so by the turn banner and offer a retry
      // (stopping here rather than looping on the same failure).
      this.message = { text: this.refusal(err), kind: 'error', near: 'status', retry: true };
      this.botsRunning = false;
      this.onChange();
      return;
    } finally {
      this.botsRunning = false;
    }
    if (gen === this.generation) this.afterChange();
  }

  // ---- intents --------------------------------------------------------------------------

  retryBots() {
    this.message = null;
    this.onChange();
    this.runBots();
  }

  revealHand() {
    const seat = this.coverFor;
    this.coverFor = null;
    if (seat !== null && seat !== undefined && seat !== this.record.viewer) {
      // "They are here with me": the person of another device plays this turn here.
      this.record.link?.mySeats?.push(seat);
      this.switchViewer(seat);
    }
    this.refreshView().then(() => this.onChange());
  }

  toggleSelect(key) {
    toggle(this.hand, key);
    this.hint = null;
    if (this.message?.kind === 'info') this.message = null;
    this.judgeSelection();
    this.onChange();
  }
  clearSelection() {
    this.hand.selected.clear();
    this.hint = null;
    this.selectionVerdict = null;
    if (this.message?.kind === 'info') this.message = null;
    this.onChange();
  }
  moveCard(key, toIndex) {
    moveItem(this.hand, key, toIndex);
    this.hand.sortBy = null;
    this.keepArrangement();
    this.onArrange?.();
    this.onChange();
  }
  sort(by) {
    sortHand(this.hand, by);
    this.prefs.set({ sortBy: by });
    this.keepArrangement();
    this.onArrange?.();
    this.onChange();
  }

  /**
   * One tap: the hand into its best melds, loose pieces last (`arrange`, the exact solver),
   * runs or sets first, or Rummy 101's pairs. Before a Rummy 101 opening, on the player's
   * turn, the groups are staged too, so the counter shows what they open with.
   */
  async arrange(by) {
    if (this.busy || !this.record) return;
    let res;
    try {
      res = await this.call('arrange', { game: this.record.id, seat: this.viewer, by });
    } catch (err) {
      this.say(this.refusal(err), 'hand', 'error');
      return;
    }
    this.hint = null;
    this.hand.staged = [];
    this.hand.selected.clear();
    arrangeHand(this.hand, res.groups, by);
    this.keepArrangement();
    this.onArrange?.();
    if (this.weighsOpening && this.myTurn && this.view.phase === 'play') {
      for (const codes of res.groups) {
        this.hand.selected = this.keysFor(codes);
        await this.stageCodes(codes);
      }
    }
    this.answered += 1;
    this.onChange();
  }

  // ---- the rules' verdict on groups being prepared (Rummy 101's opening) -----------------

  /** The engine's verdict on each group of codes (`judge`), or null where it cannot say. */
  async judge(groups) {
    try {
      return (await this.call('judge', { game: this.record.id, groups })).groups;
    } catch {
      return groups.map(() => null);
    }
  }
  /** Whether the selection is being weighed for a Rummy 101 opening (the counter shows it). */
  get weighsOpening() {
    const v = this.view;
    return Boolean(v && v.variant === 'rummy101' && !v.opened?.[this.viewer]);
  }
  /** Whether the engine is asked about the selection: for Rummy 101's opening counter (two
   * tiles or more), and, on this seat's turn to play, whether it makes a meld (the Meld button
   * says so before it is pressed: rules-of-play.js). */
  judgesSelection(codes) {
    const v = this.view;
    if (!v || codes.length < 2) return false;
    if (this.weighsOpening) return true;
    return this.myTurn && v.phase === 'play' && codes.length >= (v.variant === 'rummy101' ? 2 : 3);
  }
  /** Judge the selection, once per distinct selection. */
  judgeSelection() {
    this.fitSelection();
    const codes = selectedCodes(this.hand);
    if (!this.judgesSelection(codes)) {
      this.selectionVerdict = null;
      return;
    }
    const sig = codes.join(' ');
    if (this.selectionVerdict?.sig === sig) return;
    this.selectionVerdict = { sig, pending: true };
    this.judge([codes]).then(([verdict]) => {
      if (this.selectionVerdict?.sig !== sig) return; // the selection changed meanwhile
      this.selectionVerdict = { sig, ...(verdict || { valid: null }) };
      this.onChange();
    });
  }
  /** The melds on the table the selection may be laid off on now, by the engine (`fits`):
   * the table marks them, and "Lay off" lays the selection on the one that takes it. Null
   * while that is not known (asked, or not this seat's turn to play). */
  get fittingMelds() {
    return this.knownFits?.melds ?? null;
  }
  /** The melds whose joker the one selected tile may take now (Rummy 101): their jokers are
   * marked. Null while not known. */
  get swappableMelds() {
    return this.knownFits?.swaps ?? null;
  }
  /** Where the selection would join a meld but a card must be kept to discard: that refusal
   * (`{why, code, params}`, as a `judge` verdict's), said before the press. */
  get keptBack() {
    return this.knownFits?.kept ?? null;
  }
  get knownFits() {
    const fits = this.selectionFits;
    return fits?.melds && fits.sig === this.fitsSig() ? fits : null;
  }
  fitsSig() {
    const v = this.view;
    const table = (v?.table || []).map((m) => `${m.id}:${m.cards.length}`);
    return [this.viewer, v?.turn, v?.phase, table.join(','), selectedCodes(this.hand).join(' ')].join('|');
  }
  /** Ask the engine where the selection fits, once per selection and table. */
  fitSelection() {
    const sig = this.fitsSig();
    if (this.selectionFits?.sig === sig) return;
    this.selectionFits = { sig, melds: null };
    this.askFits(selectedCodes(this.hand)).then((fits) => {
      if (!fits || this.selectionFits?.sig !== sig) return; // the selection changed meanwhile
      this.selectionFits = { sig, ...fits };
      this.onChange();
    });
  }
  /** Where `codes` fit now, by the engine (`fits`: {melds, swaps, kept?}): null where it is not
   * asked (not this seat's turn to play, no meld on the table) or cannot say — then no meld is
   * marked, and a tap on one still asks the rules. */
  async askFits(codes) {
    const v = this.view;
    if (!this.myTurn || v.phase !== 'play' || !codes.length || !v.table?.length) return null;
    try {
      return await this.call('fits', { game: this.record.id, cards: codes, seat: this.viewer });
    } catch {
      return null;
    }
  }
  /** "Lay off": onto the one meld that takes the selection, at once; where several do, the
   * player taps one of them (they are marked, and the page shows one: `show`). */
  layoffPressed() {
    const fits = this.fittingMelds;
    if (fits?.length === 1) return this.layoff(fits[0]);
    if (fits?.length) return this.say(this.t('msg.pickMarkedMeld'), 'actions', 'info', '#table .meld.targetable');
    return this.say(this.t('msg.pickMeld'), 'actions');
  }
  /** A message beside `near`; `show`: a selector of what it sends the person to, brought into
   * sight if none of it is (app.js). */
  say(text, near, kind = 'info', show = null) {
    this.message = { text, kind, near, show };
    this.answered += 1;
    this.onChange();
  }

  drawStock() {
    return this.act({ type: 'draw', source: 'stock' }, 'stock');
  }
  takeDiscard() {
    return this.act({ type: 'draw', source: 'discard' }, 'discard');
  }
  jokerButton() {
    return this.act({ type: 'draw', source: 'joker' }, 'actions');
  }

  /** Ask which tile each joker stands for when the engine could read the meld several ways. */
  async pinJokers(codes, t) {
    if (this.record.variant !== 'rummy101' || !codes.some((c) => c === 'JK')) return codes;
    const readings = jokerReadings(codes.map(baseCode));
    if (readings.length <= 1) return codes;
    const choice = await this.choose(
      t('joker.chooseTitle'),
      readings.map((r) => ({ value: r.codes, label: r.meanings, kind: r.kind, value2: r.value })),
    );
    return choice || null;
  }

  async stage(t) {
    const keys = selectedKeys(this.hand);
    if (!keys.length) return;
    const codes = await this.pinJokers(
      keys.map((k) => codeOf(this.hand, k)),
      t,
    );
    if (!codes) return;
    await this.stageCodes(codes);
  }

  /** Stage the selection as `codes`, judged by the engine first, so the group shows at once
   * whether it is a run, a set or a pair and what it is worth (or why it is not a meld). */
  async stageCodes(codes) {
    const keys = selectedKeys(this.hand);
    const [judged] = await this.judge([codes]);
    if (selectedKeys(this.hand).join() !== keys.join()) return false; // changed meanwhile
    stageSelection(this.hand, codes, judged);
    this.selectionVerdict = null;
    this.message = null;
    this.answered += 1;
    this.onChange();
    return true;
  }
  unstage(index) {
    const group = this.hand.staged[index];
    if (!group) return;
    this.hand.staged.splice(index, 1);
    this.onChange();
  }

  /** Lay every staged meld plus the current selection as one `meld` action. */
  async meld(t) {
    const melds = stagedCodes(this.hand);
    const sel = selectedCodes(this.hand);
    if (sel.length) {
      const pinned = await this.pinJokers(sel, t);
      if (!pinned) return;
      melds.push(pinned);
    }
    if (!melds.length) return;
    const ok = await this.act({ type: 'meld', melds }, 'hand');
    if (ok) {
      this.hand.staged = [];
      this.hand.selected.clear();
      this.onChange();
    }
  }

  async layoff(meldId) {
    const cards = selectedCodes(this.hand);
    if (!cards.length) return this.say(this.t('why.selectForLayoff'), `meld:${meldId}`);
    const ok = await this.act({ type: 'layoff', meld: meldId, cards }, `meld:${meldId}`);
    if (ok) (this.hand.selected.clear(), this.onChange());
  }

  async layoffCodes(meldId, cards) {
    return this.act({ type: 'layoff', meld: meldId, cards }, `meld:${meldId}`);
  }

  async swapJoker(meldId, tile) {
    const ok = await this.act({ type: 'swap_joker', meld: meldId, tile }, `meld:${meldId}`);
    if (ok) (this.hand.selected.clear(), this.onChange());
  }

  async discard(code) {
    const cards = code ? [code] : selectedCodes(this.hand);
    if (cards.length !== 1) return;
    const ok = await this.act({ type: 'discard', card: cards[0] }, 'discard');
    if (ok) (this.hand.selected.clear(), this.onChange());
  }

  async resetTurn() {
    const ok = await this.act({ type: 'reset_turn' }, 'actions');
    if (ok) this.hand.staged = [];
  }

  // ---- the Hint: the engine's advice, one step at a time (web/ui/hint-steps.js) ------------

  /** Ask the engine (rummy.bots.hint) for advice and show its first step. */
  async askHint() {
    if (this.hintAsking) return; // a second tap while the engine thinks does nothing
    // The expert's advice takes a search in classic Rummy heads-up (a few tenths of a second
    // in the browser): the Hint button shows it is thinking meanwhile.
    this.hintAsking = true;
    this.onChange();
    const asked = this.view;
    let advice;
    try {
      ({ hint: advice } = await this.call('hint', { game: this.record.id, seat: this.viewer }));
      // A move made while the engine worked (a tap on Draw right after Hint) went to the engine
      // after the question: this advice is for a turn that has moved on, and is dropped.
      if (this.busy || this.view !== asked) {
        this.answered += 1;
        this.onChange();
        return;
      }
    } catch (error) {
      this.hint = null;
      this.message = { text: this.refusal(error), kind: 'error', near: 'actions' };
      this.answered += 1;
      this.onChange();
      return;
    } finally {
      this.hintAsking = false;
    }
    const view = { ...this.view, seat: this.viewer };
    // The advice is for the whole hand: groups the player had prepared go back into it.
    this.hand.staged = [];
    this.hint = { advice, steps: hintSteps(advice, view), index: 0 };
    if (this.message?.kind === 'info') this.message = null;
    this.showHintStep();
    this.answered += 1;
    this.onChange();
  }

  get hintStep() {
    return this.hint?.steps?.[this.hint.index] ?? null;
  }

  /** Select the pieces the current step uses and mark where it points (pile, meld, button). */
  showHintStep() {
    const step = this.hintStep;
    const hint = this.hint;
    this.hand.selected = step ? this.keysFor(stepCodes(step)) : new Set();
    hint.keys = new Set(this.hand.selected);
    hint.pile = step?.kind === 'draw' && step.source !== 'joker' ? step.source : null;
    hint.meld = step?.kind === 'layoff' || step?.kind === 'swap' ? step.meld : null;
    hint.button = stepButton(step);
    this.judgeSelection();
  }

  /** "Play the hint": carry out the current step for the player, then show the next one. */
  async playHint() {
    if (this.hintBusy) return; // a second tap while the step is under way does nothing
    this.hintBusy = true;
    try {
      await this.playHintStep();
    } finally {
      this.hintBusy = false;
      this.onChange();
    }
  }

  async playHintStep() {
    const step = this.hintStep;
    if (!step || this.busy || !this.myTurn) return;
    const keep = { keepHint: true };
    let ok;
    switch (step.kind) {
      case 'draw':
        ok = await this.act({ type: 'draw', source: step.source }, step.source === 'joker' ? 'actions' : step.source === 'stock' ? 'stock' : 'discard', keep);
        break;
      case 'stage':
        this.hand.selected = this.keysFor(step.codes);
        if (await this.stageCodes(step.codes)) {
          this.hint.index += 1;
          this.showHintStep();
          this.onChange();
        }
        return;
      case 'open':
        ok = await this.act({ type: 'meld', melds: stagedCodes(this.hand) }, 'hand', keep);
        if (ok) this.hand.staged = [];
        break;
      case 'meld':
        ok = await this.act({ type: 'meld', melds: [step.codes] }, 'hand', keep);
        break;
      case 'layoff':
        ok = await this.act({ type: 'layoff', meld: step.meld, cards: step.cards }, `meld:${step.meld}`, keep);
        break;
      case 'swap':
        ok = await this.act({ type: 'swap_joker', meld: step.meld, tile: step.tile }, `meld:${step.meld}`, keep);
        break;
      case 'discard':
        ok = await this.act({ type: 'discard', card: step.card }, 'discard', keep);
        break;
      default:
        return;
    }
    if (!ok) return;
    this.hand.selected.clear();
    // The next step comes from the game as it is now (a card drawn from the stock was unknown).
    if (this.myTurn && this.view.phase === 'play') await this.askHint();
    else {
      this.hint = null;
      this.onChange();
    }
  }

  closeHint() {
    this.hint = null;
    this.hand.selected.clear();
    this.selectionVerdict = null;
    this.onChange();
  }

  /** Hand keys for codes (a pinned joker "JK=R8" is a hand's "JK"), never a staged one. */
  keysFor(codes) {
    const keys = new Set();
    const staged = stagedKeys(this.hand);
    for (const c of codes) {
      const base = isJoker(c) ? 'JK' : c;
      const item = this.hand.items.find((i) => i.code === base && !keys.has(i.key) && !staged.has(i.key));
      if (item) keys.add(item.key);
    }
    return keys;
  }

  /** A refusal in the player's words (the page's catalogue; the engine's text as a fallback). */
  refusal(error) {
    return this.describeRefusal ? this.describeRefusal(error) : error?.message || String(error);
  }

  async nextRound() {
    if (this.dealing) return; // a second tap while the deal waits does nothing
    // The deal may wait behind the round's review in the worker (a few seconds): the sheet's
    // button says it is dealing meanwhile.
    this.dealing = true;
    this.onChange();
    let res;
    try {
      res = await this.call('next_round', { game: this.record.id, seat: this.viewer });
    } finally {
      this.dealing = false;
    }
    this.keepArrangement();
    this.newDealArrangements();
    this.hand = this.handFor(this.viewer);
    this.message = null;
    this.hint = null;
    this.setView(res.view);
    this.coverSharedHand();
    this.onChange();
    this.afterChange();
  }

  leave() {
    this.generation++;
    if (this.record) {
      this.beforeClose?.();
      this.call('close', { game: this.record.id }).catch(() => {});
    }
    this.record = null;
    this.view = null;
  }
}
