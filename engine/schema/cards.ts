// The checker's word on cards (issue 23): what the schema cannot say. Each effect does exactly one thing and names
// known conditions, tracks and actions; card ids are unique in their list; and no card can fire itself again, alone
// or through others (a card whose effect is an event of its own trigger: damage to its holder on `damageTaken`, a
// condition put on its holder on `conditionApplied`). The loop check is a graph of cards: card A leads to card B when
// one of A's effects makes an event B fires on, for someone who may hold B. A `when` that pins `@event.type` to a
// word (`@event.type == 'poisoned'`, alone or in an `and`) fires only on that type, so an effect of another type does
// not lead to it. The engine's run-time guard (engine/sim/rules/cards.ts MAX_CARD_DEPTH) catches what this cannot see.
import type { Severity } from '../formula/types';
import type { FormulaNode } from '../formula/types';
import { parseFormula } from '../formula/parse';
import { walkGraph } from '../formula/graph';
import { describePointer } from './json';
import { closest, type Anchor } from './schema-errors';

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const recordOf = (v: unknown): Rec => (isRecord(v) ? v : {});
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export interface CardProblem {
  readonly pointer: string;
  readonly anchor: Anchor;
  readonly code: string;
  readonly message: string;
  readonly severity: Severity;
}

export interface CardNames {
  readonly conditions: ReadonlySet<string>;
  readonly tracks: ReadonlySet<string>;
  readonly actions: ReadonlySet<string>;
}

const EFFECTS = ['apply', 'remove', 'gain', 'spend', 'heal', 'damage', 'grant'] as const;

/** Who may hold a card: every combatant (the system's), one hero, or every enemy of a template or creature. */
interface Owner { readonly key: string; readonly many: boolean }

interface CardNode {
  readonly id: string;
  readonly pointer: string;
  readonly on: string;
  readonly owner: Owner;
  /** The `@event.type` its `when` pins, or null. */
  readonly pinned: string | null;
  readonly effects: readonly Rec[];
}

/** An event an effect makes: its trigger, for whom (the card's holder, someone else, or either), of what type. */
interface Made { readonly on: string; readonly who: 'self' | 'other' | 'any'; readonly type: string | null; readonly effect: number }

export function checkCards(doc: Rec, names: CardNames): CardProblem[] {
  const problems: CardProblem[] = [];
  const nodes: CardNode[] = [];
  const error = (pointer: string, code: string, message: string, anchor: Anchor = 'value'): void => {
    problems.push({ pointer, anchor, code, message, severity: 'error' });
  };
  const list = (cards: unknown, pointer: string, owner: Owner): void => {
    const ids = new Set<string>();
    arrayOf(cards).forEach((c, i) => {
      const card = recordOf(c);
      const at = `${pointer}/${i}`;
      if (typeof card.id === 'string') {
        if (ids.has(card.id)) error(`${at}/id`, 'duplicate-id', `the card id \`${card.id}\` is used twice in \`${describePointer(pointer)}\``);
        ids.add(card.id);
      }
      const effects = arrayOf(card.do).map(recordOf);
      effects.forEach((e, j) => effect(e, `${at}/do/${j}`));
      if (typeof card.id === 'string' && typeof card.on === 'string') {
        nodes.push({ id: card.id, pointer: at, on: card.on, owner, pinned: typeof card.when === 'string' ? pinnedType(card.when) : null, effects });
      }
    });
  };
  const ref = (value: unknown, pointer: string, known: ReadonlySet<string>, what: string, where: string): void => {
    if (typeof value !== 'string' || known.has(value)) return;
    const guess = closest(value, known);
    error(pointer, 'unknown-id', `unknown ${what} \`${value}\` in \`${describePointer(pointer)}\`${guess ? `; did you mean \`${guess}\`?` : known.size === 0 ? ` (there are no ${what}s yet: add them under \`${where}\`)` : ''}`);
  };
  const effect = (e: Rec, at: string): void => {
    const kinds = EFFECTS.filter((k) => e[k] !== undefined);
    if (kinds.length !== 1) {
      error(at, 'card-effect', `a card's effect does exactly one thing: one of ${EFFECTS.map((k) => `\`${k}\``).join(', ')}${kinds.length ? ` (this one has ${kinds.map((k) => `\`${k}\``).join(' and ')})` : ' (this one has none)'}`, 'object');
    }
    ref(e.apply, `${at}/apply`, names.conditions, 'condition', 'conditions');
    ref(e.remove, `${at}/remove`, names.conditions, 'condition', 'conditions');
    ref(recordOf(e.gain).track, `${at}/gain/track`, names.tracks, 'track', 'tracks');
    ref(recordOf(e.spend).track, `${at}/spend/track`, names.tracks, 'track', 'tracks');
    ref(recordOf(e.heal).track, `${at}/heal/track`, names.tracks, 'track', 'tracks');
    ref(recordOf(e.grant).action, `${at}/grant/action`, names.actions, 'action', 'turn.actions');
  };

  list(doc.cards, '/cards', { key: 'system', many: true });
  arrayOf(doc.heroes).forEach((h, i) => list(recordOf(h).cards, `/heroes/${i}/cards`, { key: `hero:${String(recordOf(h).id)}`, many: false }));
  arrayOf(doc.templates).forEach((t, i) => list(recordOf(t).cards, `/templates/${i}/cards`, { key: `template:${i}`, many: true }));
  arrayOf(doc.bestiary).forEach((c, i) => list(recordOf(c).cards, `/bestiary/${i}/cards`, { key: `creature:${i}`, many: true }));
  loops(doc, nodes, error);
  return problems;
}

/** `@event.type == 'word'` (either way round), alone or as a term of a top-level `and`: the word, else null. */
function pinnedType(when: string): string | null {
  const { ast } = parseFormula(when);
  const pin = (n: FormulaNode | null): string | null => {
    if (!n || n.kind !== 'binary') return null;
    if (n.op === 'and') return pin(n.left) ?? pin(n.right);
    if (n.op !== '==') return null;
    const isType = (x: FormulaNode): boolean => x.kind === 'ref' && x.path.length === 2 && x.path[0] === 'event' && x.path[1] === 'type';
    if (isType(n.left) && n.right.kind === 'string') return n.right.value;
    if (isType(n.right) && n.left.kind === 'string') return n.left.value;
    return null;
  };
  return pin(ast);
}

/** Whom an effect's `to` lands on, seen from the card's holder, for a card fired on `on`. */
function whom(to: unknown, on: string): 'self' | 'other' | null {
  switch (to) {
    case undefined: case 'self': return 'self';
    case 'allies': case 'enemies': return 'other';
    case 'target': return on === 'damageDealt' || on === 'enemyDefeated' ? 'other' : 'self';
    // The source of damage dealt is the holder; of the other events, the one who caused them (none at a fight's,
    // a round's or a turn's start or end: the effect lands on nobody).
    case 'source': return on === 'damageDealt' ? 'self' : ['damageTaken', 'down', 'enemyDefeated', 'conditionApplied'].includes(on) ? 'other' : null;
    default: return null;
  }
}

/** The hit-point track's id, as the engine picks it. */
function hpTrack(doc: Rec): string {
  const harm = recordOf(recordOf(recordOf(doc.combat).consequences).harm).track;
  if (typeof harm === 'string') return harm;
  const tracks = Object.keys(recordOf(doc.tracks));
  return tracks.includes('hp') ? 'hp' : tracks[0] ?? 'hp';
}

/** The events a card's effects make. */
function made(doc: Rec, card: CardNode): Made[] {
  const out: Made[] = [];
  const hp = hpTrack(doc);
  const appliesByDamage = arrayOf(recordOf(recordOf(recordOf(doc.combat).damage).apply).conditions).some((c) => typeof recordOf(c).apply === 'string');
  const defaultType = recordOf(recordOf(recordOf(doc.combat).damage).types).default;
  card.effects.forEach((e, effect) => {
    const who = whom(e.to, card.on);
    if (who === null) return;
    const fall = (): void => {
      out.push({ on: 'down', who, type: null, effect }, { on: 'enemyDefeated', who: 'any', type: null, effect });
    };
    if (typeof e.apply === 'string') out.push({ on: 'conditionApplied', who, type: e.apply, effect });
    for (const key of ['gain', 'spend'] as const) if (recordOf(e[key]).track === hp) fall();
    if (isRecord(e.damage)) {
      const type = typeof e.damage.type === 'string' ? e.damage.type : typeof defaultType === 'string' ? defaultType : 'untyped';
      out.push({ on: 'damageTaken', who, type, effect }, { on: 'damageDealt', who: 'self', type, effect });
      fall();
      if (appliesByDamage) out.push({ on: 'conditionApplied', who, type: null, effect });
    }
  });
  return out;
}

/** Whether `b` may be held by the one an event made by `a`'s holder's card lands on. */
function mayHold(a: CardNode, b: CardNode, who: Made['who']): boolean {
  const same = a.owner.key === b.owner.key || a.owner.key === 'system' || b.owner.key === 'system';
  const other = b.owner.key !== a.owner.key || b.owner.many;
  return who === 'self' ? same : who === 'other' ? other : same || other;
}

function loops(doc: Rec, nodes: readonly CardNode[], error: (pointer: string, code: string, message: string) => void): void {
  const edges = new Map<CardNode, { to: CardNode; effect: number }[]>();
  for (const a of nodes) {
    const out: { to: CardNode; effect: number }[] = [];
    for (const m of made(doc, a)) {
      for (const b of nodes) {
        if (b.on !== m.on || !mayHold(a, b, m.who)) continue;
        if (b.pinned !== null && m.type !== null && b.pinned !== m.type) continue;
        if (!out.some((x) => x.to === b)) out.push({ to: b, effect: m.effect });
      }
    }
    edges.set(a, out);
  }
  const reported = new Set<string>();
  walkGraph(nodes, (n) => (edges.get(n) ?? []).map((e) => e.to), {
    cycle: (path, from) => {
      const circle = path.slice(from);
      const key = circle.slice(0, -1).map((n) => n.pointer).sort().join('\u0000');
      if (reported.has(key)) return;
      reported.add(key);
      const first = circle[0]!;
      const next = circle[1]!;
      const effect = edges.get(first)!.find((e) => e.to === next)!.effect;
      const at = `${first.pointer}/do/${effect}`;
      if (circle.length === 2) {
        error(at, 'card-loop', `card \`${first.id}\` fires on \`${first.on}\`, and this effect makes a \`${first.on}\` it fires on again: it would fire itself without end (aim the effect elsewhere, or give the card a \`when\` that pins \`@event.type\` to another type)`);
      } else {
        error(at, 'card-loop', `cards fire one another in a circle: ${circle.map((n) => `\`${n.id}\` (on \`${n.on}\`)`).join(' → ')}; this effect starts it again`);
      }
    },
  });
}
