// Quick fixes (code actions) for the checker's diagnostics: each "did you mean `x`?" becomes an edit that writes
// `x` in place of the mistake. A fix is offered only when the text under the diagnostic is the very name the
// message quotes, so a fix never writes into the wrong place after the text moved.
import { LineIndex } from '../schema/json';
import type { TextEdit } from './jsonLocations';
import type { EditorDiagnostic } from './types';

export interface QuickFix {
  readonly title: string;
  readonly diagnostic: EditorDiagnostic;
  readonly edits: readonly TextEdit[];
  /** The likeliest fix of its diagnostic (editors apply it with one key). */
  readonly preferred: boolean;
}

/** The suggestions of a message's "did you mean `a`, `b` or `c`?". */
export function suggestionsOf(message: string): string[] {
  const m = /did you mean ((?:`[^`]+`(?:, | or )?)+)\??/.exec(message);
  if (!m) return [];
  return [...m[1]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!);
}

/** Offsets of a diagnostic's range in `text`. */
export function diagnosticOffsets(lines: LineIndex, d: Pick<EditorDiagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): { start: number; end: number } {
  return { start: lines.lineStart(d.line) + d.column - 1, end: lines.lineStart(d.endLine) + d.endColumn - 1 };
}

export function quickFixes(text: string, diagnostics: readonly EditorDiagnostic[], lines = new LineIndex(text)): QuickFix[] {
  const out: QuickFix[] = [];
  for (const d of diagnostics) {
    const suggestions = suggestionsOf(d.message);
    if (suggestions.length === 0) continue;
    const { start, end } = diagnosticOffsets(lines, d);
    const there = text.slice(start, end);
    const quoted = there.length >= 2 && there.startsWith('"') && there.endsWith('"');
    const name = quoted ? there.slice(1, -1) : there;
    // The name under the range must be the one the message is about (and plain: no escapes, no line breaks).
    if (name.length === 0 || /[\\"\n\r]/.test(name)) continue;
    if (!d.message.includes('`' + name + '`') && !d.message.includes(JSON.stringify(name))) continue;
    suggestions.forEach((suggestion, i) => {
      if (suggestion === name) return;
      out.push({
        title: `Change \`${name}\` to \`${suggestion}\``,
        diagnostic: d,
        edits: [{ start, end, text: quoted ? JSON.stringify(suggestion) : suggestion }],
        preferred: i === 0,
      });
    });
  }
  return out;
}
