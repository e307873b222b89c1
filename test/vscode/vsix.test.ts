// The VS Code extension as a user installs it: the .vsix that scripts/build-vscode-extension.mjs packages offline
// (esbuild + @vscode/vsce), opened here as a zip: its manifest is validated against what VS Code reads, and every
// file the manifest names is inside. Also the extension's pure parts: which command starts the server, and the
// formula grammar's colours on the seed systems' formulas.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { serverCommand } from '../../editors/vscode/src/command';

const REPO = join(import.meta.dirname, '..', '..');

/** The files of a zip archive (stored or deflated entries), by name. */
function unzip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe('the VS Code extension (.vsix)', () => {
  let files: Map<string, Buffer>;
  let manifest: {
    name: string;
    publisher: string;
    version: string;
    main: string;
    engines: { vscode: string };
    activationEvents: string[];
    contributes: { grammars: { path: string; injectTo: string[]; scopeName: string }[]; configuration: { properties: Record<string, { type: string; default: unknown }> }; commands: { command: string }[] };
  };

  beforeAll(() => {
    const out = join(mkdtempSync(join(tmpdir(), 'rules-vsix-')), 'rules-studio.vsix');
    // Offline: where the machine lets us (root, util-linux), in a network namespace with no network at all.
    const isolated = spawnSync('unshare', ['-n', 'true']).status === 0;
    const build = [process.execPath, join(REPO, 'scripts/build-vscode-extension.mjs'), '--out', out];
    const r = isolated
      ? spawnSync('unshare', ['-n', ...build], { cwd: REPO, encoding: 'utf8', timeout: 120_000 })
      : spawnSync(build[0]!, build.slice(1), { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    console.log(`vsix built ${isolated ? 'with no network (unshare -n)' : 'on this machine (unshare -n unavailable)'}`);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    files = unzip(readFileSync(out));
    manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
  }, 180_000);

  test('the manifest names the extension, its entry and its VS Code versions, and the package holds what it names', () => {
    const source = JSON.parse(readFileSync(join(REPO, 'editors/vscode/package.json'), 'utf8')) as typeof manifest;
    expect(manifest).toMatchObject({ name: source.name, publisher: source.publisher, version: source.version, main: './dist/extension.js' });
    expect(files.has('extension/dist/extension.js')).toBe(true);
    for (const grammar of manifest.contributes.grammars) {
      expect(files.has('extension/' + grammar.path.replace(/^\.\//, '')), grammar.path).toBe(true);
      expect(grammar.injectTo).toEqual(['source.json']);
    }
    // VS Code reads the identity from extension.vsixmanifest: it must agree with package.json.
    const vsixManifest = files.get('extension.vsixmanifest')!.toString('utf8');
    expect(vsixManifest).toContain(`Id="${manifest.name}"`);
    expect(vsixManifest).toContain(`Version="${manifest.version}"`);
    expect(vsixManifest).toContain(`Publisher="${manifest.publisher}"`);
    expect(vsixManifest).toContain(`<Property Id="Microsoft.VisualStudio.Code.Engine" Value="${manifest.engines.vscode}" />`);
    // The bundled client needs at least the VS Code its language client library asks for.
    const client = JSON.parse(readFileSync(join(REPO, 'node_modules/vscode-languageclient/package.json'), 'utf8')) as { engines: { vscode: string } };
    expect(manifest.engines.vscode).toBe(client.engines.vscode);
    // Sources, the TypeScript config and the ignore files stay out; the bundle needs no node_modules.
    expect([...files.keys()].filter((f) => /\.ts$|tsconfig|\.gitignore|node_modules/.test(f))).toEqual([]);
  });

  test('activation, settings and command: what the README tells a user to set', () => {
    expect(manifest.activationEvents).toContain('onLanguage:json');
    const properties = manifest.contributes.configuration.properties;
    expect(Object.keys(properties).sort()).toEqual(['rulesStudio.defence', 'rulesStudio.files', 'rulesStudio.server.command']);
    expect(properties['rulesStudio.defence']).toMatchObject({ type: 'number', default: 13 });
    expect(manifest.contributes.commands.map((c) => c.command)).toEqual(['rulesStudio.restartServer']);
    // The bundle is the client: it starts `lsp` over stdio and registers the restart command.
    const bundle = files.get('extension/dist/extension.js')!.toString('utf8');
    expect(bundle).toContain('rulesStudio.restartServer');
    expect(bundle).toContain('"lsp"');
    expect(bundle).not.toMatch(/require\(["']vscode-languageclient/);
  });
});

describe('which command the extension starts', () => {
  const join = (...parts: string[]) => parts.join('/');
  test('the setting first, split into command and arguments', () => {
    expect(serverCommand('npx rules-studio', ['/w'], () => true, join, 'linux')).toEqual({ command: 'npx', args: ['rules-studio'], shell: false });
  });
  test("then the workspace's install, then a checkout's bin through node, then the PATH", () => {
    expect(serverCommand('', ['/w'], (p) => p === '/w/node_modules/.bin/rules-studio', join, 'linux').command).toBe('/w/node_modules/.bin/rules-studio');
    const checkout = serverCommand('', ['/w'], (p) => p === '/w/bin/rules-studio.mjs' || p === '/w/engine/cli/lsp.ts', join, 'linux');
    expect(checkout).toEqual({ command: 'node', args: ['/w/bin/rules-studio.mjs'], shell: false });
    expect(serverCommand('', ['/w'], () => false, join, 'linux')).toEqual({ command: 'rules-studio', args: [], shell: false });
    expect(serverCommand('', ['/w'], (p) => p.endsWith('rules-studio.cmd'), join, 'win32')).toMatchObject({ command: '/w/node_modules/.bin/rules-studio.cmd', shell: true });
  });
  test('this repository is a checkout: the command found for it runs the server', () => {
    const found = serverCommand('', [REPO], existsSync, join, 'linux');
    expect(found).toEqual({ command: 'node', args: [`${REPO}/bin/rules-studio.mjs`], shell: false });
    const r = spawnSync(found.command, [...found.args, 'lsp', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('language server');
  });
});

describe('the formula grammar (colours inside JSON strings)', () => {
  const grammar = JSON.parse(readFileSync(join(REPO, 'editors/vscode/syntaxes/formula.injection.tmLanguage.json'), 'utf8')) as { repository: Record<string, { match: string }> };
  const re = (name: string) => new RegExp(grammar.repository[name]!.match, 'g');
  const matches = (name: string, text: string) => [...text.matchAll(re(name))].map((m) => m[0]);

  test('dice terms are coloured whole, with their modifiers and tags; words with a d are not', () => {
    expect(matches('dice', '4d6kh3 + 2d20kh1 + d% + 4dF + d6! + d6!>=5 + d6r1 + 5d10cs>=8 + d12[Hope] + (@tier)d6')).toEqual(['4d6kh3', '2d20kh1', 'd%', '4dF', 'd6!', 'd6!>=5', 'd6r1', '5d10cs>=8', 'd12[Hope]', 'd6']);
    expect(matches('dice', 'a dwarf and dodge the d2ragon')).toEqual([]);
  });

  test("every @reference of the seed systems' formulas is coloured whole", () => {
    for (const file of readdirSync(join(REPO, 'systems')).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(join(REPO, 'systems', file), 'utf8');
      const references = text.match(/@[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*/g) ?? [];
      expect(references.length, file).toBeGreaterThan(0);
      for (const reference of new Set(references)) expect(matches('reference', ` ${reference} `), reference).toEqual([reference]);
    }
    expect(matches('function', 'max(@str.mod, @dex.mod) + floor (@damage / 2) + maximum(3)')).toEqual(['max', 'floor']);
  });
});
