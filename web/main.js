// Composition root: start the engine, show boot progress, mount the table, offer updates.
// The table UI (web/ui/) is the page; the site's minimal proof table stays reachable with
// `?ui=proof` as an engine diagnostic (it brings its own stylesheet).

import { bootEngine } from "./engine-client.js";
import { showBootProgress, showBootError } from "./boot-screen.js";
import { registerServiceWorker } from "./pwa.js";

const root = document.documentElement;
const params = new URLSearchParams(location.search);
const firstVisit = root.dataset.boot !== "warm"; // index.html: no service worker serves us yet
const engine = bootEngine({
  onProgress: (progress) => {
    showBootProgress(progress);
    // The table says what the engine is doing when a press has to wait for it.
    window.dispatchEvent(new CustomEvent("engine-progress", { detail: progress }));
  },
  countBytes: firstVisit, // byte counting costs the wasm code cache: first visits only
  install: params.get("install") || undefined,
});

const app = document.getElementById("app");
if (params.get("ui") === "proof") {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "web/proof.css" });
  document.head.appendChild(link);
  import("./proof.js").then(({ mountProof }) => mountProof(app, engine));
} else {
  import("./ui/app.js").then(({ startApp }) => startApp({ root: app, engine }));
}

engine.ready.then(
  () => {
    root.dataset.engine = "ready";
    // Registered once the engine runs, so a first visit's precache never competes with it.
    registerServiceWorker();
  },
  (error) => {
    root.dataset.engine = "error";
    showBootError(error);
  },
);
