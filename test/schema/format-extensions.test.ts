// The checker on the format's newer fields: an ability's own challenge, removes, a held action, rows that close up.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkSystem } from '../../engine/schema';

type Doc = Record<string, unknown> & { abilities?: Record<string, unknown>[]; turn: { actions: Record<string, unknown>[] } };

function miniWith(change: (doc: Doc) => void): string {
  const doc = JSON.parse(readFileSync('test/fixtures/systems/mini-d20.json', 'utf8')) as Doc;
  change(doc);
  return JSON.stringify(doc, null, 2);
}

const errors = (text: string) => checkSystem(text).diagnostics.filter((d) => d.severity === 'error');

describe('format extensions in the checker', () => {
  test('a held action, rows that close up, an ability challenge and removes check clean', () => {
    const text = miniWith((doc) => {
      doc.positions = { rows: ['front', 'back'], advance: true };
      doc.turn.actions.push({ id: 'wait', name: 'Wait', per: '1', speed: '0', defer: true });
      doc.abilities = [...(doc.abilities ?? []),
        { id: 'hold-action', name: 'Hold', uses: 'wait', target: 'self' },
        { id: 'pick-lock', name: 'Pick the lock', uses: 'action', target: 'self', challenge: { check: 'attack', stat: '@dex.mod', vs: '12' } },
        { id: 'cure', name: 'Cure', uses: 'action', target: 'ally', removes: ['prone'] }];
    });
    expect(errors(text)).toEqual([]);
  });

  test('an unknown check in a challenge and an unknown condition in removes are named where they are', () => {
    const text = miniWith((doc) => {
      doc.abilities = [...(doc.abilities ?? []),
        { id: 'pick-lock', name: 'Pick the lock', uses: 'action', challenge: { check: 'atack', vs: '12' } },
        { id: 'cure', name: 'Cure', uses: 'action', removes: ['prone', 'pron'] }];
    });
    const found = errors(text);
    expect(found.some((d) => /\/challenge\/check$/.test(d.pointer) && d.message.includes('attack'))).toBe(true);
    expect(found.some((d) => /\/removes\/1$/.test(d.pointer) && d.message.includes('prone'))).toBe(true);
  });

  test("a challenge's vs is a formula over the user's sheet: a misspelt name is reported at its characters", () => {
    const text = miniWith((doc) => {
      doc.abilities = [...(doc.abilities ?? []), { id: 'pick-lock', uses: 'action', challenge: { check: 'attack', vs: '10 + @dex.mdo' } }];
    });
    const [error] = errors(text);
    expect(error?.source).toBe('formula');
    expect(text.slice(error!.start, error!.end)).toBe('@dex.mdo');
  });

  test('a held action in a system without a clock is a warning at its `defer` (it could only end the turn)', () => {
    const text = miniWith((doc) => { doc.turn.actions.push({ id: 'wait', name: 'Wait', per: '1', defer: true }); });
    const warnings = checkSystem(text).diagnostics.filter((d) => d.severity === 'warning' && d.source !== 'formula');
    expect(warnings.map((d) => d.pointer)).toContain(`/turn/actions/2/defer`);
    const clocked = miniWith((doc) => {
      doc.turn.actions.push({ id: 'wait', name: 'Wait', per: '1', defer: true });
      (doc.turn as Record<string, unknown>).clock = { cost: '@action.speed', while: '@clock >= 1' };
    });
    expect(checkSystem(clocked).diagnostics.filter((d) => d.pointer.endsWith('/defer'))).toEqual([]);
  });

  test('defer and advance must be booleans, and a challenge needs its vs', () => {
    const text = miniWith((doc) => {
      doc.positions = { rows: ['front', 'back'], advance: 'yes' };
      doc.turn.actions.push({ id: 'wait', name: 'Wait', per: '1', defer: 1 });
      doc.abilities = [...(doc.abilities ?? []), { id: 'pick-lock', uses: 'action', challenge: { check: 'attack' } }];
    });
    const pointers = errors(text).filter((d) => d.source === 'schema').map((d) => d.pointer);
    expect(pointers).toContain('/positions/advance');
    expect(pointers.some((p) => /^\/turn\/actions\/\d+\/defer$/.test(p))).toBe(true);
    expect(pointers.some((p) => /\/challenge$/.test(p))).toBe(true);
  });

  test("an enemy's standing orders name its own abilities: another is an error at the order, and its `when` is checked on its sheet", () => {
    const libra = JSON.parse(readFileSync('systems/libra.json', 'utf8')) as { bestiary: Record<string, unknown>[]; templates: Record<string, unknown>[] };
    expect(errors(JSON.stringify(libra, null, 2))).toEqual([]);
    const bandit = libra.bestiary.findIndex((c) => c.id === 'bandit');
    libra.bestiary[bandit]!.orders = [{ use: 'war-cry', when: 'true' }, { use: 'run', when: '@hp < @hp.mx / 3' }];
    libra.templates[0]!.orders = [{ use: 'rn' }];
    const found = errors(JSON.stringify(libra, null, 2)).map((d) => [d.pointer, d.message]);
    expect(found).toContainEqual([`/bestiary/${bandit}/orders/0/use`, 'this order uses `war-cry`, which is not among its `abilities`']);
    expect(found).toContainEqual(['/templates/0/orders/0/use', expect.stringContaining('this order uses `rn`')]);
    expect(found.some(([pointer, message]) => pointer === `/bestiary/${bandit}/orders/1/when` && message!.includes('@hp.mx'))).toBe(true);
  });
});
