/**
 * A reload in the middle of a match comes back to the table: the tab remembers (session
 * storage, so a new tab still opens on the start screen) which match it was showing.
 */
const AT_TABLE = 'rummy.atTable'; // session storage: the match this tab shows at the table

export function createTabReturn() {
  let stored; // what this tab's session storage holds (written only when it must change)

  /** After each render: the match shown at the table (or its score sheet), else none. */
  function remember(screen, record) {
    let want = stored;
    if (screen === 'table' || screen === 'sheet') {
      if (record?.key && !record.finished) want = record.key;
    } else if (screen !== 'resuming') {
      want = null;
    }
    if (want === stored) return;
    stored = want;
    try {
      if (want) sessionStorage.setItem(AT_TABLE, want);
      else sessionStorage.removeItem(AT_TABLE);
    } catch {
      /* no session storage (private mode): a reload shows the start screen */
    }
  }

  /** The match to return to: only after a reload (or the browser bringing the tab back);
   * opening the page anew starts on the start screen, with the match under "Continue". */
  function matchToReturnTo() {
    const how = performance.getEntriesByType?.('navigation')?.[0]?.type;
    if (how !== 'reload' && how !== 'back_forward') return null;
    try {
      return sessionStorage.getItem(AT_TABLE);
    } catch {
      return null;
    }
  }

  return { remember, matchToReturnTo };
}
