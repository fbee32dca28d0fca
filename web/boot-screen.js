// The first-visit loading screen (in index.html): a real progress bar of the runtime's bytes
// and the step the engine is on. Later visits skip it (index.html sets data-boot="warm").
//
// It shows before the table's translations (web/i18n/) load, so its few texts live here, in
// every language the table speaks; the language is chosen as the table chooses it (`?lang=`,
// the saved preference, the browser's languages), and the static text of index.html is
// replaced at once. English in index.html stays the fallback.

const TEXTS = {
  en: {
    dir: 'ltr',
    starting: 'Starting…',
    download: 'Downloading the Python runtime…',
    install: 'Installing the rules engine…',
    start: 'Starting the rules engine…',
    bytes: (loaded, total) => `${loaded} of ${total} MB`,
    progress: 'Download progress',
    firstVisit: 'Only the first visit downloads the game (about 13 MB); then it plays offline.',
    failed: 'The game could not start.',
    update: 'A new version of Rummy is ready.',
    reload: 'Reload to update',
  },
  he: {
    dir: 'rtl',
    starting: 'מתחיל…',
    download: 'מוריד את סביבת הפייתון…',
    install: 'מתקין את מנוע החוקים…',
    start: 'מפעיל את מנוע החוקים…',
    bytes: (loaded, total) => `\u2066${loaded}\u2069 מתוך \u2066${total}\u2069 MB`,
    progress: 'התקדמות ההורדה',
    firstVisit: 'רק בביקור הראשון המשחק יורד (כ־13 MB); אחר כך הוא עובד גם בלי רשת.',
    failed: 'לא ניתן היה להפעיל את המשחק.',
    update: 'גרסה חדשה של רמי מוכנה.',
    reload: 'טענו מחדש לעדכון',
  },
  ro: {
    dir: 'ltr',
    starting: 'Pornește…',
    download: 'Se descarcă mediul Python…',
    install: 'Se instalează motorul de reguli…',
    start: 'Pornește motorul de reguli…',
    bytes: (loaded, total) => `${loaded} din ${total} MB`,
    progress: 'Progresul descărcării',
    firstVisit: 'Doar prima vizită descarcă jocul (circa 13 MB); apoi merge și fără internet.',
    failed: 'Jocul nu a putut porni.',
    update: 'O versiune nouă de Rummy e gata.',
    reload: 'Reîncarcă pentru actualizare',
  },
};

const MB = 1024 * 1024;

/** The language the table will speak, as far as it can be known before it loads. */
export function bootLanguage(search = location.search, stored = storedLanguage(), wanted = navigator.languages) {
  const asked = new URLSearchParams(search).get('lang');
  for (const code of [asked, stored, ...(wanted || [])]) {
    const base = typeof code === 'string' ? code.toLowerCase().split('-')[0] : '';
    if (base in TEXTS) return base;
  }
  return 'en';
}

function storedLanguage() {
  try {
    return JSON.parse(localStorage.getItem('rummy.ui.prefs.v1') || '{}')?.lang ?? null;
  } catch {
    return null; // private mode or a damaged preference: the browser's language decides
  }
}

const lang = bootLanguage();
const text = TEXTS[lang];

function put(id, value) {
  const el = document.getElementById(id);
  if (el) el.textContent = value;
}

// The static screen of index.html, in the player's language.
if (lang !== 'en') {
  document.documentElement.lang = lang;
  document.documentElement.dir = text.dir;
  put('boot-step', text.starting);
  put('boot-first-visit', text.firstVisit);
  put('update-text', text.update);
  put('update-reload', text.reload);
  document.getElementById('boot-progress')?.setAttribute('aria-label', text.progress);
}

export function showBootProgress({ step, loaded, total }) {
  const bar = document.getElementById('boot-progress');
  put('boot-step', text[step] || step);
  if (step === 'download' && total) {
    bar.max = total;
    bar.value = loaded;
    put('boot-bytes', text.bytes((loaded / MB).toFixed(1), (total / MB).toFixed(1)));
  } else {
    bar.value = bar.max;
  }
}

export function showBootError(error) {
  document.documentElement.dataset.boot = 'error';
  put('boot-step', text.failed);
  const box = document.getElementById('boot-error');
  box.textContent = `${error && error.message ? error.message : error}`;
  box.hidden = false;
}
