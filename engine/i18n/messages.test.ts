// The checker's messages in Portuguese: real diagnostics of broken systems (JSON syntax, unknown keys with "did you
// mean", wrong types, unknown references in formulas, missing required fields) go through the translation layer.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkSystem } from '../schema/check';
import { run } from '../cli/check';
import { CONTEXTS } from '../schema/contexts';
import { CONTEXT_PLACES, isTranslated, localeFromEnvironment, translateMessage } from './messages';
import { mutate, paths, type Json } from '../../test/schema/mutate';

const base = JSON.parse(readFileSync(new URL('../../systems/classic-d20.json', import.meta.url), 'utf8')) as Record<string, any>;
const text = JSON.stringify(base, null, 2);
const edited = (change: (d: Record<string, any>) => void): string => {
  const d = structuredClone(base);
  change(d);
  return JSON.stringify(d, null, 2);
};
const messagesOf = (source: string): string[] => checkSystem(source).diagnostics.map((d) => d.message);
const first = (source: string): string => messagesOf(source)[0] ?? '(no diagnostic)';
const pt = (message: string): string => translateMessage(message, 'pt-BR');

describe('the common checker messages in Portuguese', () => {
  const cases: [string, string, string][] = [
    ['a trailing comma', text.replace('"name": "Classic d20",', '"name": "Classic d20",,'), 'era esperada uma chave entre aspas duplas (há uma vírgula a mais antes daqui?)'],
    ['a missing colon', text.replace('"name": "Classic d20"', '"name" "Classic d20"'), 'eram esperados dois-pontos (:) depois da chave'],
    ['an empty file', '', 'o arquivo está vazio: um sistema é um objeto JSON { ... }'],
    ['a key twice', text.replace('"version": "1.0.0",', '"version": "1.0.0", "name": "x",'), 'a chave "name" aparece duas vezes neste objeto; o JSON guarda só a última'],
    ['an unknown key', edited((d) => { d.attributes.str.nmae = 'x'; }), 'chave desconhecida `nmae` em `attributes.str`; chaves conhecidas: `name`, `abbr`, `default`, `min`, `max`, `whole`, `description`'],
    ['a wrong type', edited((d) => { d.attributes.str.default = 'ten'; }), '`attributes.str.default` deve ser um número, mas é o texto "ten"'],
    ['a wrong boolean', edited((d) => { d.grid = 3; }), '`grid` deve ser true ou false, mas é o número 3'],
    ['a missing required field', edited((d) => { delete d.name; }), 'falta `name` no documento'],
    ['an unknown reference', text.replace('"@dex', '"@dexx'), 'referência desconhecida `@dexx.mod`; você quis dizer `@dex.mod`?'],
    ['an unclosed parenthesis', text.replace('"@dex', '"floor(@dex'), "era esperado ')' para fechar '(' depois de '@dex_save', mas veio o fim da fórmula"],
  ];
  test.each(cases)('%s', (_name, source, expected) => {
    const message = first(source);
    expect(isTranslated(message)).toBe(true);
    expect(pt(message)).toBe(expected);
    // English stays the engine's language.
    expect(translateMessage(message, 'en')).toBe(message);
  });

  const meaning: [string, string, string][] = [
    ['an unknown check', edited((d) => { d.combat.attack.check = 'atack'; }), 'teste desconhecido `atack` em `combat.attack.check`; você quis dizer `attack`?'],
    ['an id used twice', edited((d) => { d.heroes[1].id = d.heroes[0].id; }), 'o id de herói `fighter1` aparece duas vezes em `heroes`'],
    ['derived values in a circle', edited((d) => { d.derived['str.mod'] = '@dex.mod'; d.derived['dex.mod'] = '@str.mod'; }), 'valores derivados leem uns aos outros em círculo: @str.mod → @dex.mod → @str.mod'],
    ['a name read outside its context', edited((d) => { d.derived['str.mod'] = '@tier'; }), '`@tier` só pode ser lido em templates de inimigos; `encounters.budget` (o orçamento de dificuldade de um inimigo)'],
    ['an unknown track of a template', edited((d) => { d.templates[0].tracks = { hpp: '3' }; }), 'trilha desconhecida `hpp` em `templates[0].tracks`; você quis dizer `hp`?'],
    ['a role with two templates', edited((d) => { d.templates[0].role = d.templates[1].role; }), 'já existe um template para o papel `standard`; cada papel tem um template'],
  ];
  test.each(meaning)('meaning: %s', (_name, source, expected) => {
    expect(messagesOf(source).map(pt)).toContain(expected);
  });

  test('every place a context names has its Portuguese', () => {
    expect(Object.values(CONTEXTS).map((c) => c.where).filter((where) => CONTEXT_PLACES[where] === undefined)).toEqual([]);
  });

  test('a misspelt key says "você quis dizer"', () => {
    const message = messagesOf(edited((d) => { d.attributes.str.defualt = 10; delete d.attributes.str.default; })).find((m) => m.includes('defualt'))!;
    expect(pt(message)).toMatch(/^chave desconhecida `defualt` em `attributes\.str`; você quis dizer `default`\?$/);
  });

  test('an unknown function and an enum value', () => {
    expect(pt('unknown function `flor`; did you mean `floor`?')).toBe('função desconhecida `flor`; você quis dizer `floor`?');
    expect(pt('`combat.crit` must be one of `double`, `max`; got the text "dubble" (did you mean `double`?)'))
      .toBe('`combat.crit` deve ser um destes: `double`, `max`, mas é o texto "dubble" (você quis dizer `double`?)');
    expect(pt('in `hp(@x)`: unknown reference `@y`')).toBe('em `hp(@x)`: referência desconhecida `@y`');
  });

  test('a message the layer does not know stays in English', () => {
    expect(isTranslated('a brand new message')).toBe(false);
    expect(pt('a brand new message')).toBe('a brand new message');
  });

  test('every message of the broken documents above is translated', () => {
    const untranslated = cases.flatMap(([, source]) => messagesOf(source)).filter((m) => !isTranslated(m));
    expect(untranslated).toEqual([]);
  });
});

describe('the CLI follows LANG', () => {
  test('LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(localeFromEnvironment({ LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(localeFromEnvironment({ LANG: 'pt_PT' })).toBe('pt-BR');
    expect(localeFromEnvironment({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(localeFromEnvironment({ LC_ALL: 'C', LANG: 'pt_BR.UTF-8' })).toBe('en');
    expect(localeFromEnvironment({ LC_MESSAGES: 'pt_BR', LANG: 'en_US' })).toBe('pt-BR');
    expect(localeFromEnvironment({})).toBe('en');
  });

  test('check prints Portuguese messages and summary under pt-BR, English otherwise', async () => {
    const source = edited((d) => { d.attributes.str.default = 'ten'; });
    const capture = async (locale?: 'en' | 'pt-BR') => {
      let out = '';
      let err = '';
      const code = await run(['x.json'], { out: (t) => (out += t), err: (t) => (err += t), readText: async () => source, ...(locale ? { locale } : {}) });
      return { code, out, err };
    };
    const portuguese = await capture('pt-BR');
    expect(portuguese.code).toBe(1);
    expect(portuguese.out).toContain(': error: `attributes.str.default` deve ser um número, mas é o texto "ten"');
    expect(portuguese.err).toBe('1 arquivo verificado: 1 erro, 0 avisos\n');
    const english = await capture();
    expect(english.out).toContain(': error: `attributes.str.default` must be a number; got the text "ten"');
    expect(english.err).toBe('1 file checked: 1 error, 0 warnings\n');
  });

  test('every message of every broken fixture (test/fixtures/bad) is translated', () => {
    const left: string[] = [];
    for (const f of readdirSync('test/fixtures/bad').filter((n) => n.endsWith('.json') && !n.endsWith('.expected.json'))) {
      for (const d of checkSystem(readFileSync(`test/fixtures/bad/${f}`, 'utf8')).diagnostics) if (!isTranslated(d.message)) left.push(`${f}: ${d.message}`);
    }
    expect(left).toEqual([]);
    expect(translateMessage("Fighter 1's sheet", 'pt-BR')).toBe('na ficha de Fighter 1');
    expect(translateMessage('the boss template at tier 3', 'pt-BR')).toBe('no template boss no tier 3');
  });

  test('every message of the seed systems damaged at one place is translated', () => {
    // Each seed system with a value deleted, or replaced by text, a number, a bad reference, a list, an object, a bad
    // die, a boolean, at evenly spread places: the rarer messages a GM meets while editing.
    const changes: ((parent: Record<string | number, unknown>, key: string | number) => void)[] = [
      (p, k) => { delete p[k]; }, (p, k) => { p[k] = 'zz'; }, (p, k) => { p[k] = 7; }, (p, k) => { p[k] = '@nope + 1'; },
      (p, k) => { p[k] = [1]; }, (p, k) => { p[k] = { x: 1 }; }, (p, k) => { p[k] = '1d'; }, (p, k) => { p[k] = true; },
    ];
    const left = new Set<string>();
    let seen = 0;
    for (const file of readdirSync('systems').filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(`systems/${file}`, 'utf8')) as Json;
      const all = paths(doc).filter((p) => p.length > 0 && !(p[0] === 'bestiary' && Number(p[1]) > 3));
      for (let i = 0; i < all.length; i += Math.max(1, Math.floor(all.length / 120))) {
        for (const d of checkSystem(JSON.stringify(mutate(doc, all[i]!, changes[i % changes.length]!))).diagnostics) {
          seen++;
          if (!isTranslated(d.message)) left.add(d.message);
        }
      }
    }
    expect(seen).toBeGreaterThan(500);
    expect([...left]).toEqual([]);
  });
});

