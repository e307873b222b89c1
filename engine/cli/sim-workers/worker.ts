// Worker thread of `sim --workers K`: loads the system once, then fights the chunks of fight indices it is handed.
import { simulatePartial, type PartialStats } from '../../sim/index';
import { serveDocumentTasks, type DocumentSetup } from '../document-worker';

export interface SimWorkerSetup extends DocumentSetup {
  readonly fightId: string;
  readonly seed: number;
}

export interface FightChunk {
  readonly from: number;
  readonly count: number;
}

serveDocumentTasks<SimWorkerSetup, FightChunk, PartialStats>((_doc, system, setup) =>
  (chunk) => simulatePartial(system, setup.fightId, { fights: chunk.count, seed: setup.seed, from: chunk.from }).toPartial());
