// Before `sim` fights: the whole checker (JSON, schema, meaning, every formula in its context). A system with
// errors is never simulated; warnings are allowed. Returns the document or the printable diagnostics.
import { readFileSync } from 'node:fs';
import { checkSystem } from '../schema/check';
import type { SystemDocument } from '../schema/document';
import { formatDiagnostic, withoutBom } from './check';
import { escapeControls } from './terminal-text.mjs';

export type CheckOutcome = { readonly ok: true; readonly doc: SystemDocument } | { readonly ok: false; readonly report: string };

export function checkBeforeSimulating(file: string, text: string): CheckOutcome {
  const result = checkSystem(text);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || result.document === null) {
    const shown = errors.length ? errors : result.diagnostics;
    return { ok: false, report: shown.map((d) => formatDiagnostic(file, text, d)).join('\n') || `${escapeControls(file)}: not a system document` };
  }
  return { ok: true, doc: result.document };
}

/** A system file's text as `check` reads it (throws as readFileSync does). */
export function readSystemText(file: string): string {
  return withoutBom(readFileSync(file, 'utf8'));
}

/**
 * Whether the file's text, read as plain JSON, is exactly the document the checker read: workers started before the
 * check (with the text) may then be used for it.
 */
export function sameDocument(text: string, doc: SystemDocument): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(doc);
  } catch {
    return false;
  }
}
