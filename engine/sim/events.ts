// What a fight tells the world (spec §4 `--log`, schemas/events.schema.json). Events go to a sink; with no sink
// the engine builds neither events nor chips.

export type Winner = 'heroes' | 'enemies' | 'draw';

export type FightEvent =
  | { type: 'fightStart'; system: string; fightId: string; seed: number; combatants: { id: string; name: string; side: 'heroes' | 'enemies'; hp: number; position: string }[]; note?: string }
  | { type: 'round'; round: number }
  | { type: 'turn'; round: number; actor: string; initiative: number; clock?: number }
  | { type: 'check'; round: number; actor: string; check: string; target: string | null; dice: number[]; total: number; vs: number | null; outcome: string | null; degree?: number; chip: string; influencedBy: string[] }
  | { type: 'reaction'; round: number; actor: string; ability: string; on: string; success: boolean; chip: string }
  | { type: 'damage'; round: number; actor: string; target: string; amount: number; damageType: string; steps: string[]; rolled: number; hp: number; chip: string }
  | { type: 'heal'; round: number; actor: string; target: string; amount: number; track: string; chip: string }
  | { type: 'condition'; round: number; target: string; condition: string; change: 'applied' | 'ended' | 'saved'; source?: string; dc?: number }
  | { type: 'down'; round: number; target: string; by?: string; state: 'down' | 'dead' | 'stable' }
  | { type: 'noTime'; round: number; actor: string; action: string; attack: number }
  | { type: 'ability'; round: number; actor: string; ability: string; targets: string[]; chip: string }
  | { type: 'harm'; round: number; actor: string; target: string; levels: number; amount: number }
  | { type: 'sustain'; round: number; actor: string; ability: string; change: 'started' | 'ended' | 'kept' }
  | { type: 'regenerate'; round: number; target: string; amount: number; stopped: boolean }
  | { type: 'move'; round: number; target: string; from: string; to: string; chip: string }
  | { type: 'gain'; round: number; target: string; track: string; amount: number; value: number; chip: string }
  | { type: 'fightEnd'; round: number; winner: Winner; rounds: number };

export type EventSink = (event: FightEvent) => void;
