// The checker's word on battle maps (issue 23): what the schema cannot say. The system's `map` names known conditions
// (longRange, flanking, cover, creatureCover) and a known ability for its Dash; a fight's movement policy that dashes
// needs that Dash, and names `protect` or `policy`, not both; a blow's own `long` range is not short of its `squares`
// (weapons, creature attacks, a template's combat, an ability's attack, a fight's inline creatures). The sim's loader
// (engine/sim/map/load.ts, load-rules.ts span) says the same at the same pointers when a fight is run.
import { describePointer } from './json';
import { closest, type Anchor } from './schema-errors';
import type { Severity } from '../formula/types';

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const recordOf = (v: unknown): Rec => (isRecord(v) ? v : {});
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const p = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

export interface MapProblem {
  readonly pointer: string;
  readonly anchor: Anchor;
  readonly code: string;
  readonly message: string;
  readonly severity: Severity;
}

export function checkMapRefs(doc: Rec, names: { readonly conditions: ReadonlySet<string>; readonly abilities: ReadonlySet<string> }): MapProblem[] {
  const out: MapProblem[] = [];
  const error = (pointer: string, code: string, message: string): void => { out.push({ pointer, anchor: 'value', code, message, severity: 'error' }); };
  const ref = (value: unknown, pointer: string, known: ReadonlySet<string>, what: string, where: string): void => {
    if (typeof value !== 'string' || known.has(value)) return;
    const guess = closest(value, known);
    const none = known.size === 0 ? ` (there are no ${what}s yet: add them under \`${where}\`)` : '';
    error(pointer, 'unknown-id', `unknown ${what} \`${value}\` in \`${describePointer(pointer)}\`${guess ? `; did you mean \`${guess}\`?` : none}`);
  };
  const map = recordOf(doc.map);
  for (const key of ['longRange', 'flanking', 'cover', 'creatureCover']) ref(map[key], `/map/${key}`, names.conditions, 'condition', 'conditions');
  ref(map.dash, '/map/dash', names.abilities, 'ability', 'abilities');

  const span = (blow: unknown, at: string): void => {
    const { squares, long } = recordOf(blow);
    if (typeof squares === 'number' && typeof long === 'number' && long < squares) {
      error(`${at}/long`, 'out-of-range', `long range (${long} squares) is short of the normal range \`squares\` (${squares}): give long from ${squares} on, or leave it out (no long range)`);
    }
  };
  const attacks = (list: unknown, at: string): void => arrayOf(list).forEach((a, j) => span(a, `${at}/attacks/${j}`));
  arrayOf(doc.heroes).forEach((h, i) => span(recordOf(h).weapon, `/heroes/${i}/weapon`));
  arrayOf(doc.bestiary).forEach((c, i) => attacks(recordOf(c).attacks, `/bestiary/${i}`));
  arrayOf(doc.templates).forEach((t, i) => span(recordOf(t).combat, `/templates/${i}/combat`));
  arrayOf(doc.abilities).forEach((a, i) => span(recordOf(a).attack, `/abilities/${i}/attack`));

  arrayOf(doc.fights).forEach((f, i) => {
    const fight = recordOf(f);
    arrayOf(fight.enemies).forEach((e, j) => attacks(recordOf(recordOf(e).numbers).attacks, `/fights/${i}/enemies/${j}/numbers`));
    for (const [id, policy] of Object.entries(recordOf(recordOf(fight.map).movement))) {
      if (!isRecord(policy)) continue;
      const at = `/fights/${i}/map/movement/${p(id)}`;
      if (policy.protect !== undefined && policy.policy !== undefined) error(at, 'conflict', 'a movement policy is `protect` (stay beside an ally) or `policy` (close, distance, hold), not both');
      if (policy.dash === true && typeof map.dash !== 'string') error(`${at}/dash`, 'missing-section', "`dash` needs the system's Dash: `map.dash`, an ability id (the Action spent to walk its speed again)");
    }
  });
  return out;
}
