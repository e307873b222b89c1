// Electron bootstrap: locks the app down before anything loads, then wires protocol, IPC, file service and window.
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILES_CHANGED } from './ipc/contract.js';
import { backupHandlers } from './ipc/backups.js';
import { fileHandlers } from './ipc/files.js';
import { handleAll } from './ipc/handle.js';
import { runHandlers } from './ipc/runs.js';
import { shellHandlers } from './ipc/shell.js';
import { workspaceHandlers } from './ipc/workspace.js';
import { safeExternalUrl } from './links.js';
import { registerAppScheme, serveApp } from './protocol.js';
import { FileService } from './services/files.js';
import { RunHistoryStore } from './services/run-history.js';
import { createMainWindow, denyAllPermissions, enforceContentSecurityPolicy, guardContents } from './window.js';

const here = path.dirname(fileURLToPath(import.meta.url)); // dist/electron (inside app.asar when packaged)
const rendererDir = path.join(here, '..', 'renderer');
const seedsDir = app.isPackaged ? path.join(process.resourcesPath, 'systems') : path.join(here, '..', '..', 'systems');

// Before 'ready': sandbox every renderer, and give app:// an origin.
app.enableSandbox();
registerAppScheme();

// A second launch focuses the first window (two processes writing one workspace would fight over backups).
const isFirstInstance = app.requestSingleInstanceLock();

async function openExternal(url: string): Promise<void> {
  const href = safeExternalUrl(url);
  if (href !== null) await shell.openExternal(href);
}

app.on('web-contents-created', (_event, contents) => guardContents(contents, (url) => void openExternal(url)));

function settingsFile(): string {
  return path.join(app.getPath('userData'), 'workspace.json');
}

/** The folder opened last time, else the seed systems (development) or Documents/Rules Studio (installed). */
async function initialWorkspace(): Promise<string> {
  const fromArgs = process.argv.indexOf('--workspace');
  if (fromArgs > 0 && process.argv[fromArgs + 1]) return path.resolve(process.argv[fromArgs + 1]!);
  try {
    const saved: unknown = JSON.parse(await fs.readFile(settingsFile(), 'utf8'));
    if (typeof saved === 'object' && saved !== null && typeof (saved as { folder?: unknown }).folder === 'string') {
      const folder = (saved as { folder: string }).folder;
      if ((await fs.stat(folder)).isDirectory()) return folder;
    }
  } catch {
    // first run, or the folder is gone
  }
  if (!app.isPackaged) return seedsDir;
  const folder = path.join(app.getPath('documents'), 'Rules Studio');
  await fs.mkdir(folder, { recursive: true });
  return folder;
}

async function rememberFolder(folder: string): Promise<void> {
  await fs.mkdir(path.dirname(settingsFile()), { recursive: true });
  await fs.writeFile(settingsFile(), JSON.stringify({ folder }));
}

async function chooseFolder(): Promise<string | null> {
  const focused = BrowserWindow.getFocusedWindow();
  const options: Electron.OpenDialogOptions = { title: 'Open a folder of systems', properties: ['openDirectory', 'createDirectory'] };
  const result = focused ? await dialog.showOpenDialog(focused, options) : await dialog.showOpenDialog(options);
  const folder = result.canceled ? undefined : result.filePaths[0];
  if (!folder) return null;
  await rememberFolder(folder);
  return folder;
}

/** "Save elsewhere": the system's save dialog (it asks before replacing a file); starts where the file was, or in
 *  Documents when that folder is gone. */
async function askSaveTarget(suggested: string): Promise<string | null> {
  const folderThere = await fs.stat(path.dirname(suggested)).then((s) => s.isDirectory(), () => false);
  const options: Electron.SaveDialogOptions = {
    title: 'Save the system in another folder',
    defaultPath: folderThere ? suggested : path.join(app.getPath('documents'), path.basename(suggested)),
    filters: [{ name: 'Rule systems', extensions: ['json'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const focused = BrowserWindow.getFocusedWindow();
  const result = focused ? await dialog.showSaveDialog(focused, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

async function start(): Promise<void> {
  await app.whenReady();
  denyAllPermissions(session.defaultSession);
  enforceContentSecurityPolicy(session.defaultSession);
  serveApp(rendererDir);

  const service = new FileService({ workspace: await initialWorkspace(), dataDir: app.getPath('userData'), seedsDir });
  void service.removeStaleTemps();
  const files = fileHandlers(service, { ask: askSaveTarget });
  const saveElsewhere = files['studio:files.saveElsewhere'];
  // The folder saved to is the workspace now, and next time.
  files['studio:files.saveElsewhere'] = async (request) => {
    const result = await saveElsewhere(request);
    if (result.kind === 'saved') await rememberFolder(result.workspace.root).catch(() => undefined);
    return result;
  };
  handleAll(ipcMain, {
    ...files,
    ...backupHandlers(service),
    ...workspaceHandlers(service, chooseFolder),
    ...shellHandlers(openExternal),
    ...runHandlers(new RunHistoryStore({ root: () => service.workspace().root })),
  });

  const open = () => {
    const window = createMainWindow(path.join(here, 'preload.cjs'));
    const forward = service.onChange((change) => window.webContents.send(FILES_CHANGED, change));
    window.on('closed', forward);
  };
  open();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('before-quit', () => service.close());
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

if (isFirstInstance) {
  start().catch((error: unknown) => {
    dialog.showErrorBox('Rules Studio could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
} else {
  app.quit();
}
