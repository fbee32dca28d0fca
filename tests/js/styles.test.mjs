// web/styles.css in Node: what the page animates with CSS stays on the compositor.
// node --test tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../../web/styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Each @keyframes rule's name and the properties its frames set. */
function keyframes(text) {
  const out = [];
  const start = /@keyframes\s+([\w-]+)\s*\{/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    let depth = 1;
    let i = start.lastIndex;
    for (; depth && i < text.length; i++) depth += text[i] === '{' ? 1 : text[i] === '}' ? -1 : 0;
    const body = text.slice(start.lastIndex, i - 1);
    const props = [...body.matchAll(/([\w-]+)\s*:/g)].map((p) => p[1]);
    out.push({ name: m[1], props });
  }
  return out;
}

test('every CSS animation moves or fades only (transform, opacity): no restyle or repaint per frame', () => {
  const found = keyframes(css);
  assert.ok(found.length >= 4, `the stylesheet's @keyframes were found (${found.map((k) => k.name)})`);
  for (const { name, props } of found) {
    assert.ok(props.length, `@keyframes ${name} sets something`);
    for (const p of props) assert.ok(['transform', 'opacity'].includes(p), `@keyframes ${name} animates ${p}`);
  }
});

test('the reading of @keyframes sees a property that would repaint', () => {
  const found = keyframes('@keyframes bad { to { background: red; opacity: 0; } }');
  assert.deepEqual(found, [{ name: 'bad', props: ['background', 'opacity'] }]);
});
