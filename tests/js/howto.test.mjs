// "How to play" names the table's buttons in quotes ("press “Add group”", "“Hint” shows …"):
// each such name must be a label the page really shows, in the same language, or a player
// looks for a button that is not there (web/ui/howto-view.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../web/i18n/en.js';
import he from '../../web/i18n/he.js';
import ro from '../../web/i18n/ro.js';

// The paragraphs about the table; the rules' paragraphs also quote terms ("going rummy").
const ABOUT_BUTTONS = /^howto\.(controls\.\d+|rummy101\.4)$/;

function quotedNames(catalogue) {
  const names = [];
  for (const [key, text] of Object.entries(catalogue)) {
    if (!ABOUT_BUTTONS.test(key)) continue;
    for (const [, name] of String(text).matchAll(/[“„]([^“”„]+)”/g)) names.push({ key, name });
  }
  return names;
}

test('every button How to play names is labelled so on the page, in every language', () => {
  for (const [code, catalogue] of Object.entries({ en, he, ro })) {
    const labels = new Set(Object.values(catalogue).filter((v) => typeof v === 'string'));
    const names = quotedNames(catalogue);
    assert.ok(names.length >= 6, `${code}: How to play names the Hint, the review and the opening's buttons`);
    assert.deepEqual(
      names.filter(({ name }) => !labels.has(name)),
      [],
      code,
    );
  }
});

test('How to play tells where the Hint and the round review are, in every language', () => {
  for (const [code, catalogue] of Object.entries({ en, he, ro })) {
    const names = quotedNames(catalogue).map(({ name }) => name);
    for (const key of ['actions.hint', 'review.button', 'review.show']) assert.ok(names.includes(catalogue[key]), `${code}: ${key}`);
  }
});
