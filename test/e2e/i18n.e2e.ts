// The studio in English and Portuguese, by mouse and keyboard only: English on an English OS; the Settings panel's
// Language switches the whole studio (toolbar, sidebar, tabs, sandbox, problems, status bar, the palette) and the
// checker's messages (the problems list and the editor's marker) to Portuguese, kept over a reload; the palette
// switches back; a Portuguese OS gets Portuguese by default. No English interface text is left on the page in
// Portuguese (every English catalog message is looked for). Screenshots of the main screens in both languages at
// 1440×900 and 1024×700.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHOTS, closeStudioSession, cursorPoint, goToText, hoverUntil, launchBrowser, openStudio, openStudioSession, painted, waitChecked, type StudioSession } from './harness';
import { en } from '../../renderer/src/i18n/en';
import { ptBR } from '../../renderer/src/i18n/pt-BR';
import { ENGLISH_CHIP_WORDS } from '../../engine/i18n/chips';

let session: StudioSession;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  session = await openStudioSession('classic-d20.json', pageErrors, true);
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
});

afterAll(() => closeStudioSession(session));

/** The page's text as a person reads it, the editor's own (the JSON document) left out. */
async function interfaceText(): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    // Not interface text: the editor's text is the document, a seed's description in the new-system dialog is its
    // system's; a chip's text holds the document's words (names, labels, outcomes: engine/i18n/chips.ts translates
    // the engine's own, checked below).
    const notInterface = '.monaco-editor, .monaco-aria-container, script, style, [data-testid="chip"] .text, [data-testid="new-dialog"] .about.clamp';
    for (const e of copy.querySelectorAll(notInterface)) e.remove();
    document.body.append(copy);
    copy.style.position = 'absolute';
    const text = copy.innerText;
    copy.remove();
    const titles = [...copy.querySelectorAll('[title], [aria-label]')].flatMap((e) => [e.getAttribute('title') ?? '', e.getAttribute('aria-label') ?? '']);
    return `${text}\n${titles.join('\n')}`.replace(/\u00a0/g, ' ');
  });
}

/** English catalog messages (of two words or more, not the same in Portuguese) found on the page. */
async function englishLeft(): Promise<string[]> {
  const text = await interfaceText();
  return (Object.keys(en) as (keyof typeof en)[])
    .filter((k) => en[k] !== ptBR[k] && /\s/.test(en[k].trim()) && !en[k].includes('{'))
    .filter((k) => text.includes(en[k]))
    .map((k) => `${k}: ${en[k]}`);
}

async function shoot(name: string): Promise<void> {
  for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
    await page.setViewportSize({ width, height });
    await painted(page);
    await page.screenshot({ path: join(SHOTS, `i18n-${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function openSettings(): Promise<void> {
  if (!(await page.getByTestId('settings').isVisible().catch(() => false))) await page.getByTestId('settings-button').click();
  await page.getByTestId('settings').waitFor();
}

async function clickEditor(): Promise<void> {
  const box = (await page.locator('.monaco-editor').first().boundingBox())!;
  await page.mouse.click(box.x + 100, box.y + 30);
}

/** Shows the first problem in the editor's marker widget (F8) and reads its message. */
async function markerMessage(): Promise<string> {
  await clickEditor();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('F8');
  const widget = page.locator('.marker-widget .message').first();
  await widget.waitFor();
  const text = (await widget.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

describe('the studio in two languages', () => {
  test('English on an English OS', async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.getByTestId('save').textContent()).toBe('Save');
    expect(await page.getByTestId('tab-fight').textContent()).toBe('Fight');
    await shoot('fight-en');
  });

  test('an unknown key: the checker says so in English', async () => {
    await clickEditor();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"zzz": 1,');
    await expect.poll(() => page.getByTestId('problem').first().textContent()).toContain('unknown key `zzz` in the document; known keys:');
    expect(await markerMessage()).toContain('unknown key `zzz` in the document');
    await shoot('problems-en');
  });

  test('Settings › Language: Português switches the whole studio and the checker', async () => {
    await openSettings();
    await page.getByTestId('setting-language').selectOption('pt-BR');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(await page.getByTestId('settings').getByText('Idioma').count()).toBe(1);
    await shoot('settings-pt');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('save').textContent()).toBe('Salvar');
    expect(await page.getByTestId('tab-fight').textContent()).toBe('Luta');
    expect(await page.getByTestId('tab-batch').textContent()).toBe('Lote');
    expect(await page.getByTestId('settings-button').textContent()).toBe('Configurações');
    expect(await page.getByTestId('problems').locator('.section-title').textContent()).toBe('Problemas');
    expect(await page.getByTestId('error-count').textContent()).toBe('1 erro');
    await expect.poll(() => page.getByTestId('problem').first().textContent()).toContain('chave desconhecida `zzz` no documento; chaves conhecidas:');
    expect(await markerMessage()).toContain('chave desconhecida `zzz` no documento');
    expect(await englishLeft()).toEqual([]);
    await shoot('problems-pt');
  });

  test('the sandbox in Portuguese: a fight, a batch', async () => {
    // Back to a clean document: the added line deleted from the keyboard (Ctrl+Shift+K on line 2).
    await clickEditor();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+Shift+K');
    await expect.poll(() => page.getByTestId('error-count').textContent()).toBe('0 erros');
    await page.getByTestId('to-end').click();
    await expect.poll(() => page.getByTestId('winner').textContent()).toMatch(/^(vitória dos (heróis|inimigos)|empate)$/);
    expect(await page.locator('[data-testid="initiative-strip"] .round').textContent()).toBe('Fim');
    // The sandbox's own log sentences (the engine's chips are its English).
    expect(await page.getByTestId('chip').last().textContent()).toMatch(/Luta encerrada após \d+ rodadas?: (os heróis vencem|os inimigos vencem|empate)/);
    expect(await page.getByTestId('chip-log').textContent()).toMatch(/ morreu| caiu/);
    // The engine's own chip words too: a check meets its defence `contra`, its influences are `Influenciado por`.
    const chipTexts = await page.locator('[data-testid="chip"] .text, [data-testid="chip-influence"]').allTextContents();
    expect(chipTexts.some((c) => / contra \d/.test(c))).toBe(true);
    expect(chipTexts.filter((c) => ENGLISH_CHIP_WORDS.some((w) => w.test(c)))).toEqual([]);
    expect(await englishLeft()).toEqual([]);
    await shoot('fight-pt');
    await page.getByTestId('tab-batch').click();
    await page.getByTestId('batch-size').fill('300');
    await page.getByTestId('run-batch').click();
    await expect.poll(() => page.getByTestId('batch-timing').textContent()).toMatch(/^300 lutas em \d+,\d\d s com \d workers? .*· semente \d+$/);
    expect(await page.getByTestId('batch-fallen').textContent()).toMatch(/^um herói cai em \d+,\d% · morre em \d+,\d%$/);
    expect(await englishLeft()).toEqual([]);
    await shoot('batch-pt');
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('balance').waitFor();
    await page.getByTestId('run-grid').click();
    await page.getByTestId('grid-sentence').waitFor();
    expect(await page.getByTestId('grid-sentence').textContent()).toMatch(/^Os heróis .*\.$/);
    expect(await englishLeft()).toEqual([]);
    await shoot('balance-pt');
    await page.getByTestId('tab-fight').click();
  });

  test('the new-system dialog in Portuguese', async () => {
    await page.getByTestId('new-system').click();
    await page.getByTestId('new-dialog').waitFor();
    expect(await page.getByTestId('new-dialog').textContent()).toContain('Sistema em branco');
    expect(await englishLeft()).toEqual([]);
    await shoot('new-pt');
    await page.keyboard.press('Escape');
  });

  test('the change box (the palette\'s Regras: Mudar templates em palavras…) in Portuguese', async () => {
    await page.getByTestId('sandbox').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F1');
    const quick = page.locator('.quick-input-widget input');
    await quick.waitFor({ state: 'visible' });
    await page.keyboard.type('Mudar templates em palavras');
    await expect.poll(() => page.locator('.quick-input-widget .monaco-list-row').first().textContent()).toMatch(/Regras: Mudar templates em palavras/);
    await page.keyboard.press('Enter');
    await page.getByTestId('change-input').waitFor({ state: 'visible' });
    await page.keyboard.type('deixe os chefes mais difíceis a partir do tier 3');
    await page.keyboard.press('Enter');
    await page.getByTestId('change-plan').waitFor({ state: 'visible' });
    expect(await page.getByTestId('change-apply').textContent()).toBe('Aplicar (um passo de desfazer)');
    // What it understood, in Portuguese too (engine/i18n/change.ts), and its balance diff on the fights and the grid cells.
    expect(await page.getByTestId('change-understood').textContent()).toBe('papel boss · tiers 3–6 · pontos de vida +25% (mais difícil) · defesa +1 (mais difícil)');
    await expect.poll(() => page.getByTestId('change-cell-row').count()).toBe(4);
    expect(await page.getByTestId('change-cell-row').first().locator('th').textContent()).toBe('boss · tier 3');
    expect(await page.getByTestId('change-box').locator('thead th').first().textContent()).toBe('tier');
    expect(await englishLeft()).toEqual([]);
    await shoot('change-pt');
    await page.keyboard.press('Escape');
  });

  test('the choice is kept over a reload; the palette switches back to English', async () => {
    await page.reload();
    await waitChecked(page, 'classic-d20.json');
    await expect.poll(() => page.getByTestId('save').textContent()).toBe('Salvar');
    // Started in Portuguese, the editor's own words are too: its context menu, its find box, its problem hover.
    const box = (await page.locator('.monaco-editor').first().boundingBox())!;
    await page.mouse.click(box.x + 100, box.y + 30, { button: 'right' });
    const menu = page.locator('.monaco-menu .action-label');
    await expect.poll(() => menu.allTextContents()).toEqual(expect.arrayContaining(['Recortar', 'Copiar', 'Colar', 'Paleta de comandos', 'Ir para a definição']));
    await shoot('editor-menu-pt');
    await page.keyboard.press('Escape');
    await clickEditor();
    await page.keyboard.press('Control+F');
    const find = page.locator('.find-widget');
    await find.waitFor();
    expect(await find.locator('textarea').first().getAttribute('placeholder')).toBe('Localizar');
    expect(await find.locator('[aria-label^="Diferenciar maiúsculas de minúsculas"]').count()).toBe(1);
    await page.keyboard.type('zzzz-nada');
    await expect.poll(() => find.locator('.matchesCount').textContent()).toBe('Nenhum resultado');
    await shoot('editor-find-pt');
    await page.keyboard.press('Escape');
    // The dice hover's words: a weapon's damage on a hero's sheet.
    await goToText(page, join(session.studio.workspace, 'classic-d20.json'), '"damage": "1d8 + @str.mod"', '"damage": "1'.length);
    const cursor = () => cursorPoint(page);
    const hover = await hoverUntil(page, cursor, /média/);
    expect(hover).toMatch(/faixa 4–11 · média 7\.5 · dp/);
    expect(hover).toMatch(/Lido na ficha de Fighter 1: @str\.mod = 3/);
    expect(hover).toMatch(/valor\s*chance\s*no mínimo\s*no máximo/);
    await shoot('dice-hover-pt');
    await page.mouse.move(5, 5);
    // The format's help on a key (engine/i18n/schema.ts and its parts: every description of the format).
    await goToText(page, join(session.studio.workspace, 'classic-d20.json'), '"grid": true', 2);
    expect(await hoverUntil(page, cursor, /quadrados/)).toContain('true: as lutas são jogadas em quadrados');
    await page.mouse.move(5, 5);
    // A key deep in the format (a reaction's trigger, once English only) and a value's hover.
    // (Hovered at each size: a resize closes the hover.)
    for (const [width, height] of [[1440, 900], [1024, 700]] as const) {
      await page.setViewportSize({ width, height });
      await goToText(page, join(session.studio.workspace, 'classic-d20.json'), '"on": "hit"', 2);
      expect(await hoverUntil(page, cursor, /ser acertado/)).toMatch(/`?hit`? \(ser acertado\), `?spell`? \(uma magia\)/);
      await painted(page);
      await page.screenshot({ path: join(SHOTS, `i18n-key-hover-deep-pt-${width}x${height}.png`) });
      await page.mouse.move(5, 5);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await goToText(page, join(session.studio.workspace, 'classic-d20.json'), '"on": "hit"', '"on": "h'.length);
    expect(await hoverUntil(page, cursor, /ser acertado/)).toMatch(/hit\W+\(ser acertado\)/);
    await page.mouse.move(5, 5);
    // Completion there too: Ctrl+Space offers `on`'s choices, and their help (Ctrl+Space again) is in Portuguese.
    await page.keyboard.press('Control+Space');
    await page.locator('.suggest-widget.visible .monaco-list-row', { hasText: '"hit"' }).first().waitFor();
    await page.keyboard.press('Control+Space');
    await expect.poll(() => page.locator('.suggest-details').first().textContent().catch(() => '')).toMatch(/ser acertado/);
    await shoot('completion-pt');
    await page.keyboard.press('Escape');
    // Switching back to English now: the studio at once, the editor's own words at the next start (the panel says so).
    await openSettings();
    await page.getByTestId('setting-language').selectOption('en');
    await page.getByTestId('setting-editor-language').waitFor();
    await page.getByTestId('setting-language').selectOption('pt-BR');
    await expect.poll(() => page.getByTestId('setting-editor-language').count()).toBe(0);
    await page.keyboard.press('Escape');
    await clickEditor();
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill('>Idioma: inglês');
    await expect.poll(() => page.locator('.quick-input-list .monaco-list-row').first().getAttribute('aria-label')).toContain('Exibir: Idioma: inglês');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('save').textContent()).toBe('Save');
    expect(await page.getByTestId('tab-fight').textContent()).toBe('Fight');
    // The editor's own words are still Portuguese: Settings says so, and Restart now brings them to English.
    await openSettings();
    await page.getByTestId('setting-restart').click();
    await waitChecked(page, 'classic-d20.json');
    const box2 = (await page.locator('.monaco-editor').first().boundingBox())!;
    await page.mouse.click(box2.x + 100, box2.y + 30, { button: 'right' });
    await expect.poll(() => page.locator('.monaco-menu .action-label').allTextContents()).toEqual(expect.arrayContaining(['Cut', 'Copy', 'Paste', 'Command Palette']));
    await page.keyboard.press('Escape');
    await openSettings();
    expect(await page.getByTestId('setting-editor-language').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-batch').click();
    await shoot('batch-en');
    await page.getByTestId('tab-balance').click();
    await page.getByTestId('balance').waitFor();
    await shoot('balance-en');
    await page.getByTestId('tab-fight').click();
  });

  test('a Portuguese OS gets Portuguese by default', async () => {
    const browser = await launchBrowser({ locale: 'pt-BR' });
    try {
      const other = await browser.context.newPage();
      await other.setViewportSize({ width: 1440, height: 900 });
      await openStudio(other, await session.studio.freshUrl(), 'twin-dice.json', pageErrors);
      await expect.poll(() => other.getByTestId('save').textContent()).toBe('Salvar');
      expect(await other.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
      await other.getByTestId('settings-button').click();
      expect(await other.getByTestId('setting-language').locator('option:checked').textContent()).toBe('Igual ao sistema (Português (Brasil))');
    } finally {
      await browser.close();
    }
  });

  test('no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
