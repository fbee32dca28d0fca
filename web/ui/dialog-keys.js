/**
 * The keyboard in a modal dialog: Tab and Shift+Tab go round its own controls, Escape closes
 * it (`onEscape`).
 */
export function installDialogKeys(root, { onEscape }) {
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      onEscape();
      return;
    }
    if (e.key !== 'Tab') return;
    const dialogs = root.querySelectorAll('[role="dialog"][aria-modal="true"]');
    const dialog = dialogs[dialogs.length - 1];
    if (!dialog) return;
    const stops = [...dialog.querySelectorAll('button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(
      (el) => !el.disabled && el.getClientRects().length,
    );
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const inside = dialog.contains(document.activeElement);
    if (!inside || (e.shiftKey && document.activeElement === first) || (!e.shiftKey && document.activeElement === last)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  });
}
