// Every line of `sim --log` is described by schemas/events.schema.json (spec §4), for a numbers-mode and a
// consequences-mode system.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../engine/schema/generated/validators';

const root = new URL('../../', import.meta.url).pathname;

function simLog(system: string): Record<string, unknown>[] {
  const doc = JSON.parse(readFileSync(`${root}systems/${system}.json`, 'utf8')) as { fights: { id: string }[] };
  const result = spawnSync('npx', ['tsx', 'engine/cli/main.ts', 'sim', `systems/${system}.json`, '--fight', doc.fights[0]!.id, '--fights', '1', '--seed', '5', '--log'], {
    cwd: root, encoding: 'utf8', timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('sim --log events', () => {
  it.each(['classic-d20', 'forged'])('every event of a %s fight validates', (system) => {
    const events = simLog(system);
    expect(events[0]?.type).toBe('fightStart');
    expect(events[events.length - 1]?.type).toBe('fightEnd');
    for (const event of events) {
      const ok = validateEvent(event);
      expect(validateEvent.errors ?? [], JSON.stringify(event)).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('an event with a missing field or an unknown type does not validate', () => {
    expect(validateEvent({ type: 'check', actor: 'a' })).toBe(false);
    expect(validateEvent({ type: 'teleported', actor: 'a' })).toBe(false);
    expect(validateEvent({ type: 'fightEnd', winner: 'heroes', round: 1, rounds: 1 })).toBe(true);
  });
});
