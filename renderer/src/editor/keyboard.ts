// Keyboard glue for the editor: the studio's key names as Monaco keybindings, and the way out of the editor
// without a mouse: Escape, then Tab (Shift+Tab) moves focus to the next (previous) control after (before) the
// editor. Ctrl+M (Monaco's own) toggles Tab between indenting and moving focus for good.
import { monaco } from './monaco';
import { parseKeys } from '../state/commands';

const NAMED: Record<string, monaco.KeyCode> = {
  enter: monaco.KeyCode.Enter, escape: monaco.KeyCode.Escape, tab: monaco.KeyCode.Tab, space: monaco.KeyCode.Space,
  ' ': monaco.KeyCode.Space, '.': monaco.KeyCode.Period, ',': monaco.KeyCode.Comma, '=': monaco.KeyCode.Equal,
  '-': monaco.KeyCode.Minus, '+': monaco.KeyCode.Equal, home: monaco.KeyCode.Home, end: monaco.KeyCode.End,
};

/** "Ctrl+Shift+S" → Monaco's keybinding number. */
export function keybindingOf(keys: string): number {
  const k = parseKeys(keys);
  let code: monaco.KeyCode | undefined = NAMED[k.key];
  if (code === undefined && /^[a-z]$/.test(k.key)) code = monaco.KeyCode[`Key${k.key.toUpperCase()}` as keyof typeof monaco.KeyCode] as monaco.KeyCode;
  if (code === undefined && /^[0-9]$/.test(k.key)) code = monaco.KeyCode[`Digit${k.key}` as keyof typeof monaco.KeyCode] as monaco.KeyCode;
  if (code === undefined && /^f([1-9]|1[0-9])$/.test(k.key)) code = monaco.KeyCode[k.key.toUpperCase() as keyof typeof monaco.KeyCode] as monaco.KeyCode;
  if (code === undefined) throw new Error(`no Monaco key for "${keys}"`);
  return (k.ctrl ? monaco.KeyMod.CtrlCmd : 0) | (k.shift ? monaco.KeyMod.Shift : 0) | (k.alt ? monaco.KeyMod.Alt : 0) | code;
}

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** The next (or previous) focusable control outside `container`, in document order. */
export function focusableBeside(container: HTMLElement, backwards: boolean): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !container.contains(el) && el.getClientRects().length > 0,
  );
  const after = all.filter((el) => container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = all.filter((el) => container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  return backwards ? (before[before.length - 1] ?? after[after.length - 1] ?? null) : (after[0] ?? before[0] ?? null);
}

/** Escape, then Tab leaves the editor (listens before Monaco does, on the container). */
export function leaveOnTabAfterEscape(editor: monaco.editor.IStandaloneCodeEditor, container: HTMLElement): monaco.IDisposable {
  let armed = false;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      armed = true;
      return;
    }
    if (event.key === 'Tab' && armed && !event.ctrlKey && !event.altKey && !event.metaKey && editor.hasTextFocus()) {
      const next = focusableBeside(container, event.shiftKey);
      if (next) {
        event.preventDefault();
        event.stopPropagation();
        next.focus();
      }
    }
    if (!['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) armed = false;
  };
  container.addEventListener('keydown', onKey, true);
  return { dispose: () => container.removeEventListener('keydown', onKey, true) };
}
