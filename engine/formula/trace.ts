// Chips: the one-line story of an evaluation, rendered from the TraceItems the compiled formula pushed.
//
//   d20 (14) + 3 Strength + 2 = 19
//   4d6kh3 (6, 5, 3, ~1~) = 14          dropped dice, and faces rerolled away, are struck through: ~1~
//   5d10cs>=8 (9, 3, 8, 10, 1 → 3) = 3  when a term's value is not the sum of its kept faces, it follows an arrow
//   throw(10) (3, 5 → 8) + 2 = 10       a user function shows the dice it rolled inside, then its value
//   d12[Hope] (7) + d12[Fear] (3) = 10  a tag stays on its term
//   max(2 Strength, 4 Dexterity) + 1 = 5
//
// A conditional shows only the branch it took (and its test, when the test rolled dice).
// A check's chip is extended by its caller: renderCheckChip adds ` vs 13 · Hit` and an `Influenced by:` line.
import { printNumber } from './print';
import type { TraceItem } from './runtime';
import type { Value } from './types';

/** Numbers in chips: integers as they are, fractions to at most two decimals (0.5, 3.33). */
export function formatChipNumber(value: number): string {
  if (Number.isInteger(value)) return printNumber(value);
  const rounded = Math.round(value * 100) / 100;
  return printNumber(rounded);
}

export function formatChipValue(value: Value): string {
  if (typeof value === 'number') return formatChipNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value}'`;
  return `[${(value as readonly (string | number)[]).map((v) => (typeof v === 'number' ? formatChipNumber(v) : `'${v}'`)).join(', ')}]`;
}

function renderFaces(faces: readonly number[], kept: readonly boolean[]): string {
  let text = '';
  for (let i = 0; i < faces.length; i++) {
    if (i > 0) text += ', ';
    const face = formatChipNumber(faces[i]!);
    text += kept[i] === false ? `~${face}~` : face;
  }
  return text;
}

function keptSum(faces: readonly number[], kept: readonly boolean[]): number {
  let sum = 0;
  for (let i = 0; i < faces.length; i++) if (kept[i] !== false) sum += faces[i]!;
  return sum;
}

/** One item as chip text. */
export function renderTraceItem(item: TraceItem): string {
  switch (item.kind) {
    case 'text':
      return item.text;
    case 'ref': {
      const value = formatChipValue(item.value);
      return item.label === undefined || item.label === '' ? value : `${value} ${item.label}`;
    }
    case 'dice': {
      const faces = renderFaces(item.faces, item.kept);
      const sum = keptSum(item.faces, item.kept);
      return item.value === sum ? `${item.text} (${faces})` : `${item.text} (${faces} → ${formatChipNumber(item.value)})`;
    }
    case 'call': {
      if (item.faces.length === 0) return `${item.text} (${formatChipValue(item.value)})`;
      return `${item.text} (${renderFaces(item.faces, item.kept)} → ${formatChipValue(item.value)})`;
    }
    default: {
      const unknown: never = item;
      throw new Error(`internal: unknown trace item ${JSON.stringify(unknown)}`);
    }
  }
}

/** The expression part of a chip: `d20 (14) + 3 Strength + 2`. */
export function renderTrace(items: readonly TraceItem[]): string {
  let text = '';
  for (const item of items) text += renderTraceItem(item);
  return text;
}

/** A whole chip: `d20 (14) + 3 Strength + 2 = 19`. */
export function renderChip(items: readonly TraceItem[], total: Value): string {
  return `${renderTrace(items)} = ${formatChipValue(total)}`;
}

export interface CheckChipExtras {
  /** The number to meet (`@vs`), when the check has one. */
  readonly vs?: number;
  /** The outcome's name or id (`Hit`). */
  readonly outcome?: string;
  /** What influenced the roll: `Flanked: advantage`, `Prone (near): advantage`. */
  readonly influencedBy?: readonly string[];
}

/** A check's chip: `d20 (14) + 3 Strength + 2 = 19 vs 13 · Hit`, then `Influenced by: A · B` on its own line. */
export function renderCheckChip(items: readonly TraceItem[], total: Value, extras: CheckChipExtras): string {
  let text = renderChip(items, total);
  if (extras.vs !== undefined) text += ` vs ${formatChipNumber(extras.vs)}`;
  if (extras.outcome !== undefined && extras.outcome !== '') text += ` · ${extras.outcome}`;
  if (extras.influencedBy !== undefined && extras.influencedBy.length > 0) text += `\nInfluenced by: ${extras.influencedBy.join(' · ')}`;
  return text;
}
