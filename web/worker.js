// The engine worker: the only file that touches Pyodide (a module Web Worker, so the page never
// blocks while Python starts or thinks).
//
// Messages from the page:   {type: "boot", install, countBytes}   first, once (see below)
//                           {type: "call", id, json}      json = a webapi request string
// Messages to the page:     {type: "progress", step, loaded, total}
//                           {type: "milestone", name}     boot steps, marked by the page
//                           {type: "ready", info}         the engine answers from now on
//                           {type: "error", message}      boot failed
//                           {type: "reply", id, json}     json = rummy.webapi's answer string
//
// The boundary is one JSON string each way through rummy.webapi.dispatch: no PyProxy ever
// leaves this file, and strings are cheaper than converting objects.

import BUILD from "./build-info.js";
// A static import, so the loader downloads alongside this file instead of after it.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const SITE = new URL("../", import.meta.url);
const RUNTIME = new URL("pyodide/", SITE);
// Options come in the page's first message, {type: "boot", install, countBytes}, not in the
// worker's URL: a script served by the service worker has the cached URL, without the query.
//   install: how the engine wheel is installed (README, "Installing the engine"): "unpack"
//     (default: the wheel downloads alongside the runtime and Pyodide's unpackArchive puts it
//     in site-packages), "loadPackage" (Pyodide's package loader) or "micropip"; the last two
//     stay for bench/boot.py.
//   countBytes: report download progress (first visits). Counting wraps each response in a
//     new stream, which costs Chromium its compiled-wasm code cache, so later visits skip it.
let options = null;
const optionsArrived = new Promise((resolve) => {
  self.addEventListener("message", function first(event) {
    if (event.data && event.data.type === "boot") {
      self.removeEventListener("message", first);
      options = {
        install: ["loadPackage", "micropip"].includes(event.data.install) ? event.data.install : "unpack",
        countBytes: Boolean(event.data.countBytes),
      };
      resolve();
    }
  });
});

let dispatch = null;
const booted = boot();
booted.catch(() => {}); // reported to the page as {type: "error"}; calls then answer with it

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (!message || message.type !== "call") return;
  try {
    await booted;
    self.postMessage({ type: "reply", id: message.id, json: dispatch(message.json) });
  } catch (error) {
    // dispatch never raises; this is a boot failure or a broken runtime.
    const json = JSON.stringify({
      id: message.id,
      ok: false,
      error: `The engine is not running: ${error && error.message ? error.message : error}`,
      kind: "internal",
    });
    self.postMessage({ type: "reply", id: message.id, json });
  }
});

function milestone(name) {
  performance.mark(name);
  self.postMessage({ type: "milestone", name });
}

function progress(step, loaded = 0, total = 0) {
  self.postMessage({ type: "progress", step, loaded, total });
}

async function boot() {
  try {
    milestone("worker:start");
    await optionsArrived;
    const total = Object.values(BUILD.downloads).reduce((a, b) => a + b, 0);
    if (options.countBytes) {
      const loaded = new Map();
      let shown = -1;
      countDownloads((url, bytes) => {
        loaded.set(url, bytes);
        const sum = Math.min([...loaded.values()].reduce((a, b) => a + b, 0), total);
        const percent = Math.floor((100 * sum) / total);
        if (percent !== shown) {
          shown = percent; // one message per percent, not one per network chunk
          progress("download", sum, total);
        }
      });
    }
    progress("download", 0, total);

    const wheel = new URL(BUILD.wheel, SITE).href;
    const wheelBytes = options.install === "unpack" ? download(wheel) : null;
    wheelBytes?.catch(() => {}); // awaited below; an early failure must not go unhandled
    const pyodide = await loadPyodide({ indexURL: RUNTIME.href });
    milestone("pyodide:loaded");

    progress("install", total, total);
    if (options.install === "unpack") {
      pyodide.unpackArchive(await wheelBytes, "wheel");
    } else if (options.install === "micropip") {
      await loadPackageOrThrow(pyodide, "micropip");
      const micropip = pyodide.pyimport("micropip");
      await micropip.install(wheel);
      micropip.destroy();
    } else {
      await loadPackageOrThrow(pyodide, wheel);
    }
    milestone("engine:installed");

    progress("start", total, total);
    // The module proxy lives as long as the worker: dispatch is borrowed from it.
    dispatch = pyodide.pyimport("rummy.webapi").dispatch;
    const version = JSON.parse(dispatch(JSON.stringify({ id: 0, op: "version" })));
    if (!version.ok) throw new Error(version.error);
    milestone("engine:ready");
    self.postMessage({ type: "ready", info: { ...version.result, build: BUILD.version, install: options.install } });
  } catch (error) {
    const message = error && error.message ? error.message : String(error);
    self.postMessage({ type: "error", message });
    throw error;
  }
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
  if (errors.length) throw new Error(`Could not install ${nameOrUrl}: ${errors.join("; ")}`);
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
