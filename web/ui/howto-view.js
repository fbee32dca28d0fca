/**
 * "How to play" for each rule set, drawn from RULES.md, with pictures of valid and invalid
 * melds rendered by the same pieces the table uses. Texts are catalogue keys
 * `howto.<variant>.<n>` (numbered until a key is missing), so translations may have more or
 * fewer paragraphs.
 */
import { h } from './dom.js';
import { renderPiece } from './pieces.js';
import { VARIANTS } from './setup.js';

const EXAMPLES = {
  basic: [
    { codes: ['7H', '8H', '9H'], ok: true, key: 'ex.run' },
    { codes: ['QC', 'QD', 'QS'], ok: true, key: 'ex.set' },
    { codes: ['AS', '2S', '3S'], ok: true, key: 'ex.aceLow' },
    { codes: ['7H', '8D', '9H'], ok: false, key: 'ex.mixedSuits' },
    { codes: ['QH', 'KH', 'AH'], ok: false, key: 'ex.aceHigh' },
    { codes: ['KS', 'AS', '2S'], ok: false, key: 'ex.wrap' },
  ],
  rummy200: [
    { codes: ['4D', '5D', '6D', '7D'], ok: true, key: 'ex.run' },
    { codes: ['9C', '9H', '9S'], ok: true, key: 'ex.set' },
    { codes: ['JC', 'JD'], ok: false, key: 'ex.tooShort' },
    { codes: ['QH', 'KH', 'AH'], ok: false, key: 'ex.aceHigh200' },
  ],
  rummy101: [
    { codes: ['R5', 'R6', 'R7', 'R8'], ok: true, key: 'ex.run101' },
    { codes: ['K9', 'B9', 'Y9'], ok: true, key: 'ex.set101' },
    { codes: ['B11', 'JK=B12', 'B13'], ok: true, key: 'ex.joker' },
    { codes: ['Y4', 'Y4'], ok: true, key: 'ex.pair' },
    { codes: ['R12', 'R13', 'R1'], ok: false, key: 'ex.wrap101' },
    { codes: ['K9', 'K9', 'B9'], ok: false, key: 'ex.sameColour' },
  ],
};

const OPENING_101 = [
  ['R10', 'R11', 'R12'],
  ['K12', 'B12', 'Y12'],
  ['B10', 'B11', 'B12'],
];

function paragraphs(t, prefix) {
  const out = [];
  for (let i = 1; i < 40; i++) {
    const key = `${prefix}.${i}`;
    const text = t(key);
    if (text === key) break;
    out.push(text);
  }
  return out;
}

export function renderHowTo({ t, variant, on }) {
  const tabs = h(
    'div',
    { class: 'tabs', role: 'tablist', 'aria-label': t('howto.choose') },
    VARIANTS.map((id) =>
      h('button', {
        type: 'button',
        role: 'tab',
        class: ['btn', 'tab', id === variant && 'on'],
        'aria-selected': id === variant ? 'true' : 'false',
        'data-fk': `howto-${id}`,
        onclick: () => on.variant(id),
        text: t(`variant.${id}`),
      }),
    ),
  );
  const examples = h(
    'div',
    { class: 'examples' },
    EXAMPLES[variant].map((ex) =>
      h(
        'figure',
        { class: ['example', ex.ok ? 'ok' : 'bad'] },
        h(
          'span',
          { class: 'meld-cards' },
          ex.codes.map((c) => renderPiece(c, t)),
        ),
        h('figcaption', {}, h('span', { class: 'verdict', text: ex.ok ? `✓ ${t('ex.valid')}` : `✗ ${t('ex.invalid')}` }), ' ', h('span', { text: t(ex.key) })),
      ),
    ),
  );
  const opening =
    variant === 'rummy101'
      ? h(
          'figure',
          { class: 'example ok opening-example' },
          h(
            'span',
            { class: 'opening-melds' },
            OPENING_101.map((m) =>
              h(
                'span',
                { class: 'meld-cards' },
                m.map((c) => renderPiece(c, t)),
              ),
            ),
          ),
          h('figcaption', { text: t('ex.opening101') }),
        )
      : null;
  return h(
    'main',
    { class: 'howto', id: 'howto' },
    h(
      'div',
      { class: 'howto-head' },
      h('button', { class: 'btn', type: 'button', 'data-fk': 'howto-back', id: 'howto-back', onclick: on.back, text: `← ${t('howto.back')}` }),
      h('h1', { text: t('howto.title', { variant: t(`variant.${variant}`) }) }),
    ),
    tabs,
    h(
      'section',
      { class: 'howto-text' },
      paragraphs(t, `howto.${variant}`).map((p) => h('p', { text: p })),
    ),
    h('h2', { text: t('howto.melds') }),
    examples,
    opening,
    h('h2', { text: t('howto.controls') }),
    h(
      'section',
      { class: 'howto-text' },
      paragraphs(t, 'howto.controls').map((p) => h('p', { text: p })),
    ),
  );
}
