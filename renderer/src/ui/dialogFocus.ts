// A dialog's keyboard focus (a Svelte action): on opening, the first field takes the focus; Tab and Shift+Tab go
// round the dialog's own controls and never leave it; Escape closes it; closing by any way gives the focus back to
// where it was when the dialog opened (the button, the editor).

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches, in order; of a radio group only the checked one (or the first), as the browser does. */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter((o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name);
    const checked = group.find((o) => o.checked);
    return checked ? el === checked : el === group[0];
  });
}

export interface DialogFocusOptions {
  /** Escape was pressed inside the dialog: close it. */
  readonly close: () => void;
}

export function dialogFocus(node: HTMLElement, options: DialogFocusOptions) {
  let current = options;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const first = tabStops(node)[0];
  (first ?? node).focus();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      current.close();
      return;
    }
    if (e.key !== 'Tab') return;
    const stops = tabStops(node);
    if (stops.length === 0) return;
    const at = stops.indexOf(document.activeElement as HTMLElement);
    const next = e.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === -1 || at === stops.length - 1 ? 0 : at + 1;
    e.preventDefault();
    stops[next]!.focus();
  };
  node.addEventListener('keydown', onKey);
  return {
    update(next: DialogFocusOptions) {
      current = next;
    },
    destroy() {
      node.removeEventListener('keydown', onKey);
      // Back to where the focus was, unless the closing moved it somewhere on purpose (a new file's editor).
      const lost = !document.activeElement || document.activeElement === document.body || node.contains(document.activeElement);
      if (lost && opener?.isConnected) opener.focus();
    },
  };
}
