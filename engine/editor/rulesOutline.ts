// The Rules outline: a system's text as the studio's named places (Rules › Rolls, Rules › Advanced › Combat, Turn,
// Conditions, Abilities, Templates, Bestiary, Heroes, Fights), each a list of groups (a check, a condition, a hero)
// holding the fields written there, and the templates as a table of roles × tiers with the value each formula gives.
// From the JSON tree, so it works on a document with errors as far as the JSON parses. Edits go back as text edits
// of one value (`valueEdit`), which the studio applies through the editor's model: one undo step, checked as typing is.
import { findNodeAtLocation, modify, parseTree, type Node } from 'jsonc-parser';
import { parseFormula } from '../formula/parse';
import { tierRangeOf, tiersOf } from '../schema/tiers';
import { FormulaTools } from './formulaTools';
import { pathToPointer, pointerToPath, type TextEdit } from './jsonLocations';

export type RulesFieldKind = 'string' | 'number' | 'boolean' | 'list';

/** One value written in the document: a formula or a name (string), a number, a switch, or a list of plain values. */
export interface RulesField {
  /** Its keys below the group, joined with ' › ' (`outcomes › 0 › when`). */
  readonly label: string;
  readonly pointer: string;
  readonly kind: RulesFieldKind;
  /** The value; a list as its JSON text. */
  readonly value: string | number | boolean;
}

export interface RulesGroup {
  /** The top-level key it is in (`checks`, `heroes`): a place showing several says which. */
  readonly section: string;
  /** The entry's key, id or role (`attack`, `poisoned`, `Cutter`). */
  readonly name: string;
  readonly pointer: string;
  readonly fields: readonly RulesField[];
  /** Fields past the cap are not listed (the editor shows them). */
  readonly more: number;
}

export type RulesPlaceId = 'rolls' | 'combat' | 'turn' | 'conditions' | 'abilities' | 'templates' | 'bestiary' | 'heroes' | 'fights';

export interface RulesPlace {
  readonly id: RulesPlaceId;
  /** The seed's name of the place (`Rules › Advanced › Combat`). */
  readonly title: string;
  readonly groups: readonly RulesGroup[];
}

/** One template number over the tiers: its formula and the mean it gives at each tier (null where it does not evaluate). */
export interface TemplateNumber {
  readonly name: string;
  readonly label: string;
  readonly pointer: string;
  readonly formula: string;
  readonly values: readonly (number | null)[];
}

export interface TemplateRow {
  readonly role: string;
  readonly pointer: string;
  readonly numbers: readonly TemplateNumber[];
}

export interface TemplateTable {
  readonly tiers: readonly number[];
  readonly rows: readonly TemplateRow[];
}

export interface RulesOutline {
  /** `grid` at the top of Rules › Rolls: true (squares), false (gridless), or null when not written. */
  readonly grid: { readonly pointer: '/grid'; readonly value: boolean | null };
  readonly places: readonly RulesPlace[];
  readonly templates: TemplateTable;
}

/** At most this many fields per group (a long bestiary entry), and this deep below it. */
const MAX_FIELDS = 80;
const MAX_DEPTH = 5;

/** Which top-level keys each place shows, and how its entries are named. */
const PLACES: readonly { id: RulesPlaceId; title: string; keys: readonly string[] }[] = [
  { id: 'rolls', title: 'Rules › Rolls', keys: ['attributes', 'derived', 'tracks', 'functions', 'checks'] },
  { id: 'combat', title: 'Rules › Advanced › Combat', keys: ['combat'] },
  { id: 'turn', title: 'Rules › Advanced › Turn', keys: ['turn'] },
  { id: 'conditions', title: 'Rules › Conditions', keys: ['conditions'] },
  { id: 'abilities', title: 'Rules › Abilities', keys: ['abilities'] },
  { id: 'templates', title: 'Rules › Templates', keys: ['templates'] },
  { id: 'bestiary', title: 'Bestiary', keys: ['bestiary'] },
  { id: 'heroes', title: 'Heroes', keys: ['heroes', 'classes', 'parties'] },
  { id: 'fights', title: 'Fights', keys: ['fights', 'encounters'] },
];
/** The names a list's entries go by, in order of preference. */
const NAMED_BY = ['id', 'role', 'name'];

function member(object: Node | undefined, key: string): Node | undefined {
  return object?.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key)?.children?.[1];
}

function isScalar(node: Node): boolean {
  return node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'null';
}

/** The scalar leaves below `node` (depth-first, in the document's order), labelled by their keys. */
function fieldsOf(text: string, node: Node, path: readonly (string | number)[]): { fields: RulesField[]; more: number } {
  const fields: RulesField[] = [];
  let more = 0;
  const visit = (at: Node, keys: readonly (string | number)[], depth: number): void => {
    const pointer = pathToPointer([...path, ...keys]);
    const label = keys.map(String).join(' › ') || 'value';
    const push = (field: RulesField): void => {
      if (fields.length < MAX_FIELDS) fields.push(field);
      else more += 1;
    };
    if (at.type === 'string') push({ label, pointer, kind: 'string', value: String(at.value) });
    else if (at.type === 'number') push({ label, pointer, kind: 'number', value: Number(at.value) });
    else if (at.type === 'boolean') push({ label, pointer, kind: 'boolean', value: Boolean(at.value) });
    else if (at.type === 'array' && (at.children ?? []).every(isScalar)) push({ label, pointer, kind: 'list', value: text.slice(at.offset, at.offset + at.length).replace(/\s*\n\s*/g, ' ') });
    else if (depth < MAX_DEPTH && at.type === 'object') {
      for (const property of at.children ?? []) {
        const key = property.children?.[0]?.value;
        const value = property.children?.[1];
        if (typeof key === 'string' && value) visit(value, [...keys, key], depth + 1);
      }
    } else if (depth < MAX_DEPTH && at.type === 'array') (at.children ?? []).forEach((item, index) => visit(item, [...keys, index], depth + 1));
  };
  visit(node, [], 0);
  return { fields, more };
}

function groupsOf(text: string, key: string, value: Node): RulesGroup[] {
  const groups: RulesGroup[] = [];
  if (value.type === 'object') {
    // A keyed section (`checks`, `attributes`) is a group per key; a plain object (`combat`, `turn`) a group per member.
    for (const property of value.children ?? []) {
      const name = property.children?.[0]?.value;
      const body = property.children?.[1];
      if (typeof name !== 'string' || !body) continue;
      const { fields, more } = fieldsOf(text, body, [key, name]);
      groups.push({ section: key, name, pointer: pathToPointer([key, name]), fields, more });
    }
  } else if (value.type === 'array') {
    (value.children ?? []).forEach((item, index) => {
      const by = NAMED_BY.map((k) => member(item, k)).find((n) => n?.type === 'string');
      const { fields, more } = fieldsOf(text, item, [key, index]);
      groups.push({ section: key, name: by ? String(by.value) : `${key} ${index + 1}`, pointer: pathToPointer([key, index]), fields, more });
    });
  } else {
    const { fields, more } = fieldsOf(text, value, [key]);
    groups.push({ section: key, name: key, pointer: pathToPointer([key]), fields, more });
  }
  return groups;
}

/** The numbers of a template the table shows: its tracks (hit points first), then its defence, attack and damage. */
function templateNumbers(item: Node): { name: string; label: string; path: (string | number)[]; formula: string }[] {
  const out: { name: string; label: string; path: (string | number)[]; formula: string }[] = [];
  const formula = (node: Node | undefined): string | undefined =>
    node?.type === 'string' ? String(node.value) : node?.type === 'number' ? String(node.value) : undefined;
  for (const property of member(item, 'tracks')?.children ?? []) {
    const name = property.children?.[0]?.value;
    const f = formula(property.children?.[1]);
    if (typeof name === 'string' && f !== undefined) out.push({ name, label: name === 'hp' ? 'hit points' : name, path: ['tracks', name], formula: f });
  }
  const combat = member(item, 'combat');
  for (const [name, label] of [['defence', 'defence'], ['attack', 'attack'], ['damage', 'damage (mean)']] as const) {
    const f = formula(member(combat, name));
    if (f !== undefined) out.push({ name, label, path: ['combat', name], formula: f });
  }
  return out;
}

function templateTable(root: Node, document: unknown): TemplateTable {
  const tiers = tiersOf(tierRangeOf(document));
  const list = member(root, 'templates');
  if (list?.type !== 'array') return { tiers, rows: [] };
  const tools = new FormulaTools(document);
  const rows: TemplateRow[] = [];
  (list.children ?? []).forEach((item, index) => {
    if (item.type !== 'object') return;
    const role = member(item, 'role');
    const numbers = templateNumbers(item).map(({ name, label, path, formula }) => {
      const pointer = pathToPointer(['templates', index, ...path]);
      const values = tiers.map((tier) => meanAt(tools, pointer, formula, tier));
      return { name, label, pointer, formula, values };
    });
    rows.push({ role: role?.type === 'string' ? String(role.value) : `template ${index + 1}`, pointer: pathToPointer(['templates', index]), numbers });
  });
  return { tiers, rows };
}

/** A formula's mean at a tier, read on the template's own sheet as the hover reads it; null when it does not evaluate. */
function meanAt(tools: FormulaTools, pointer: string, formula: string, tier: number): number | null {
  if (!parseFormula(formula).ast) return null;
  const info = tools.info(pointer, formula, undefined, tier);
  return info.distribution ? Math.round(info.distribution.mean * 100) / 100 : null;
}

export function rulesOutline(text: string): RulesOutline {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const empty: RulesOutline = { grid: { pointer: '/grid', value: null }, places: PLACES.map(({ id, title }) => ({ id, title, groups: [] })), templates: { tiers: tiersOf(tierRangeOf(null)), rows: [] } };
  if (!root || root.type !== 'object') return empty;
  let document: unknown = null;
  try {
    document = JSON.parse(text);
  } catch {
    document = null; // the table's values need the whole document; the places read the tree as far as it parses
  }
  const grid = member(root, 'grid');
  const places = PLACES.map(({ id, title, keys }) => {
    const groups: RulesGroup[] = [];
    for (const key of keys) {
      const value = member(root, key);
      if (value) groups.push(...groupsOf(text, key, value));
    }
    return { id, title, groups };
  });
  return {
    grid: { pointer: '/grid', value: grid?.type === 'boolean' ? Boolean(grid.value) : null },
    places,
    templates: document ? templateTable(root, document) : empty.templates,
  };
}

/** The place and field an editor position (a JSON pointer) falls in: the longest field pointer that holds it. */
export function placeOfPointer(outline: RulesOutline, pointer: string): { place: RulesPlaceId; group: string; field: string | null } | null {
  if (pointer === '/grid') return { place: 'rolls', group: '/grid', field: '/grid' };
  for (const place of outline.places) {
    for (const group of place.groups) {
      if (pointer !== group.pointer && !pointer.startsWith(group.pointer + '/')) continue;
      let best: string | null = null;
      for (const field of group.fields) if ((pointer === field.pointer || pointer.startsWith(field.pointer + '/')) && (!best || field.pointer.length > best.length)) best = field.pointer;
      return { place: place.id, group: group.pointer, field: best };
    }
  }
  return null;
}

/**
 * The edit that sets the value at `pointer` to `value` (writing the member when it is missing, as `"grid": false`
 * at the top), in the text's own indentation; a message instead when there is nothing to set there. A `list`
 * field's value is JSON text of an array of plain values. Null when the value is already there.
 */
export function valueEdit(text: string, pointer: string, kind: RulesFieldKind, value: string | number | boolean): TextEdit | string | null {
  let json: unknown = value;
  if (kind === 'list') {
    try {
      json = JSON.parse(String(value));
    } catch {
      return `${pointer}: a list is written as [ … ], e.g. ["poisoned", "prone"]`;
    }
    if (!Array.isArray(json)) return `${pointer}: a list is written as [ … ], e.g. ["poisoned", "prone"]`;
  } else if (kind === 'number') {
    json = typeof value === 'number' ? value : Number(String(value).trim());
    if (String(value).trim() === '' || !Number.isFinite(json)) return `${pointer}: a number is expected here (it reads '${String(value)}')`;
  }
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root || root.type !== 'object') return 'the document is not a JSON object yet';
  const path = pathIn(root, pointer);
  // Already so (a field's Enter and then its change event both commit): nothing to write, not even an undo step.
  const there = findNodeAtLocation(root, path);
  if (there && isScalar(there) || there?.type === 'array') {
    try {
      if (JSON.stringify(JSON.parse(text.slice(there.offset, there.offset + there.length))) === JSON.stringify(json)) return null;
    } catch {
      // not plain JSON there: write it
    }
  }
  const edits = modify(text, path, json, { formattingOptions: formattingOf(text) });
  if (edits.length === 0) return `nothing to change at ${pointer}`;
  // One replacement over the span the edits touch: one undo step in the editor.
  const start = Math.min(...edits.map((e) => e.offset));
  const end = Math.max(...edits.map((e) => e.offset + e.length));
  let replaced = text.slice(start, end);
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
    const at = edit.offset - start;
    replaced = replaced.slice(0, at) + edit.content + replaced.slice(at + edit.length);
  }
  return { start, end, text: replaced };
}

/** A pointer's path with each part typed by what it indexes: an object's key `"2"` stays a string, an array's index is a number. */
function pathIn(root: Node, pointer: string): (string | number)[] {
  const path: (string | number)[] = [];
  let node: Node | undefined = root;
  for (const part of pointerToPath(pointer)) {
    const key: string | number = node?.type === 'array' ? Number(part) : String(part);
    path.push(key);
    node = node?.type === 'array' ? node.children?.[Number(part)] : node?.type === 'object' ? member(node, String(part)) : undefined;
  }
  return path;
}

function formattingOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}
