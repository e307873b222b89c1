// The sandbox against the browser studio: a fight stepped event by event and turn by turn (chips, the initiative
// strip, hit points), a chip's rule highlighted in the editor, a batch with progress then plots, cancel, the last
// valid version kept running while the text has errors, and a system that has never checked clean fighting nothing.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, backupsHold, launchBrowser, painted, type StudioProcess, closeStudioSession, highlightedLines, openStudio, openStudioSession } from './harness';

let studio: StudioProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ studio, browser, page } = await openStudioSession('classic-d20.json', pageErrors, true));
});

afterAll(() => closeStudioSession({ studio, browser }));

const count = (testid: string) => page.getByTestId(testid).count();
/** Steps the fight turn by turn (a click each) until `there` holds; fails when the fight ends first. */
async function stepUntil(there: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200 && !(await there()); i++) {
    if (!(await page.getByTestId('next-turn').isEnabled())) throw new Error(`the fight ended before ${what}`);
    await page.getByTestId('next-turn').click();
  }
  expect(await there(), what).toBe(true);
}
const cursor = () => page.evaluate(() => (window as unknown as { __studio: { sandbox: { cursor: number } } }).__studio.sandbox.cursor);

describe('sandbox: one fight', () => {
  test('the fight starts with every combatant on the strip and its initiative', async () => {
    const slots = await count('strip-slot');
    expect(slots).toBe(8); // four heroes, four tier-2 standards
    expect(await count('combatant')).toBe(8);
    const initiatives = await page.locator('[data-testid="strip-slot"] .init').allTextContents();
    expect(initiatives.every((t) => /^-?\d+$/.test(t))).toBe(true);
    // Highest first.
    const values = initiatives.map(Number);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  test('next event adds chips one by one; next turn shows who acts and their rolls', async () => {
    const before = await count('chip');
    const c0 = await cursor();
    await page.getByTestId('next-event').click();
    expect(await cursor()).toBe(c0 + 1);
    await page.getByTestId('next-turn').click();
    await page.getByTestId('next-turn').click();
    expect(await count('chip')).toBeGreaterThan(before);
    const now = page.locator('[data-testid="strip-slot"].now');
    expect(await now.count()).toBe(1);
    const chips = await page.getByTestId('chip').allTextContents();
    // An attack chip reads like `d20 (14) + 3 Strength + 2 = 19 vs 13 · Hit`.
    expect(chips.some((t) => /d20 \(\d+\).* = -?\d+ vs \d+ · \w+/.test(t))).toBe(true);
  });

  test('clicking a chip highlights the formula that produced it in the editor: the check\'s roll, the weapon\'s damage', async () => {
    const attackChip = page.getByTestId('chip').filter({ hasText: / vs \d+ · / }).first();
    await stepUntil(async () => (await attackChip.count()) > 0, 'an attack');
    await attackChip.click();
    expect((await highlightedLines(page))[0]).toMatch(/"roll":\s"\(@edge/);
    const damageChip = page.locator('[data-testid="chip"].damage');
    await stepUntil(async () => (await damageChip.count()) > 0, 'a blow landed');
    await damageChip.first().click();
    expect((await highlightedLines(page))[0]).toMatch(/"damage":\s"[^"]*d\d/);
    await page.screenshot({ path: join(SHOTS, 'sandbox-fight.png') });
  });

  test('hits and misses look different, with a mark and a word, and a legend says what each means', async () => {
    await stepUntil(async () => (await page.locator('[data-testid="chip"][data-result="fail"]').count()) > 0
      && (await page.locator('[data-testid="chip"][data-result="success"]').count()) > 0, 'a hit and a miss');
    const legend = page.getByTestId('chip-legend');
    expect(await legend.textContent()).toMatch(/✓ success.*✗ failure/);
    const look = (result: string) => page.locator(`[data-testid="chip"][data-result="${result}"]`).first().evaluate((el) => {
      const text = getComputedStyle(el.querySelector('.text')!);
      return { color: text.color, edge: getComputedStyle(el).borderLeftStyle, mark: el.querySelector('[data-testid="chip-result"]')?.textContent ?? '' };
    });
    const hit = await look('success');
    const miss = await look('fail');
    expect(hit.color).not.toBe(miss.color);
    expect(hit.edge).not.toBe(miss.edge);
    expect(hit.mark).toBe('✓ success');
    expect(miss.mark).toBe('✗ failure');
    // Every attack names its target by its display name (`→ Standard 2`), never by its id.
    const targets = await page.locator('[data-testid="chip"]', { hasText: / vs \d+ · / }).getByTestId('chip-target').allTextContents();
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets) expect(t).toMatch(/^→ [A-Z][\w ]+$/);
    expect((await page.getByTestId('chip-log').textContent())!).not.toMatch(/untyped|standard-\d/);
    await painted(page);
    await page.getByTestId('chip-log').screenshot({ path: join(SHOTS, 'sandbox-chips.png') });
  });

  test('to the end: a winner, hit points down, and again with the same seed replays the same fight', async () => {
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('winner').count()).toBe(1);
    const endChips = await page.getByTestId('chip').allTextContents();
    expect(endChips.at(-1)).toMatch(/Fight over after \d+ rounds?: (the heroes win|the enemies win|a draw)/);
    const hp = await page.getByTestId('hp').allTextContents();
    expect(hp.some((t) => /^-?\d+\/\d+$/.test(t) && Number(t.split('/')[0]) < Number(t.split('/')[1]))).toBe(true);
    await page.getByTestId('again').click();
    await page.getByTestId('to-end').click();
    expect(await page.getByTestId('chip').allTextContents()).toEqual(endChips);
    // A new seed gives another fight.
    await page.getByTestId('seed').fill('777');
    await page.getByTestId('seed').press('Enter');
    await page.getByTestId('seed').blur();
    await page.getByTestId('to-end').click();
    await expect.poll(async () => JSON.stringify(await page.getByTestId('chip').allTextContents())).not.toBe(JSON.stringify(endChips));
  });

  test('while the text has errors a banner says so and the last valid version keeps running', async () => {
    const events = await page.evaluate(() => (window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events.length);
    await page.evaluate(() => {
      const s = (window as unknown as { __studio: { editor: { editor: { setPosition(p: object): void; focus(): void } } } }).__studio;
      s.editor.editor.setPosition({ lineNumber: 2, column: 1 });
      s.editor.editor.focus();
    });
    await page.keyboard.type('oops ');
    await page.getByTestId('stale-banner').waitFor();
    await page.getByTestId('again').click();
    await page.getByTestId('next-event').click();
    expect(await page.getByTestId('chip').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events.length)).toBe(events);
    await page.evaluate(() => {
      const s = (window as unknown as { __studio: { editor: { editor: { setPosition(p: object): void; focus(): void } } } }).__studio;
      s.editor.editor.setPosition({ lineNumber: 2, column: 6 });
      s.editor.editor.focus();
    });
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByTestId('stale-banner').count()).toBe(0);
  });
});

/** The page at 1440×900 and 1024×700 (NAME-1440x900.png, NAME-1024x700.png), then back at the harness's size. */
async function shotsAtSmallerSizes(name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1600, height: 900 };
  try {
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      await page.setViewportSize({ width, height });
      await painted(page);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
    }
  } finally {
    await page.setViewportSize(size);
  }
}

describe('sandbox: you play', () => {
  test('a hero played by hand: its turn offers its attacks on each foe; the pick is rolled; the same seed and picks replay the same log', async () => {
    await page.getByTestId('tab-fight').click();
    const log = () => page.evaluate(() => JSON.stringify((window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events));
    const playTwoTurns = async (): Promise<string[]> => {
      const picked: string[] = [];
      for (let turn = 0; turn < 2; turn++) {
        await page.getByTestId('offer').waitFor();
        expect(await page.getByTestId('offer').textContent()).toMatch(/^Fighter 5's turn \(round \d+\):/);
        // The last foe offered, not the rules' pick (the one with the fewest hit points).
        const button = page.getByTestId('offer-attack').last();
        // Each attack choice says the engine's exact chance to hit that foe.
        for (const choice of await page.getByTestId('offer-attack').allTextContents()) expect(choice).toMatch(/ → .+ · \d{1,3}% to hit$/);
        const text = (await button.textContent())!;
        picked.push(text);
        await button.click();
        // The engine has rolled the pick and the fight stands at the next played turn (or its end).
        await expect.poll(() => page.evaluate(() => {
          const s = (window as unknown as { __studio: { sandbox: { choices: unknown[]; running: boolean } } }).__studio.sandbox;
          return s.choices.length + (s.running ? 100 : 0);
        })).toBe(turn + 1);
      }
      return picked;
    };
    await page.getByTestId('you-play-fighter5').click();
    const first = await playTwoTurns();
    expect(first[0]).toMatch(/→ Standard \d · \d{1,3}% to hit$/);
    const played = await log();
    // The fighter's first attack went where the tester sent it.
    const target = first[0]!.split('→ ')[1]!.split(' · ')[0]!;
    await expect.poll(async () => (await page.locator('[data-testid="chip"]', { hasText: 'Fighter 5' }).filter({ hasText: `→ ${target}` }).count()) > 0).toBe(true);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'sandbox-you-play.png') });
    await shotsAtSmallerSizes('sandbox-fight-log');
    // Hand it back and take it again: the fight restarts, same seed; the same picks give the same log.
    await page.getByTestId('you-play-fighter5').click();
    await expect.poll(() => page.getByTestId('offer').count()).toBe(0);
    await page.getByTestId('you-play-fighter5').click();
    const again = await playTwoTurns();
    expect(again).toEqual(first);
    expect(await log()).toBe(played);
    await page.getByTestId('you-play-fighter5').click();
    await expect.poll(() => page.getByTestId('offer').count()).toBe(0);
  });
});

describe('sandbox: batches', () => {
  test('a batch reports progress, then plots win rates, rounds, damage, how each combatant ended and outcome rates', async () => {
    await page.getByTestId('tab-batch').click();
    await page.getByTestId('batch-size').fill('3000');
    await page.getByTestId('run-batch').click();
    // Progress moves before the result arrives.
    await expect.poll(() => page.getByTestId('batch-progress').getAttribute('aria-valuenow')).not.toBe('0');
    await page.getByTestId('plots').waitFor();
    expect(await page.getByTestId('batch-progress').getAttribute('aria-valuenow')).toBe('100');
    // The plots are drawn by the chart worker on canvases handed to it (the page cannot read them back): the worker
    // counts the pixels it inked after each draw, and the figure carries that count.
    for (const id of ['plot-wins', 'plot-rounds', 'plot-damage', 'plot-fate', 'plot-outcomes']) {
      const inked = () => page.getByTestId(id).getAttribute('data-inked').then(Number);
      await expect.poll(inked, { message: id }).toBeGreaterThan(500);
    }
    // The worker sees no pointer: the page asks it what the plot shows under the pointer and draws the tooltip.
    const wins = page.getByTestId('plot-wins').locator('canvas');
    const box = (await wins.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.6);
    await expect.poll(() => page.getByTestId('plot-wins-tip').textContent()).toMatch(/Heroes\s*Win rate: \d/);
    // The fate plot's rows are combatants; a row's tooltip names the combatant and how its fights ended.
    const fate = (await page.getByTestId('plot-fate').locator('canvas').boundingBox())!;
    await page.mouse.move(fate.x + fate.width * 0.6, fate.y + fate.height * 0.15);
    await expect.poll(() => page.getByTestId('plot-fate-tip').textContent()).toMatch(/^\S+?(standing|down, alive|dead): \d/);
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.6);
    const summary = await page.getByTestId('batch-summary').textContent();
    expect(summary).toMatch(/3,000 fights/);
    expect(await page.getByTestId('batch-fallen').textContent()).toMatch(/^a hero goes down in \d+\.\d% · dies in \d+\.\d%$/);
    // The screenshot shows the win-rate tooltip the pointer is back on.
    await expect.poll(() => page.getByTestId('plot-wins-tip').textContent()).toMatch(/Heroes\s*Win rate: \d/);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'sandbox-batch.png') });
    await shotsAtSmallerSizes('sandbox-batch');
  });

  test('a batch split among two workers gives the same statistics as one worker, and says how many it used', async () => {
    const statsAfter = async (workers: string) => {
      await page.getByTestId('batch-workers').selectOption(workers);
      await page.getByTestId('run-batch').click();
      await expect.poll(() => page.getByTestId('batch-timing').textContent()).toMatch(new RegExp(`^6,000 fights in \\d+\\.\\d\\d s on ${workers} workers? · seed \\d+$`));
      await expect.poll(() => page.getByTestId('run-batch').isEnabled()).toBe(true);
      return page.evaluate(() => JSON.stringify((window as unknown as { __studio: { sandbox: { batchStats: unknown } } }).__studio.sandbox.batchStats));
    };
    // The picker offers one worker per core the page reports (two at least, eight at most).
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(await page.getByTestId('batch-workers').locator('option').count()).toBe(Math.max(2, Math.min(8, cores)));
    await page.getByTestId('batch-size').fill('6000');
    const two = await statsAfter('2');
    const one = await statsAfter('1');
    expect(JSON.parse(two)).toMatchObject({ fights: 6000 });
    expect(two).toBe(one);
    // Too few fights for both workers picked: the summary says why it used one.
    await page.getByTestId('batch-workers').selectOption('2');
    await page.getByTestId('batch-size').fill('3000');
    await page.getByTestId('run-batch').click();
    await expect.poll(() => page.getByTestId('batch-timing').textContent())
      .toMatch(/^3,000 fights in \d+\.\d\d s on 1 worker \(2 picked: each takes at least 2,000 fights\) · seed \d+$/);
  });

  test('a long batch on two workers can be cancelled', async () => {
    await page.getByTestId('batch-size').fill('1000000');
    await page.getByTestId('run-batch').click();
    await expect.poll(() => page.getByTestId('batch-progress').getAttribute('aria-valuenow')).not.toBe('0');
    // After a second, the pace so far says how long is left.
    await expect.poll(() => page.getByTestId('batch-progress-label').textContent()).toMatch(/^[\d,]+ \/ 1,000,000 · about \d+ (s|min) left$/);
    await page.getByTestId('batch-progress').screenshot({ path: join(SHOTS, 'sandbox-batch-progress.png') });
    // Cancel once some chunks have finished (a count, not a time): the fights they fought are kept and shown.
    const done = async () => Number((await page.getByTestId('batch-progress-label').textContent())!.split(' / ')[0]!.replace(/,/g, ''));
    await expect.poll(done).toBeGreaterThan(100_000);
    await page.getByTestId('cancel-batch').click();
    await expect.poll(() => page.getByTestId('batch-cancelled').textContent().catch(() => ''))
      .toMatch(/^[\d,]+ of 1,000,000 fights, cancelled: the figures below are of the fights that finished\.$/);
    const kept = Number((await page.getByTestId('batch-cancelled').textContent())!.split(' of ')[0]!.replace(/,/g, ''));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(1_000_000);
    expect(await page.getByTestId('batch-timing').textContent()).toMatch(new RegExp(`^${kept.toLocaleString('en')} fights in`));
    expect(await page.getByTestId('batch-origin').textContent()).toMatch(/From classic-d20 .* · text #[0-9a-f]{8} · classic-d20\.json/);
    expect(await page.getByTestId('run-batch').isEnabled()).toBe(true);
    await painted(page);
    await page.screenshot({ path: join(SHOTS, 'sandbox-batch-cancelled.png') });
  });

  test('a blank or fractional fight count, or a negative seed, is refused with the reason; the last results stay', async () => {
    for (const [typed, why] of [['', ' (the field is empty)'], ['2.5', ', not 2.5']] as const) {
      await page.getByTestId('batch-size').fill(typed);
      await page.getByTestId('run-batch').click();
      await expect.poll(() => page.getByTestId('batch-error').textContent()).toBe(`Fights must be a whole number from 1 to 1,000,000${why}.`);
      expect(await page.getByTestId('plots').count()).toBe(1);
    }
    await page.screenshot({ path: join(SHOTS, 'sandbox-batch-refused.png') });
    await page.getByTestId('batch-size').fill('1000');
    const seed = await page.getByTestId('seed').inputValue();
    await page.getByTestId('seed').fill('-1');
    await page.getByTestId('seed').press('Enter');
    await page.getByTestId('tab-fight').click();
    await expect.poll(() => page.getByTestId('fight-error').textContent()).toBe('Seed must be a whole number from 0 to 9,007,199,254,740,991, not -1.');
    await page.getByTestId('seed').fill(seed);
    await page.getByTestId('seed').press('Enter');
    await expect.poll(() => page.getByTestId('fight-error').count()).toBe(0);
    await page.getByTestId('tab-batch').click();
  });

  test('no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('sandbox: how the fallen lie', () => {
  const wizardAfter = async (seed: string) => {
    await page.getByTestId('seed').fill(seed);
    await page.getByTestId('seed').press('Enter');
    await page.getByTestId('seed').blur();
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('winner').count()).toBe(1);
    const downs = await page.evaluate(() => {
      const events = (window as unknown as { __studio: { sandbox: { events: { type: string; target?: string; state?: string }[] } } }).__studio.sandbox.events;
      return events.filter((e) => e.type === 'down').map((e) => `${e.target} ${e.state}`);
    });
    return { downs, fate: () => page.locator('[data-testid="combatant"]', { hasText: /wizard/i }).getByTestId('fate').textContent() };
  };

  test('a hero whose death saves fail is marked dead, one who stabilises is marked stable', async () => {
    await page.getByTestId('tab-fight').click();
    await page.getByTestId('fight-select').selectOption('boss-tier-4');
    // boss-tier-4, seed 2: the level-11 wizard goes down and fails its death saves while the fighter fights on
    // (seed 1 did until a natural 1 counted two failures, issue 21; seed 2 stabilised then).
    const one = await wizardAfter('2');
    expect(one.downs, 'seed 2 no longer kills the wizard: pick another seed').toContain('wizard11 dead');
    await expect.poll(one.fate).toBe('✝ dead');
    // Every enemy brought down is dead, and is marked so.
    const dead = new Set(one.downs.filter((d) => d.endsWith(' dead')).map((d) => d.split(' ')[0]));
    expect((await page.getByTestId('fate').allTextContents()).filter((f) => f === '✝ dead').length).toBe(dead.size);
    await page.screenshot({ path: join(SHOTS, 'sandbox-fallen.png') });
    // Seed 1: the wizard's death saves succeed.
    const two = await wizardAfter('1');
    expect(two.downs, 'seed 1 no longer stabilises the wizard: pick another seed').toContain('wizard11 stable');
    await expect.poll(two.fate).toBe('down, stable');
  });
});

describe('sandbox: a system that has never checked clean', () => {
  test('says it cannot fight yet and shows no other system\'s fight; once fixed, it fights', async () => {
    // twin-dice with a hero's Dexterity below the attribute's own minimum (6): the checker says so.
    const doc = JSON.parse(readFileSync(join(studio.workspace, 'twin-dice.json'), 'utf8')) as { heroes: { attributes: Record<string, number> }[] };
    doc.heroes[0]!.attributes['dexterity'] = 0;
    writeFileSync(join(studio.workspace, 'broken.json'), JSON.stringify(doc, null, 2));
    // A new page restores the backups of unsaved text. An earlier test typed an error into classic-d20 and took it
    // back: its backup must go once the text is the saved text again (it stayed, so whenever that backup had been
    // written, under load, the new page restored the error and classic-d20 could not fight there).
    await expect.poll(() => backupsHold(studio.dataDir, 'oops ')).toBe(false);
    const errors: string[] = [];
    const other = await browser.context.newPage();
    try {
      await openStudio(other, await studio.freshUrl(), 'broken.json', errors);
      const banner = other.getByTestId('unfought-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('broken.json has 1 error');
      expect(await other.getByTestId('next-event').count()).toBe(0);
      await other.screenshot({ path: join(SHOTS, 'sandbox-unfought.png') });
      // Another document fights; coming back to the broken one hides that fight again.
      await other.locator('[data-testid="file-list"] button', { hasText: 'classic-d20.json' }).click();
      await other.waitForFunction(() => (window as unknown as { __studio: { sandbox: { events: unknown[] } } }).__studio.sandbox.events.length > 10);
      expect(await other.getByTestId('unfought-banner').count()).toBe(0);
      await other.locator('[data-testid="file-list"] button', { hasText: 'broken.json' }).click();
      await banner.waitFor();
      expect(await other.getByTestId('combatant').count()).toBe(0);
      // Fixed in the editor (Dexterity 0 → 8): the banner goes and the sandbox fights twin-dice.
      await other.evaluate(() => {
        const s = (window as unknown as { __studio: { editor: { editor: { getModel(): { getValue(): string; setValue(v: string): void } } } } }).__studio;
        const model = s.editor.editor.getModel();
        model.setValue(model.getValue().replace('"dexterity": 0', '"dexterity": 8'));
      });
      await expect.poll(() => other.getByTestId('unfought-banner').count()).toBe(0);
      await expect.poll(() => other.getByTestId('combatant').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
