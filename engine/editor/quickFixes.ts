// Quick fixes for the checker's diagnostics, with no editor attached: take a "did you mean", remove an unknown key,
// add a missing required field, bring a number back inside its attribute's bounds. Each fix is a list of text edits
// in document offsets, computed from the diagnostic (its message, pointer and range) and the text it was made for.
import { findNodeAtLocation, modify, parseTree, type FormattingOptions } from 'jsonc-parser';
import { pointerSegments } from '../schema/json';
import { schemasAtPath, valueTemplate, expandSnippet } from './schemaHelp';

export interface FixEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface QuickFix {
  readonly title: string;
  readonly edits: readonly FixEdit[];
  /** The one an editor applies on "auto fix" (a single sure suggestion). */
  readonly preferred: boolean;
}

/** What a fix needs of a diagnostic (the engine's SystemDiagnostic has all of it). */
export interface FixableDiagnostic {
  readonly message: string;
  readonly pointer: string;
  /** 0-based offsets of the diagnostic's range in the text. */
  readonly start: number;
  readonly end: number;
  readonly code?: string;
}

const pathOf = (pointer: string): (string | number)[] => pointerSegments(pointer).map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));

/** The names a message suggests: "did you mean `a`?", "did you mean `a`, `b` or `c`?". */
export function suggestionsOf(message: string): string[] {
  const match = /did you mean ((?:`[^`]+`(?:, | or )?)+)\?/.exec(message);
  if (!match) return [];
  return [...match[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

function formatting(text: string): FormattingOptions {
  const indent = /\n( +|\t)"/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** Every fix for one diagnostic (none when it has no mechanical fix). */
export function quickFixes(text: string, diagnostic: FixableDiagnostic): QuickFix[] {
  const fixes: QuickFix[] = [];
  const there = text.slice(diagnostic.start, diagnostic.end);
  const suggestions = suggestionsOf(diagnostic.message);
  for (const suggestion of suggestions) {
    fixes.push({ title: `Change to \`${suggestion}\``, edits: [replacement(diagnostic, there, suggestion)], preferred: suggestions.length === 1 });
  }
  const unknownKey = /^unknown key `([^`]+)`/.exec(diagnostic.message);
  if (unknownKey) {
    const edit = removal(text, pathOf(diagnostic.pointer));
    if (edit) fixes.push({ title: `Remove \`${unknownKey[1]}\``, edits: [edit], preferred: false });
  }
  const missing = /is missing `([^`]+)`/.exec(diagnostic.message);
  if (missing) {
    const key = missing[1]!;
    const path = [...pathOf(diagnostic.pointer), key];
    const value = defaultValue(path);
    const edits = modify(text, path, value, { formattingOptions: formatting(text) });
    if (edits.length > 0) {
      fixes.push({ title: `Add \`${key}\``, edits: edits.map((e) => ({ start: e.offset, end: e.offset + e.length, text: e.content })), preferred: true });
    }
  }
  const bound = /is (-?[\d.]+(?:e[+-]?\d+)?) here, (below its lowest|above its highest) allowed value (-?[\d.]+(?:e[+-]?\d+)?)/.exec(diagnostic.message);
  if (bound && /^-?\d/.test(there) && Number(there) === Number(bound[1])) {
    const limit = bound[3]!;
    fixes.push({ title: `Set to ${limit}, its ${bound[2] === 'below its lowest' ? 'lowest' : 'highest'} allowed value`, edits: [{ start: diagnostic.start, end: diagnostic.end, text: limit }], preferred: true });
  }
  return fixes;
}

/** Deletes one member and its comma, leaving the rest of the text as it was written. */
function removal(text: string, path: (string | number)[]): FixEdit | undefined {
  const tree = parseTree(text, [], { allowTrailingComma: true });
  const value = tree ? findNodeAtLocation(tree, path) : undefined;
  const member = value?.parent?.type === 'property' ? value.parent : undefined;
  const siblings = member?.parent?.children;
  if (!member || !siblings) return undefined;
  const index = siblings.indexOf(member);
  const next = siblings[index + 1];
  if (next) return { start: member.offset, end: next.offset, text: '' };
  const previous = siblings[index - 1];
  if (previous) return { start: previous.offset + previous.length, end: member.offset + member.length, text: '' };
  return { start: member.offset, end: member.offset + member.length, text: '' };
}

/** Puts `suggestion` where the diagnostic points: inside a quoted key or value, or over a name in a formula. */
function replacement(diagnostic: FixableDiagnostic, there: string, suggestion: string): FixEdit {
  if (there.length >= 2 && there.startsWith('"') && there.endsWith('"')) {
    return { start: diagnostic.start + 1, end: diagnostic.end - 1, text: JSON.stringify(suggestion).slice(1, -1) };
  }
  // A formula's reference: the range holds `@name` and the suggestion says `@name` too, or neither has the `@`.
  const text = there.startsWith('@') || !suggestion.startsWith('@') ? suggestion : suggestion.slice(1);
  return { start: diagnostic.start, end: diagnostic.end, text: JSON.stringify(text).slice(1, -1) };
}

/** A value that satisfies the field's type: its first enum value, `""`, its minimum or 0, `{}`, `[]`, true. */
function defaultValue(path: (string | number)[]): unknown {
  try {
    return JSON.parse(expandSnippet(valueTemplate(schemasAtPath(path)[0])));
  } catch {
    return '';
  }
}
