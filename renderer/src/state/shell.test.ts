// The pure parts of the shell: stored settings and sessions are read field by field (bad input falls back, never
// throws), and the studio's key names match the key presses they name.
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from './settings';
import { readSession, LocalSessionStore } from '../host/session-store';
import { commandForKey, matchesKeys, parseKeys } from './commands';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean }> = {}, code?: string) => ({
  key, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...mods, code,
});

describe('readSettings', () => {
  test('nothing stored, or not JSON, gives the defaults', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('42')).toEqual(DEFAULT_SETTINGS);
  });
  test('each good field is kept, each bad one falls back on its own', () => {
    const read = readSettings(JSON.stringify({ theme: 'light', editorFontSize: 18, uiFontSize: 99, wordWrap: 'yes', sidebarCollapsed: true }));
    expect(read).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', editorFontSize: 18, sidebarCollapsed: true });
    expect(readSettings(JSON.stringify({ theme: 'neon', editorFontSize: 13.5 }))).toEqual(DEFAULT_SETTINGS);
  });
});

describe('readSession', () => {
  const file = { path: 'forged.json', line: 12, column: 5, scrollTop: 200, scrollLeft: 0 };
  test('a saved session reads back, the active path one of its files', () => {
    expect(readSession(JSON.stringify({ files: [file], active: 'forged.json' }))).toEqual({ files: [file], active: 'forged.json' });
    expect(readSession(JSON.stringify({ files: [file], active: 'gone.json' }))).toEqual({ files: [file], active: null });
  });
  test('anything else is no session', () => {
    for (const bad of ['', 'null', '[]', '{"files": 3}', JSON.stringify({ files: [{ ...file, line: 0 }] }), JSON.stringify({ files: [{ ...file, path: 7 }] }), JSON.stringify({ files: [{ ...file, scrollTop: -1 }] })]) {
      expect(readSession(bad), bad).toBeNull();
    }
  });
  test('the store keeps one session per workspace folder', async () => {
    const map = new Map<string, string>();
    const store = new LocalSessionStore({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) });
    await store.save('/a', { files: [file], active: 'forged.json' });
    expect(await store.load('/a')).toEqual({ files: [file], active: 'forged.json' });
    expect(await store.load('/b')).toBeNull();
    const throwing = new LocalSessionStore({ getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } });
    await expect(throwing.save('/a', { files: [], active: null })).resolves.toBeUndefined();
    expect(await throwing.load('/a')).toBeNull();
  });
});

describe('keys', () => {
  test('parse and match', () => {
    expect(parseKeys('Ctrl+Shift+F10')).toEqual({ ctrl: true, shift: true, alt: false, key: 'f10' });
    expect(matchesKeys('F5', press('F5'))).toBe(true);
    expect(matchesKeys('F5', press('F5', { ctrlKey: true }))).toBe(false);
    expect(matchesKeys('Ctrl+B', press('b', { metaKey: true }))).toBe(true);
    expect(matchesKeys('Alt+Z', press('Ω', { altKey: true }, 'KeyZ'))).toBe(true);
    expect(matchesKeys('Alt+Z', press('z'))).toBe(false);
  });
  test('commandForKey finds the command of a key press', () => {
    const ran: string[] = [];
    const commands = [{ id: 'a', label: 'A', keys: 'F9', run: () => ran.push('a') }, { id: 'b', label: 'B', run: () => ran.push('b') }];
    commandForKey(commands, press('F9'))?.run();
    expect(ran).toEqual(['a']);
    expect(commandForKey(commands, press('F8'))).toBeUndefined();
  });
});
