// A new system's text: the blank minimal system, or a seed's copy under its new id and name. Pure (no DOM): the
// unit tests check the blank system clean and fight it, as the studio does.
import { modify, parseTree, findNodeAtLocation } from 'jsonc-parser';

/** The id a file name gives (`My Game.json` → `my-game`): the schema's id letters, starting with a letter or digit. */
export function idFromPath(path: string): string {
  const base = path.split('/').pop() ?? path;
  const id = base
    .replace(/\.json$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '');
  return id || 'my-system';
}

/** The file name a system name suggests (`My Game` → `my-game.json`). */
export function pathFromName(name: string): string {
  return idFromPath(name) + '.json';
}

/**
 * The blank system: one attribute, an attack that hits or misses, hit points, one enemy template, one hero and one
 * fight. It checks clean and fights as it stands.
 */
export function blankSystemText(id: string, name: string): string {
  const system = {
    $schema: '../schemas/system.schema.json',
    id,
    name,
    version: '0.1.0',
    formatVersion: 1,
    description: 'A new system: one attribute, an attack that hits or misses, hit points, one enemy template, one hero and one fight.',
    attributes: { might: { name: 'Might', default: 1, min: 0, max: 10, whole: true } },
    tracks: { hp: { name: 'Hit points', max: '10 + 2 * @might' } },
    checks: {
      attack: {
        name: 'Attack',
        roll: 'd20 + @might',
        outcomes: [
          { id: 'hit', name: 'Hit', when: '@total >= @vs', result: 'success' },
          { id: 'miss', name: 'Miss', when: 'true', result: 'fail' },
        ],
      },
    },
    combat: { mode: 'numbers', attack: { check: 'attack', damage: '1d6 + @might', defence: '10 + @might' } },
    templates: [
      {
        role: 'standard',
        attributes: { might: '@tier' },
        tracks: { hp: '12 + 6 * @tier' },
        combat: { attack: '2 + @tier', damage: '1d6 + @tier', defence: '10 + @tier' },
      },
    ],
    heroes: [{ id: 'hero', name: 'Hero', level: 1, attributes: { might: 3 }, weapon: { name: 'Sword', damage: '1d8 + @might' } }],
    fights: [
      {
        id: 'first-fight',
        name: 'The hero against one standard enemy of tier 1',
        heroes: ['hero'],
        enemies: [{ template: { role: 'standard', tier: 1 }, count: 1 }],
      },
    ],
  };
  return JSON.stringify(system, null, 2) + '\n';
}

/** A seed's text with its `id` and `name` replaced (everything else as the seed wrote it). */
export function renameSystem(text: string, id: string, name: string): string {
  let out = text;
  for (const [key, value] of [['id', id], ['name', name]] as const) {
    const tree = parseTree(out);
    if (!tree || tree.type !== 'object') return out;
    const node = findNodeAtLocation(tree, [key]);
    if (node && node.type === 'string') {
      out = out.slice(0, node.offset) + JSON.stringify(value) + out.slice(node.offset + node.length);
    } else {
      const edits = modify(out, [key], value, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
      for (const e of [...edits].sort((a, b) => b.offset - a.offset)) out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
    }
  }
  return out;
}
