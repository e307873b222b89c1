// Which document a result was computed from: its file, the system's id and version, and a hash of the exact text.
// Every result panel (fight, batch, grid, diff, needle, tune, history) keeps one and says it; a result whose text
// has changed since is out of date, and one of another document is not shown under this one. Pure.
import { documentIdentity } from '../../../engine/index';

export interface ResultSource {
  /** The studio's document id (a tab), and its file name. */
  readonly docId: string;
  readonly file: string;
  readonly system: string;
  readonly version: string;
  /** FNV-1a of the text, 8 hex digits: tells two versions of a document apart. */
  readonly hash: string;
}

/** FNV-1a (32 bits) of a text, as 8 hex digits. */
export function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function resultSource(docId: string, file: string, text: string): ResultSource {
  const { id, version } = documentIdentity(text);
  return { docId, file, system: id || file, version, hash: textHash(text) };
}

/** `classic-d20 1.2.0 · text #1a2b3c4d · classic-d20.json`. */
export function sourceWords(s: ResultSource, text = 'text'): string {
  return `${s.system}${s.version ? ` ${s.version}` : ''} · ${text} #${s.hash} · ${s.file}`;
}

/** How a result stands against the document now shown: its own and current, its own but out of date, or another's. */
export function sourceState(s: ResultSource | null, now: ResultSource | null): 'current' | 'outdated' | 'other' {
  if (!s || !now || s.docId !== now.docId) return 'other';
  return s.hash === now.hash ? 'current' : 'outdated';
}
