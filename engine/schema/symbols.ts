// What a formula may read, per context (spec §1.2), built from the document: the sheet (attributes, derived values,
// tracks, level, classes, lists), and each context's own names (`@tier`, `@natural`, `@damage`, `@roll.<Tag>`, ...).
// The checker, the editor's completions and hovers use the same tables.
import { parseFormula } from '../formula/parse';
import { eachNode } from '../formula/nodes';
import { tierRangeOf, type TierRange } from './tiers';
import { listNamesOf } from './lists';
import type { FormulaNode, SymbolInfo, SymbolTable, UserFunction, ValueType } from '../formula/types';
import { CONTEXTS, FORMULA_CONTEXTS, type FormulaContext } from './contexts';
import { pointerSegments } from './json';
import { schemaForPointer } from './walk';


type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const recordOf = (v: unknown): Rec => (isRecord(v) ? v : {});
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const stringOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const NUMBER: SymbolInfo = Object.freeze({ type: 'number' });
const BOOLEAN: SymbolInfo = Object.freeze({ type: 'boolean' });
const STRING: SymbolInfo = Object.freeze({ type: 'string' });
const LIST: SymbolInfo = Object.freeze({ type: 'list' });

/** A formula's value type at a glance (its top node), for derived values and reads read elsewhere. */
export function formulaValueType(text: string): ValueType {
  const { ast } = parseFormula(text);
  return ast ? nodeValueType(ast) : 'any';
}

function nodeValueType(node: FormulaNode): ValueType {
  switch (node.kind) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'unary':
      return node.op === 'not' ? 'boolean' : 'number';
    case 'binary':
      return ['==', '!=', '<', '<=', '>', '>=', 'and', 'or'].includes(node.op) ? 'boolean' : 'number';
    case 'conditional': {
      const a = nodeValueType(node.then);
      return a === nodeValueType(node.otherwise) ? a : 'any';
    }
    case 'call':
      return ['has', 'overlaps'].includes(node.name) ? 'boolean' : 'number';
    case 'tag':
      return nodeValueType(node.operand);
    case 'let':
      return nodeValueType(node.body);
    case 'ref':
      return 'any';
    default:
      return 'number';
  }
}

/** Tags of a roll formula (`d12[Hope]` → `Hope`), readable afterwards as `@roll.Hope`. */
export function rollTags(text: string | undefined): string[] {
  if (!text) return [];
  const { ast } = parseFormula(text);
  const tags: string[] = [];
  if (ast) eachNode(ast, (n) => { if (n.kind === 'tag') tags.push(n.tag); });
  return tags;
}

/** A symbol table over a map of exact names plus prefixed views of the sheet (`@target.<sheet path>`). */
class ContextTable implements SymbolTable {
  constructor(
    private readonly entries: ReadonlyMap<string, SymbolInfo>,
    private readonly prefixed: readonly (readonly [string, ReadonlyMap<string, SymbolInfo>])[],
    readonly functions: ReadonlyMap<string, UserFunction>,
    private readonly explain: (path: string) => string | undefined,
  ) {}

  lookup(path: string): SymbolInfo | undefined {
    const direct = this.entries.get(path);
    if (direct) return direct;
    for (const [prefix, table] of this.prefixed) {
      if (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 46 /* . */) {
        const found = table.get(path.slice(prefix.length + 1));
        if (found) return found;
      }
    }
    return undefined;
  }

  *names(): Iterable<string> {
    yield* this.entries.keys();
    for (const [prefix, table] of this.prefixed) for (const name of table.keys()) yield `${prefix}.${name}`;
  }

  explainUnknown(path: string): string | undefined {
    return this.explain(path);
  }
}

/** The symbols of one document: build once per document shape, ask for a table per field. */
export class DocumentSymbols {
  readonly sheet = new Map<string, SymbolInfo>();
  readonly functions = new Map<string, UserFunction>();
  private readonly reads = new Map<string, SymbolInfo>();
  private readonly mods = new Map<string, SymbolInfo>();
  private readonly reactions = new Map<string, SymbolInfo>();
  private readonly checkRolls = new Map<string, string>();
  /** An opposed check's (`vs`) defender checks: their ids, `vs.check` first. */
  private readonly checkVs = new Map<string, string[]>();
  private readonly tables = new Map<string, ContextTable>();
  private readonly attackCheck: string | undefined;
  private readonly consequencesRoll: string | undefined;
  /** The system's tier range (`tiers`, 1..6 by default): what `@tier` may be. */
  readonly tiers: TierRange;

  constructor(readonly document: unknown) {
    const doc = recordOf(document);
    this.tiers = tierRangeOf(document);
    for (const [id, attribute] of Object.entries(recordOf(doc.attributes))) {
      const name = stringOf(recordOf(attribute).name);
      this.sheet.set(id, name ? { type: 'number', label: name } : NUMBER);
    }
    for (const [id, track] of Object.entries(recordOf(doc.tracks))) {
      const name = stringOf(recordOf(track).name);
      this.sheet.set(id, name ? { type: 'number', label: name } : NUMBER);
      this.sheet.set(`${id}.max`, name ? { type: 'number', label: `${name} (max)` } : NUMBER);
    }
    const addDerived = (derived: unknown): void => {
      for (const [name, formula] of Object.entries(recordOf(derived))) {
        if (this.sheet.has(name)) continue;
        const type = typeof formula === 'string' ? formulaValueType(formula) : 'any';
        this.sheet.set(name, type === 'any' || type === 'string' ? { type: 'number' } : { type });
      }
    };
    addDerived(doc.derived);
    for (const hero of arrayOf(doc.heroes)) addDerived(recordOf(hero).derived);
    this.sheet.set('level', { type: 'number', label: 'Level' });
    const classIds = new Set(Object.keys(recordOf(doc.classes)));
    for (const hero of arrayOf(doc.heroes)) for (const id of Object.keys(recordOf(recordOf(hero).classes))) classIds.add(id);
    for (const id of classIds) this.sheet.set(`class.${id}.level`, { type: 'number', label: `${id} level` });
    this.sheet.set('class.attacks', { type: 'number', label: 'Attacks' });
    this.sheet.set('position', STRING);
    this.sheet.set('conditions', LIST);
    const lists = new Set(listNamesOf(document));
    for (const creature of arrayOf(doc.bestiary)) {
      for (const [key, value] of Object.entries(recordOf(creature))) {
        if (Array.isArray(value) && value.every((v) => typeof v === 'string') && !['multiattack', 'abilities'].includes(key)) lists.add(key);
      }
    }
    for (const name of lists) if (!this.sheet.has(name)) this.sheet.set(name, LIST);

    for (const [name, fn] of Object.entries(recordOf(doc.functions))) {
      const f = recordOf(fn);
      const params = arrayOf(f.params).filter((p): p is string => typeof p === 'string');
      this.functions.set(name, { params, body: stringOf(f.body) ?? '' });
    }

    const addRead = (name: string, formula: unknown): void => {
      if (this.reads.has(name)) return;
      const type = typeof formula === 'string' ? formulaValueType(formula) : 'any';
      this.reads.set(name, type === 'boolean' ? BOOLEAN : NUMBER);
    };
    const combat = recordOf(doc.combat);
    const attack = recordOf(combat.attack);
    for (const [name, formula] of Object.entries(recordOf(attack.reads))) addRead(name, formula);
    for (const hero of arrayOf(doc.heroes)) for (const [name, formula] of Object.entries(recordOf(recordOf(recordOf(hero).weapon).reads))) addRead(name, formula);
    this.attackCheck = stringOf(attack.check);
    this.consequencesRoll = stringOf(recordOf(combat.consequences).roll);

    for (const condition of arrayOf(doc.conditions)) {
      const c = recordOf(condition);
      for (const name of Object.keys(recordOf(c.mods))) this.mods.set(name, NUMBER);
      for (const against of arrayOf(c.against)) for (const name of Object.keys(recordOf(recordOf(against).mods))) this.mods.set(name, NUMBER);
    }
    for (const ability of arrayOf(doc.abilities)) {
      const a = recordOf(ability);
      const id = stringOf(a.id);
      if (id && (a.uses === 'reaction' || isRecord(a.react))) this.reactions.set(id, BOOLEAN);
    }
    for (const [id, check] of Object.entries(recordOf(doc.checks))) {
      const roll = stringOf(recordOf(check).roll);
      if (roll) this.checkRolls.set(id, roll);
      const vs = recordOf(check).vs;
      if (isRecord(vs)) {
        const ids = [vs.check, ...arrayOf(vs.prefer).map((p) => recordOf(p).check)].filter((x): x is string => typeof x === 'string');
        this.checkVs.set(id, ids);
      }
    }
  }

  /** The table for a formula field: its context, narrowed by where it sits (a function's parameters, a check's tags). */
  tableFor(context: FormulaContext, pointer: string): SymbolTable {
    const key = this.tableKeyOf(context, pointer);
    let table = this.tables.get(key);
    if (!table) {
      table = this.buildTable(context, key);
      this.tables.set(key, table);
    }
    return table;
  }

  /** Symbols for the formula at a pointer, or undefined when that place is not a formula field (editor completions). */
  symbolsForPointer(pointer: string, document: unknown = this.document): SymbolTable | undefined {
    // The document given wins: these symbols may have been built from an earlier text with the same names.
    const schema = schemaForPointer(document, pointer);
    const context = schema?.['x-formula'];
    if (!context || !(context in CONTEXTS)) return undefined;
    return this.tableFor(context as FormulaContext, pointer);
  }

  tableKeyOf(context: FormulaContext, pointer: string): string {
    // Most contexts do not depend on the place: only split the pointer when the key needs it.
    if (context !== 'function' && context !== 'check.outcome' && context !== 'check.gain' && !(context.endsWith('damage') && pointer.startsWith('/abilities/'))) {
      return context.endsWith('damage') ? `${context}\u0000${this.attackCheck ?? ''}` : context;
    }
    const segments = pointerSegments(pointer);
    const doc = recordOf(this.document);
    switch (context) {
      case 'function':
        return `function\u0000${segments[1] ?? ''}`;
      case 'check.outcome':
      case 'check.gain':
        return segments[0] === 'checks' ? `${context}\u0000${segments[1] ?? ''}` : `${context}\u0000@consequences`;
      case 'attack.damage':
      case 'ability.damage':
      case 'template.damage': {
        let check = this.attackCheck;
        if (segments[0] === 'abilities') {
          const ability = recordOf(arrayOf(doc.abilities)[Number(segments[1])]);
          check = stringOf(recordOf(ability.attack).check) ?? check;
        }
        return `${context}\u0000${check ?? ''}`;
      }
      default:
        return context;
    }
  }

  private rollFacts(entries: Map<string, SymbolInfo>, rollText: string | undefined): void {
    entries.set('natural', { type: 'number', label: 'natural' });
    entries.set('roll.high', NUMBER);
    entries.set('roll.low', NUMBER);
    entries.set('roll.dice', LIST);
    for (const tag of rollTags(rollText)) {
      entries.set(`roll.${tag}`, { type: 'number', label: tag });
      entries.set(`roll.${tag}.faces`, LIST);
    }
  }

  /** An opposed check's outcomes read the defender's roll: `@vs.total`, `@vs.natural`, `@vs.roll.*` (its checks' tags). */
  private opposedFacts(entries: Map<string, SymbolInfo>, checks: readonly string[]): void {
    entries.set('vs.total', { type: 'number', label: 'their total' });
    entries.set('vs.natural', { type: 'number', label: 'their natural' });
    entries.set('vs.degree', NUMBER);
    entries.set('vs.outcome', STRING);
    entries.set('vs.crit', BOOLEAN);
    entries.set('vs.roll.high', NUMBER);
    entries.set('vs.roll.low', NUMBER);
    entries.set('vs.roll.dice', LIST);
    for (const id of checks) {
      for (const tag of rollTags(this.checkRolls.get(id))) {
        entries.set(`vs.roll.${tag}`, { type: 'number', label: tag });
        entries.set(`vs.roll.${tag}.faces`, LIST);
      }
    }
  }

  private buildTable(context: FormulaContext, key: string): ContextTable {
    const [, detail = ''] = key.split('\u0000');
    const entries = new Map<string, SymbolInfo>();
    const prefixed: [string, ReadonlyMap<string, SymbolInfo>][] = [];
    const sheet = (): void => this.sheet.forEach((info, name) => entries.set(name, info));
    const rollContext = (): void => {
      sheet();
      this.reads.forEach((info, name) => entries.set(name, info));
      entries.set('stat', { type: 'number', label: 'stat' });
      entries.set('edge', NUMBER);
      this.mods.forEach((info, name) => entries.set(`mods.${name}`, info));
      prefixed.push(['target', this.sheet]);
    };
    switch (context) {
      case 'sheet':
      case 'class':
      case 'defence':
      case 'ability.dc':
      case 'heal':
        sheet();
        break;
      case 'template':
        sheet();
        entries.set('tier', { type: 'number', label: 'Tier', range: [this.tiers.min, this.tiers.max] });
        entries.set('role', STRING);
        break;
      case 'function':
        for (const param of this.functions.get(detail)?.params ?? []) entries.set(param, { type: 'any' });
        break;
      case 'check.roll':
        rollContext();
        break;
      case 'check.outcome':
      case 'check.gain':
        rollContext();
        entries.set('total', { type: 'number', label: 'total' });
        entries.set('vs', { type: 'number', label: 'vs' });
        this.rollFacts(entries, detail === '@consequences' ? this.consequencesRoll : this.checkRolls.get(detail));
        if (detail !== '@consequences' && this.checkVs.has(detail)) this.opposedFacts(entries, this.checkVs.get(detail)!);
        if (context === 'check.gain') {
          entries.set('degree', NUMBER);
          entries.set('outcome', STRING);
          entries.set('crit', BOOLEAN);
        }
        break;
      case 'template.damage':
      case 'attack.damage':
      case 'ability.damage':
        // A template's damage reads what any attack damage reads, and its tier and role.
        if (context === 'template.damage') {
          entries.set('tier', { type: 'number', label: 'Tier', range: [this.tiers.min, this.tiers.max] });
          entries.set('role', STRING);
        }
        sheet();
        this.reads.forEach((info, name) => entries.set(name, info));
        entries.set('stat', { type: 'number', label: 'stat' });
        this.rollFacts(entries, this.checkRolls.get(detail));
        entries.set('outcome', STRING);
        entries.set('crit', BOOLEAN);
        entries.set('degree', NUMBER);
        entries.set('attack.targets', { type: 'number', label: 'targets', range: [1, 1000] });
        entries.set('attack.hits', { type: 'number', label: 'hits before', range: [0, 1000] });
        break;
      case 'damage.step':
        entries.set('damage', { type: 'number', label: 'damage' });
        entries.set('damageType', STRING);
        entries.set('crit', BOOLEAN);
        entries.set('attack.melee', BOOLEAN);
        this.reactions.forEach((info, id) => entries.set(`reaction.${id}`, info));
        prefixed.push(['attacker', this.sheet], ['target', this.sheet]);
        break;
      case 'sustain.dc':
      case 'condition.dc':
        sheet();
        entries.set('damage', { type: 'number', label: 'damage' });
        prefixed.push(['source', this.sheet]);
        break;
      case 'clock':
        sheet();
        entries.set('clock', { type: 'number', label: 'clock' });
        entries.set('clock.next', { type: 'number', label: 'next tick' });
        entries.set('initiative', { type: 'number', label: 'initiative' });
        entries.set('action.speed', { type: 'number', label: 'speed' });
        break;
      case 'targeting':
        sheet();
        entries.set('attack.melee', BOOLEAN);
        prefixed.push(['attacker', this.sheet], ['target', this.sheet]);
        break;
      case 'encounter':
        entries.set('tier', { type: 'number', label: 'Tier' });
        entries.set('role', STRING);
        entries.set('challenge', { type: 'number', label: 'Challenge' });
        entries.set('party.size', { type: 'number', label: 'Party size', range: [1, 1000] });
        entries.set('party.level', { type: 'number', label: 'Party level' });
        break;
      case 'reaction':
        sheet();
        entries.set('damageType', STRING);
        entries.set('attack.melee', BOOLEAN);
        prefixed.push(['attacker', this.sheet]);
        break;
      case 'card':
        sheet();
        entries.set('id', { type: 'string', label: 'its id' });
        entries.set('event.amount', { type: 'number', label: 'amount' });
        entries.set('event.source', STRING);
        entries.set('event.target', STRING);
        entries.set('event.type', STRING);
        break;
      case 'order':
        sheet();
        entries.set('total', NUMBER);
        entries.set('vs', NUMBER);
        entries.set('damage', NUMBER);
        entries.set('degree', NUMBER);
        this.rollFacts(entries, undefined);
        prefixed.push(['target', this.sheet]);
        break;
    }
    return new ContextTable(entries, prefixed, this.functions, (path) => this.explainUnknown(context, path));
  }

  /** For a name unknown in `context`: where it IS readable ("`@tier` is only readable in enemy templates"). */
  explainUnknown(context: FormulaContext, path: string): string | undefined {
    const places: FormulaContext[] = [];
    for (const other of FORMULA_CONTEXTS) {
      if (other === context || other === 'function') continue;
      const table = this.tableFor(other, other === 'check.outcome' || other === 'check.gain' ? '/checks/' : '');
      if (table.lookup(path)) places.push(other);
    }
    // Readable in the whole template: no need to name its damage too.
    if (places.includes('template')) places.splice(places.indexOf('template.damage'), places.includes('template.damage') ? 1 : 0);
    if (places.length === 0) {
      const head = path.split('.')[0] ?? path;
      if (head === 'mods') return `no condition declares a mod \`${path.slice(5)}\` (conditions' \`mods\` name them)`;
      if (head === 'reaction') return `no reaction ability has the id \`${path.slice(9)}\``;
      if (head === 'roll') return `\`@${path}\` needs a tagged term in the check's roll, like \`d12[${path.slice(5) || 'Tag'}]\``;
      return undefined;
    }
    const shown = places.slice(0, 3).map((c) => CONTEXTS[c].where).join('; ');
    return `\`@${path}\` is only readable in ${shown}${places.length > 3 ? '; ...' : ''}`;
  }
}
