import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schema, sim } from '../../../engine/index';
import { expandSnippet, schemaCompletions } from '../../../engine/index';
import { blankSystemText, idFromPath, pathFromName, renameSystem } from './newSystem';

const errorsOf = (text: string) => schema.checkSystem(text).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.pointer}: ${d.message}`);

function fights(text: string, fight: string) {
  const checked = schema.checkSystem(text);
  expect(checked.document).not.toBeNull();
  const loaded = sim.loadSystem(checked.document!);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
  return sim.simulate(loaded.system, fight, { fights: 500, seed: 1 });
}

describe('a new system', () => {
  it('takes its id from the file name', () => {
    expect(idFromPath('My Game.json')).toBe('my-game');
    expect(idFromPath('sub/dir/skirmish-2.JSON')).toBe('skirmish-2');
    expect(idFromPath('--.json')).toBe('my-system');
    expect(pathFromName('Blades & Bones')).toBe('blades-bones.json');
  });

  it('starts blank: it checks clean and its fight is fought, both sides winning some', () => {
    const text = blankSystemText('my-game', 'My Game');
    expect(errorsOf(text)).toEqual([]);
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ id: 'my-game', name: 'My Game', formatVersion: 1 });
    expect(Object.keys(doc.attributes)).toHaveLength(1);
    expect(doc.checks.attack.outcomes.map((o: { id: string }) => o.id)).toEqual(['hit', 'miss']);
    const stats = fights(text, 'first-fight');
    expect(stats.fights).toBe(500);
    expect(stats.wins.heroes).toBeGreaterThan(0);
    expect(stats.wins.enemies).toBeGreaterThan(0);
    expect(stats.checks.attack?.hit).toBeGreaterThan(0);
    expect(stats.checks.attack?.miss).toBeGreaterThan(0);
  });

  it('renames a seed copy (id and name) and leaves the rest as the seed wrote it', () => {
    const seed = readFileSync(new URL('../../../systems/forged.json', import.meta.url), 'utf8');
    const renamed = renameSystem(seed, 'my-forge', 'My "Forge"');
    const doc = JSON.parse(renamed);
    expect(doc.id).toBe('my-forge');
    expect(doc.name).toBe('My "Forge"');
    expect(renamed.replace(/"id": "my-forge"/, `"id": "${JSON.parse(seed).id}"`).replace(/"name": "My \\"Forge\\""/, `"name": ${JSON.stringify(JSON.parse(seed).name)}`)).toBe(seed);
    expect(errorsOf(renamed)).toEqual([]);
  });

  it('every whole-entry snippet of the schema, taken as it comes, checks clean in the blank system', () => {
    const doc = JSON.parse(blankSystemText('x', 'X'));
    const entry = (path: (string | number)[]) => {
      const [first] = schemaCompletions(JSON.stringify({ [path[0]!]: path[1] === 0 ? [] : {} }), path[1] === 0 ? `{"${path[0]}":[`.length : `{"${path[0]}":{`.length)
        .filter((c) => c.kind === 'snippet');
      if (!first) throw new Error(`no snippet for ${path.join('/')}`);
      return JSON.parse(path[1] === 0 ? expandSnippet(first.insertText) : `{${expandSnippet(first.insertText)}}`);
    };
    Object.assign(doc.checks, entry(['checks', 'new']));
    doc.conditions = [entry(['conditions', 0])];
    doc.abilities = [entry(['abilities', 0])];
    doc.templates.push({ ...entry(['templates', 0]), role: 'elite' });
    doc.bestiary = [entry(['bestiary', 0])];
    doc.heroes.push({ ...entry(['heroes', 0]), id: 'second' });
    doc.fights.push({ ...entry(['fights', 0]), id: 'second-fight' });
    expect(Object.keys(doc.checks)).toEqual(['attack', 'id']);
    const text = JSON.stringify(doc, null, 2);
    expect(errorsOf(text)).toEqual([]);
    expect(fights(text, 'second-fight').fights).toBe(500);
  });
});

describe('the blank system through the CLI bundle', () => {
  it('checks clean and fights with `check` and `sim`, as a designer would run it', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'blank-system-'));
    try {
      const file = join(dir, 'ember-road.json');
      writeFileSync(file, blankSystemText(idFromPath(file), 'Ember Road'));
      const run = (...args: string[]) => spawnSync(process.execPath, ['bin/rules-studio.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
      const checked = run('check', file, '--json');
      expect(checked.status, checked.stderr).toBe(0);
      expect(JSON.parse(checked.stdout)).toEqual([{ file, diagnostics: [] }]);
      const fought = run('sim', file, '--fight', 'first-fight', '--fights', '1000', '--seed', '3', '--json');
      expect(fought.status, fought.stderr).toBe(0);
      const stats = JSON.parse(fought.stdout);
      expect(stats).toMatchObject({ system: 'ember-road', fight: 'first-fight', fights: 1000 });
      expect(stats.wins.heroes + stats.wins.enemies + stats.wins.draw).toBe(1000);
      expect(stats.wins.heroes).toBeGreaterThan(500);
      expect(stats.wins.enemies).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
