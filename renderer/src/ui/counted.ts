/** `1 error`, `2 errors`, `0 warnings`: a count with its noun, plural unless the count is one. */
export function counted(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
