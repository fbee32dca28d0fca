// Composition root: start the engine, show boot progress, mount the table, offer updates.
// The table UI (web/ui/) is the page; the site's minimal proof table stays reachable with
// `?ui=proof` as an engine diagnostic (it brings its own stylesheet).

import { bootEngine, makeSnapshot } from './engine-client.js';
import { showBootProgress, showBootError } from './boot-screen.js';
import { registerServiceWorker } from './pwa.js';

const root = document.documentElement;
const params = new URLSearchParams(location.search);
const firstVisit = root.dataset.boot !== 'warm'; // index.html: no service worker serves us yet
// ?snapshot=off: never restore nor make a memory snapshot (bench/boot.py, diagnosis);
// ?snapshot=now: make one as soon as the engine is ready instead of when the page is idle.
const snapshot = params.get('snapshot');
const engine = bootEngine({
  onProgress: (progress) => {
    showBootProgress(progress);
    // The table says what the engine is doing when a press has to wait for it.
    window.dispatchEvent(new CustomEvent('engine-progress', { detail: progress }));
  },
  countBytes: firstVisit, // byte counting costs the wasm code cache: first visits only
  install: params.get('install') || undefined,
  snapshot: snapshot === 'off' ? 'off' : 'use',
});

const app = document.getElementById('app');
if (params.get('ui') === 'proof') {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'web/proof.css' });
  document.head.appendChild(link);
  import('./proof.js').then(({ mountProof }) => mountProof(app, engine));
} else {
  import('./ui/app.js').then(({ startApp }) => startApp({ root: app, engine }));
}

engine.ready.then(
  (info) => {
    // Outside checks read how the engine started: "snapshot" or "normal" (and, for "normal",
    // why no snapshot was used: "missing", "stale", "corrupt", "failed", "off", ...).
    root.dataset.engineBoot = info.boot;
    root.dataset.engineSnapshot = info.snapshot;
    root.dataset.engine = 'ready';
    // Registered once the engine runs, so a first visit's precache never competes with it.
    registerServiceWorker();
    // A visit that could have restored, had there been a good snapshot, leaves one behind.
    if (['missing', 'stale', 'corrupt', 'failed'].includes(info.snapshot)) {
      whenIdle(snapshot === 'now' ? 0 : SNAPSHOT_DELAY_MS).then(storeSnapshot);
    }
  },
  (error) => {
    root.dataset.engine = 'error';
    showBootError(error);
  },
);

// A normal boot leaves a memory snapshot for the next visit, made in a second short-lived
// worker once the page has been quiet a while (after the service worker's precache, and never
// on the player's engine). <html data-snapshot-made> says how it went (tests, bench/boot.py).
const SNAPSHOT_DELAY_MS = 8000;

function whenIdle(delay) {
  return new Promise((resolve) => {
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 5000 });
      else resolve();
    }, delay);
  });
}

function storeSnapshot() {
  return makeSnapshot().then(
    (made) => {
      root.dataset.snapshotMade = 'stored';
      console.info(`Engine snapshot stored for the next visit: ${made.packedLength} bytes (${made.encoding})`, made.ms);
    },
    (error) => {
      root.dataset.snapshotMade = 'error';
      console.info('No engine snapshot this time (the next visit boots normally):', error.message);
    },
  );
}
