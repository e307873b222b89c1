// Meaning checks the schema cannot express: ids that name nothing, ids used twice, cycles among derived values,
// names of attributes, tracks, classes that do not exist, a combat mode without its section, attribute values outside
// the attribute's own `min`/`max` or, for a `whole` attribute, not whole.
// Runs on whatever shape the document has (defensively); the schema reports wrong shapes.
import type { Severity } from '../formula/types';
import { parseFormula } from '../formula/parse';
import { walkGraph } from '../formula/graph';
import { eachNode } from '../formula/nodes';
import type { FormulaNode, SymbolTable } from '../formula/types';
import { describePointer, escapePointerSegment } from './json';
import { closest, type Anchor } from './schema-errors';
import { tierRangeOf } from './tiers';
import { checkReservedNames } from './reserved';
import { declaredLists } from './lists';
import { rollTags } from './symbols';
import { checkCards } from './cards';
import { checkMapRefs } from './map-refs';

export interface MeaningProblem {
  readonly pointer: string;
  readonly anchor: Anchor;
  readonly message: string;
  readonly code: string;
  readonly severity: Severity;
  /** `formula` for problems of formulas as a whole (a cycle among derived values), else `schema`. */
  readonly source: 'schema' | 'formula';
}

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const recordOf = (v: unknown): Rec => (isRecord(v) ? v : {});
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const p = escapePointerSegment;

/**
 * The tier range check: a context that reads `@tier` with a range (a template's fields: the system's `tiers`, as
 * its symbol table says) is built at every tier of it, so its formulas are checked at each (checkAtEveryValue in
 * engine/formula/every-value.ts): a template default `d(@tier)r1!` is an error at tiers 1 and 2, where the loader
 * refuses it, not only when a fight is loaded.
 */
export function tierSweep(table: SymbolTable): { readonly everyValueOf?: readonly string[] } {
  return table.lookup('tier')?.range === undefined ? {} : { everyValueOf: ['tier'] };
}

/** Actions an ability may use besides the turn's own. */
const SPECIAL_USES = ['reaction', 'free'];
/** Steps of a scripted turn besides ability ids. */
const PLAN_WORDS = ['attack'];

class MeaningChecker {
  readonly problems: MeaningProblem[] = [];
  private readonly doc: Rec;
  readonly checkIds: Set<string>;
  readonly conditionIds: Set<string>;
  readonly abilityIds: Set<string>;
  readonly trackIds: Set<string>;
  readonly attributeIds: Set<string>;
  readonly actionIds: Set<string>;
  readonly classIds: Set<string>;
  readonly heroIds: Set<string>;
  readonly creatureIds: Set<string>;
  readonly roles: Set<string>;
  /** The lists the system declares (`lists`), which a hero's, weapon's or template's `lists` may fill. */
  readonly listIds: Set<string>;

  constructor(document: unknown) {
    this.doc = recordOf(document);
    const d = this.doc;
    this.checkIds = new Set(Object.keys(recordOf(d.checks)));
    this.attributeIds = new Set(Object.keys(recordOf(d.attributes)));
    this.trackIds = new Set(Object.keys(recordOf(d.tracks)));
    this.classIds = new Set(Object.keys(recordOf(d.classes)));
    this.conditionIds = this.idsOf(d.conditions, '/conditions', 'condition');
    this.abilityIds = this.idsOf(d.abilities, '/abilities', 'ability');
    this.heroIds = this.idsOf(d.heroes, '/heroes', 'hero');
    this.creatureIds = this.idsOf(d.bestiary, '/bestiary', 'creature');
    this.idsOf(d.fights, '/fights', 'fight');
    this.actionIds = this.idsOf(recordOf(d.turn).actions, '/turn/actions', 'action');
    this.listIds = new Set(declaredLists(d).map((l) => l.name));
    this.roles = new Set();
    arrayOf(d.templates).forEach((t, i) => {
      const role = recordOf(t).role;
      if (typeof role !== 'string') return;
      if (this.roles.has(role)) this.error(`/templates/${i}/role`, 'value', 'duplicate-id', `a template for the role \`${role}\` is already defined; each role has one template`);
      this.roles.add(role);
    });
  }

  /** A fight's template tier inside the system's `tiers` (1..6 by default), worded as the schema words a bound. */
  private tier(value: unknown, pointer: string): void {
    if (typeof value !== 'number' || !Number.isInteger(value)) return; // the schema says what a tier must be
    const { min, max } = tierRangeOf(this.doc);
    const where = `\`${describePointer(pointer)}\``;
    if (value < min) this.error(pointer, 'value', 'range', `${where} must be at least ${min}; got ${value}${this.tiersNote()}`);
    else if (value > max) this.error(pointer, 'value', 'range', `${where} must be at most ${max}; got ${value}${this.tiersNote()}`);
  }

  /** Where a tier bound comes from, when the system sets it (the default's message stays the schema's own). */
  private tiersNote(): string {
    return isRecord(this.doc.tiers) ? ' (the system\'s `tiers`)' : '';
  }

  private error(pointer: string, anchor: Anchor, code: string, message: string, severity: Severity = 'error'): void {
    this.problems.push({ pointer, anchor, code, message, severity, source: code === 'cycle' ? 'formula' : 'schema' });
  }

  /** Ids of a list of objects, reporting duplicates at the second `id`. */
  private idsOf(list: unknown, pointer: string, what: string): Set<string> {
    const ids = new Set<string>();
    arrayOf(list).forEach((item, i) => {
      const id = recordOf(item).id;
      if (typeof id !== 'string') return;
      if (ids.has(id)) this.error(`${pointer}/${i}/id`, 'value', 'duplicate-id', `the ${what} id \`${id}\` is used twice in \`${describePointer(pointer)}\``);
      ids.add(id);
    });
    return ids;
  }

  /** Reports `value` (at `pointer`) unless it is one of `known`. */
  ref(value: unknown, pointer: string, known: ReadonlySet<string>, what: string, where: string, extra: readonly string[] = []): void {
    if (typeof value !== 'string' || known.has(value) || extra.includes(value)) return;
    const candidates = [...known, ...extra];
    const guess = closest(value, candidates);
    const hint = guess ? `; did you mean \`${guess}\`?` : candidates.length === 0 ? ` (there are no ${what}s yet: add them under \`${where}\`)` : '';
    this.error(pointer, 'value', 'unknown-id', `unknown ${what} \`${value}\` in \`${describePointer(pointer)}\`${hint}`);
  }

  refs(list: unknown, pointer: string, known: ReadonlySet<string>, what: string, where: string, extra: readonly string[] = []): void {
    arrayOf(list).forEach((v, i) => this.ref(v, `${pointer}/${i}`, known, what, where, extra));
  }

  /** Keys of an object that must name known things (hero attributes, template tracks). */
  keys(object: unknown, pointer: string, known: ReadonlySet<string>, what: string, where: string, severity: Severity = 'error'): void {
    // A section that is itself broken (`attributes` given as a list) is reported once, by the schema.
    const section = this.doc[where];
    if ((section !== undefined || where === 'attributes') && !isRecord(section)) return;
    for (const key of Object.keys(recordOf(object))) {
      if (known.has(key)) continue;
      const guess = closest(key, known);
      this.error(`${pointer}/${p(key)}`, 'key', 'unknown-id', `unknown ${what} \`${key}\` in \`${describePointer(pointer)}\`${guess ? `; did you mean \`${guess}\`?` : known.size === 0 ? ` (there are no ${what}s: add them under \`${where}\`)` : ''}`, severity);
    }
  }

  /** An enemy's standing orders name its own abilities (the system's by id, or its own written inline). */
  private enemyOrders(enemy: Rec, at: string): void {
    const own = new Set(arrayOf(enemy.abilities).map((a) => (typeof a === 'string' ? a : recordOf(a).id)).filter((x): x is string => typeof x === 'string'));
    arrayOf(enemy.orders).forEach((o, j) => {
      const use = recordOf(o).use;
      if (typeof use !== 'string' || own.has(use)) return;
      const guess = closest(use, own);
      this.error(`${at}/orders/${j}/use`, 'value', 'not-owned', `this order uses \`${use}\`, which is not among its \`abilities\`${guess ? `; did you mean \`${guess}\`?` : ''}`);
    });
  }

  check(value: unknown, pointer: string): void {
    this.ref(value, pointer, this.checkIds, 'check', 'checks');
  }

  /**
   * The attributes' own bounds (`attributes.<id>.min`, `.max`, `.whole`): a number written on a sheet (a hero's, a
   * creature's, an attribute's default) outside them is reported where it is written. Formulas (templates) are not
   * judged here.
   */
  attributeValues(object: unknown, pointer: string): void {
    for (const [key, value] of Object.entries(recordOf(object))) this.attributeValue(key, value, `${pointer}/${p(key)}`);
  }

  private attributeValue(id: string, value: unknown, pointer: string): void {
    if (typeof value !== 'number') return;
    const bounds = recordOf(recordOf(this.doc.attributes)[id]);
    const { min, max } = bounds;
    // Bounds that contradict each other are reported once, at `max`, not at every value.
    if (typeof min === 'number' && typeof max === 'number' && min > max) return;
    const name = typeof bounds.name === 'string' ? ` (${bounds.name})` : '';
    if (bounds.whole === true && !Number.isInteger(value)) {
      this.error(pointer, 'value', 'out-of-range', `\`${id}\`${name} is ${value} here, but only whole numbers are allowed (\`attributes.${id}.whole\`)`);
    } else if (typeof min === 'number' && value < min) {
      this.error(pointer, 'value', 'out-of-range', `\`${id}\`${name} is ${value} here, below its lowest allowed value ${min} (\`attributes.${id}.min\`)`);
    } else if (typeof max === 'number' && value > max) {
      this.error(pointer, 'value', 'out-of-range', `\`${id}\`${name} is ${value} here, above its highest allowed value ${max} (\`attributes.${id}.max\`)`);
    }
  }

  /** An opposed check's `vs`: the defender's checks exist and are not opposed themselves; a defender's check has no `counter`. */
  private opposed(id: string, check: Rec): void {
    const at = `/checks/${p(id)}`;
    const checks = recordOf(this.doc.checks);
    const vs = check.vs;
    if (isRecord(vs)) {
      const named: [unknown, string][] = [[vs.check, `${at}/vs/check`], ...arrayOf(vs.prefer).map((x, i): [unknown, string] => [recordOf(x).check, `${at}/vs/prefer/${i}/check`])];
      for (const [ref, pointer] of named) {
        this.check(ref, pointer);
        if (typeof ref === 'string' && isRecord(recordOf(checks[ref]).vs)) {
          this.error(pointer, 'value', 'opposed-chain', `the defender's check \`${ref}\` is itself opposed (\`checks.${ref}.vs\`): a defender's roll cannot call for another roll`);
        }
      }
      return;
    }
    // Without a `vs`, a counter is the defender striking back off the same roll (one throw decides both sides); a
    // defender's own check (named by another's `vs`) never decides the blow, so a counter there does nothing.
    const rolledBy = Object.entries(checks).find(([, other]) => {
      const ovs = recordOf(other).vs;
      return isRecord(ovs) && (ovs.check === id || arrayOf(ovs.prefer).some((x) => recordOf(x).check === id));
    });
    if (!rolledBy) return;
    arrayOf(check.outcomes).forEach((o, i) => {
      if (recordOf(o).counter === true) this.error(`${at}/outcomes/${i}/counter`, 'value', 'counter-without-vs', `a \`counter\` outcome of a defender's check does nothing: this check is the defender's roll of \`checks.${rolledBy[0]}.vs\`, whose own outcomes decide the blow`, 'warning');
    });
  }

  track(value: unknown, pointer: string): void {
    this.ref(value, pointer, this.trackIds, 'track', 'tracks');
  }

  gains(list: unknown, pointer: string): void {
    arrayOf(list).forEach((g, i) => this.track(recordOf(g).track, `${pointer}/${i}/track`));
  }

  outcomes(list: unknown, pointer: string): void {
    const ids = new Set<string>();
    arrayOf(list).forEach((o, i) => {
      const outcome = recordOf(o);
      const at = `${pointer}/${i}`;
      if (typeof outcome.id === 'string') {
        if (ids.has(outcome.id)) this.error(`${at}/id`, 'value', 'duplicate-id', `the outcome id \`${outcome.id}\` is used twice in \`${describePointer(pointer)}\``);
        ids.add(outcome.id);
      }
      this.refs(outcome.applies, `${at}/applies`, this.conditionIds, 'condition', 'conditions');
      this.refs(outcome.inflicts, `${at}/inflicts`, this.conditionIds, 'condition', 'conditions');
      this.refs(outcome.removes, `${at}/removes`, this.conditionIds, 'condition', 'conditions');
      this.refs(outcome.removesOwn, `${at}/removesOwn`, this.conditionIds, 'condition', 'conditions');
      this.gains(outcome.gain, `${at}/gain`);
    });
  }

  /**
   * A partial reroll's `keep[].tag` names a tagged term of a roll it answers (`react.checks`, else every check):
   * a tag no such roll has would keep nothing, silently.
   */
  private keepTags(react: Rec, at: string): void {
    const keep = arrayOf(react.keep);
    if (keep.length === 0) return;
    if (react.on !== 'roll') {
      this.error(`${at}/keep`, 'key', 'keep-not-roll', '`keep` is a partial reroll after the holder\'s own roll: it needs `"on": "roll"`');
      return;
    }
    const checks = recordOf(this.doc.checks);
    const answered = Array.isArray(react.checks) ? react.checks.filter((c): c is string => typeof c === 'string') : Object.keys(checks);
    const tags = new Set(answered.flatMap((id) => rollTags(typeof recordOf(checks[id]).roll === 'string' ? recordOf(checks[id]).roll as string : undefined)));
    keep.forEach((k, j) => {
      const tag = recordOf(k).tag;
      if (typeof tag !== 'string' || tags.has(tag)) return;
      const known = [...tags].sort();
      const hint = closest(tag, known);
      this.error(`${at}/keep/${j}/tag`, 'value', 'unknown-tag',
        `no roll this reroll answers has a term tagged \`${tag}\`${hint ? `; did you mean \`${hint}\`?` : known.length ? ` (tags: ${known.map((t) => `\`${t}\``).join(', ')})` : ' (they have no tagged terms: tag one, `(@body)d6[Base]`)'}`);
    });
  }

  ability(a: Rec, at: string): void {
    this.ref(a.uses, `${at}/uses`, this.actionIds, 'action', 'turn.actions', SPECIAL_USES);
    arrayOf(a.cost).forEach((c, j) => {
      if (recordOf(c).track !== undefined) this.track(recordOf(c).track, `${at}/cost/${j}/track`);
    });
    this.gains(a.gain, `${at}/gain`);
    this.check(recordOf(a.react).check, `${at}/react/check`);
    arrayOf(recordOf(a.react).checks).forEach((c, j) => this.check(c, `${at}/react/checks/${j}`));
    this.keepTags(recordOf(a.react), `${at}/react`);
    this.check(recordOf(a.save).check, `${at}/save/check`);
    this.check(recordOf(a.attack).check, `${at}/attack/check`);
    this.check(recordOf(a.challenge).check, `${at}/challenge/check`);
    this.refs(a.applies, `${at}/applies`, this.conditionIds, 'condition', 'conditions');
    this.refs(a.removes, `${at}/removes`, this.conditionIds, 'condition', 'conditions');
    this.refs(a.holding, `${at}/holding`, this.conditionIds, 'condition', 'conditions');
    this.track(recordOf(a.heal).track, `${at}/heal/track`);
    arrayOf(a.grants).forEach((g, j) => this.ref(recordOf(g).action, `${at}/grants/${j}/action`, this.actionIds, 'action', 'turn.actions'));
    const recharge = recordOf(a.recharge);
    const die = typeof recharge.die === 'number' ? recharge.die : 6;
    if (typeof recharge.min === 'number' && recharge.min > die) {
      this.error(`${at}/recharge/min`, 'value', 'out-of-range', `recharge min ${recharge.min} is more than the d${die} can show: it would never recharge`);
    }
  }

  creatureAttacks(attacks: unknown, multiattack: unknown, at: string): void {
    const ids = new Set<string>();
    arrayOf(attacks).forEach((x, j) => {
      const attack = recordOf(x);
      if (typeof attack.id === 'string') {
        if (ids.has(attack.id)) this.error(`${at}/attacks/${j}/id`, 'value', 'duplicate-id', `the attack id \`${attack.id}\` is used twice in \`${describePointer(`${at}/attacks`)}\``);
        ids.add(attack.id);
      }
      this.refs(attack.applies, `${at}/attacks/${j}/applies`, this.conditionIds, 'condition', 'conditions');
      this.check(recordOf(attack.save).check, `${at}/attacks/${j}/save/check`);
    });
    arrayOf(multiattack).forEach((m, j) => this.ref(m, `${at}/multiattack/${j}`, ids, 'attack', `${describePointer(at)}.attacks`));
  }

  run(): void {
    const d = this.doc;
    const combat = recordOf(d.combat);
    const turn = recordOf(d.turn);

    for (const [id, a] of Object.entries(recordOf(d.attributes))) {
      const { min, max } = recordOf(a);
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        this.error(`/attributes/${p(id)}/max`, 'value', 'out-of-range', `the highest allowed value of \`${id}\` (${max}) is below its lowest (${min})`);
      } else this.attributeValue(id, recordOf(a).default, `/attributes/${p(id)}/default`);
    }

    for (const [id, check] of Object.entries(recordOf(d.checks))) this.outcomes(recordOf(check).outcomes, `/checks/${p(id)}/outcomes`);
    for (const [id, check] of Object.entries(recordOf(d.checks))) this.opposed(id, recordOf(check));

    if (isRecord(d.combat)) {
      if (combat.mode === 'numbers' && !isRecord(combat.attack)) this.error('/combat', 'object', 'missing-section', '`combat.mode` is `numbers` but there is no `combat.attack` (which check, what damage, what defence)');
      if (combat.mode === 'consequences' && !isRecord(combat.consequences)) this.error('/combat', 'object', 'missing-section', '`combat.mode` is `consequences` but there is no `combat.consequences`');
    }
    this.check(recordOf(combat.attack).check, '/combat/attack/check');
    this.check(recordOf(combat.sustain).check, '/combat/sustain/check');
    this.check(recordOf(recordOf(combat.death).save).check, '/combat/death/save/check');
    const consequences = recordOf(combat.consequences);
    this.outcomes(consequences.outcomes, '/combat/consequences/outcomes');
    this.track(recordOf(consequences.harm).track, '/combat/consequences/harm/track');
    if (consequences.defaultPosition !== undefined) {
      this.ref(consequences.defaultPosition, '/combat/consequences/defaultPosition', new Set(Object.keys(recordOf(consequences.position))), 'position', 'combat.consequences.position');
    }
    const steps = new Set<string>();
    arrayOf(recordOf(combat.damage).steps).forEach((s, i) => {
      const id = recordOf(s).id;
      if (typeof id !== 'string') return;
      if (steps.has(id)) this.error(`/combat/damage/steps/${i}/id`, 'value', 'duplicate-id', `the damage step id \`${id}\` is used twice in \`combat.damage.steps\``);
      steps.add(id);
    });
    const apply = recordOf(recordOf(combat.damage).apply);
    arrayOf(apply.tracks).forEach((t, i) => this.track(recordOf(t).track, `/combat/damage/apply/tracks/${i}/track`));
    arrayOf(apply.conditions).forEach((c, i) => {
      const rule = recordOf(c);
      this.ref(rule.apply, `/combat/damage/apply/conditions/${i}/apply`, this.conditionIds, 'condition', 'conditions');
      this.ref(rule.remove, `/combat/damage/apply/conditions/${i}/remove`, this.conditionIds, 'condition', 'conditions');
    });

    this.check(recordOf(turn.initiative).check, '/turn/initiative/check');
    if (isRecord(turn.initiative) && turn.initiative.check === undefined && turn.initiative.deck === undefined) {
      this.error('/turn/initiative', 'object', 'required', '`turn.initiative` needs a `check` to roll or a `deck` to deal');
    }
    this.refs(recordOf(recordOf(recordOf(turn.initiative).deck).joker).applies, '/turn/initiative/deck/joker/applies', this.conditionIds, 'condition', 'conditions');
    this.gains(recordOf(turn.clock).again, '/turn/clock/again');
    // A held action waits on the clock's ticks: without `turn.clock` it can only end the turn.
    if (turn.clock === undefined) {
      arrayOf(turn.actions).forEach((a, i) => {
        if (recordOf(a).defer === true) this.error(`/turn/actions/${i}/defer`, 'value', 'defer-without-clock', 'a held action (`defer`) acts again later on the tick, which needs `turn.clock`; without a clock it only ends the turn', 'warning');
      });
    }

    arrayOf(d.conditions).forEach((c, i) => {
      const condition = recordOf(c);
      this.refs(condition.checks, `/conditions/${i}/checks`, this.checkIds, 'check', 'checks');
      arrayOf(condition.against).forEach((a, j) => this.refs(recordOf(a).checks, `/conditions/${i}/against/${j}/checks`, this.checkIds, 'check', 'checks'));
      this.check(recordOf(condition.save).check, `/conditions/${i}/save/check`);
    });
    arrayOf(d.abilities).forEach((a, i) => this.ability(recordOf(a), `/abilities/${i}`));

    arrayOf(d.templates).forEach((t, i) => {
      const template = recordOf(t);
      this.keys(template.attributes, `/templates/${i}/attributes`, this.attributeIds, 'attribute', 'attributes');
      this.keys(template.tracks, `/templates/${i}/tracks`, this.trackIds, 'track', 'tracks');
      this.keys(template.lists, `/templates/${i}/lists`, this.listIds, 'list', 'lists');
      arrayOf(template.abilities).forEach((a, j) => {
        if (typeof a === 'string') this.ref(a, `/templates/${i}/abilities/${j}`, this.abilityIds, 'ability', 'abilities');
        else if (isRecord(a)) this.ability(a, `/templates/${i}/abilities/${j}`);
      });
      this.enemyOrders(template, `/templates/${i}`);
    });

    arrayOf(d.bestiary).forEach((c, i) => {
      const creature = recordOf(c);
      const at = `/bestiary/${i}`;
      this.keys(creature.attributes, `${at}/attributes`, this.attributeIds, 'attribute', 'attributes');
      this.attributeValues(creature.attributes, `${at}/attributes`);
      this.keys(creature.tracks, `${at}/tracks`, this.trackIds, 'track', 'tracks');
      this.keys(creature.saves, `${at}/saves`, this.checkIds, 'check', 'checks');
      this.creatureAttacks(creature.attacks, creature.multiattack, at);
      arrayOf(creature.abilities).forEach((a, j) => {
        if (typeof a === 'string') this.ref(a, `${at}/abilities/${j}`, this.abilityIds, 'ability', 'abilities');
        else if (isRecord(a)) this.ability(a, `${at}/abilities/${j}`);
      });
      this.enemyOrders(creature, at);
    });

    arrayOf(d.heroes).forEach((h, i) => {
      const hero = recordOf(h);
      const at = `/heroes/${i}`;
      this.keys(hero.attributes, `${at}/attributes`, this.attributeIds, 'attribute', 'attributes');
      this.attributeValues(hero.attributes, `${at}/attributes`);
      this.keys(hero.classes, `${at}/classes`, this.classIds, 'class', 'classes');
      this.keys(hero.tracks, `${at}/tracks`, this.trackIds, 'track', 'tracks');
      this.keys(hero.lists, `${at}/lists`, this.listIds, 'list', 'lists');
      this.keys(recordOf(hero.weapon).lists, `${at}/weapon/lists`, this.listIds, 'list', 'lists');
      this.refs(hero.abilities, `${at}/abilities`, this.abilityIds, 'ability', 'abilities');
      this.refs(hero.conditions, `${at}/conditions`, this.conditionIds, 'condition', 'conditions');
      this.refs(hero.plan, `${at}/plan`, this.abilityIds, 'ability', 'abilities', PLAN_WORDS);
      const own = new Set(arrayOf(hero.abilities).filter((x): x is string => typeof x === 'string'));
      const ownAllKnown = [...own].every((id) => this.abilityIds.has(id));
      arrayOf(hero.orders).forEach((o, j) => {
        const use = recordOf(o).use;
        if (typeof use !== 'string') return;
        if (!this.abilityIds.has(use)) this.ref(use, `${at}/orders/${j}/use`, this.abilityIds, 'ability', 'abilities');
        else if (!own.has(use) && ownAllKnown) this.error(`${at}/orders/${j}/use`, 'value', 'not-owned', `this order uses \`${use}\`, which is not among the hero's \`abilities\``, 'warning');
      });
    });

    arrayOf(d.fights).forEach((f, i) => {
      const fight = recordOf(f);
      const at = `/fights/${i}`;
      const inFight = new Set<string>();
      let entriesKnown = true;
      arrayOf(fight.heroes).forEach((h, j) => {
        if (typeof h === 'string') {
          if (!this.heroIds.has(h)) entriesKnown = false;
          this.ref(h, `${at}/heroes/${j}`, this.heroIds, 'hero', 'heroes');
          inFight.add(h);
        } else if (isRecord(h)) {
          if (typeof h.hero !== 'string' || !this.heroIds.has(h.hero)) entriesKnown = false;
          this.ref(h.hero, `${at}/heroes/${j}/hero`, this.heroIds, 'hero', 'heroes');
          if (typeof h.hero === 'string') inFight.add(h.hero);
          this.refs(h.conditions, `${at}/heroes/${j}/conditions`, this.conditionIds, 'condition', 'conditions');
          this.refs(h.plan, `${at}/heroes/${j}/plan`, this.abilityIds, 'ability', 'abilities', PLAN_WORDS);
        } else entriesKnown = false;
      });
      arrayOf(fight.enemies).forEach((e, j) => {
        const enemy = recordOf(e);
        const entry = `${at}/enemies/${j}`;
        if (typeof enemy.id === 'string') inFight.add(enemy.id);
        this.ref(recordOf(enemy.template).role, `${entry}/template/role`, this.roles, 'template role', 'templates');
        this.tier(recordOf(enemy.template).tier, `${entry}/template/tier`);
        this.ref(enemy.bestiary, `${entry}/bestiary`, this.creatureIds, 'creature', 'bestiary');
        this.refs(enemy.conditions, `${entry}/conditions`, this.conditionIds, 'condition', 'conditions');
        if (enemy.pinned !== undefined) {
          const pinned = recordOf(enemy.pinned);
          if (enemy.template === undefined) this.error(`${entry}/pinned`, 'key', 'pinned-without-template', 'a pinned sheet keeps a template enemy\'s numbers: this entry has no `template`');
          this.keys(pinned.attributes, `${entry}/pinned/attributes`, this.attributeIds, 'attribute', 'attributes');
          this.keys(pinned.tracks, `${entry}/pinned/tracks`, this.trackIds, 'track', 'tracks');
        }
        const numbers = recordOf(enemy.numbers);
        if (isRecord(enemy.numbers)) {
          this.creatureAttacks(numbers.attacks, numbers.multiattack, `${entry}/numbers`);
          this.attributeValues(numbers.attributes, `${entry}/numbers/attributes`);
        }
      });
      // Positions are checked once every entry names someone known (else the entry's own error says it).
      for (const key of entriesKnown ? Object.keys(recordOf(fight.positions)) : []) {
        if (!inFight.has(key)) this.error(`${at}/positions/${p(key)}`, 'key', 'unknown-id', `\`${key}\` is not a hero or enemy id of this fight${closest(key, inFight) ? `; did you mean \`${closest(key, inFight)}\`?` : ''}`);
      }
      if (fight.position !== undefined) this.ref(fight.position, `${at}/position`, new Set(Object.keys(recordOf(consequences.position))), 'position', 'combat.consequences.position');
      if (fight.effect !== undefined) this.ref(fight.effect, `${at}/effect`, new Set(Object.keys(recordOf(consequences.effect))), 'effect', 'combat.consequences.effect');
    });

    arrayOf(d.parties).forEach((party, i) => this.refs(recordOf(party).heroes, `/parties/${i}/heroes`, this.heroIds, 'hero', 'heroes'));

    const tiers = recordOf(d.tiers);
    if (typeof tiers.min === 'number' && typeof tiers.max === 'number' && tiers.max < tiers.min) {
      this.error('/tiers/max', 'value', 'out-of-range', `the highest tier (${tiers.max}) is below the lowest (${tiers.min})`);
    }

    // Cards (engine/schema/cards.ts): their effects' ids, and no card firing itself again. Without `turn.actions` the
    // engine's one action is `action`.
    const actions = this.actionIds.size ? this.actionIds : new Set(['action']);
    for (const c of checkCards(this.doc, { conditions: this.conditionIds, tracks: this.trackIds, actions })) this.error(c.pointer, c.anchor, c.code, c.message, c.severity);
    // Battle maps (engine/schema/map-refs.ts): the map's condition and Dash ids, dashing policies, blows' long ranges.
    for (const m of checkMapRefs(this.doc, { conditions: this.conditionIds, abilities: this.abilityIds })) this.error(m.pointer, m.anchor, m.code, m.message, m.severity);
    this.derivedCycles();
    this.problems.push(...checkReservedNames(this.doc));
  }

  /** Derived values that read each other in a circle can never be computed: name the circle. */
  private derivedCycles(): void {
    const derived = recordOf(this.doc.derived);
    const names = Object.keys(derived);
    const edges = new Map<string, string[]>();
    for (const name of names) {
      const formula = derived[name];
      if (typeof formula !== 'string') continue;
      const { ast } = parseFormula(formula);
      const reads: string[] = [];
      if (ast) collectRefs(ast, (path) => {
        const ref = path.join('.');
        if (Object.prototype.hasOwnProperty.call(derived, ref)) reads.push(ref);
      });
      edges.set(name, reads);
    }
    const reported = new Set<string>();
    walkGraph(names, (name) => edges.get(name) ?? [], {
      cycle: (path, from) => {
        const circle = path.slice(from);
        const next = circle[circle.length - 1]!;
        const key = circle.slice(0, -1).sort().join('\u0000');
        if (!reported.has(key)) {
          reported.add(key);
          this.error(`/derived/${p(next)}`, 'value', 'cycle', `derived values read each other in a circle: ${circle.map((n) => `@${n}`).join(' → ')}`);
        }
      },
    });
  }
}

export function collectRefs(node: FormulaNode, found: (path: readonly string[], node: FormulaNode) => void): void {
  eachNode(node, (n) => { if (n.kind === 'ref') found(n.path, n); });
}

export function checkMeaning(document: unknown): MeaningProblem[] {
  const checker = new MeaningChecker(document);
  checker.run();
  return checker.problems;
}
