/**
 * A tiny DOM helper so views read like the markup they make. Text always goes in through
 * textContent (player names are user input); only the static SVG in pieces.js uses innerHTML.
 */

export function h(tag, attrs = {}, ...children) {
  const el = tag.startsWith('svg:') ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.flat(Infinity).filter(Boolean).join(' ') : v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') {
      for (const [p, val] of Object.entries(v)) el.style.setProperty(p, val);
    } else if (k.startsWith('on') && typeof v === 'function') listen(el, k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Listeners are kept on the element too, so `morph` can hand an element kept on screen
 * the handlers of the one drawn in its place (they close over the newest view). */
function listen(el, type, fn) {
  el.addEventListener(type, fn);
  (el.__listeners ??= []).push([type, fn]);
}

/** A number as a left-to-right island (`dir="ltr"` isolates it): in Hebrew a bare "-22" or
 * "+101" would show its sign on the wrong side ("22-"), a neutral taking the text's direction.
 * The element around it keeps its own direction and alignment. */
export const numeral = (value, cls) => h('span', { class: cls, dir: 'ltr', text: String(value) });

/** A player's name in its own direction (`dir="auto"`): a Hebrew name in an English page, or
 * the other way round, keeps its punctuation and is cut at its end, not its start. */
export const personName = (name, cls) => h('span', { class: cls, dir: 'auto', text: name });

/** Replace an element's children. */
export function mount(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
  settleKept();
  return parent;
}

// ---- parts drawn again only when what they show changed -----------------------------------

const drawn = new Map(); // key → { sig, el }; el.lent while a stand-in holds its place
let standIns = [];

/**
 * A part of the screen (a seat, a meld, a card in the hand) drawn again only when what it
 * shows changed. `sig` is a string naming everything `draw` reads (its handlers must read
 * nothing else either). While the last drawing for `key` is on screen and `sig` is the same,
 * the answer is a stand-in that `morph` (or `mount`) replaces with that very element,
 * untouched: no building, no comparing, no restyling.
 */
export function keep(key, sig, draw) {
  const last = drawn.get(key);
  if (last && last.sig === sig && !last.el.lent && last.el.isConnected) {
    last.el.lent = true;
    const standIn = document.createComment(key);
    standIn.keeps = last.el;
    standIns.push(standIn);
    return standIn;
  }
  const el = draw();
  el.drawnAs = key;
  drawn.set(key, { sig, el });
  return el;
}

/** After a render: stand-ins left inside new parts become their elements; drawings no
 * longer on screen are forgotten. */
function settleKept() {
  for (const standIn of standIns) if (standIn.isConnected) standIn.replaceWith(standIn.keeps);
  standIns = [];
  for (const [key, { el }] of drawn) {
    el.lent = false;
    if (!el.isConnected) drawn.delete(key);
  }
}

/**
 * Make `parent`'s children equal to `children` (freshly drawn, not in the document), keeping
 * every element that is still there: its attributes, text and listeners are brought up to
 * date and the browser restyles and lays out only what changed. A full `mount` makes every
 * node anew, and the table's style and layout cost a phone tens of ms on each move.
 * Children are matched by key (id, data-key or data-code: a piece keeps its element while it
 * stays in the same holder), the others in order by tag and first class (`keyOf`). The
 * result is the document `mount` would make (form controls get the properties the new ones
 * were drawn with); what is not in it, a scroll position or a running CSS animation, goes on.
 */
export function morph(parent, ...children) {
  const next = document.createElement('div');
  append(next, children);
  morphChildren(parent, childrenOf(next));
  settleKept();
  return parent;
}

function childrenOf(node) {
  const list = [];
  for (let c = node.firstChild; c; c = c.nextSibling) list.push(c);
  return list;
}

/** What a child is matched by: its id, data-key or data-code; else its tag and first class
 * (then the n-th such child of the old ones goes with the n-th of the new), so an optional
 * element appearing or going does not make its siblings new. */
function keyOf(node) {
  if (node.nodeType !== 1) return node.nodeName;
  const key = node.id || node.getAttribute('data-key') || node.getAttribute('data-code');
  if (key) return `${node.nodeName}#${key}`;
  const cls = node.getAttribute('class');
  return cls ? `${node.nodeName}.${cls.split(' ', 1)[0]}` : node.nodeName;
}

function morphChildren(parent, drawing) {
  const wanted = drawing.map((node) => node.keeps ?? node);
  const staying = new Set(wanted.filter((node) => node.parentNode === parent)); // kept parts
  const old = childrenOf(parent);
  const byKey = new Map();
  for (const node of old) {
    if (staying.has(node) || node.lent) continue; // a lent part goes where its stand-in is
    const key = keyOf(node);
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(node);
  }
  const kept = new Set();
  const result = wanted.map((node) => {
    if (staying.has(node) || node.lent) return node;
    const match = byKey.get(keyOf(node))?.shift();
    if (!match) return node;
    kept.add(match);
    patch(match, node);
    // A part drawn by `keep` now lives on in the element it was patched into. A kept part
    // patched with a drawing `keep` did not make (a meld drawn with a message inside) shows
    // that drawing now, not the kept one: the next `keep` for it draws anew.
    if (node.drawnAs && drawn.get(node.drawnAs)?.el === node) {
      drawn.get(node.drawnAs).el = match;
      match.drawnAs = node.drawnAs;
    } else if (match.drawnAs) {
      if (drawn.get(match.drawnAs)?.el === match) drawn.delete(match.drawnAs);
      match.drawnAs = undefined;
    }
    return match;
  });
  for (const node of old) if (!kept.has(node) && !staying.has(node)) node.remove();
  let at = parent.firstChild;
  for (const node of result) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}

function patch(el, next) {
  if (el.nodeType !== 1) {
    if (el.nodeValue !== next.nodeValue) el.nodeValue = next.nodeValue;
    return;
  }
  for (const name of el.getAttributeNames()) if (!next.hasAttribute(name)) el.removeAttribute(name);
  for (const name of next.getAttributeNames()) {
    // Inline style goes through the CSSOM: the page's CSP ignores a style attribute set as text.
    if (name === 'style') {
      if (el.style.cssText !== next.style.cssText) el.style.cssText = next.style.cssText;
      continue;
    }
    const value = next.getAttribute(name);
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  for (const [type, fn] of el.__listeners ?? []) el.removeEventListener(type, fn);
  el.__listeners = null;
  for (const [type, fn] of next.__listeners ?? []) listen(el, type, fn);
  morphChildren(el, childrenOf(next));
  // What a person changed lives in properties the attributes no longer govern.
  if (el.nodeName === 'INPUT' || el.nodeName === 'TEXTAREA' || el.nodeName === 'SELECT') {
    if (el.value !== next.value) el.value = next.value;
    if (el.checked !== next.checked) el.checked = next.checked;
  } else if (el.nodeName === 'OPTION' && el.selected !== next.selected) el.selected = next.selected;
}

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function prefersReducedMotion() {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
