// web/ui/refusals.js and the refusal.* messages, in Node: node --test tests/js/
// (run by tests/test_refusal_codes.py, which also hands over, in REFUSAL_SAMPLES, a JSON file of
// the refusals its scenarios met: {codes: [...], samples: [{code, params, message}]}).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

import { pageRefusal, refusalText } from '../../web/ui/refusals.js';
import { EngineError, bootEngine } from '../../web/engine-client.js';
import { makeTranslator, loadLanguage } from '../../web/i18n/index.js';
import en from '../../web/i18n/en.js';

const LANGS = ['en', 'he', 'ro'];
const ENGINE = new URL('../../py/rummy/', import.meta.url);

/** Every code="..." in the engine's sources (the same grep as the Python side). */
function engineCodes() {
  const codes = new Set();
  for (const name of readdirSync(ENGINE).filter((n) => n.endsWith('.py'))) {
    const text = readFileSync(new URL(name, ENGINE), 'utf8');
    for (const m of text.matchAll(/\bcode="([a-z][a-z0-9_]*)"/g)) codes.add(m[1]);
  }
  return [...codes].sort();
}

async function catalogue(lang) {
  assert.equal(await loadLanguage(lang), lang);
  return (await import(`../../web/i18n/${lang}.js`)).default;
}

/** The {placeholders} of a message; for plural forms, of all its forms together. */
function holes(message) {
  const texts = typeof message === 'object' ? Object.values(message) : [message];
  const names = new Set();
  for (const text of texts) for (const m of text.matchAll(/\{(\w+)\}/g)) names.add(m[1]);
  return [...names].sort();
}

const refused = (code, params, message = 'The English sentence') => new EngineError(message, 'illegal', 'apply', null, code, params);

// Engine codes as they would leak into a sentence: cards "7H", tiles "R5", jokers "JK".
const RAW_CODE = /(?<![\p{L}\d])(?:[A2-9TJQK][CDHS]|[RKBY]1[0-3]|[RKBY][1-9]|JK(?:=\w+)?)(?![\p{L}\d])/u;

test('every code the engine uses has a sentence in every language, with the same holes', async () => {
  const codes = engineCodes();
  assert.ok(codes.length >= 40, `only ${codes.length} codes found in py/rummy`);
  for (const lang of LANGS) {
    const messages = await catalogue(lang);
    for (const code of codes) {
      const key = `refusal.${code}`;
      assert.ok(key in messages, `${lang} has no ${key}`);
      assert.deepEqual(holes(messages[key]), holes(en[key]), `${lang} ${key}: {placeholders} differ from English`);
    }
  }
});

test('no refusal.* message is left over from a code the engine no longer uses', () => {
  const codes = new Set(engineCodes());
  const stale = Object.keys(en).filter((k) => k.startsWith('refusal.') && !codes.has(k.slice(8)));
  assert.deepEqual(stale, []);
});

test('a refusal with cards is said with the cards’ names, in English and in Hebrew', async () => {
  const t = makeTranslator('en');
  assert.equal(refusalText(refused('not_in_hand', { card: '7H', count: 1 }), t), 'You do not hold the 7 of hearts.');
  assert.equal(refusalText(refused('not_in_hand', { card: 'R7', count: 2 }), t), 'You do not hold 2 × red 7.');
  assert.equal(
    refusalText(refused('does_not_fit', { cards: ['TH', 'KS'], meld: ['7H', '8H', '9H'], kind: 'run' }), t),
    'You cannot add 10 of hearts and king of spades to this meld: 7♥ 8♥ 9♥.',
  );
  assert.equal(
    refusalText(refused('not_a_tile_meld', { meld: ['R5', 'K5', 'R7', 'JK=R8'] }), t),
    'This is neither a run (one colour, in a row) nor a set (one number, all colours different): red 5, black 5, red 7, joker (as red 8).',
  );
  assert.equal(refusalText(refused('player_count', { variant: 'rummy101', players: 5, allowed: [2, 3, 4] }), t), 'Rummy 101 is played by 2–4 players, not 5.');
  await loadLanguage('he');
  const he = makeTranslator('he');
  assert.equal(refusalText(refused('discard_taken_card', { card: 'QS' }), he), 'לקחת את מלכה עלה מערימת הזריקה: אי אפשר לזרוק אותו באותו תור.');
  assert.equal(refusalText(refused('not_in_hand', { card: 'K12', count: 1 }), he), 'אין בידך 12 שחור.');
  assert.equal(
    refusalText(refused('run_gap', { meld: ['7H', '8H', 'TH'] }), he),
    'רצף צריך שלושה קלפים ומעלה ברצף, באותה צורה, בלי חורים: \u20667♥ 8♥ 10♥\u2069.',
  );
  await loadLanguage('ro');
  const ro = makeTranslator('ro');
  assert.equal(
    refusalText(refused('opening_too_small', { total: 69, need: 101 }), ro),
    'Deschiderea ta valorează 69; îți trebuie cel puțin 101 într-o singură tură.',
  );
});

test('an unknown code, no code or a plain error keeps the engine’s own message', () => {
  const t = makeTranslator('en');
  assert.equal(refusalText(refused('a_code_from_a_newer_engine', { card: '7H' }, 'Newer words'), t), 'Newer words');
  assert.equal(refusalText(refused(null, {}, 'No code here'), t), 'No code here');
  assert.equal(refusalText(new EngineError('Link broken', 'link', 'receive_link', 'broken'), t), 'Link broken');
  assert.equal(refusalText(new Error('boom'), t), 'boom');
  assert.equal(refusalText('plain text', t), 'plain text');
  // The page and the engine disagree about the params: the English sentence, not "{card}".
  assert.equal(refusalText(refused('not_in_hand', {}, 'You do not hold 7♥'), t), 'You do not hold 7♥');
});

test('EngineError keeps the code and params of an illegal answer from the worker', async () => {
  const replies = [];
  globalThis.Worker = class {
    constructor() {
      this.listeners = [];
    }
    addEventListener(type, fn) {
      if (type === 'message') this.listeners.push(fn);
    }
    postMessage(message) {
      const send = (data) => queueMicrotask(() => this.listeners.forEach((fn) => fn({ data })));
      if (message.type === 'boot') send({ type: 'ready', info: { protocol: 1 } });
      if (message.type === 'call') send({ type: 'reply', id: message.id, json: replies.shift() });
    }
    terminate() {}
  };
  try {
    const engine = bootEngine();
    await engine.ready;
    replies.push(JSON.stringify({ id: 1, ok: false, kind: 'illegal', error: 'You do not hold 7♥', code: 'not_in_hand', params: { card: '7H', count: 1 } }));
    const error = await engine.call('apply', {}).catch((e) => e);
    assert.ok(error instanceof EngineError);
    assert.deepEqual([error.kind, error.code, error.params, error.message], ['illegal', 'not_in_hand', { card: '7H', count: 1 }, 'You do not hold 7♥']);
    replies.push(JSON.stringify({ id: 2, ok: false, kind: 'bad_request', error: 'Missing game' }));
    const plain = await engine.call('view', {}).catch((e) => e);
    assert.deepEqual([plain.code, plain.params], [null, {}]);
  } finally {
    delete globalThis.Worker;
  }
});

const SAMPLES = process.env.REFUSAL_SAMPLES;

test('every refusal the engine’s scenarios met is said in words in every language', { skip: !SAMPLES && 'run from tests/test_refusal_codes.py' }, async () => {
  const { codes, samples } = JSON.parse(readFileSync(SAMPLES, 'utf8'));
  assert.deepEqual(codes, engineCodes());
  assert.ok(samples.length >= codes.length - 1, 'too few samples');
  for (const lang of LANGS) {
    await loadLanguage(lang);
    const t = makeTranslator(lang);
    for (const { code, params, message } of samples) {
      const text = refusalText(refused(code, params, message), t);
      const where = `${lang} ${code} ${JSON.stringify(params)}: ${text}`;
      if (lang !== 'en') assert.notEqual(text, message, `${where} (the English fallback)`);
      assert.doesNotMatch(text, /\{\w+\}|undefined|null|\[object/, where);
      assert.doesNotMatch(text, RAW_CODE, `${where} (an engine code)`);
    }
  }
});

test('a refusal the page makes is worded in the language shown when it is read, not when it was made', async () => {
  await loadLanguage('ro');
  const en = makeTranslator('en');
  const ro = makeTranslator('ro');
  const err = pageRefusal((t) => t('games.gone'), en, { field: 'x' });
  assert.equal(err.message, en('games.gone'));
  assert.equal(err.field, 'x');
  assert.equal(refusalText(err, ro), ro('games.gone'));
  assert.notEqual(ro('games.gone'), en('games.gone'));
});
