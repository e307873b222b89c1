// Before `sim` fights: the file must be JSON, and (once the schema checker is wired) clean of schema and formula
// errors. Returns the parsed document or a printable report.
export type CheckOutcome = { readonly ok: true; readonly doc: unknown } | { readonly ok: false; readonly report: string };

export function checkBeforeSimulating(file: string, text: string): CheckOutcome {
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, report: `${file}: not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}
