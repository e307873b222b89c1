// The IPC contract's argument checks and the handle() wrapper: sender check, then argument check, then handler.
import { describe, expect, test } from 'vitest';
import { CHANNEL_PREFIX, CONTRACT, INVOKE_CHANNELS, checkArguments, type InvokeChannel } from '../../electron/ipc/contract';
import { APP_ORIGIN, handle, handleAll, senderProblem, type InvokeEventLike, type IpcMainLike } from '../../electron/ipc/handle';
import { shellHandlers } from '../../electron/ipc/shell';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown;

class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.listeners.has(channel)) throw new Error(`second handler for ${channel}`);
    this.listeners.set(channel, listener);
  }
  invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel);
    if (!listener) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return Promise.resolve().then(() => listener(event, ...args));
  }
}

const appFrame = (url = `${APP_ORIGIN}/index.html`): InvokeEventLike => ({ senderFrame: { url, parent: null } });
const stamp = { mtimeMs: 1, size: 2, hash: 'ab' };

describe('contract', () => {
  test('every channel has the one prefix and a check per argument name', () => {
    expect(INVOKE_CHANNELS.length).toBeGreaterThan(10);
    for (const channel of INVOKE_CHANNELS) {
      expect(channel.startsWith(CHANNEL_PREFIX)).toBe(true);
      expect(CONTRACT[channel].checks.length).toBe(CONTRACT[channel].names.length);
    }
  });

  test('accepts well-formed arguments', () => {
    expect(checkArguments('studio:files.open', ['a.json'])).toEqual({ ok: true, args: ['a.json'] });
    expect(checkArguments('studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: stamp, force: false }]).ok).toBe(true);
    expect(checkArguments('studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: null, force: true }]).ok).toBe(true);
    expect(checkArguments('studio:files.watch', [['a.json', 'b/c.json']]).ok).toBe(true);
    expect(checkArguments('studio:files.list', []).ok).toBe(true);
  });

  test.each<[InvokeChannel, unknown[], RegExp]>([
    ['studio:files.open', [], /takes 1 argument\(s\) \(path\), got 0/],
    ['studio:files.open', ['a.json', 'extra'], /got 2/],
    ['studio:files.open', [42], /argument 1 \(path\): expected a string/],
    ['studio:files.open', ['x'.repeat(600)], /at most 512 characters/],
    ['studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: null }], /argument 1 \(request\.force\): expected true or false/],
    ['studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: null, force: false, extra: 1 }], /argument 1 \(request\): expected no field "extra"/],
    ['studio:files.save', [{ path: 'a.json', text: '{}', baseVersion: { mtimeMs: 1, size: 'x', hash: 'h' }, force: false }], /\(request\.baseVersion\.size\): expected a finite number/],
    ['studio:files.save', [JSON.parse('{"path":"a.json","text":"","baseVersion":null,"force":false,"__proto__":{"x":1}}')], /no field "__proto__"/],
    ['studio:files.save', [['a.json', '{}']], /expected an object/],
    ['studio:files.save', [null], /expected an object/],
    ['studio:files.watch', [['a.json', 7]], /\(paths\[1\]\): expected a string/],
    ['studio:files.watch', [Array.from({ length: 201 }, () => 'a.json')], /at most 200 items/],
    ['studio:files.newFromSeed', ['skirmish'], /takes 2 argument/],
    ['studio:shell.openExternal', [{ toString: () => 'https://x' }], /expected a string/],
    ['studio:files.list', ['sneaky'], /takes 0 argument/],
  ])('%s refuses %j', (channel, args, message) => {
    const result = checkArguments(channel, args);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  test('a class instance is not a plain object', () => {
    class Request {
      path = 'a.json';
      text = '';
      overwrite = false;
    }
    expect(checkArguments('studio:files.saveAs', [new Request()])).toMatchObject({ ok: false, error: expect.stringMatching(/plain object/) });
  });
});

describe('senderProblem', () => {
  test('the app page is trusted', () => {
    expect(senderProblem(appFrame())).toBeNull();
    expect(senderProblem(appFrame(`${APP_ORIGIN}/deep/page.html?x#y`))).toBeNull();
  });

  test.each([
    ['https://evil.example/index.html', /not the Rules Studio page/],
    ['file:///etc/index.html', /not the Rules Studio page/],
    ['app://rules-studio.evil/index.html', /not the Rules Studio page/],
    ['app://other/index.html', /not the Rules Studio page/],
    ['http://127.0.0.1:5173/', /not the Rules Studio page/],
    ['not a url', /not valid/],
  ])('refuses a frame at %s', (url, message) => {
    expect(senderProblem(appFrame(url))).toMatch(message);
  });

  test('refuses a destroyed frame and a sub-frame of the app', () => {
    expect(senderProblem({ senderFrame: null })).toMatch(/gone/);
    expect(senderProblem({ senderFrame: { url: `${APP_ORIGIN}/x.html`, parent: appFrame().senderFrame } })).toMatch(/sub-frame/);
  });
});

describe('handle()', () => {
  test('passes checked arguments to the handler and returns its result', async () => {
    const ipc = new FakeIpcMain();
    const calls: string[] = [];
    handle(ipc, 'studio:files.open', async (path) => {
      calls.push(path);
      return { kind: 'error', code: 'not-found', path, message: 'nope' };
    });
    await expect(ipc.invoke('studio:files.open', appFrame(), 'a.json')).resolves.toMatchObject({ code: 'not-found', path: 'a.json' });
    expect(calls).toEqual(['a.json']);
  });

  test('a foreign sender is refused before the arguments are even looked at, and the handler never runs', async () => {
    const ipc = new FakeIpcMain();
    let ran = false;
    handle(ipc, 'studio:files.open', async () => {
      ran = true;
      return { kind: 'error', code: 'io', path: '', message: '' };
    });
    await expect(ipc.invoke('studio:files.open', appFrame('https://evil.example/'), 42)).rejects.toThrow(
      'Refused studio:files.open: the sender "https://evil.example" is not the Rules Studio page (app://rules-studio)',
    );
    expect(ran).toBe(false);
  });

  test('bad arguments are refused with a clear error, and the handler never runs', async () => {
    const ipc = new FakeIpcMain();
    let ran = false;
    handle(ipc, 'studio:backups.discard', async () => {
      ran = true;
      return null;
    });
    await expect(ipc.invoke('studio:backups.discard', appFrame(), { path: 'a.json' })).rejects.toThrow(
      'Refused studio:backups.discard argument 1 (path): expected a string of at most 512 characters',
    );
    expect(ran).toBe(false);
  });

  test('handleAll registers every channel of the contract exactly once', () => {
    const ipc = new FakeIpcMain();
    const noop = async () => null as never;
    const table = Object.fromEntries(INVOKE_CHANNELS.map((channel) => [channel, noop]));
    handleAll(ipc, table as unknown as Parameters<typeof handleAll>[1]);
    expect([...ipc.listeners.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });
});

describe('shell.openExternal', () => {
  test('opens only checked https URLs', async () => {
    const opened: string[] = [];
    const { 'studio:shell.openExternal': open } = shellHandlers(async (url) => {
      opened.push(url);
    });
    expect(await open('https://example.org/rules?x=1')).toBe(true);
    for (const bad of ['http://example.org', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@example.org', 'https://exa mple.org', 'smb://host/share', '']) {
      expect(await open(bad)).toBe(false);
    }
    expect(opened).toEqual(['https://example.org/rules?x=1']);
    expect(await shellHandlers(null)['studio:shell.openExternal']('https://example.org')).toBe(false);
  });

  test('opens the parsed href it checked, never the raw text (issue 17: https://evil.com\\@good.com)', async () => {
    const opened: string[] = [];
    const { 'studio:shell.openExternal': open } = shellHandlers(async (url) => {
      opened.push(url);
    });
    // The URL parser reads "\\" as "/" (host evil.com); an opener given the raw text may read good.com with a user name.
    expect(await open('https://evil.com\\@good.com')).toBe(false);
    expect(await open('https://evil.com\\good.com/')).toBe(false);
    expect(await open('HTTPS://Example.ORG/a/../rules')).toBe(true);
    expect(await open('https:example.org')).toBe(true);
    expect(opened).toEqual(['https://example.org/rules', 'https://example.org/']);
  });
});
