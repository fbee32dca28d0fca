// Offline support and updates: registers the service worker (dist/sw.js, written by build.py)
// and, when a new version has installed in the background, shows the "reload to update"
// banner. The update only takes over when the player presses it: never in the middle of a game.

export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return null;
  const url = new URL('../sw.js', import.meta.url);
  let registration;
  try {
    registration = await navigator.serviceWorker.register(url, { scope: new URL('../', url).pathname });
  } catch (error) {
    console.warn('Offline mode is unavailable:', error);
    return null;
  }
  // A worker already waiting (installed on an earlier visit) or one that finishes installing
  // now, while an older version controls this page, is an update to offer.
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdateBanner(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const incoming = registration.installing;
    incoming?.addEventListener('statechange', () => {
      if (incoming.state === 'installed') offer(incoming);
    });
  });
  return registration;
}

function showUpdateBanner(worker) {
  const banner = document.getElementById('update-banner');
  const button = document.getElementById('update-reload');
  banner.hidden = false;
  button.onclick = () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
      once: true,
    });
    worker.postMessage({ type: 'skip-waiting' });
  };
}
