/**
 * Moving between screens, and what the start screen, How to play and the score sheet ask
 * for: start a match (or an invitation) from the setup, continue a kept game, delete one
 * (confirmed first), export and import, leave the table (the match stays in "Your games"),
 * the next round, a rematch. `t` is the current translator.
 */
import { optionProblem, pageWords, rematchSetup, renamePageNames, tableNames } from './setup.js';
import { pageRefusal, refusalText } from './refusals.js';

export function createNavigation({ app, ctl, records, prefs, linkPlay, autosave, tabReturn, t, render, request }) {
  /** The start screen's setup becomes a match (or an invitation): busy meanwhile, a refusal
   * shown by the start button. */
  async function fromSetup(work) {
    app.busy = true;
    app.error = null;
    app.startNotice = null;
    render();
    let field = null;
    try {
      prefs.set({ setup: app.setup });
      const bad = optionProblem(app.setup);
      if (bad) {
        const say = (t) => t('start.outOfRange', { label: t(`opt.${bad.key}`), min: bad.min, max: bad.max });
        throw pageRefusal(say, t, { field: `opt-${bad.key}` });
      }
      await work(request(app.setup));
      window.scrollTo(0, 0);
    } catch (err) {
      // A refusal about one field (a name the invitation needs, a number out of range)
      // shows by it, and the field takes the focus: by the buttons it could be a screen away.
      field = err?.field ?? null;
      app.error = { say: (t) => refusalText(err, t), field };
    } finally {
      app.busy = false;
      render();
      if (field) document.getElementById(field)?.focus();
    }
  }

  /** What the games list says now (`say(t)`: its words), the start screen's one piece of news:
   * "the match is kept" from leaving the table is old news after it. */
  function tell(kind, say) {
    app.dataMessage = { kind, say };
    app.startNotice = null;
  }

  /** Back to the start screen, keeping the match among the games in progress (after a link
   * was sent, the game waits for the others). */
  async function backToStart() {
    await autosave.now();
    linkPlay.forget();
    ctl.leave();
    // What the start screen said before this game (a deletion, a refusal) is old news now.
    app.error = null;
    app.dataMessage = null;
    app.screen = 'start';
    render();
    window.scrollTo(0, 0);
  }

  /** Leave the table for the start screen. The match stays in "Your games" (Continue brings
   * it back): no single press deletes a game; deleting is done there, and confirmed. */
  function leaveMatch() {
    app.dialog = null;
    const kept = ctl.record && !ctl.record.finished;
    app.startNotice = kept ? 'games.kept' : null;
    backToStart();
  }

  const start = {
    change(structural) {
      prefs.set({ setup: app.setup, myName: app.setup.seats[0].name });
      if (structural) render();
    },
    prefs(patch) {
      prefs.set(patch);
    },
    howto(variant) {
      app.howtoVariant = variant;
      app.returnTo = 'start';
      app.screen = 'howto';
      render();
      window.scrollTo(0, 0);
    },
    start() {
      return fromSetup(async (req) => {
        await ctl.newGame({ ...req, seats: tableNames(req.seats, pageWords(t)) });
        app.screen = 'table';
      });
    },
    // Play by link with a fair deal: the invitation goes round before the cards are dealt.
    invite: () => fromSetup((req) => linkPlay.invite(req)),
    /** Continue game `key` from the list (the latest one without a key). */
    async resume(key) {
      const m = typeof key === 'string' ? records.load(key) : records.latest();
      if (!m) {
        app.error = { say: (t) => t('games.gone') };
        render();
        return;
      }
      app.confirmDelete = null;
      app.dataMessage = null;
      app.startNotice = null;
      app.busy = true;
      render();
      try {
        await ctl.openSaved(m.record, m.state);
        // Dealt in another language, the game still said "You" and "Player 2" in it.
        if (renamePageNames(ctl.record.seats, pageWords(t))) autosave.changed();
        ctl.coverSharedHand(); // pass and play: the hand waits for its person
        linkPlay.forget();
        app.screen = 'table';
        ctl.afterChange();
      } catch (err) {
        // A game the engine refuses to load is set aside (kept for export, reported), never
        // deleted; any other failure (the engine itself) keeps it as it is, to try again.
        if (['bad_request', 'illegal'].includes(err?.kind)) records.setAside(m.record.key, err.message || String(err));
        app.error = { say: (t) => refusalText(err, t) };
        if (app.screen === 'resuming') app.screen = 'start';
      } finally {
        app.busy = false;
        render();
      }
    },
    askDelete(key) {
      app.confirmDelete = key;
      render();
    },
    cancelDelete() {
      app.confirmDelete = null;
      render();
    },
    deleteGame(key) {
      const result = records.remove(key);
      app.confirmDelete = null;
      if (result.ok) tell('info', (t) => t('games.deleted'));
      else tell('error', (t) => t(`data.problem.${result.reason}`));
      render();
    },
    async exportData() {
      const text = records.exportText();
      if (text === null) {
        tell('error', (t) => t('data.problem.unavailable'));
      } else {
        const { downloadText, exportFileName } = await import('./games-view.js');
        const name = exportFileName(new Date());
        downloadText(name, text);
        tell('info', (t) => t('data.exported', { file: name }));
      }
      render();
    },
    async importData(file) {
      let result;
      try {
        result = records.importText(await file.text());
      } catch {
        result = { ok: false, reason: 'unreadable' };
      }
      app.confirmDelete = null;
      if (result.ok) tell('info', (t) => t('data.imported', { count: result.games }));
      else tell('error', (t) => t('data.importRefused', { reason: t(`data.refused.${result.reason}`) }));
      render();
    },
  };

  const howto = {
    variant(id) {
      app.howtoVariant = id;
      render();
    },
    back() {
      app.screen = app.returnTo === 'table' && ctl.view ? 'table' : 'start';
      render();
    },
  };

  /** How to play from the table's menu, for the game on the table. */
  function howtoFromMenu() {
    app.dialog = null;
    app.howtoVariant = ctl.view?.variant || app.setup.variant;
    app.returnTo = app.screen;
    app.screen = 'howto';
    render();
  }

  const sheet = {
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
      start.start();
    },
    toStart: leaveMatch,
  };

  /** After a reload in the middle of a match: back to the table, as it was. */
  function returnToTable() {
    const key = tabReturn.matchToReturnTo();
    if (!key || !records.load(key)) return;
    app.screen = 'resuming';
    render();
    start.resume(key).then(() => {
      if (app.screen === 'resuming') app.screen = 'start';
      render();
    });
  }

  return { start, howto, sheet, leaveMatch, backToStart, howtoFromMenu, returnToTable };
}
