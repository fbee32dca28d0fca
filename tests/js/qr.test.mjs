// web/ui/qr.js's pure parts in Node: node --test tests/js/qr.test.mjs (after python3 build.py).
// It imports the *built* module, dist/web/ui/qr.js, because the encoder it imports
// (../vendor/qrcode.mjs, qrcode-generator from the npm registry) exists only in dist/.
// tests/browser/test_qr.py runs this file and draws, scans and decodes the codes in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

const built = new URL('../../dist/web/ui/qr.js', import.meta.url);
if (!existsSync(built)) throw new Error('dist/web/ui/qr.js is missing: run python3 build.py first');
const { qrMatrix, qrPath, QR_LEVELS, QUIET_ZONE } = await import(built.href);

// Byte-mode capacity of version 40 (ISO/IEC 18004 table 7): M 2,331 bytes, L 2,953.
const M_MAX = 2331;
const L_MAX = 2953;
const url = (length) => {
  const head = 'https://example.github.io/rummy/#g=';
  return head + 'A'.repeat(length - head.length);
};

test('levels: M first, L as the fallback; a quiet zone of four modules', () => {
  assert.deepEqual(QR_LEVELS, ['M', 'L']);
  assert.equal(QUIET_ZONE, 4);
});

test('a short link is level M at a small version; the size is 17 + 4 × version', () => {
  const m = qrMatrix('https://example.github.io/rummy/#g=AbC-_9');
  assert.equal(m.level, 'M');
  assert.equal(m.version, 3);
  assert.equal(m.size, 17 + 4 * m.version);
  // The three finder patterns' outer corners are dark, the fourth corner is not one.
  for (const [r, c] of [
    [0, 0],
    [0, m.size - 1],
    [m.size - 1, 0],
  ])
    assert.equal(m.isDark(r, c), true);
  assert.equal(m.isDark(7, 7), false, 'the separator round a finder is light');
});

test('the longest page URL measured (1,099 characters) and the 2,000 budget are level M', () => {
  const longest = qrMatrix(url(1099));
  assert.deepEqual([longest.level, longest.version, longest.size], ['M', 27, 125]);
  const budget = qrMatrix(url(2000));
  assert.deepEqual([budget.level, budget.version, budget.size], ['M', 38, 169]);
});

test('past what M holds at version 40 the code is L; past L there is none (null)', () => {
  assert.deepEqual([qrMatrix(url(M_MAX)).level, qrMatrix(url(M_MAX)).version], ['M', 40]);
  assert.deepEqual([qrMatrix(url(M_MAX + 1)).level, qrMatrix(url(M_MAX + 1)).version], ['L', 36]);
  assert.deepEqual([qrMatrix(url(L_MAX)).level, qrMatrix(url(L_MAX)).version], ['L', 40]);
  assert.equal(qrMatrix(url(L_MAX + 1)), null);
  assert.equal(qrMatrix(url(10_000)), null);
});

test('capacity is counted in UTF-8 bytes, not characters', () => {
  const e = 'é'.repeat(Math.floor(M_MAX / 2) + 1); // 2 bytes each: one byte over what M holds
  assert.equal(qrMatrix(e).level, 'L');
  assert.equal(qrMatrix('é'.repeat(Math.floor(M_MAX / 2))).level, 'M');
});

test('the path: one rectangle per horizontal run of dark modules, shifted by the quiet zone', () => {
  const rows = ['##.', '.#.', '###'];
  const matrix = { size: 3, isDark: (r, c) => rows[r][c] === '#' };
  assert.equal(qrPath(matrix), 'M4 4h2v1h-2zM5 5h1v1h-1zM4 6h3v1h-3z');
  assert.equal(qrPath({ size: 2, isDark: () => false }), '');
});

test('the path of a real code covers exactly its dark modules', () => {
  const m = qrMatrix('https://example.github.io/rummy/#i=invitation');
  let dark = 0;
  for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) dark += m.isDark(r, c);
  const covered = [...qrPath(m).matchAll(/h(\d+)v1/g)].reduce((n, x) => n + Number(x[1]), 0);
  assert.equal(covered, dark);
  const xs = [...qrPath(m).matchAll(/M(\d+) (\d+)/g)].flatMap((x) => [Number(x[1]), Number(x[2])]);
  assert.equal(Math.min(...xs), QUIET_ZONE);
  assert.ok(Math.max(...xs) < m.size + QUIET_ZONE);
});

test('from web/ (no encoder there: build.py ships it) the module loads and draws no code', async () => {
  if (existsSync(new URL('../../web/vendor/qrcode.mjs', import.meta.url))) return;
  const source = await import('../../web/ui/qr.js');
  assert.equal(source.qrMatrix('https://example.github.io/rummy/#g=A'), null);
});
