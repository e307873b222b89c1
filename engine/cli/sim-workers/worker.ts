// Worker thread of `sim --workers K`: loads the system once, then fights the chunks of fight indices it is handed.
import type { SystemDocument } from '../../schema/document';
import { loadSystem, simulatePartial, type PartialStats } from '../../sim/index';
import { serveTasks } from '../worker-task';

export interface SimWorkerSetup {
  /** The system document as JSON text: one string to copy, parsed once here. */
  readonly docText: string;
  readonly fightId: string;
  readonly seed: number;
}

export interface FightChunk {
  readonly from: number;
  readonly count: number;
}

serveTasks<SimWorkerSetup, FightChunk, PartialStats>((setup) => {
  const loaded = loadSystem(JSON.parse(setup.docText) as SystemDocument);
  if (!loaded.ok) return loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n');
  const { system } = loaded;
  return (chunk) => simulatePartial(system, setup.fightId, { fights: chunk.count, seed: setup.seed, from: chunk.from }).toPartial();
});
