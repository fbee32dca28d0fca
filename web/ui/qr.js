/**
 * A QR code beside a link the page offers (turn links, invitations, results), so a person at
 * the same table can take the link with a phone camera.
 *
 * The encoder is qrcode-generator (npm, MIT, by Kazuhiko Arase), shipped unchanged by build.py
 * as web/vendor/qrcode.mjs; this module only picks the error-correction level and draws the
 * modules as SVG. Under the page's CSP (style-src 'self') nothing here sets a style attribute:
 * colours are SVG presentation attributes, size and crispness come from web/styles.css (.qr…).
 *
 * Error correction: M (15 % of the code can be lost) is what a phone camera at arm's length
 * needs against glare, moiré and a slightly blurred frame of a screen; Q and H would make our
 * long links (1,100 characters and more: bench/bench_links.py) much denser modules for
 * damage that a screen does not have. Past what M can hold (2,331 bytes) L (7 %, 2,953 bytes)
 * is still better than no code; past that there is no QR code and the caller shows the text.
 */
import { h } from './dom.js';

// The encoder exists only in dist/ (build.py puts it there). Imported so that importing this
// module never fails: where it is missing — Node unit tests of modules that import this one,
// run from web/ — there is no code, and a figure shows the link's text alone.
const qrcode = await import('../vendor/qrcode.mjs').then(
  (module) => module.default,
  () => null,
);

/** Levels tried, in order: the first that holds the text is used. */
export const QR_LEVELS = ['M', 'L'];
/** The white margin round the code, in modules: the 4 the QR standard asks for. */
export const QUIET_ZONE = 4;

/** The text's UTF-8 bytes as a string of char codes 0–255: the encoder's byte mode takes each
 * char code's low byte, so this keeps any non-ASCII character (a page URL is ASCII anyway). */
function byteString(text) {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte);
  return out;
}

/**
 * The QR symbol for `text`: `{level, version, size, isDark(row, col)}` (size = modules a side,
 * without the quiet zone), at the first of QR_LEVELS that holds it; null when none does (and
 * when the encoder is missing).
 */
export function qrMatrix(text) {
  if (!qrcode) return null;
  const data = byteString(String(text));
  for (const level of QR_LEVELS) {
    const qr = qrcode(0, level); // 0: the smallest version that holds the data
    qr.addData(data, 'Byte');
    try {
      qr.make();
    } catch {
      continue; // "code length overflow": more than version 40 holds at this level
    }
    const size = qr.getModuleCount();
    return { level, version: (size - 17) / 4, size, isDark: (row, col) => qr.isDark(row, col) };
  }
  return null;
}

/** The dark modules as one SVG path, one rectangle per horizontal run, shifted by the quiet
 * zone (so the viewBox is size + 2 × QUIET_ZONE a side, one unit a module). */
export function qrPath(matrix) {
  const parts = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.isDark(row, col)) continue;
      let run = 1;
      while (col + run < matrix.size && matrix.isDark(row, col + run)) run++;
      parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
      col += run - 1;
    }
  }
  return parts.join('');
}

/** Codes drawn lately, by text: a view renders again on every change, and encoding a long
 * link (choosing the best of eight masks) takes tens of milliseconds on a phone. */
const drawn = new Map();
const DRAWN_KEPT = 8;

function drawing(text) {
  if (drawn.has(text)) return drawn.get(text);
  const matrix = qrMatrix(text);
  const code = matrix && {
    level: matrix.level,
    version: matrix.version,
    side: matrix.size + 2 * QUIET_ZONE,
    path: qrPath(matrix),
  };
  drawn.set(text, code);
  if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value);
  return code;
}

/**
 * An `<svg class="qr-code" role="img" aria-label=label>` of `url`'s QR code: black modules on
 * a white square with the quiet zone, whatever the colour scheme; null when the URL is too
 * long for a QR code. `data-level` and `data-version` say what was chosen.
 */
export function qrSvg(url, label) {
  const code = drawing(String(url));
  if (!code) return null;
  const { side } = code;
  return h(
    'svg:svg',
    {
      class: 'qr-code',
      viewBox: `0 0 ${side} ${side}`,
      role: 'img',
      'aria-label': label,
      'shape-rendering': 'crispEdges',
      dataset: { level: code.level, version: String(code.version) },
    },
    h('svg:rect', { width: side, height: side, fill: '#fff' }),
    h('svg:path', { d: code.path, fill: '#000' }),
  );
}

/**
 * `<figure class="qr">`: the QR code of `url` (its accessible name `label`, or "QR code of
 * the link") and a caption with a hint and the link's text (`.qr-url`: selectable, one tap
 * selects all of it, never a link that would open the game on this device). When the URL is
 * too long for a QR code the figure is `.qr.qr-none`: no code, the caption says so.
 */
export function qrFigure({ url, label, t }) {
  const svg = qrSvg(url, label || t('qr.label'));
  return h(
    'figure',
    { class: ['qr', !svg && 'qr-none'] },
    svg,
    h(
      'figcaption',
      { class: 'qr-caption' },
      h('span', { class: 'qr-hint', text: t(svg ? 'qr.scan' : 'qr.tooLong') }),
      // Focusable: a long link scrolls inside its box, and keys must reach it too.
      h('span', { class: 'qr-url', dir: 'ltr', translate: 'no', tabindex: 0, text: url }),
    ),
  );
}
