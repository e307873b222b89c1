// Reading valgrind's callgrind output for bench/instruction-profile.ts: each instruction's count, given to the
// function it belongs to. V8's compiled JavaScript has no symbols, so node runs with --perf-basic-prof, which writes
// /tmp/perf-<pid>.map (start, size and name of every piece of generated code); an address outside every piece keeps
// callgrind's own name for it (node's C++, libc).
//
// The callgrind format as `--dump-instr=yes` writes it: `fn=(id) name` opens a function (`fn=(id)` names it again by
// id, which a `cfn=(id) name` line, a call's target, may have been first to give); a cost line is `<address> <line> <count>`, the address absolute (`0x…`), relative to the previous one (`+n`,
// `-n`, decimal) or the same (`*`); `calls=<n> <target>` announces that the next cost line is a call's inclusive
// cost, which belongs to the callee, not to the caller's own count.

/** One piece of generated code from a perf map. */
export interface CodeRange {
  readonly start: number;
  readonly size: number;
  readonly name: string;
}

/** A perf map's lines (`<start hex> <size hex> <name>`), sorted by start. */
export function parsePerfMap(text: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (const line of text.split('\n')) {
    const match = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (.+)$/.exec(line.trim());
    if (match) ranges.push({ start: parseInt(match[1]!, 16), size: parseInt(match[2]!, 16), name: match[3]! });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** The piece of code holding `address`, or undefined. */
function rangeAt(ranges: readonly CodeRange[], address: number): CodeRange | undefined {
  let low = 0, high = ranges.length - 1, found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (ranges[mid]!.start <= address) { found = mid; low = mid + 1; } else high = mid - 1;
  }
  const range = found >= 0 ? ranges[found] : undefined;
  return range && address < range.start + range.size ? range : undefined;
}

/**
 * A generated code name as people read it: V8's tier mark dropped (`JS:*judge` and `JS:^judge` are one function) and
 * the script's path cut to its file name (`JS:judge bundle.mjs:12626`).
 */
export function functionName(name: string): string {
  return name.replace(/^JS:[*^~+]?/, 'JS:').replace(/ file:\/\/\/?\S*\/([^/\s:]+):(\d+)(:\d+)?$/, ' $1:$2');
}

/** Each function's own instructions (calls excluded), by name. */
export function selfCosts(callgrind: string, ranges: readonly CodeRange[]): Map<string, number> {
  const costs = new Map<string, number>();
  const names = new Map<string, string>();
  let fn = '';
  let address = 0;
  let callCostNext = false;
  for (const line of callgrind.split('\n')) {
    if (line.startsWith('cfn=')) {
      const match = /^cfn=\((\d+)\) (.*)$/.exec(line);
      if (match) names.set(match[1]!, match[2]!);
      continue;
    }
    if (line.startsWith('fn=')) {
      const match = /^fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (match) {
        if (match[2] !== undefined) names.set(match[1]!, match[2]);
        fn = names.get(match[1]!) ?? `fn ${match[1]}`;
      }
      continue;
    }
    if (line.startsWith('calls=')) { callCostNext = true; continue; }
    const first = line[0];
    if (first !== '0' && first !== '+' && first !== '-' && first !== '*') continue;
    const [position, , count] = line.split(' ');
    if (position!.startsWith('0x')) address = parseInt(position!, 16);
    else if (first === '+') address += Number(position!.slice(1));
    else if (first === '-') address -= Number(position!.slice(1));
    if (callCostNext) { callCostNext = false; continue; }
    const range = rangeAt(ranges, address);
    const name = range ? functionName(range.name) : `native ${fn}`;
    costs.set(name, (costs.get(name) ?? 0) + Number(count ?? 0));
  }
  return costs;
}

/** The process id callgrind names in its output (`pid: 1234`), whose perf map holds its code's names. */
export function callgrindPid(callgrind: string): number | null {
  const match = /^pid: (\d+)$/m.exec(callgrind);
  return match ? Number(match[1]) : null;
}

/** Per fight: each function's instructions in the longer run less the shorter's, over the fights between, largest first. */
export function perFight(few: ReadonlyMap<string, number>, many: ReadonlyMap<string, number>, fightsBetween: number): [string, number][] {
  const rows: [string, number][] = [];
  for (const name of new Set([...few.keys(), ...many.keys()])) rows.push([name, ((many.get(name) ?? 0) - (few.get(name) ?? 0)) / fightsBetween]);
  return rows.sort((a, b) => b[1] - a[1]);
}
