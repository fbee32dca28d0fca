/**
 * The table app: a composition of screens (start, how to play, invitation, table, score
 * sheet) and the services behind them. `startApp({root, engine})` is all web/main.js calls.
 *
 *   app-state.js     the shell's declared state (which screen, dialogs, busy, messages)
 *   controller.js    the game on the table (TableController): views, intents, computer turns
 *   navigation.js    the start screen's, How to play's and the score sheet's intents
 *   table-intents.js presses, keys and drops on the table
 *   link-play.js     play by link (and invite-play.js, the fair deal's invitation)
 *   autosave.js      keeping the match on this device; table-cues.js its sounds
 *   tab-return.js    a reload mid-match comes back to the table
 *   review.js        "Review the round": the expert's look back at this seat's decisions
 *   shell-views.js   menu, choices, language picker, start-up notice
 *
 * Test hooks (documented in web/ui/README.md): `?seed=N` starts every match from seed N (a
 * deterministic deal and bots), `?speed=instant|fast|normal|slow` sets the computer players'
 * pace, `?lang=he` picks a language, `?max_rebuilds=N` caps classic Rummy's stock rebuilds
 * (the engine option) so a round between simple test players ends. The page marks
 * `data-screen` on <html> with the screen shown, so tests and styles can tell start / howto /
 * table / sheet apart.
 */
import { h, morph, mount, prefersReducedMotion } from './dom.js';
import { TableController, SPEEDS } from './controller.js';
import { renderStart } from './start-view.js';
import { createMotion } from './motion.js';
import { renderTable } from './table-view.js';
import { renderSheet } from './sheet-view.js';
import { renderHowTo } from './howto-view.js';
import { installDrag } from './drag.js';
import { createPrefs } from './prefs.js';
import { createRecords } from './records.js';
import { createLinkPlay } from './link-play.js';
import { normalizeSetup, matchRequest, pageWords, renameDefaults, renamePageNames } from './setup.js';
import { logLines } from './log-text.js';
import { refusalText } from './refusals.js';
import { createAppState } from './app-state.js';
import { createAutosave } from './autosave.js';
import { createTableCues } from './table-cues.js';
import { createNavigation } from './navigation.js';
import { createTableIntents } from './table-intents.js';
import { createTabReturn } from './tab-return.js';
import { createRoundReview } from './review.js';
import { installDialogKeys } from './dialog-keys.js';
import { languagePicker, renderMenu, renderChoose, engineNotice, firstVisitNotice, showEngineProgress, resumingScreen } from './shell-views.js';
import { makeTranslator, pickLanguage, languageList } from '../i18n/index.js';

// No service worker served this page: the runtime is downloading (index.html, data-boot).
const FIRST_VISIT = document.documentElement.dataset.boot !== 'warm';

export async function startApp({ root, engine }) {
  const params = new URLSearchParams(location.search);
  const prefs = createPrefs();
  const records = createRecords();
  if (params.get('speed') in SPEEDS) prefs.set({ speed: params.get('speed') });
  const request = matchRequests(params, records);

  // The translator changes with the language; services hold `tr`, which always asks the
  // current one.
  let t = makeTranslator(await pickLanguage([params.get('lang'), prefs.get().lang, ...(navigator.languages || [navigator.language])]));
  let languages = await languageList();
  const tr = Object.assign((...a) => t(...a), { list: (items) => t.list(items), names: (names) => t.names(names), has: (key) => t.has(key) });
  Object.defineProperties(tr, { lang: { get: () => t.lang }, dir: { get: () => t.dir } });

  const app = createAppState();
  watchEngine(engine, app, {
    changed: () => scheduleRender(),
    // The download's bar moves with every chunk, between renders (a render would redraw the
    // start screen, where the person may be typing).
    progressed: (progress) => showEngineProgress(root, tr, progress),
  });

  // The services below are made after the controller (they drive it); its hooks reach them
  // when a change comes.
  const ctl = new TableController({
    engine,
    prefs,
    t: tr,
    // Every change on the table: drawn, heard, kept.
    onChange: () => {
      scheduleRender();
      cues.play();
      autosave.changed();
    },
    choose: (title, options) => new Promise((resolve) => openDialog({ kind: 'choose', title, options, resolve })),
    hooks: {
      onHandOff: (to, from) => linkPlay.offer(to, from), // play by link: send the game on
      onArrange: () => autosave.arranged(),
      beforeClose: () => autosave.beforeClose(),
      describeRefusal: (err) => refusalText(err, t), // the rules' refusals in the player's words
    },
  });

  const autosave = createAutosave({ engine, ctl, records, t: tr });
  const cues = createTableCues({ ctl, prefs });
  const tabReturn = createTabReturn();
  // Play by link: "send the game" after a person's turn; `#g=` opens a sent game.
  const linkPlay = createLinkPlay({ engine, ctl, records, app, t: tr, render: () => scheduleRender(), toStart: () => nav.backToStart() });
  const nav = createNavigation({ app, ctl, records, prefs, linkPlay, autosave, tabReturn, t: tr, render: () => scheduleRender(), request });
  const table = createTableIntents({ ctl, t: tr, root, openDialog, linkPlay });
  // "Review the round" on the score sheet: the expert's look back at this seat's decisions.
  const review = createRoundReview({ engine, ctl, t: tr, render: () => scheduleRender() });
  // Another tab's save refreshes the start screen's list (once the person has left the field
  // they are typing in: a number field's caret cannot be put back where it was, only at its
  // end), and is said at once on the table when it was this match.
  records.onExternalChange(() => {
    if (app.screen === 'start') afterTyping(scheduleRender);
    else if (ctl.record && !ctl.record.finished && records.stale(ctl.record)) ctl.say(t('data.problem.conflict'), 'status', 'error');
  });

  /** The start screen's names in the current language: the first seat's, the computers'. */
  const defaultNames = () => ({ you: t('names.you'), bots: t('names.bots').split(',') });

  function applyLanguage() {
    document.documentElement.lang = t.lang;
    document.documentElement.dir = t.dir;
    document.title = t('app.title');
    const names = defaultNames();
    app.setup = normalizeSetup(app.setup || prefs.get().setup, names.bots, prefs.get().myName || names.you);
    // A name kept from a day in another language ("את/ה" opened with ?lang=en) reads "You".
    renamePageNames(app.setup.seats, pageWords(t));
  }
  applyLanguage();

  async function setLanguage(code) {
    const got = await pickLanguage([code]);
    const before = defaultNames();
    t = makeTranslator(got);
    languages = await languageList();
    const after = defaultNames();
    const keepSetup = renameDefaults(app.setup, before, after);
    const patch = { lang: got, setup: keepSetup };
    if (prefs.get().myName === before.you) patch.myName = after.you;
    prefs.set(patch);
    // The game on the table says "You" and "Player 2" in the new language too (so does a saved
    // game when it is opened again: navigation.resume).
    if (ctl.record && renamePageNames(ctl.record.seats, pageWords(t))) autosave.changed();
    applyLanguage();
    app.setup = keepSetup;
    scheduleRender();
  }

  function openDialog(dialog) {
    app.dialog = dialog;
    scheduleRender();
  }
  function closeDialog() {
    app.dialog = null;
    scheduleRender();
  }
  const menuIntents = {
    close: closeDialog,
    howto: () => nav.howtoFromMenu(),
    prefs: (patch) => prefs.set(patch),
    language: setLanguage,
    leave: () => nav.leaveMatch(),
  };
  const pick = (value) => {
    const d = app.dialog;
    app.dialog = null;
    d.resolve(value);
    scheduleRender();
  };

  const wideQuery = matchMedia('(min-width: 900px)');
  wideQuery.addEventListener?.('change', () => scheduleRender());

  // Pieces travel from where they were to where they go (web/ui/motion.js); their flight
  // scales with the computer players' pace, and is off at "instant" or with reduced motion.
  const flightMs = () => Math.round((SPEEDS[prefs.get().speed] ?? SPEEDS.normal) * 0.45);
  const motion = createMotion({
    root,
    duration: flightMs,
    enabled: () => !prefersReducedMotion(),
  });

  let frame = 0;
  function scheduleRender() {
    if (app.dragging) {
      app.pendingRender = true;
      return;
    }
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  // ---- render ---------------------------------------------------------------------------

  /** The screen to show now and its content. */
  function screenContent() {
    const picker = () => languagePicker({ t, languages, on: { language: setLanguage } });
    if (app.screen === 'table' && ctl.view) {
      const v = ctl.view;
      const content = [renderTable({ t, ctl, on: table.intents, wide: wideQuery.matches })];
      let screen = 'table';
      if (v.round_over) {
        screen = 'sheet';
        content.push(renderSheet({ t, ctl, on: nav.sheet, extra: [review.panel(), linkPlay.resultBoxes()] }));
      } else if (app.dialog?.kind === 'scores') {
        content.push(renderSheet({ t, ctl, on: { close: closeDialog }, midRound: true }));
      }
      announce(v);
      return { screen, content };
    }
    if (app.screen === 'resuming') return { screen: 'resuming', content: [resumingScreen({ t, text: app.resumingText })] };
    if (app.screen === 'invite' && linkPlay.inviting()) return { screen: 'invite', content: [linkPlay.renderInvite(), picker()] };
    if (app.screen === 'howto') return { screen: 'howto', content: [renderHowTo({ t, variant: app.howtoVariant, on: nav.howto })] };
    const games = app.screen === 'start' ? resumeInfo() : null;
    const start = renderStart({
      t,
      setup: app.setup,
      prefs: prefs.get(),
      games,
      busy: app.busy,
      error: app.error && { text: app.error.say(t), field: app.error.field ?? null },
      bots: app.bots,
      account: records.profile(),
      notice: app.startNotice && t(app.startNotice),
      // A first visit shows the start screen while the engine downloads: how far it has got.
      banner: FIRST_VISIT && !app.firstVisitSeen ? firstVisitNotice({ t, ready: app.engineReady, progress: app.engineProgress }) : null,
      on: nav.start,
    });
    return { screen: 'start', content: [start, picker()] };
  }

  let lastScreen = null;
  function render() {
    const started = performance.now();
    const focusKey = document.activeElement?.dataset?.fk;
    const caret = caretOf(document.activeElement);
    const { screen, content } = screenContent();
    if (screen === 'table') content.push(linkPlay.replayBar(), linkPlay.handoff());
    if (!app.engineReady && (app.busy || screen === 'resuming')) content.unshift(engineNotice({ t, progress: app.engineProgress }));
    if (screen !== 'start' && FIRST_VISIT) app.firstVisitSeen = true;
    tabReturn.remember(screen, ctl.record);
    if (app.dialog?.kind === 'menu')
      content.push(renderMenu({ t, prefs: prefs.get(), languages, inGame: app.screen === 'table' && Boolean(ctl.view), on: menuIntents }));
    if (app.dialog?.kind === 'choose') content.push(renderChoose({ t, dialog: app.dialog, on: { pick } }));
    motion.capture();
    // On the table, what stays stays: only what the move changed is drawn anew (dom.js morph).
    if (screen === 'table' && lastScreen === 'table') morph(root, ...content);
    else mount(root, ...content);
    lastScreen = screen;
    if (screen === 'table' || screen === 'sheet') motion.play(ctl.view, ctl.viewer);
    // The first screen a person can use (bench/boot.py: on a first visit, long before the engine).
    if (!document.documentElement.dataset.screen) performance.mark('screen:shown');
    document.documentElement.dataset.screen = screen;
    document.documentElement.dataset.answered = ctl.answered; // shown now (tests wait on it)
    document.documentElement.dataset.replay = screen === 'table' && ctl.replay ? 'on' : 'off';
    keepAboveReplayBar();
    keepInSight();
    if (screen === 'table') showPilesAtTurnStart();
    showWhatMessageNames();
    // At "instant" nothing on the table moves: nor the drop of a new card (styles.css).
    document.documentElement.dataset.motion = flightMs() > 0 ? 'on' : 'off';
    // The turn log lists the newest first: keep its top in view.
    const logList = root.querySelector('#log-lines');
    if (logList) logList.scrollTop = 0;
    restoreFocus(focusKey, caret);
    // A "render" measure for bench/motion.py (a PerformanceObserver sees it; none are kept).
    performance.measure('render', { start: started, detail: screen });
    performance.clearMeasures('render');
  }

  /** The replay bar is fixed at the screen's foot and its sentence wraps to any height: the
   * hand, sticky at the foot too, stands on it (styles.css reads --replay-h). */
  function keepAboveReplayBar() {
    const bar = root.querySelector('#replay');
    document.documentElement.style.setProperty('--replay-h', bar ? `${bar.offsetHeight}px` : '0px');
  }
  window.addEventListener('resize', keepAboveReplayBar);

  /** Where the hand is a column of its own that scrolls (a phone held sideways: styles.css),
   * what a person came to see can open below its fold: each new piece of Hint advice (under
   * the buttons pinned at the column's foot), and the pieces a review's moment marks. Each is
   * scrolled up into view once, so a person who then scrolls away keeps where they went; and
   * when it goes, the column goes back to where it was (left scrolled, it cut the top of the
   * column's head for the rest of the round), unless the person scrolled it further since. */
  let inSight = '';
  let scrolled = null; // { area, from, to }: the column's scroll before and after keepInSight
  function keepInSight() {
    const panel = root.querySelector('#hint-panel');
    const marked = [...root.querySelectorAll('#hand .review-played, #hand .review-better')];
    const wanted = panel ? [panel] : marked;
    const key = panel ? panel.textContent : marked.map((e) => e.dataset.code).join(' ');
    if (key === inSight) return;
    inSight = key;
    if (scrolled && scrolled.area.scrollTop <= scrolled.to) scrolled.area.scrollTop = Math.min(scrolled.area.scrollTop, scrolled.from);
    scrolled = null;
    showHinted();
    const area = wanted[0]?.closest('.my-area');
    if (!area || area.scrollHeight <= area.clientHeight) return;
    const bar = area.querySelector('.actions');
    const foot = area.getBoundingClientRect().bottom - (bar?.offsetHeight ?? 0);
    const below = Math.max(...wanted.map((e) => e.getBoundingClientRect().bottom)) - foot;
    if (below <= 0) return;
    const from = area.scrollTop;
    area.scrollTop += below + 4;
    scrolled = { area, from, to: area.scrollTop };
  }
  /** Advice to tap a meld ("add 7♠ to the highlighted meld") shows that meld, and advice to
   * draw the pile it highlights: the open Hint grows the phone's panel over the piles. */
  function showHinted() {
    const meld = root.querySelector('#table .meld.hinted');
    const pile = root.querySelector('#table .pile.hinted');
    if (meld) bringIntoSight(meld);
    else if (pile && cardsCut(pile)) bringIntoSight(pile);
  }
  /** A turn of this person's shows what it begins with, the banner and the piles: above a
   * phone's panel five or six others' seats and the strip of what they did since (360 × 640)
   * pushed them under it.
   * Once a turn, so a person who then scrolls away keeps where they went; and at once, with the
   * turn's own render: a smooth scroll slid the piles, the turn's first targets, for a third of
   * a second after the turn began, under a finger already on its way to them. And again when
   * the language changes in the turn: longer words above them (Hebrew's "since your turn") can
   * push them under the panel. */
  let pilesShownFor = '';
  function showPilesAtTurnStart() {
    const v = ctl.view;
    const key = ctl.myTurn ? `${v.round}:${v.turn}:${t.lang}` : '';
    if (key === pilesShownFor) return;
    pilesShownFor = key;
    const piles = key && root.querySelector('#table .piles');
    const bannerEl = root.querySelector('#turn-banner');
    if (!piles || !bannerEl || (!cardsCut(piles) && seenWhole(bannerEl))) return;
    // With the banner above them where there is room (it says what to do with them): aligning
    // the piles' frame alone cut the banner's first line off (360 × 640, three lines of what
    // the others did), and a page left scrolled by the last turn cut its top. Else their
    // cards, frame or not; else as much of them as fits.
    const [frame, banner] = [piles, bannerEl].map((e) => e.getBoundingClientRect());
    const cards = [...piles.querySelectorAll('.pile-stack')].map((e) => e.getBoundingClientRect());
    const cardsTop = Math.min(...cards.map((r) => r.top));
    const cardsBottom = Math.max(...cards.map((r) => r.bottom));
    const floor = floorUnder(frame);
    const boxes = [
      [banner.top, frame.bottom],
      [banner.top, cardsBottom],
      [cardsTop, cardsBottom],
    ];
    if (!boxes.some(([top, bottom]) => scrollToFit(top, bottom, floor, 'auto'))) bringIntoSight(piles, 'auto');
  }
  /** A message that sends the person to something on the table ("tap a marked meld": its
   * `show`) shows the first of it when none is in sight: on a phone the marked melds were often
   * under the hand's panel. Once a message, so a person who then scrolls keeps where they went. */
  let shownFor = null;
  function showWhatMessageNames() {
    const msg = ctl.message;
    if (!msg?.show || msg === shownFor) return;
    shownFor = msg;
    const named = [...root.querySelectorAll(msg.show)];
    if (named.length && !named.some(seenWhole)) bringIntoSight(named[0]);
  }
  /** Whether the cards of a pile (or of both) are cut by the screen or the panel: not only the
   * frame around them, which at 360 × 640 with four players just goes under the panel's
   * rounded top, and is no reason to move the page. */
  function cardsCut(el) {
    return [...el.querySelectorAll('.pile-stack')].some((stack) => !seenWhole(stack));
  }
  /** Whether `el` is seen whole: below the screen's top and above the panel or screen's foot. */
  function seenWhole(el) {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= floorUnder(r);
  }
  /** Below the screen's foot, or under the hand's panel pinned there (a phone held upright, a
   * tablet), the page is scrolled until `el` stands above them; above the screen's top, down
   * to it. */
  function bringIntoSight(el, behavior = prefersReducedMotion() ? 'auto' : 'smooth') {
    const r = el.getBoundingClientRect();
    // Taller than the room there is: its top 8 px under the screen's.
    if (!scrollToFit(r.top, r.bottom, floorUnder(r), behavior)) window.scrollBy({ top: r.top - 8, behavior });
  }
  /** Scrolls the page the least that brings the stretch from `top` to `bottom` (as seen now)
   * between the screen's top and `floor`, 8 px clear of each where there is room; false, and
   * no scroll, where it is taller than that. */
  function scrollToFit(top, bottom, floor, behavior) {
    const room = floor - (bottom - top);
    if (room < 0) return false;
    const clear = Math.min(8, room / 2);
    const by = bottom > floor - clear ? bottom - (floor - clear) : top < clear ? top - clear : 0;
    if (by) window.scrollBy({ top: by, behavior });
    return true;
  }
  /** How far down the screen a box at `r` is seen: the top of the hand's panel where that is
   * pinned over it, else the screen's foot. */
  function floorUnder(r) {
    const panel = root.querySelector('.my-area')?.getBoundingClientRect();
    const covers = panel && panel.left < r.right && r.left < panel.right;
    return covers ? Math.min(innerHeight, panel.top) : innerHeight;
  }
  // A phone turned on its side lays the hand out anew: what was in sight is brought back.
  matchMedia('(orientation: landscape)').addEventListener('change', () => {
    inSight = '';
    keepInSight();
  });

  /** Focus after a render: a screen's one next step (app.focusNext), else a dialog's first
   * button, else the control that had it (matched by data-fk), its caret where it was. */
  function restoreFocus(focusKey, caret) {
    const dialogEl = root.querySelector('[role="dialog"]');
    const restore = focusKey && root.querySelector(`[data-fk="${CSS.escape(focusKey)}"]`);
    const next = app.focusNext && root.querySelector(`[data-fk="${CSS.escape(app.focusNext)}"]`);
    app.focusNext = null;
    if (next) {
      next.focus();
      next.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else if (dialogEl && !dialogEl.contains(restore)) {
      dialogEl.querySelector('button.primary, button')?.focus({ preventScroll: true });
    } else if (restore) {
      restore.focus({ preventScroll: true });
      // A name being typed when the screen is drawn anew (the page turned past 900 px wide, a
      // choice above it changed) goes on where the person was typing, not at its start.
      if (caret && caretOf(restore)) restore.setSelectionRange(...caret);
      else if (restore.matches('input[type="number"]')) caretToEnd(restore);
    }
  }

  // One persistent live region (the table itself is re-rendered, so its own regions would
  // be replaced rather than updated): the latest log line, then "your turn" when it comes.
  const announcer = h('div', { class: 'sr-only', 'aria-live': 'polite', id: 'announcer' });
  document.body.appendChild(announcer);
  let lastAnnounced = '';
  let wasMyTurn = false;
  function announce(v) {
    const lines = logLines(v, t, ctl.names, ctl.youSeat);
    const last = lines.length ? lines[lines.length - 1].text : '';
    const parts = [];
    if (last && last !== lastAnnounced) {
      lastAnnounced = last;
      parts.push(last);
    }
    if (ctl.myTurn && !wasMyTurn) parts.push(t('status.yourTurn'));
    wasMyTurn = ctl.myTurn;
    if (parts.length) announcer.textContent = parts.join('. ');
  }

  /** What the start screen shows of this device's games (web/ui/games-view.js). */
  function resumeInfo() {
    return {
      inProgress: records.list(),
      finished: records.finished(10),
      stats: records.stats(),
      problems: records.problems(),
      confirmDelete: app.confirmDelete,
      message: app.dataMessage && { kind: app.dataMessage.kind, text: app.dataMessage.say(t) },
    };
  }

  installDrag(root, {
    setDragging(on) {
      app.dragging = on;
      if (!on) table.landed();
      if (!on && app.pendingRender) {
        app.pendingRender = false;
        scheduleRender();
      }
    },
    onLift: (key) => table.lift(key),
    onDrop: (drop) => table.drop(drop),
  });
  installDialogKeys(root, {
    onEscape() {
      if (!app.dialog) return;
      if (app.dialog.kind === 'choose') app.dialog.resolve(null);
      closeDialog();
    },
  });

  scheduleRender();
  if (location.hash.length > 1) linkPlay.openFromHash();
  else nav.returnToTable();
  return { ctl, app };
}

/** The start screen's setup → the controller's newGame() request, with the test hooks. */
function matchRequests(params, records) {
  const testSeed = /^\d+$/.test(params.get('seed') || '') ? Number(params.get('seed')) : null;
  // Test hook: cap classic Rummy's stock rebuilds so a round between simple players ends.
  const maxRebuilds = /^\d+$/.test(params.get('max_rebuilds') || '') ? Number(params.get('max_rebuilds')) : null;
  return (setup) => {
    const req = matchRequest(setup, testSeed);
    if (maxRebuilds !== null && req.variant === 'basic') req.options.max_rebuilds = maxRebuilds;
    // The joker button draws on the local player's account, kept on this device.
    if (req.variant === 'rummy101' && req.options.joker_button) req.options.joker_accounts = records.jokerAccounts(req.seats);
    return req;
  };
}

/** `then()` now, or when the person leaves the text or number field they are typing in. */
function afterTyping(then) {
  const field = document.activeElement;
  if (field?.matches?.('input[type="text"], input[type="number"]')) field.addEventListener('blur', () => then(), { once: true });
  else then();
}

/** A number field drawn anew holds its value as its default, and Chromium puts the caret
 * before it: "20" then "0" typed became "020". Its caret can be neither read nor set, but a
 * value set anew puts it at the end, where typing most often goes on. */
function caretToEnd(field) {
  const value = field.value;
  field.value = '';
  field.value = value;
}

/** A text field's caret and selection ([start, end, direction]), or null for anything else
 * (a number field, a button, no focus). */
function caretOf(el) {
  return typeof el?.selectionStart === 'number' ? [el.selectionStart, el.selectionEnd, el.selectionDirection] : null;
}

/** Until the engine is up, a press that needs it waits (engine-client queues the call); the
 * page says so, with the step it is on (web/main.js forwards the boot progress): a new step
 * redraws (`changed`), new bytes only fill the bars (`progressed`). Whether the engine has
 * computer players comes from its version. */
function watchEngine(engine, app, { changed, progressed }) {
  app.engineProgress = engine.progress ?? null; // what came before the page was up
  engine.ready?.then(
    () => {
      app.engineReady = true;
      changed();
    },
    () => {},
  );
  window.addEventListener('engine-progress', (e) => {
    const stepChanged = e.detail?.step !== app.engineProgress?.step;
    app.engineProgress = e.detail ?? null;
    progressed(app.engineProgress);
    if (app.busy && stepChanged) changed();
  });
  engine.call('version').then(
    (info) => {
      app.bots = Boolean(info?.features?.bots);
      if (!app.bots) for (const seat of app.setup.seats) seat.bot = null;
      changed();
    },
    () => {},
  );
}
