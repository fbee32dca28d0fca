// Composition root: start the engine, show boot progress, mount the table, offer updates.
// The full table UI (web/ui/) replaces proof.js here; the rest stays.

import { bootEngine } from "./engine-client.js";
import { showBootProgress, showBootError } from "./boot-screen.js";
import { mountProof } from "./proof.js";
import { registerServiceWorker } from "./pwa.js";

const root = document.documentElement;
const firstVisit = root.dataset.boot !== "warm"; // index.html: no service worker serves us yet
const engine = bootEngine({
  onProgress: showBootProgress,
  countBytes: firstVisit,
  install: new URLSearchParams(location.search).get("install") || undefined,
});

mountProof(document.getElementById("app"), engine);

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
