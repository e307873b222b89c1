// The studio's own commands: in the command palette (F1, with Monaco's), and on their keys anywhere in the window.
// Keys are written as people read them ("Ctrl+Shift+S", "F5", "Alt+Z"); Ctrl is Cmd on a Mac.

export interface StudioCommand {
  readonly id: string;
  readonly label: string;
  /** The key that runs it (also shown in the palette); none: palette only. */
  readonly keys?: string;
  run(): void;
}

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  /** KeyboardEvent.code: Alt or Option changes `key` on some layouts (Option+Z is Ω on a Mac), not `code`. */
  readonly code?: string;
}

/** The key names used in `keys` → KeyboardEvent.key (lower case), for the few that differ. */
const KEY_ALIASES: Record<string, string> = { plus: '+', minus: '-', equal: '=', period: '.', comma: ',', space: ' ' };

export interface ParsedKeys {
  readonly ctrl: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
  /** Lower-case KeyboardEvent.key of the main key. */
  readonly key: string;
}

export function parseKeys(keys: string): ParsedKeys {
  const parts = keys.split('+').map((p) => p.trim());
  const main = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  const lower = main.toLowerCase();
  return { ctrl: mods.has('ctrl'), shift: mods.has('shift'), alt: mods.has('alt'), key: KEY_ALIASES[lower] ?? lower };
}

/** Does this key press run the command's keys? (Shift changes `key` for letters only in case, which is ignored.) */
export function matchesKeys(keys: string, press: KeyPress): boolean {
  const want = parseKeys(keys);
  return (
    want.ctrl === (press.ctrlKey || press.metaKey) && want.shift === press.shiftKey && want.alt === press.altKey &&
    (want.key === press.key.toLowerCase() || (press.code !== undefined && press.code.toLowerCase() === `key${want.key}`))
  );
}

/** The command a key press runs, if any. */
export function commandForKey(commands: readonly StudioCommand[], press: KeyPress): StudioCommand | undefined {
  return commands.find((c) => c.keys !== undefined && matchesKeys(c.keys, press));
}
