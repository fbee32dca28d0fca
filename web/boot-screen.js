// The first-visit loading screen (in index.html): a real progress bar of the runtime's bytes
// and the step the engine is on. Later visits skip it (index.html sets data-boot="warm").

const STEPS = {
  download: "Downloading the Python runtime…",
  install: "Installing the rules engine…",
  start: "Starting the rules engine…",
};

const MB = 1024 * 1024;

export function showBootProgress({ step, loaded, total }) {
  const bar = document.getElementById("boot-progress");
  document.getElementById("boot-step").textContent = STEPS[step] || step;
  if (step === "download" && total) {
    bar.max = total;
    bar.value = loaded;
    document.getElementById("boot-bytes").textContent =
      `${(loaded / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`;
  } else {
    bar.value = bar.max;
  }
}

export function showBootError(error) {
  document.documentElement.dataset.boot = "error";
  document.getElementById("boot-step").textContent = "The game could not start.";
  const box = document.getElementById("boot-error");
  box.textContent = `${error && error.message ? error.message : error}`;
  box.hidden = false;
}
