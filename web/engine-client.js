// The page's only door to the engine worker (web/worker.js). Protocol: docs/WEBAPI.md.
//
//   import { bootEngine } from "./engine-client.js";
//   const engine = bootEngine({ onProgress });   // starts the worker at once, returns at once
//   await engine.ready;                          // {protocol, engine, variants, features, ...}
//   const { game, view } = await engine.call("new_game", { variant: "basic", players: 2 });
//
// Calls made before the engine is ready wait for it. A refused request rejects with an
// EngineError carrying the engine's readable message and its kind ("illegal", "bad_request",
// "internal", "link"); a refused link also carries `reason` ("already_opened",
// "forked", "missed", "wrong_game", "broken", "unfair"), and a refusal of the rules (kind
// "illegal") its `code` and `params` (docs/WEBAPI.md "Refusal codes"), which
// web/ui/refusals.js turns into the player's language.

export class EngineError extends Error {
  constructor(message, kind, op, reason = null, code = null, params = {}) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
    this.op = op;
    this.reason = reason;
    this.code = code;
    this.params = params;
  }
}

/**
 * Start the engine worker.
 * @param {object} [options]
 * @param {(p: {step: string, loaded: number, total: number}) => void} [options.onProgress]
 *   step is "download" (loaded/total bytes of the runtime), "install" or "start"; the last
 *   one reported is also `engine.progress` (null before any).
 * @param {(name: string) => void} [options.onMilestone] boot milestones, already marked with
 *   performance.mark on the page: "pyodide:loaded", "engine:installed", "engine:ready".
 * @param {boolean} [options.countBytes] report download bytes (costs the wasm code cache, so
 *   only for a first visit's progress bar).
 * @param {"unpack"|"loadPackage"|"micropip"} [options.install] how the worker installs the
 *   engine wheel (default "unpack"; the others are kept for bench/boot.py).
 * @param {"use"|"off"} [options.snapshot] "use" (default): restore from this device's stored
 *   memory snapshot when a valid one is there; "off": always boot Python normally.
 *   `ready` resolves with `boot: "snapshot" | "normal"` and `snapshot` (why: "restored",
 *   "missing", "stale", "corrupt", "failed", "off", "unavailable").
 */
export function bootEngine({ onProgress = () => {}, onMilestone = () => {}, countBytes, install, snapshot } = {}) {
  const pending = new Map();
  let nextId = 1;
  let settle;
  const ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
  ready.catch(() => {}); // the caller decides whether to show it; no unhandled rejection here
  let fellBack = null; // why a snapshot boot was given up for a normal one
  let progress = null; // the last progress reported (`engine.progress`: for a page that mounts late)
  let worker = start(snapshot === 'off' ? 'off' : 'use');

  function start(mode) {
    const next = adoptEarlyWorker() ?? new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    next.postMessage({ type: 'boot', install, countBytes: Boolean(countBytes), snapshot: mode });
    next.addEventListener('message', (event) => {
      const message = event.data;
      switch (message.type) {
        case 'progress':
          progress = { step: message.step, loaded: message.loaded, total: message.total };
          onProgress(progress);
          break;
        case 'milestone':
          // The worker has its own timeline; marking here puts the steps on the page's one.
          performance.mark(message.name);
          onMilestone(message.name);
          break;
        case 'ready':
          settle.resolve({ ...message.info, snapshot: fellBack ?? message.info.snapshot });
          break;
        case 'restore-failed':
          // The stored snapshot did not restore (the worker has thrown it away): a fresh worker
          // boots Python the normal way, in this same page load. Calls wait for it (`ready`).
          fellBack = message.reason;
          next.terminate();
          worker = start('off');
          break;
        case 'error':
          settle.reject(new EngineError(message.message, 'internal', 'boot'));
          break;
        case 'reply':
          answer(message);
          break;
      }
    });
    next.addEventListener('error', (event) => {
      event.preventDefault();
      const reason = event.message || 'the engine worker could not start';
      settle.reject(new EngineError(reason, 'internal', 'boot'));
    });
    return next;
  }

  function answer({ id, json }) {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    let response;
    try {
      response = JSON.parse(json);
    } catch {
      call.reject(new EngineError(`Unreadable answer from the engine: ${json}`, 'internal', call.op));
      return;
    }
    if (response.ok) call.resolve(response.result);
    else {
      const params = response.params && typeof response.params === 'object' ? response.params : {};
      call.reject(new EngineError(response.error, response.kind, call.op, response.reason ?? null, response.code ?? null, params));
    }
  }

  async function call(op, args = {}) {
    await ready;
    const id = nextId++;
    const json = JSON.stringify({ ...args, id, op });
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, op });
      worker.postMessage({ type: 'call', id, json });
    });
  }

  function terminate() {
    worker.terminate();
    for (const { reject, op } of pending.values()) {
      reject(new EngineError('The engine was stopped.', 'internal', op));
    }
    pending.clear();
  }

  return {
    ready,
    call,
    terminate,
    get progress() {
      return progress;
    },
  };
}

/** The worker index.html started before the page's modules loaded (it waits for its boot
 * message), taken once: later engines and fallbacks start their own. One that already failed
 * to start is not taken: a new one fails again where its error is heard. */
function adoptEarlyWorker() {
  const early = globalThis.rummyEngineWorker;
  globalThis.rummyEngineWorker = undefined;
  return early instanceof Worker && !early.failed ? early : null;
}

/**
 * Make and store a memory snapshot of the engine for later visits, in a second, short-lived
 * worker (the player's engine is never touched), then stop that worker.
 * Resolves with {rawLength, packedLength, ms} or rejects with the reason.
 */
export function makeSnapshot() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.postMessage({ type: 'boot', snapshot: 'make' });
  return new Promise((resolve, reject) => {
    worker.addEventListener('message', ({ data }) => {
      if (data.type === 'snapshot') resolve(data);
      else if (data.type === 'error') reject(new Error(data.message));
      else return;
      worker.terminate();
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message || 'the snapshot worker could not start'));
    });
  });
}
