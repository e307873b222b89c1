// Fixtures shared by the balance tests.
import { readFileSync } from 'node:fs';
import type { SystemDocument } from '../../engine/schema/document';
import { loadSystem, type System } from '../../engine/sim/index';

/** The mirror system: the enemy equals the hero at tier 3 (see its description). */
export const mirrorDoc = (): SystemDocument =>
  JSON.parse(readFileSync(new URL('./fixtures/mirror.json', import.meta.url), 'utf8')) as SystemDocument;

export function load(doc: SystemDocument): System {
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}
