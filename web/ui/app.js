/**
 * The table app: screens (start, how to play, table, score sheet), language, preferences and
 * the wiring of input to the controller. `startApp({root, engine})` is all web/main.js calls.
 *
 * Test hooks (documented in web/ui/README.md): `?seed=N` starts every match from seed N (a
 * deterministic deal and bots), `?speed=instant|fast|normal|slow` sets the computer players'
 * pace, `?lang=he` picks a language,
 * `?max_rebuilds=N` caps classic Rummy's stock rebuilds (the engine option) so a round between
 * simple test players ends. The page marks `data-screen` on <html> with the screen
 * shown, so tests and styles can tell start / howto / table / sheet apart.
 */
import { h, mount, prefersReducedMotion } from './dom.js';
import { TableController, SPEEDS } from './controller.js';
import { renderStart, soundSetting } from './start-view.js';
import { createSound, cueFor } from './sound.js';
import { createMotion } from './motion.js';
import { renderTable } from './table-view.js';
import { renderSheet } from './sheet-view.js';
import { renderHowTo } from './howto-view.js';
import { installDrag } from './drag.js';
import { createPrefs } from './prefs.js';
import { createRecords } from './records.js';
import { saveProblemText } from './games-view.js';
import { createLinkPlay } from './link-play.js';
import { normalizeSetup, matchRequest, rematchSetup } from './setup.js';
import { buttonReasons, reasonParams } from './rules-of-play.js';
import { codeOf, selectedCodes } from './hand-model.js';
import { logLines } from './log-text.js';
import { pieceName } from './pieces.js';
import { refusalText } from './refusals.js';
import { makeTranslator, pickLanguage, languageList } from '../i18n/index.js';

const AT_TABLE = 'rummy.atTable'; // session storage: the match this tab shows at the table

export async function startApp({ root, engine }) {
  const params = new URLSearchParams(location.search);
  const prefs = createPrefs();
  const records = createRecords();
  if (params.get('speed') in SPEEDS) prefs.set({ speed: params.get('speed') });
  const testSeed = params.has('seed') && /^\d+$/.test(params.get('seed')) ? Number(params.get('seed')) : null;
  // Test hook: cap classic Rummy's stock rebuilds so a round between simple players ends.
  const maxRebuilds = /^\d+$/.test(params.get('max_rebuilds') || '') ? Number(params.get('max_rebuilds')) : null;
  const request = (setup) => {
    const req = matchRequest(setup, testSeed);
    if (maxRebuilds !== null && req.variant === 'basic') req.options.max_rebuilds = maxRebuilds;
    // The joker button draws on the local player's account, kept on this device.
    if (req.variant === 'rummy101' && req.options.joker_button) req.options.joker_accounts = records.jokerAccounts(req.seats);
    return req;
  };

  const lang = await pickLanguage([params.get('lang'), prefs.get().lang, ...(navigator.languages || [navigator.language])]);
  let t = makeTranslator(lang);
  let languages = await languageList();

  const app = {
    screen: 'start',
    howtoVariant: 'basic',
    setup: null,
    busy: false,
    error: null,
    dialog: null, // {kind:'menu'} | {kind:'choose', title, options, resolve} | {kind:'scores'}
    dragging: false,
    pendingRender: false,
    sheetFocused: null,
    bots: null, // whether the engine has computer players (version op), null until known
  };
  // Until the engine is up, a press that needs it waits (engine-client queues the call); the
  // page says so, with the step it is on (web/main.js forwards the boot progress).
  app.engineReady = false;
  engine.ready?.then(
    () => {
      app.engineReady = true;
      scheduleRender();
    },
    () => {},
  );
  window.addEventListener('engine-progress', (e) => {
    app.engineStep = e.detail?.step ?? null;
    if (app.busy) scheduleRender();
  });
  engine.call('version').then(
    (info) => {
      app.bots = Boolean(info?.features?.bots);
      if (!app.bots) for (const seat of app.setup.seats) seat.bot = null;
      scheduleRender();
    },
    () => {},
  );

  const announcer = h('div', { class: 'sr-only', 'aria-live': 'polite', id: 'announcer' });
  document.body.appendChild(announcer);
  let lastAnnounced = '';

  const ctl = new TableController({
    engine,
    prefs,
    t: (...a) => t(...a),
    onChange: () => scheduleRender(),
    choose: (title, options) => new Promise((resolve) => {
      app.dialog = { kind: 'choose', title, options, resolve };
      scheduleRender();
    }),
  });

  /** A button's "why not" in words, with what it names (a player, the opening's points). */
  const whyText = (why) => t(why, reasonParams(ctl, (code) => pieceName(code, t)));

  // Play by link: "send the game" after a person's turn; `#g=` opens a sent game.
  const linkPlay = createLinkPlay({ engine, ctl, records, app, t: Object.assign((...a) => t(...a), { list: (items) => t.list(items), has: (key) => t.has(key) }), render: () => scheduleRender(), toStart: () => backToStart() });
  ctl.onHandOff = (to, from) => linkPlay.offer(to, from);
  // The rules' refusals in the player's language (web/ui/refusals.js).
  ctl.describeRefusal = (err) => refusalText(err, t);

  function applyLanguage() {
    document.documentElement.lang = t.lang;
    document.documentElement.dir = t.dir;
    document.title = t('app.title');
    app.setup = normalizeSetup(app.setup || prefs.get().setup, t('names.bots').split(','), prefs.get().myName || t('names.you'));
  }
  applyLanguage();

  const wideQuery = matchMedia('(min-width: 900px)');
  wideQuery.addEventListener?.('change', () => scheduleRender());

  // Pieces travel from where they were to where they go (web/ui/motion.js); their flight
  // scales with the computer players' pace, and is off at "instant" or with reduced motion.
  const motion = createMotion({
    root,
    duration: () => Math.round((SPEEDS[prefs.get().speed] ?? SPEEDS.normal) * 0.45),
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

  function render() {
    const focusKey = document.activeElement?.dataset?.fk;
    let screen = app.screen;
    let content;
    if (screen === 'table' && ctl.view) {
      const v = ctl.view;
      content = [renderTable({ t, ctl, on: tableIntents, wide: wideQuery.matches })];
      if (v.round_over) {
        screen = 'sheet';
        content.push(renderSheet({ t, ctl, on: sheetIntents, extra: linkPlay.resultBoxes() }));
      } else if (app.dialog?.kind === 'scores') {
        content.push(renderSheet({ t, ctl, on: { close: closeDialog }, midRound: true }));
      }
      announce(v);
    } else if (screen === 'resuming') {
      content = [h('main', { class: 'start resuming', id: 'resuming' },
        h('h1', { class: 'title', text: t('app.title') }),
        h('p', { class: 'msg info', role: 'status', text: t('resume.returning') }))];
    } else if (screen === 'invite' && app.invite) {
      content = [linkPlay.renderInvite(), languagePicker()];
    } else if (screen === 'howto') {
      content = [renderHowTo({ t, variant: app.howtoVariant, on: howtoIntents })];
    } else {
      screen = 'start';
      content = [renderStart({ t, setup: app.setup, prefs: prefs.get(), games: app.screen === 'start' ? resumeInfo() : null, busy: app.busy, error: app.error, bots: app.bots, account: records.profile(), notice: app.startNotice ?? null, on: startIntents }), languagePicker()];
    }
    if (screen === 'table') content.push(linkPlay.replayBar(), linkPlay.handoff());
    if (!app.engineReady && (app.busy || screen === 'resuming')) content.unshift(engineNotice());
    rememberScreen(screen);
    if (app.dialog?.kind === 'menu') content.push(renderMenu());
    if (app.dialog?.kind === 'choose') content.push(renderChoose());
    motion.capture();
    mount(root, ...content);
    if (screen === 'table' || screen === 'sheet') motion.play(ctl.view, ctl.viewer);
    document.documentElement.dataset.screen = screen;
    document.documentElement.dataset.answered = ctl.answered; // shown now (tests wait on it)
    document.documentElement.dataset.replay = screen === 'table' && ctl.replay ? 'on' : 'off';
    // The turn log lists the newest first: keep its top in view.
    const logList = root.querySelector('#log-lines');
    if (logList) logList.scrollTop = 0;
    const dialogEl = root.querySelector('[role="dialog"]');
    const restore = focusKey && root.querySelector(`[data-fk="${CSS.escape(focusKey)}"]`);
    // A screen opened for one next step brings it into view (app.focusNext: its data-fk).
    const next = app.focusNext && root.querySelector(`[data-fk="${CSS.escape(app.focusNext)}"]`);
    app.focusNext = null;
    if (next) {
      next.focus();
      next.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else if (dialogEl && !dialogEl.contains(restore)) {
      dialogEl.querySelector('button.primary, button')?.focus({ preventScroll: true });
    } else if (restore) {
      restore.focus({ preventScroll: true });
    }
  }

  // One persistent live region (the table itself is re-rendered, so its own regions would
  // be replaced rather than updated): the latest log line, then "your turn" when it comes.
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

  /** While the engine starts, a press that needs it waits: say so, with the step it is on. */
  function engineNotice() {
    const step = app.engineStep ? t(`engine.step.${app.engineStep}`) : '';
    return h('p', { class: 'msg info engine-notice', role: 'status', id: 'engine-starting' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      t('engine.starting', { step }));
  }

  /** A reload in the middle of a match comes back to the table: the tab remembers (session
   * storage, so a new tab still opens on the start screen) which match it was showing. */
  let stored; // what this tab's session storage holds (written only when it must change)
  function rememberScreen(screen) {
    let want = stored;
    if (screen === 'table' || screen === 'sheet') {
      if (ctl.record?.key && !ctl.record.finished) want = ctl.record.key;
    } else if (screen !== 'resuming') {
      want = null;
    }
    if (want === stored) return;
    stored = want;
    try {
      if (want) sessionStorage.setItem(AT_TABLE, want);
      else sessionStorage.removeItem(AT_TABLE);
    } catch {
      /* no session storage (private mode): a reload shows the start screen */
    }
  }

  function languagePicker() {
    return h('footer', { class: 'lang-bar' },
      h('label', { for: 'lang-select', text: t('settings.language') }),
      h('select', { id: 'lang-select', 'data-fk': 'lang', onchange: (e) => setLanguage(e.target.value) },
        languages.map((l) => h('option', { value: l.code, selected: l.code === t.lang, lang: l.code, text: l.name }))));
  }

  async function setLanguage(code) {
    const got = await pickLanguage([code]);
    t = makeTranslator(got);
    prefs.set({ lang: got });
    languages = await languageList();
    const keepSetup = app.setup;
    applyLanguage();
    app.setup = keepSetup;
    scheduleRender();
  }

  function renderMenu() {
    const inGame = app.screen === 'table' && ctl.view;
    return h('div', { class: 'overlay', onclick: (e) => e.target === e.currentTarget && closeDialog() },
      h('section', { class: 'sheet menu', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'menu-title', id: 'menu' },
        h('h2', { id: 'menu-title', text: t('menu.title') }),
        h('button', { class: 'btn primary', type: 'button', 'data-fk': 'menu-close', onclick: closeDialog, text: t('menu.resume') }),
        h('button', { class: 'btn', type: 'button', 'data-fk': 'menu-howto', onclick: () => {
          app.dialog = null;
          app.howtoVariant = ctl.view?.variant || app.setup.variant;
          app.returnTo = app.screen;
          app.screen = 'howto';
          scheduleRender();
        }, text: t('menu.howto') }),
        h('div', { class: 'field' },
          h('label', { for: 'menu-speed', text: t('settings.speed') }),
          h('select', { id: 'menu-speed', 'data-fk': 'menu-speed', onchange: (e) => prefs.set({ speed: e.target.value }) },
            Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: (prefs.get().speed || 'normal') === s, text: t(`speed.${s}`) })))),
        soundSetting({ t, prefs: prefs.get(), on: { prefs: (patch) => prefs.set(patch) }, id: 'menu-sound' }),
        h('div', { class: 'field' },
          h('label', { for: 'menu-lang', text: t('settings.language') }),
          h('select', { id: 'menu-lang', 'data-fk': 'menu-lang', onchange: (e) => setLanguage(e.target.value) },
            languages.map((l) => h('option', { value: l.code, selected: l.code === t.lang, lang: l.code, text: l.name })))),
        inGame ? h('button', { class: 'btn danger', type: 'button', id: 'menu-leave', 'data-fk': 'menu-leave', onclick: leaveMatch, text: t('menu.leave') }) : null));
  }

  function renderChoose() {
    const d = app.dialog;
    const pick = (value) => {
      app.dialog = null;
      d.resolve(value);
      scheduleRender();
    };
    return h('div', { class: 'overlay' },
      h('section', { class: 'sheet choose', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'choose-title', id: 'choose' },
        h('h2', { id: 'choose-title', text: d.title }),
        d.options.map((o, i) => h('button', {
          class: ['btn', i === 0 && 'primary'],
          type: 'button',
          'data-fk': `choose-${i}`,
          onclick: () => pick(o.value),
          text: t(o.kind === 'set' ? 'joker.asSet' : 'joker.as', { tiles: o.label.map((c) => pieceName(c, t)).join(', '), points: o.value2 }),
        })),
        h('button', { class: 'btn', type: 'button', 'data-fk': 'choose-cancel', onclick: () => pick(null), text: t('dialog.cancel') })));
  }

  function closeDialog() {
    app.dialog = null;
    scheduleRender();
  }

  // ---- saving the match in progress -----------------------------------------------------

  let saveTimer = 0;
  // A move is kept at once (a link may open the next page any moment); other changes to the
  // match record (names, who plays by link) within the next 600 ms.
  let savedView = null;
  let saving = 0; // saves running
  // <html data-save="pending|done">: whether the last change is kept yet (tests wait for it).
  const markSave = () => (document.documentElement.dataset.save = saveTimer || saving ? 'pending' : 'done');
  function saveSoon(now = false) {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveNow, now || ctl.view !== savedView ? 0 : 600);
    markSave();
  }
  // The hand's order and sort are kept at once too (a reload shows them as they were).
  ctl.onArrange = () => {
    if (ctl.record) saveSoon(true);
  };
  /** Before the table's game is closed (another one opens, or the player leaves): its last
   * change must not wait for a timer that would find the next game there. */
  ctl.beforeClose = () => {
    if (saveTimer) saveNow();
  };
  async function saveNow() {
    clearTimeout(saveTimer);
    saveTimer = 0;
    const record = ctl.record;
    if (!record || !ctl.view || record.finished) {
      markSave();
      return;
    }
    savedView = ctl.view;
    saving += 1;
    markSave();
    try {
      const { state } = await engine.call('state', { game: record.id });
      const saved = record.finished ? { ok: true } : records.save(record, state);
      // A full storage must not go unnoticed mid-game (another tab's move is told apart).
      const said = saveProblemText(t, saved);
      if (said && saved.reason !== 'conflict' && ctl.record === record && ctl.message?.text !== said) ctl.say(said, 'status', 'error');
    } catch {
      /* an unsaved step is not worth interrupting play for */
    } finally {
      saving -= 1;
      markSave();
    }
  }
  // Another tab's save refreshes the start screen's list, and is said at once on the table
  // when it was this match.
  records.onExternalChange(() => {
    if (app.screen === 'start') scheduleRender();
    else if (ctl.record && !ctl.record.finished && records.stale(ctl.record)) ctl.say(t('data.problem.conflict'), 'status', 'error');
  });
  /** What the start screen shows of this device's games (web/ui/games-view.js). */
  function resumeInfo() {
    return {
      inProgress: records.list(),
      finished: records.finished(10),
      stats: records.stats(),
      problems: records.problems(),
      confirmDelete: app.confirmDelete ?? null,
      message: app.dataMessage ?? null,
    };
  }

  // Sounds for what just happened on the table (web/ui/sound.js), one cue per change.
  const sound = createSound({ enabled: () => prefs.get().sound !== false });
  const heard = { game: null, round: null, count: 0, myTurn: false, roundOver: false };
  function playCues() {
    const v = ctl.view;
    if (!v || ctl.replay || !ctl.record) return;
    const count = (v.log || []).length;
    if (heard.game !== ctl.record.id || heard.round !== v.round) {
      Object.assign(heard, { game: ctl.record.id, round: v.round, count, myTurn: ctl.myTurn, roundOver: v.round_over });
      return; // a game just opened: what happened before is not news
    }
    let cue = null;
    if (v.round_over && !heard.roundOver) cue = cueFor(v, heard.count, ctl.youSeat);
    else if (!v.round_over && count > heard.count) cue = cueFor(v, heard.count, ctl.youSeat);
    const turnNow = ctl.myTurn && !heard.myTurn;
    Object.assign(heard, { count, myTurn: ctl.myTurn, roundOver: v.round_over });
    if (cue) sound.play(cue);
    if (turnNow) setTimeout(() => sound.play('turn'), cue ? 250 : 0);
  }

  // Re-render plus autosave on every controller change.
  const baseOnChange = ctl.onChange;
  ctl.onChange = () => {
    baseOnChange();
    playCues();
    const record = ctl.record;
    const view = ctl.view;
    if (!record || !view) return;
    // Round and match results are kept at once (the player may leave right away).
    if (view.round_over) records.settleRound(record, view);
    if (view.game_over && !record.finished) {
      record.finished = true;
      records.finish(record, view);
    }
    saveSoon();
  };

  // ---- intents --------------------------------------------------------------------------

  const startIntents = {
    change(structural) {
      prefs.set({ setup: app.setup, myName: app.setup.seats[0].name });
      if (structural) scheduleRender();
    },
    prefs(patch) {
      prefs.set(patch);
    },
    howto(variant) {
      app.howtoVariant = variant;
      app.returnTo = 'start';
      app.screen = 'howto';
      scheduleRender();
      window.scrollTo(0, 0);
    },
    start() {
      return fromSetup(async (req) => {
        await ctl.newGame(req);
        app.screen = 'table';
      });
    },
    /** Continue game `key` from the list (the latest one without a key). */
    async resume(key) {
      const m = typeof key === 'string' ? records.load(key) : records.latest();
      if (!m) {
        app.error = t('games.gone');
        scheduleRender();
        return;
      }
      app.confirmDelete = null;
      app.dataMessage = null;
      app.startNotice = null;
      app.busy = true;
      scheduleRender();
      try {
        await ctl.openSaved(m.record, m.state);
        app.linkHandoff = null;
        app.screen = 'table';
        ctl.afterChange();
      } catch (err) {
        // A game the engine refuses to load is set aside (kept for export, reported), never
        // deleted; any other failure (the engine itself) keeps it as it is, to try again.
        if (['bad_request', 'illegal'].includes(err?.kind)) records.setAside(m.record.key, err.message || String(err));
        app.error = refusalText(err, t);
        if (app.screen === 'resuming') app.screen = 'start';
      } finally {
        app.busy = false;
        scheduleRender();
      }
    },
    askDelete(key) {
      app.confirmDelete = key;
      scheduleRender();
    },
    cancelDelete() {
      app.confirmDelete = null;
      scheduleRender();
    },
    deleteGame(key) {
      const result = records.remove(key);
      app.confirmDelete = null;
      app.dataMessage = result.ok ? { kind: 'info', text: t('games.deleted') } : { kind: 'error', text: t(`data.problem.${result.reason}`) };
      scheduleRender();
    },
    async exportData() {
      const text = records.exportText();
      if (text === null) {
        app.dataMessage = { kind: 'error', text: t('data.problem.unavailable') };
      } else {
        const { downloadText, exportFileName } = await import('./games-view.js');
        const name = exportFileName(new Date());
        downloadText(name, text);
        app.dataMessage = { kind: 'info', text: t('data.exported', { file: name }) };
      }
      scheduleRender();
    },
    async importData(file) {
      let result;
      try {
        result = records.importText(await file.text());
      } catch {
        result = { ok: false, reason: 'unreadable' };
      }
      app.confirmDelete = null;
      app.dataMessage = result.ok
        ? { kind: 'info', text: t('data.imported', { count: result.games }) }
        : { kind: 'error', text: t('data.importRefused', { reason: t(`data.refused.${result.reason}`) }) };
      scheduleRender();
    },
  };

  const howtoIntents = {
    variant(id) {
      app.howtoVariant = id;
      scheduleRender();
    },
    back() {
      app.screen = app.returnTo === 'table' && ctl.view ? 'table' : 'start';
      scheduleRender();
    },
  };

  /** Back to the start screen, keeping the match among the games in progress (after a
   * link was sent, the game waits for the others). */
  async function backToStart() {
    await saveNow();
    app.linkOffer = null;
    ctl.leave();
    app.screen = 'start';
    scheduleRender();
    window.scrollTo(0, 0);
  }

  /** The start screen's setup becomes a match (or an invitation): busy meanwhile, a refusal
   * shown by the start button. */
  async function fromSetup(work) {
    app.busy = true;
    app.error = null;
    app.startNotice = null;
    scheduleRender();
    try {
      prefs.set({ setup: app.setup });
      await work(request(app.setup));
      window.scrollTo(0, 0);
    } catch (err) {
      app.error = refusalText(err, t);
    } finally {
      app.busy = false;
      scheduleRender();
    }
  }

  /** After a reload in the middle of a match: back to the table, as it was. */
  function returnToTable() {
    // Only a reload (or the browser bringing the tab back): opening the page anew starts on
    // the start screen, with the match under "Continue".
    const how = performance.getEntriesByType?.('navigation')?.[0]?.type;
    if (how !== 'reload' && how !== 'back_forward') return;
    let key;
    try {
      key = sessionStorage.getItem(AT_TABLE);
    } catch {
      key = null;
    }
    if (!key || !records.load(key)) return;
    app.screen = 'resuming';
    scheduleRender();
    startIntents.resume(key).then(() => {
      if (app.screen === 'resuming') app.screen = 'start';
      scheduleRender();
    });
  }

  // Play by link with a fair deal: the invitation goes round before the cards are dealt.
  startIntents.invite = () => fromSetup((req) => linkPlay.invite(req));

  /** Leave the table for the start screen. The match stays in "Your games" (Continue brings
   * it back): no single press deletes a game; deleting is done there, and confirmed. */
  function leaveMatch() {
    app.dialog = null;
    const kept = ctl.record && !ctl.record.finished;
    app.startNotice = kept ? t('games.kept') : null;
    backToStart();
  }

  const sheetIntents = {
    async nextRound() {
      try {
        await ctl.nextRound();
      } catch (err) {
        ctl.say(refusalText(err, t), 'status', 'error');
      }
    },
    newMatch() {
      const record = ctl.record;
      if (record?.link) {
        // Played by link: the people are on other devices. The start screen, set up as this
        // game was with this device's person first, lets them be invited again.
        const mine = record.link.mySeats.find((s) => !record.seats[s]?.bot) ?? 0;
        app.setup = rematchSetup(record, mine, app.setup);
        app.focusNext = 'invite-game';
        backToStart();
        return;
      }
      ctl.leave();
      startIntents.start();
    },
    toStart: leaveMatch,
  };

  const perform = {
    draw: () => ctl.drawStock(),
    take: () => ctl.takeDiscard(),
    joker: () => ctl.jokerButton(),
    meld: () => ctl.meld(t),
    stage: () => ctl.stage(t),
    layoff: () => {
      ctl.say(t('msg.pickMeld'), 'actions');
    },
    discard: () => ctl.discard(),
    undo: () => ctl.resetTurn(),
    hint: () => ctl.askHint(t),
  };

  const tableIntents = {
    dock: () => linkPlay.dock(),
    menu() {
      app.dialog = { kind: 'menu' };
      scheduleRender();
    },
    scores() {
      app.dialog = { kind: 'scores' };
      scheduleRender();
    },
    toggle(key) {
      ctl.toggleSelect(key);
    },
    action(name, near) {
      const why = buttonReasons(ctl)[name];
      if (why) {
        // The discard pile in the play phase with nothing selected: explain discarding.
        ctl.say(whyText(why), near, 'info');
        return;
      }
      perform[name]();
    },
    meld(id) {
      const why = buttonReasons(ctl).layoff;
      if (why) return ctl.say(whyText(why), `meld:${id}`, 'info');
      ctl.layoff(id);
    },
    swap(id, jokerCode) {
      const sel = selectedCodes(ctl.hand);
      if (!ctl.myTurn || ctl.view.phase !== 'play') return ctl.say(t(buttonReasons(ctl).layoff || 'why.drawFirst'), `meld:${id}`, 'info');
      if (sel.length !== 1) return ctl.say(t('why.selectOneSwap', { joker: pieceName(jokerCode, t) }), `meld:${id}`, 'info');
      ctl.swapJoker(id, sel[0]);
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
      } else if (e.key === 'Escape') {
        ctl.clearSelection();
      }
    },
  };

  installDrag(root, {
    setDragging(on) {
      app.dragging = on;
      if (!on && app.pendingRender) {
        app.pendingRender = false;
        scheduleRender();
      }
    },
    onDrop({ key, drop, index }) {
      if (!drop) return;
      const code = codeOf(ctl.hand, key);
      if (drop === 'hand') return ctl.moveCard(key, index);
      if (drop === 'discard') {
        let why = buttonReasons(ctl).discard;
        if (why === 'why.selectOneDiscard' || why === 'why.takenNoDiscard') why = null; // the dropped card is the one
        if (!why && ctl.view.variant !== 'rummy101' && code === ctl.view.taken) why = 'why.takenNoDiscard';
        if (why) return ctl.say(whyText(why), 'discard', 'info');
        return ctl.discard(code);
      }
      if (drop.startsWith('meld:')) {
        const id = Number(drop.slice(5));
        const why = buttonReasons(ctl).layoff;
        if (why && why !== 'why.selectForLayoff') return ctl.say(whyText(why), drop, 'info');
        // Dropping one of the selected cards lays off the whole selection; else just that card.
        const cards = ctl.hand.selected.has(key) ? selectedCodes(ctl.hand) : [code];
        return ctl.layoffCodes(id, cards).then((ok) => ok && ctl.clearSelection());
      }
      if (drop.startsWith('joker:')) {
        const id = Number(drop.slice(6));
        if (!ctl.myTurn || ctl.view.phase !== 'play') return ctl.say(t('why.drawFirst'), `meld:${id}`, 'info');
        return ctl.swapJoker(id, code);
      }
      return undefined;
    },
  });

  // A modal dialog keeps the keyboard: Tab and Shift+Tab go round its own controls.
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const dialogs = root.querySelectorAll('[role="dialog"][aria-modal="true"]');
    const dialog = dialogs[dialogs.length - 1];
    if (!dialog) return;
    const stops = [...dialog.querySelectorAll('button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
      .filter((el) => !el.disabled && el.getClientRects().length);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const inside = dialog.contains(document.activeElement);
    if (!inside || (e.shiftKey && document.activeElement === first) || (!e.shiftKey && document.activeElement === last)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  });

  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && app.dialog) {
      if (app.dialog.kind === 'choose') app.dialog.resolve(null);
      closeDialog();
    }
  });

  scheduleRender();
  if (location.hash.length > 1) linkPlay.openFromHash();
  else returnToTable();
  return { ctl, app };
}
