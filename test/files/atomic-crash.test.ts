// A child process saving over and over is SIGKILLed at seeded random moments: the file must always hold one
// complete generation (the old or the new content), never a mix. A control run with an in-place writer shows
// the harness does catch torn files.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ITERATIONS = 30;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Each generation has its own length and filler, so any mix of two generations is detectable.
const CONTENT_SOURCE = `
export function content(gen) {
  const size = 150000 + ((gen * 7919) % 100000);
  const fill = String.fromCharCode(97 + (gen % 26));
  return 'GEN ' + gen + '\\n' + fill.repeat(size) + '\\nEND ' + gen + '\\n';
}
`;

let dir: string;
let content: (gen: number) => string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rs-atomic-'));
  // Plain-node copy of the real module, so each child starts in milliseconds (no TypeScript loader).
  const source = readFileSync(path.resolve('electron/services/atomic-write.ts'), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  writeFileSync(path.join(dir, 'atomic-write.mjs'), js);
  writeFileSync(path.join(dir, 'content.mjs'), CONTENT_SOURCE);
  writeFileSync(
    path.join(dir, 'atomic-child.mjs'),
    `import { writeFileAtomic } from './atomic-write.mjs';
import { content } from './content.mjs';
const [target, start] = process.argv.slice(2);
let gen = Number(start);
process.stdout.write('ready\\n');
for (;;) { gen += 1; await writeFileAtomic(target, content(gen)); }
`,
  );
  // The control: what we must never do (truncate, then write in pieces).
  writeFileSync(
    path.join(dir, 'in-place-child.mjs'),
    `import { promises as fs } from 'node:fs';
import { content } from './content.mjs';
const [target, start] = process.argv.slice(2);
let gen = Number(start);
process.stdout.write('ready\\n');
for (;;) {
  gen += 1;
  const text = content(gen);
  const handle = await fs.open(target, 'w');
  for (let i = 0; i < text.length; i += 16384) await handle.write(text.slice(i, i + 16384));
  await handle.close();
}
`,
  );
  content = ((await import(/* @vite-ignore */ path.join(dir, 'content.mjs'))) as { content: (gen: number) => string }).content;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Returns the generation the file holds, or null when it is not exactly one complete generation. */
function generationOnDisk(target: string): number | null {
  const text = readFileSync(target, 'utf8');
  const match = /^GEN (\d+)\n/.exec(text);
  if (!match) return null;
  const gen = Number(match[1]);
  return text === content(gen) ? gen : null;
}

async function runAndKill(script: string, target: string, startGen: number, delayMs: number): Promise<void> {
  const child = spawn(process.execPath, [path.join(dir, script), target, String(startGen)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  child.kill('SIGKILL');
  await exited;
}

describe('atomic save under SIGKILL', () => {
  test(`${ITERATIONS} kills at seeded random points leave the old or the new content, never a mix`, async () => {
    const random = mulberry32(42);
    const target = path.join(dir, 'system.json');
    writeFileSync(target, content(0));
    let gen = 0;
    let killsMidSave = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      await runAndKill('atomic-child.mjs', target, gen, 5 + Math.floor(random() * 60));
      const onDisk = generationOnDisk(target);
      expect(onDisk, `iteration ${i}: the file is not one complete generation`).not.toBeNull();
      expect(onDisk!).toBeGreaterThanOrEqual(gen);
      gen = onDisk!;
      // A temp file left behind means the kill landed between creating the temp file and the rename.
      const leftovers = readdirSync(dir).filter((name) => name.startsWith('.rs-save-'));
      if (leftovers.length > 0) killsMidSave += 1;
      for (const name of leftovers) rmSync(path.join(dir, name));
    }
    console.info(`atomic save: ${ITERATIONS} kills, ${killsMidSave} landed mid-save, ${gen} complete saves in all`);
    // How far the children get depends on machine load; that some saves completed and some kills landed mid-save
    // is what makes the check above meaningful.
    expect(gen, 'the children completed saves').toBeGreaterThan(0);
    expect(killsMidSave, 'some kills landed in the middle of a save').toBeGreaterThan(0);
  });

  test('control: the same kills tear a file written in place (the harness can see a mix)', async () => {
    const random = mulberry32(7);
    const target = path.join(dir, 'in-place.json');
    writeFileSync(target, content(0));
    let torn = 0;
    for (let i = 0; i < 10; i++) {
      await runAndKill('in-place-child.mjs', target, 1000 * (i + 1), 5 + Math.floor(random() * 60));
      if (generationOnDisk(target) === null) torn += 1;
    }
    console.info(`in-place control: ${torn} of 10 kills left a torn file`);
    expect(torn).toBeGreaterThan(0);
  });
});
