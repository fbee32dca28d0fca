/**
 * The start screen: the games in progress to continue (web/ui/games-view.js), then choose a
 * rule set, the seats (people or computer players and their level), names and the rule set's
 * options, and start; below, "Your games": finished games, statistics, the profile with the
 * Rummy 101 account, export/import. Edits the setup object it is given and tells the app
 * through the callbacks; it holds no state of its own.
 */
import { h } from './dom.js';
import { renderGamesInProgress, renderNotices, renderYourGames } from './games-view.js';
import { renderPiece } from './pieces.js';
import { VARIANTS, PLAYER_RANGE, LEVELS, NAME_LENGTH, OPTION_RANGE, clampPlayers, pageWords, tableNames } from './setup.js';
import { SPEEDS } from './controller.js';

const PREVIEW = { basic: ['7H', '8H', '9H'], rummy200: ['QC', 'QD', 'QS'], rummy101: ['R5', 'R6', 'JK'] };

/** `games` (from the app, null off the start screen): {inProgress, finished, stats, problems,
 * confirmDelete, message}. `error`: a refusal, {text, field}, shown by the buttons, or, when
 * `field` names one, by that field (a seat's name: under the seats; a number: under it). */
export function renderStart({ t, setup, prefs, games, busy, error, bots, account, notice = null, banner = null, on }) {
  const fields = fieldRefusal(error);
  return h(
    'main',
    { class: 'start', id: 'start' },
    h('h1', { class: 'title', text: t('app.title') }),
    banner,
    // What the last action did (the match kept on leaving the table), where it is seen first.
    notice ? h('p', { class: 'msg info', role: 'status', id: 'start-notice', text: notice }) : null,
    games ? renderNotices({ t, problems: games.problems }) : null,
    games ? renderGamesInProgress({ t, games: games.inProgress, confirmDelete: games.confirmDelete, on }) : null,
    h(
      'form',
      {
        class: 'setup',
        novalidate: true, // the page says what a field needs, in its own words (navigation.js)
        'data-bots': bots === null ? 'unknown' : bots ? 'yes' : 'no',
        onsubmit: (e) => {
          e.preventDefault();
          on.start();
        },
      },
      ruleSetField({ t, setup, on }),
      h(
        'p',
        { class: 'howto-link' },
        h('button', {
          type: 'button',
          class: 'btn link',
          'data-fk': 'howto',
          onclick: () => on.howto(setup.variant),
          text: t('start.howTo', { variant: t(`variant.${setup.variant}`) }),
        }),
      ),
      seatsField({ t, setup, bots, fields, on }),
      h('fieldset', { class: 'options' }, h('legend', { text: t('start.options') }), optionFields({ t, setup, fields, on })),
      h('fieldset', { class: 'options' }, h('legend', { text: t('settings.title') }), speedField({ t, prefs, on }), soundSetting({ t, prefs, on })),
      error && !fields.error ? h('p', { class: 'msg error', role: 'alert', text: error.text }) : null,
      h('button', {
        class: 'btn primary big',
        type: 'submit',
        id: 'start-game',
        'data-fk': 'start-game',
        disabled: busy,
        text: busy ? t('start.starting') : t('start.play'),
      }),
      // Two people or more: each may play on their own phone (play by link, fair deal).
      on.invite && setup.seats.slice(0, setup.players).filter((s) => !s.bot).length >= 2
        ? h(
            'div',
            { class: 'invite-start' },
            h('button', {
              class: 'btn big',
              type: 'button',
              id: 'invite-game',
              'data-fk': 'invite-game',
              disabled: busy,
              onclick: () => on.invite(),
              text: t('invite.button'),
            }),
            h('p', { text: t('invite.buttonNote') }),
          )
        : null,
    ),
    games ? renderYourGames({ t, finished: games.finished, stats: games.stats, account, name: setup.seats[0]?.name, message: games.message, on }) : null,
  );
}

/** The rule sets, each a card with three pieces and a line on it. */
function ruleSetField({ t, setup, on }) {
  const v = setup.variant;
  return h(
    'fieldset',
    { class: 'variants' },
    h('legend', { text: t('start.ruleSet') }),
    VARIANTS.map((id) =>
      h(
        'label',
        { class: ['variant', id === v && 'chosen'] },
        h('input', {
          type: 'radio',
          name: 'variant',
          value: id,
          checked: id === v,
          'data-fk': `variant-${id}`,
          onchange: () => {
            setup.variant = id;
            setup.players = clampPlayers(id, setup.players);
            on.change(true);
          },
        }),
        h(
          'span',
          { class: 'variant-pics', 'aria-hidden': 'true' },
          PREVIEW[id].map((c) => renderPiece(c, t, { size: 'mini' })),
        ),
        h('span', { class: 'variant-text' }, h('strong', { text: t(`variant.${id}`) }), h('small', { text: t(`variant.${id}.blurb`) })),
      ),
    ),
  );
}

/** How many play, and each seat: its name and who plays it (a person or a computer level). */
function seatsField({ t, setup, bots, fields, on }) {
  const [lo, hi] = PLAYER_RANGE[setup.variant];
  const playerOptions = [];
  for (let n = lo; n <= hi; n++) playerOptions.push(h('option', { value: n, selected: n === setup.players, text: String(n) }));
  const playersField = h(
    'div',
    { class: 'field' },
    h('label', { for: 'players', text: t('start.players') }),
    h(
      'select',
      {
        id: 'players',
        'data-fk': 'players',
        disabled: lo === hi,
        onchange: (e) => {
          setup.players = Number(e.target.value);
          on.change(true);
        },
      },
      playerOptions,
    ),
  );

  // A seat whose name names nobody plays under another (setup.tableNames: "Player 1" when two
  // people share the device, "You" for a lone person who left it empty): the field, empty,
  // says which in grey.
  const seats = setup.seats.slice(0, setup.players);
  const shown = tableNames(seats, pageWords(t));
  const seatRows = seats.map((seat, i) => {
    const unnamed = shown[i] !== seat;
    return h(
      'div',
      { class: 'seat-row' },
      h('span', { class: 'seat-no', 'aria-hidden': 'true', text: String(i + 1) }),
      h('input', {
        type: 'text',
        id: `seat-name-${i}`,
        'data-fk': `seat-name-${i}`,
        class: 'seat-name',
        dir: 'auto', // a name shows in its own direction as it is typed, as everywhere else
        value: unnamed ? '' : seat.name,
        placeholder: unnamed ? shown[i].name : null,
        maxlength: NAME_LENGTH,
        autocomplete: 'off',
        'aria-label': t('start.seatName', { n: i + 1 }),
        ...fields.marks(`seat-name-${i}`, 'seat-error'),
        oninput: (e) => {
          seat.name = e.target.value;
          on.change(false);
        },
      }),
      h(
        'select',
        {
          class: 'seat-kind',
          id: `seat-kind-${i}`,
          'data-fk': `seat-kind-${i}`,
          'aria-label': t('start.seatKind', { n: i + 1 }),
          onchange: (e) => {
            seat.bot = e.target.value === 'human' ? null : e.target.value;
            on.change(true); // people or computers: whether the game can be played by link
          },
        },
        h('option', { value: 'human', selected: !seat.bot, text: t('seat.human') }),
        LEVELS.map((l) => h('option', { value: l, selected: seat.bot === l, disabled: bots === false, text: t(`level.${l}`) })),
      ),
    );
  });

  return h(
    'fieldset',
    { class: 'seats' },
    h('legend', { text: t('start.seats') }),
    playersField,
    seatRows,
    fields.error?.field.startsWith('seat-') ? fields.refusal('seat-error') : null,
    bots === false ? h('p', { class: 'msg info', id: 'no-bots', text: t('start.noBots') }) : null,
  );
}

/** The chosen rule set's options: classic Rummy's ace and goal, the target to 200, Rummy
 * 101's threshold, rounds and joker button. */
function optionFields({ t, setup, fields, on }) {
  const opts = setup.options[setup.variant];
  const checkbox = (key, label) =>
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'checkbox',
        checked: Boolean(opts[key]),
        'data-fk': `opt-${key}`,
        onchange: (e) => {
          opts[key] = e.target.checked;
          on.change(false);
        },
      }),
      h('span', { text: label }),
    );
  const number = (key, label) => {
    const [min, max] = OPTION_RANGE[key];
    return [
      h(
        'label',
        { class: 'field inline' },
        h('span', { text: label }),
        h('input', {
          type: 'number',
          inputmode: 'numeric',
          min,
          max,
          value: opts[key],
          id: `opt-${key}`,
          'data-fk': `opt-${key}`,
          ...fields.marks(`opt-${key}`, `opt-${key}-error`),
          oninput: (e) => {
            opts[key] = e.target.value;
            on.change(false);
          },
        }),
      ),
      fields.error?.field === `opt-${key}` ? fields.refusal(`opt-${key}-error`) : null,
    ];
  };
  const radio = (key, value, label) =>
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'radio',
        name: `opt-${key}`,
        value,
        checked: opts[key] === value,
        'data-fk': `opt-${key}-${value}`,
        onchange: () => {
          opts[key] = value;
          on.change(true);
        },
      }),
      h('span', { text: label }),
    );

  if (setup.variant === 'basic') {
    return [
      checkbox('ace_high_or_low', t('opt.aceHighOrLow')),
      checkbox('last_card_discard', t('opt.lastCardDiscard')),
      h(
        'div',
        { class: 'goal', role: 'radiogroup', 'aria-label': t('opt.goal') },
        radio('goal', 'target', t('opt.goalTarget')),
        opts.goal === 'target' ? number('target', t('opt.target')) : null,
        radio('goal', 'hands', t('opt.goalHands')),
        opts.goal === 'hands' ? number('hands', t('opt.hands')) : null,
      ),
    ];
  }
  if (setup.variant === 'rummy200') return [number('target', t('opt.target'))];
  return [
    h(
      'div',
      { class: 'goal', role: 'radiogroup', 'aria-label': t('opt.threshold') },
      h('span', { class: 'group-label', text: t('opt.threshold') }),
      radio('threshold', 'fixed', t('opt.thresholdFixed')),
      radio('threshold', 'rising', t('opt.thresholdRising')),
    ),
    number('rounds', t('opt.rounds')),
    checkbox('joker_button', t('opt.jokerButton')),
  ];
}

/** How fast the computer players move. */
function speedField({ t, prefs, on }) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: 'speed', text: t('settings.speed') }),
    h(
      'select',
      { id: 'speed', 'data-fk': 'speed', onchange: (e) => on.prefs({ speed: e.target.value }) },
      Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: (prefs.speed || 'normal') === s, text: t(`speed.${s}`) })),
    ),
  );
}

/** A refusal about one field (`error.field`): the field is marked and described by the
 * message shown by it. */
function fieldRefusal(error) {
  const fieldError = error?.field ? error : null;
  return {
    error: fieldError,
    marks: (field, messageId) => (fieldError?.field === field ? { 'aria-invalid': 'true', 'aria-describedby': messageId } : {}),
    refusal: (id) => h('p', { class: 'msg error', id, role: 'alert', text: fieldError.text }),
  };
}

/** Sound and vibration on or off (web/ui/sound.js), saved; also in the table's menu. */
export function soundSetting({ t, prefs, on, id = 'sound' }) {
  return h(
    'label',
    { class: 'check', for: id },
    h('input', { type: 'checkbox', id, 'data-fk': id, checked: prefs.sound !== false, onchange: (e) => on.prefs({ sound: e.target.checked }) }),
    h('span', { text: t('settings.sound') }),
  );
}
