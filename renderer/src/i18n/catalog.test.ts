// The message catalog: both languages have every key, each Portuguese message keeps its English one's {parameters},
// and no interface text in a Svelte file is written outside the catalog (a literal text node, or a literal title,
// aria-label, placeholder, alt or label attribute).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { en } from './en';
import { ptBR } from './pt-BR';
import { ENGLISH_FIGHT_WORDS } from '../sandbox/fightView';
import { ENGLISH_HOVER_WORDS } from '../../../engine/index';

const params = (message: string): string[] => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('the catalog', () => {
  test('pt-BR has every English key, and no other', () => {
    expect(Object.keys(ptBR).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in ptBR))).toEqual([]);
  });

  test('every message is written, and keeps the same parameters in both languages', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(ptBR[key].trim(), key).not.toBe('');
      expect(params(ptBR[key]), key).toEqual(params(en[key]));
    }
  });

  test("the sandbox's log sentences: one catalog key each, the English the same as fightView's", () => {
    for (const [word, english] of Object.entries(ENGLISH_FIGHT_WORDS)) expect(en[`log.${word}` as keyof typeof en], word).toBe(english);
  });

  test("the dice hover's words: one catalog key each, the English the same as the engine's", () => {
    for (const [word, english] of Object.entries(ENGLISH_HOVER_WORDS)) expect(en[`hover.${word}` as keyof typeof en], word).toBe(english);
  });

  test('Portuguese is not English copied: most messages differ', () => {
    // Some words are the same in both (json, tier, template, workers, Desktop, the language names); most are not.
    const same = (Object.keys(en) as (keyof typeof en)[]).filter((k) => en[k] === ptBR[k]);
    expect(same.length).toBeLessThan(Object.keys(en).length / 10);
  });
});

// ---- Literal interface text in Svelte markup ----

const ROOT = new URL('../', import.meta.url).pathname;

function* svelteFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* svelteFiles(path);
    else if (name.endsWith('.svelte')) yield path;
  }
}

/** The markup with every `{…}` expression blanked (strings and template literals inside skipped whole). */
export function withoutExpressions(markup: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < markup.length; i++) {
    const c = markup[i]!;
    if (depth === 0) {
      if (c === '{') depth = 1;
      else out += c;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      // Skip the string (escapes honoured; a template literal's ${…} is inside it, so skipped with it).
      for (i++; i < markup.length && markup[i] !== c; i++) if (markup[i] === '\\') i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
  }
  return out;
}

/** What is left of a Svelte file that a user reads and the catalog does not give: [line text, the literal]. */
export function literalText(source: string): string[] {
  const markup = source
    .replace(/<script[\s\S]*?<\/script>/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/<style[\s\S]*?<\/style>/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
  const bare = withoutExpressions(markup);
  const found: string[] = [];
  // Attributes people read.
  for (const m of bare.matchAll(/\s(title|aria-label|placeholder|alt|label)="([^"]*)"/g)) {
    if (/\p{L}{2,}/u.test(m[2]!)) found.push(`${m[1]}="${m[2]}"`);
  }
  // Text nodes: the markup without its tags.
  const text = bare.replace(/<[^>]*>/g, '\n');
  for (const line of text.split('\n')) {
    const words = line.trim();
    if (/\p{L}{2,}/u.test(words) && !ALLOWED.has(words)) found.push(words);
  }
  return found;
}

/** Literal text that is the same in every language: the product's name, a command the user types. */
const ALLOWED = new Set(['Rules Studio', '.rules-studio/runs/', 'sim FILE --fight ID --record']);

/** Screens not yet through the catalog (each leaves this list as it is translated). */
const PENDING = new Set<string>([]);

describe('no interface text outside the catalog', () => {
  test('the scanner sees literal text nodes and attributes, and not expressions', () => {
    expect(literalText('<script>const a = "Hello";</script><button title="Close it">Save</button>')).toEqual(['title="Close it"', 'Save']);
    expect(literalText("<button title={t('x')}>{t('save')}</button> <b>{name}</b> ×")).toEqual([]);
    expect(literalText("<p>{a ? `Saved ${b}` : 'No'}</p><p>Saved {b}</p>")).toEqual(['Saved']);
    expect(literalText('<span>{@render bold(t("a"), x)}</span><style>.a { color: red; }</style>')).toEqual([]);
  });

  test('every Svelte file of the studio', () => {
    const left: string[] = [];
    for (const file of svelteFiles(ROOT)) {
      if (PENDING.has(relative(ROOT, file))) continue;
      for (const literal of literalText(readFileSync(file, 'utf8'))) left.push(`${relative(ROOT, file)}: ${literal}`);
    }
    expect(left).toEqual([]);
  });
});

// ---- Literal English in the studio's TypeScript ----

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'generated') yield* sourceFiles(path);
    } else if ((name.endsWith('.ts') || name.endsWith('.svelte')) && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) yield path;
  }
}

/** The catalogs themselves and Monaco's table: their English is the source, not a leftover. */
const CATALOG_FILES = new Set(['i18n/en.ts', 'i18n/pt-BR.ts', 'i18n/monaco.pt-BR.ts']);

/** The string and template literals of a script (comments out) that read as English words: two or more in a row. */
export function englishLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
    if (/\b[A-Za-z][a-z]+ [a-z]{2,}\b/.test(text)) found.push(text.trim());
  }
  return found;
}

/**
 * How many English literals each file may hold, and why: English defaults a caller replaces with the catalog's words
 * (fightView's log sentences, the charts' words, the input check's sentence), the spreadsheet columns of the Balance
 * tab's tables (tables.ts: pasted, not read in the studio), a new system's starter text (its document's words), and
 * the workers' and hosts' error messages (the few a person meets are still English: the next ones to move to the
 * catalog). A new interface string in English raises a count and fails here: put it in the catalog.
 */
const KNOWN_ENGLISH: Readonly<Record<string, number>> = {
  'sandbox/fightView.ts': 17, 'sandbox/tables.ts': 14, 'workers/balance.ts': 11, 'charts/trendPlot.ts': 9, 'state/runHistory.ts': 5,
  'charts/batchPlots.ts': 5, 'workers/simulate.ts': 4, 'workers/batchParts.ts': 3, 'state/documents.svelte.ts': 3, 'host/browser-host.ts': 3,
  'files/newSystem.ts': 3, 'workers/checkHandler.ts': 2, 'state/studio.svelte.ts': 2, 'state/inputs.ts': 2,
  'workers/client.ts': 1, 'workers/check.worker.ts': 1, 'ui/contrast.ts': 1, 'state/balance.svelte.ts': 1, 'sandbox/FightSetup.svelte': 1,
  'main.ts': 1, 'host/index.ts': 1, 'editor/keyboard.ts': 1,
};

describe('no new English in the studio\'s TypeScript', () => {
  test('the scanner sees English literals and not code', () => {
    expect(englishLiterals("const a = 'Save the file'; // a comment with words\nconst b = `${x} is now ${y}`; const c = 'data-testid';")).toEqual(['Save the file', 'is now']);
    expect(englishLiterals("el.querySelector('.monaco-editor .cursor'); t('rules.odds.note');")).toEqual([]);
  });

  test('every script of the studio holds at most its known English literals', () => {
    const over: string[] = [];
    for (const file of sourceFiles(ROOT)) {
      const name = relative(ROOT, file);
      if (CATALOG_FILES.has(name)) continue;
      let source = readFileSync(file, 'utf8');
      if (file.endsWith('.svelte')) source = [...source.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
      const literals = englishLiterals(source);
      if (literals.length > (KNOWN_ENGLISH[name] ?? 0)) over.push(`${name}: ${literals.length} (known ${KNOWN_ENGLISH[name] ?? 0}): ${literals.join(' | ')}`);
    }
    expect(over).toEqual([]);
  });
});

