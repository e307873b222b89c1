// The VS Code client of `rules-studio lsp`: starts the language server over stdio for JSON documents (the server
// itself decides which are system files: `"formatVersion"` and our `$schema`, or the `rulesStudio.files` globs)
// and restarts it on demand or when the server command setting changes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { serverCommand } from './command';

let client: LanguageClient | undefined;

function settings(): { command: string; files: string[]; defence: number } {
  const config = vscode.workspace.getConfiguration('rulesStudio');
  return {
    command: config.get<string>('server.command', ''),
    files: config.get<string[]>('files', []),
    defence: config.get<number>('defence', 13),
  };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const { command, files, defence } = settings();
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const run = serverCommand(command, folders, existsSync, join, process.platform);
  const serverOptions: ServerOptions = { command: run.command, args: [...run.args, 'lsp'], transport: TransportKind.stdio, options: { shell: run.shell } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'json' },
    ],
    initializationOptions: { files, defence },
    synchronize: { configurationSection: 'rulesStudio' },
  };
  client = new LanguageClient('rulesStudio', 'Rules Studio', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(
      `Rules Studio: cannot start \`${[run.command, ...run.args, 'lsp'].join(' ')}\` (${error instanceof Error ? error.message : String(error)}). Set rulesStudio.server.command to your rules-studio command.`,
    );
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('rulesStudio.restartServer', async () => {
      await client?.stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('rulesStudio.server.command')) {
        await client?.stop();
        await start(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
