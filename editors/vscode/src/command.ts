// Which command starts the language server: the setting when given, else the workspace's own install
// (node_modules/.bin/rules-studio), else a Rules Studio checkout's bin (run with node), else `rules-studio` on the PATH.
// Pure (the file checks are passed in) so the repository's tests run it.

export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Windows runs `.cmd` shims through the shell. */
  readonly shell: boolean;
}

export function serverCommand(
  setting: string,
  folders: readonly string[],
  exists: (path: string) => boolean,
  join: (...parts: string[]) => string,
  platform: string,
): ServerCommand {
  const windows = platform === 'win32';
  if (setting.trim() !== '') {
    const [command, ...args] = setting.trim().split(/\s+/);
    return { command: command!, args, shell: windows };
  }
  for (const folder of folders) {
    const installed = join(folder, 'node_modules', '.bin', windows ? 'rules-studio.cmd' : 'rules-studio');
    if (exists(installed)) return { command: installed, args: [], shell: windows };
    const checkout = join(folder, 'bin', 'rules-studio.mjs');
    if (exists(checkout) && exists(join(folder, 'engine', 'cli', 'lsp.ts'))) return { command: 'node', args: [checkout], shell: windows };
  }
  return { command: 'rules-studio', args: [], shell: windows };
}
