// The engine worker: the only file that touches Pyodide (a module Web Worker, so the page never
// blocks while Python starts or thinks).
//
// Messages from the page:   {type: "boot", install, countBytes, snapshot}   first, once (below)
//                           {type: "call", id, json}      json = a webapi request string
// Messages to the page:     {type: "progress", step, loaded, total}
//                           {type: "milestone", name}     boot steps, marked by the page
//                           {type: "ready", info}         the engine answers from now on
//                                                         (info.boot: "snapshot" | "normal")
//                           {type: "restore-failed", reason, message}   a stored snapshot did
//                                                         not restore: start a new worker with
//                                                         snapshot "off" (engine-client.js does)
//                           {type: "error", message}      boot failed
//                           {type: "reply", id, json}     json = rummy.webapi's answer string
//                           {type: "snapshot", ...}       snapshot "make" only: what was stored
//
// Memory snapshots (README, "Boot from a memory snapshot"): a later visit restores the whole
// interpreter, engine imported, from a snapshot this device made after an earlier normal boot,
// instead of starting Python. The snapshot lives in Cache Storage, in the cache
// "rummy-snapshot-<site version>", raw with its SHA-256 where the device has room, else gzipped,
// with its label and lengths beside it; anything that does not match (other site version or
// Pyodide, truncated, corrupt) is thrown away unused.
//
// The boundary is one JSON string each way through rummy.webapi.dispatch: no PyProxy ever
// leaves this file, and strings are cheaper than converting objects.

import BUILD from './build-info.js';
// A static import, so the loader downloads alongside this file instead of after it.
import { loadPyodide } from '../pyodide/pyodide.mjs';

const SITE = new URL('../', import.meta.url);
const RUNTIME = new URL('pyodide/', SITE);
// Options come in the page's first message, {type: "boot", install, countBytes}, not in the
// worker's URL: a script served by the service worker has the cached URL, without the query.
//   install: how the engine wheel is installed (README, "Installing the engine"): "unpack"
//     (default: the wheel downloads alongside the runtime and Pyodide's unpackArchive puts it
//     in site-packages), "loadPackage" (Pyodide's package loader) or "micropip"; the last two
//     stay for bench/boot.py.
//   countBytes: report download progress (first visits). Counting wraps each response in a
//     new stream, which costs Chromium its compiled-wasm code cache, so later visits skip it.
//   snapshot: "use" (default: restore from a stored snapshot when a valid one is there, else
//     boot normally), "off" (boot normally, touch no snapshot) or "make" (a short-lived second
//     worker: boot normally with Pyodide's _makeSnapshot, store the snapshot, answer nothing).
let options = null;
const optionsArrived = new Promise((resolve) => {
  self.addEventListener('message', function first(event) {
    if (event.data && event.data.type === 'boot') {
      self.removeEventListener('message', first);
      options = {
        install: ['loadPackage', 'micropip'].includes(event.data.install) ? event.data.install : 'unpack',
        countBytes: Boolean(event.data.countBytes),
        snapshot: ['off', 'make'].includes(event.data.snapshot) ? event.data.snapshot : 'use',
      };
      resolve();
    }
  });
});

let dispatch = null;
const booted = boot();
booted.catch(() => {}); // reported to the page as {type: "error"}; calls then answer with it

self.addEventListener('message', async (event) => {
  const message = event.data;
  if (!message || message.type !== 'call') return;
  try {
    await booted;
    self.postMessage({ type: 'reply', id: message.id, json: dispatch(message.json) });
  } catch (error) {
    // dispatch never raises; this is a boot failure or a broken runtime.
    const json = JSON.stringify({
      id: message.id,
      ok: false,
      error: `The engine is not running: ${error && error.message ? error.message : error}`,
      kind: 'internal',
    });
    self.postMessage({ type: 'reply', id: message.id, json });
  }
});

function milestone(name) {
  performance.mark(name);
  self.postMessage({ type: 'milestone', name });
}

function progress(step, loaded = 0, total = 0) {
  self.postMessage({ type: 'progress', step, loaded, total });
}

async function boot() {
  try {
    // The page may have started this worker before it could listen (index.html): the first
    // milestone waits for its boot message, sent once it listens.
    await optionsArrived;
    milestone('worker:start');
    if (options.snapshot === 'make') return await makeSnapshot();
    const total = Object.values(BUILD.downloads).reduce((a, b) => a + b, 0);
    if (options.countBytes) {
      const loaded = new Map();
      let shown = -1;
      countDownloads((url, bytes) => {
        loaded.set(url, bytes);
        const sum = Math.min(
          [...loaded.values()].reduce((a, b) => a + b, 0),
          total,
        );
        const percent = Math.floor((100 * sum) / total);
        if (percent !== shown) {
          shown = percent; // one message per percent, not one per network chunk
          progress('download', sum, total);
        }
      });
    }
    progress('download', 0, total);

    const wheel = new URL(BUILD.wheel, SITE).href;
    const wheelBytes = options.install === 'unpack' ? download(wheel) : null;
    wheelBytes?.catch(() => {}); // awaited below; an early failure must not go unhandled
    // A snapshot is only tried when its label matches this build; its bytes are read, checked
    // and inflated while Pyodide fetches and compiles the wasm (loadPyodide awaits them late).
    const tryRestore = options.snapshot === 'use' && options.install === 'unpack';
    const stored = tryRestore ? await findSnapshot() : { state: 'off' };
    if (stored.bytes) return await restore(stored, wheelBytes);

    const pyodide = await loadPyodide({ indexURL: RUNTIME.href });
    milestone('pyodide:loaded');

    progress('install', total, total);
    if (options.install === 'unpack') {
      pyodide.unpackArchive(await wheelBytes, 'wheel');
    } else if (options.install === 'micropip') {
      await loadPackageOrThrow(pyodide, 'micropip');
      const micropip = pyodide.pyimport('micropip');
      await micropip.install(wheel);
      micropip.destroy();
    } else {
      await loadPackageOrThrow(pyodide, wheel);
    }
    milestone('engine:installed');

    progress('start', total, total);
    await startEngine(pyodide, { boot: 'normal', snapshot: stored.state });
  } catch (error) {
    const message = error && error.message ? error.message : String(error);
    self.postMessage({ type: 'error', message });
    throw error;
  }
}

// The engine's last step on every boot: fresh randomness, then the one borrowed function.
async function startEngine(pyodide, how) {
  const webapi = pyodide.pyimport('rummy.webapi');
  // A restored interpreter holds the random state of the moment it was snapshotted: reseed it
  // from the browser's crypto on every boot, so no two visits share it (README, "randomness").
  const entropy = crypto.getRandomValues(new Uint8Array(32));
  webapi.reseed(Array.from(entropy, (b) => b.toString(16).padStart(2, '0')).join(''));
  // The module proxy lives as long as the worker: dispatch is borrowed from it.
  dispatch = webapi.dispatch;
  const version = JSON.parse(dispatch(JSON.stringify({ id: 0, op: 'version' })));
  if (!version.ok) throw new Error(version.error);
  milestone('engine:ready');
  self.postMessage({ type: 'ready', info: { ...version.result, build: BUILD.version, install: options.install, ...how } });
}

// Restore the interpreter from the snapshot (`bytes`, a promise), put the engine's files back
// (a snapshot holds Python's memory, not the file system, and the engine may import lazily),
// and start — once `checked` says the bytes were the ones stored (a raw snapshot's digest is
// computed beside the restore). Any failure is reported as "restore-failed" and the page boots
// a new worker normally: a half-restored or unchecked interpreter is never kept.
async function restore({ bytes, checked }, wheelBytes) {
  let pyodide;
  try {
    pyodide = await loadPyodide({ indexURL: RUNTIME.href, _loadSnapshot: bytes });
    milestone('pyodide:loaded');
    await checked;
    // Pyodide's config keeps the snapshot's promise; the bytes are in wasm memory now, so
    // detach their buffer (ArrayBuffer.transfer) and give a phone its ≈31 MB back.
    (await bytes).buffer.transfer?.(0);
    pyodide.unpackArchive(await wheelBytes, 'wheel');
    milestone('engine:installed');
    await startEngine(pyodide, { boot: 'snapshot', snapshot: 'restored' });
  } catch (error) {
    await forgetSnapshot().catch(() => {});
    const reason = error instanceof SnapshotError ? error.reason : 'failed';
    self.postMessage({ type: 'restore-failed', reason, message: String(error && error.message ? error.message : error) });
  }
}

// -- snapshots ------------------------------------------------------------------------------

const SNAPSHOT_PREFIX = 'rummy-snapshot-';
const SNAPSHOT_CACHE = SNAPSHOT_PREFIX + BUILD.version;
const SNAPSHOT_KEY = new URL('engine-snapshot', SITE).href; // a Cache Storage key, never fetched
const SNAPSHOT_FORMAT = 2; // bump when what goes into a snapshot, or its label, changes
// What a snapshot must say about itself to be tried: this site version and Pyodide build.
const SNAPSHOT_LABEL = { format: SNAPSHOT_FORMAT, version: BUILD.version, pyodide: BUILD.pyodide };

class SnapshotError extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason; // "corrupt"
  }
}

/** {state: "found", bytes: Promise<Uint8Array>, checked: Promise} or {state: "missing"|"stale"|
 * "unavailable"}. */
async function findSnapshot() {
  try {
    if (!self.caches) return { state: 'unavailable' };
    const names = await caches.keys();
    // Other versions' snapshots go with their version (sw.js's activate removes them too).
    const stale = names.filter((name) => name.startsWith(SNAPSHOT_PREFIX) && name !== SNAPSHOT_CACHE);
    for (const name of stale) caches.delete(name).catch(() => {});
    if (!names.includes(SNAPSHOT_CACHE)) return { state: stale.length ? 'stale' : 'missing' };
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(SNAPSHOT_KEY);
    if (!response) return { state: 'missing' };
    let meta = null;
    try {
      meta = JSON.parse(response.headers.get('x-rummy-snapshot'));
    } catch {
      /* no readable label: the snapshot is stale */
    }
    const label = meta && JSON.stringify([meta.format, meta.version, meta.pyodide]);
    if (label !== JSON.stringify(Object.values(SNAPSHOT_LABEL))) {
      await forgetSnapshot();
      return { state: 'stale' };
    }
    const read = readSnapshot(response, meta);
    const bytes = read.then(({ raw }) => raw);
    const checked = read.then(({ checked }) => checked);
    bytes.catch(() => {}); // a corrupt snapshot rejects inside loadPyodide: restore() handles it
    checked.catch(() => {}); // awaited by restore() after loadPyodide
    return { state: 'found', bytes, checked };
  } catch {
    return { state: 'unavailable' }; // storage refused (private mode, quota): boot normally
  }
}

// A snapshot is stored raw when the device has room, else gzipped (`roomFor`). Raw, it is ready
// as soon as it is read (inflating 6 MB into 31 MB took longer than reading the 31 MB); its
// SHA-256 is checked while Pyodide restores it (`checked`). Gzipped, the trailer (CRC-32 and
// length of the inflated bytes) makes DecompressionStream refuse a truncated or changed copy.
async function readSnapshot(response, meta) {
  let raw;
  let checked = Promise.resolve();
  try {
    if (meta.encoding === 'raw') {
      raw = new Uint8Array(await response.arrayBuffer());
      // digest() copies the bytes now: restore() may detach them once Pyodide has them.
      checked = sha256(raw).then((digest) => {
        if (digest !== meta.sha256) throw new SnapshotError('corrupt', 'snapshot checksum');
      });
      checked.catch(() => {}); // awaited by restore()
    } else {
      raw = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
    }
  } catch {
    throw new SnapshotError('corrupt', 'snapshot does not read or inflate');
  }
  if (raw.length !== meta.rawLength) throw new SnapshotError('corrupt', 'snapshot length');
  milestone('snapshot:read');
  return { raw, checked };
}

async function forgetSnapshot() {
  if (self.caches) await caches.delete(SNAPSHOT_CACHE);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Raw takes ≈31 MB of the device's storage, gzip ≈6.4 MB: raw only where that is a small part
// of what the browser would still let this site keep.
const ROOM_FACTOR = 20;
async function roomFor(length) {
  try {
    const { quota = 0, usage = 0 } = await navigator.storage.estimate();
    return quota - usage > ROOM_FACTOR * length;
  } catch {
    return false;
  }
}

// Python run before the snapshot is taken: the engine and every module it may import later,
// so a restored engine never compiles or imports anything on a player's first move. The
// simulator (rummy.sim, a command-line tool) is not part of the page's engine.
const PRELOAD = `
import importlib, pkgutil, secrets, rummy, rummy.webapi
for module in pkgutil.walk_packages(rummy.__path__, "rummy."):
    if module.name != "rummy.sim":
        importlib.import_module(module.name)
`;

// The second, short-lived worker's whole job: boot normally with _makeSnapshot, load the
// engine, snapshot, pack (raw with its digest, or gzip) and store. Nothing here is a player's
// engine.
async function makeSnapshot() {
  const started = performance.now();
  const wheelBytes = download(new URL(BUILD.wheel, SITE).href);
  const pyodide = await loadPyodide({ indexURL: RUNTIME.href, _makeSnapshot: true });
  pyodide.unpackArchive(await wheelBytes, 'wheel');
  pyodide.runPython(PRELOAD);
  const booted = performance.now();
  const raw = pyodide.makeMemorySnapshot();
  const made = performance.now();
  const encoding = (await roomFor(raw.length)) ? 'raw' : 'gzip';
  const packed =
    encoding === 'raw' ? raw : new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
  const sha = encoding === 'raw' ? await sha256(raw) : undefined;
  const compressed = performance.now();
  const meta = { ...SNAPSHOT_LABEL, encoding, rawLength: raw.length, packedLength: packed.length, sha256: sha };
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(SNAPSHOT_PREFIX) && n !== SNAPSHOT_CACHE).map((n) => caches.delete(n)));
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(SNAPSHOT_KEY, new Response(packed, { headers: { 'content-type': 'application/octet-stream', 'x-rummy-snapshot': JSON.stringify(meta) } }));
  const stored = performance.now();
  const ms = (a, b) => Math.round(b - a);
  self.postMessage({
    type: 'snapshot',
    encoding,
    rawLength: raw.length,
    packedLength: packed.length,
    ms: { boot: ms(started, booted), snapshot: ms(booted, made), pack: ms(made, compressed), store: ms(compressed, stored) },
  });
}

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not download ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Pyodide's loadPackage reports failures through a callback instead of throwing.
async function loadPackageOrThrow(pyodide, nameOrUrl) {
  const errors = [];
  await pyodide.loadPackage(nameOrUrl, {
    messageCallback: () => {},
    errorCallback: (text) => errors.push(text),
  });
  if (errors.length) throw new Error(`Could not install ${nameOrUrl}: ${errors.join('; ')}`);
}

// Count the bytes of the runtime's big files as Pyodide downloads them: wrap fetch so each
// tracked response streams through a counter (the wasm still compiles while it streams).
function countDownloads(onBytes) {
  const tracked = new Set(Object.keys(BUILD.downloads).map((path) => new URL(path, SITE).href));
  const originalFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    if (!tracked.has(url) || !response.body) return response;
    let bytes = 0;
    const counter = new TransformStream({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        onBytes(url, bytes);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
