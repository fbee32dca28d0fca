/**
 * The shell's small views: the menu, the joker's "which meld?" choice, the language picker,
 * the engine's start-up notice and the "returning to your game" screen. Pure: each takes what
 * it shows and the intents its controls call.
 */
import { h } from './dom.js';
import { SPEEDS } from './controller.js';
import { soundSetting } from './start-view.js';
import { pieceName } from './pieces.js';

/** The language chooser's label and list (the start screen's footer and the menu). */
function languageField({ t, languages, id, fk, on }) {
  return [
    h('label', { for: id, text: t('settings.language') }),
    h(
      'select',
      { id, 'data-fk': fk, onchange: (e) => on.language(e.target.value) },
      languages.map((l) => h('option', { value: l.code, selected: l.code === t.lang, lang: l.code, text: l.name })),
    ),
  ];
}

export function languagePicker({ t, languages, on }) {
  return h('footer', { class: 'lang-bar' }, languageField({ t, languages, id: 'lang-select', fk: 'lang', on }));
}

/** The menu: back to the game, how to play, pace, sound, language, and leaving the table
 * (`inGame`): the match stays among the games in progress. */
export function renderMenu({ t, prefs, languages, inGame, on }) {
  return h(
    'div',
    { class: 'overlay', onclick: (e) => e.target === e.currentTarget && on.close() },
    h(
      'section',
      { class: 'sheet menu', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'menu-title', id: 'menu' },
      h('h2', { id: 'menu-title', text: t('menu.title') }),
      h('button', { class: 'btn primary', type: 'button', 'data-fk': 'menu-close', onclick: on.close, text: t('menu.resume') }),
      h('button', { class: 'btn', type: 'button', 'data-fk': 'menu-howto', onclick: on.howto, text: t('menu.howto') }),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'menu-speed', text: t('settings.speed') }),
        h(
          'select',
          { id: 'menu-speed', 'data-fk': 'menu-speed', onchange: (e) => on.prefs({ speed: e.target.value }) },
          Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: (prefs.speed || 'normal') === s, text: t(`speed.${s}`) })),
        ),
      ),
      soundSetting({ t, prefs, on: { prefs: on.prefs }, id: 'menu-sound' }),
      h('div', { class: 'field' }, languageField({ t, languages, id: 'menu-lang', fk: 'menu-lang', on })),
      inGame ? h('button', { class: 'btn', type: 'button', id: 'menu-leave', 'data-fk': 'menu-leave', onclick: on.leave, text: t('menu.leave') }) : null,
    ),
  );
}

/** Which meld a joker makes, when it could make more than one: `dialog` = {title, options}. */
export function renderChoose({ t, dialog, on }) {
  return h(
    'div',
    { class: 'overlay' },
    h(
      'section',
      { class: 'sheet choose', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'choose-title', id: 'choose' },
      h('h2', { id: 'choose-title', text: dialog.title }),
      dialog.options.map((o, i) =>
        h('button', {
          class: ['btn', i === 0 && 'primary'],
          type: 'button',
          'data-fk': `choose-${i}`,
          onclick: () => on.pick(o.value),
          text: t(o.kind === 'set' ? 'joker.asSet' : 'joker.as', { tiles: o.label.map((c) => pieceName(c, t)).join(', '), points: o.value2 }),
        }),
      ),
      h('button', { class: 'btn', type: 'button', 'data-fk': 'choose-cancel', onclick: () => on.pick(null), text: t('dialog.cancel') }),
    ),
  );
}

/** While the engine starts, a press that needs it waits: say so, with the step it is on (and
 * on a first visit the bytes downloaded). */
export function engineNotice({ t, progress }) {
  const step = progress?.step;
  return h(
    'div',
    { class: 'msg info engine-notice', id: 'engine-starting' },
    h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    h('p', { role: 'status', text: t('engine.starting', { step: step ? t(`engine.step.${step}`) : '' }) }),
    downloadBar({ t, progress }),
  );
}

/**
 * A first visit's start screen, while the engine downloads and starts: the person chooses a
 * game meanwhile (Deal waits for the engine). Once it is `ready` the notice stays and only its
 * bar's label says so ("Ready"): nothing below it moves while the person is choosing.
 */
export function firstVisitNotice({ t, ready, progress }) {
  return h(
    'div',
    { class: 'msg info first-visit', id: 'first-visit' },
    ready ? h('span', { class: 'done', 'aria-hidden': 'true', text: '✓' }) : h('span', { class: 'spinner', 'aria-hidden': 'true' }),
    h('p', { text: t('engine.firstVisit') }),
    downloadBar({ t, progress: ready ? { step: 'ready' } : progress, keep: true }),
  );
}

/** The download's bar and bytes, kept up to date between renders by `showEngineProgress`.
 * `keep`: the row stays when nothing is downloading (full, with the step), else it hides. */
function downloadBar({ t, progress, keep = false }) {
  const bar = h(
    'span',
    { class: 'download', 'data-keep': keep ? 'yes' : 'no' },
    h('progress', { class: 'engine-progress', 'aria-label': t('engine.progress'), max: 1, value: 0 }),
    h('span', { class: 'engine-bytes' }),
  );
  fillDownload(bar, t, progress);
  return bar;
}

const MB = 1024 * 1024;

/** Put `progress` ({step, loaded, total}: web/worker.js's boot progress) into the bars shown
 * under `root`: the bytes while the runtime downloads, then full, with the step. */
export function showEngineProgress(root, t, progress) {
  for (const bar of root.querySelectorAll('.download')) fillDownload(bar, t, progress);
}

function fillDownload(bar, t, progress) {
  const [meter, label] = bar.children;
  const step = progress?.step ?? null;
  const downloading = step === 'download' && progress.total > 0;
  bar.hidden = !downloading && bar.dataset.keep !== 'yes';
  if (downloading) {
    meter.max = progress.total;
    meter.value = progress.loaded;
    label.textContent = t('engine.bytes', { loaded: (progress.loaded / MB).toFixed(1), total: (progress.total / MB).toFixed(1) });
  } else if (step === 'download') {
    meter.removeAttribute('value'); // a size not told: the bar says only that it is busy
    label.textContent = t('engine.bar.download');
  } else if (step) {
    meter.max = 1;
    meter.value = 1;
    label.textContent = t(`engine.bar.${step}`); // 'Installing the rules…' (the notice's sentence has its own words)
  }
}

/** Until a game shows: after a reload mid-match (`text` 'resume.returning'), or while a
 * link that was opened is read ('link.opening', 'invite.opening'). */
export function resumingScreen({ t, text = null }) {
  return h(
    'main',
    { class: 'start resuming', id: 'resuming' },
    h('h1', { class: 'title', text: t('app.title') }),
    h('p', { class: 'msg info', role: 'status', text: t(text ?? 'resume.returning') }),
  );
}
