// rules-studio lsp [--stdio]: the language server for system files, over standard input and output (LSP 3.17).
// Editors start it (editors/vscode/, the README's neovim snippet); it runs until the editor says exit.
import { createConnection, ProposedFeatures, type Connection } from 'vscode-languageserver/node';
import { Reframer } from './lsp/framing';
import { attachServer } from './lsp/server';
import { escapeControls, writeErr, writeOut } from './terminal-text.mjs';

const USAGE = 'usage: rules-studio lsp [--stdio]\n  The language server for system files: an editor starts it and talks LSP over stdin and stdout.\n';

export async function run(args: string[]): Promise<number> {
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') {
      writeOut(USAGE);
      return 0;
    }
    // Editors pass the transport (and sometimes their process id); stdio is the only one.
    if (arg !== '--stdio' && !arg.startsWith('--clientProcessId')) {
      writeErr(`lsp: unknown option '${escapeControls(arg)}'\n${USAGE}`);
      return 2;
    }
  }
  // Only well-framed JSON reaches the protocol library; the rest is reported in the editor's log and skipped.
  let connection: Connection | undefined;
  const input = process.stdin.pipe(new Reframer((message) => (connection ? connection.console.error(message) : writeErr(`${escapeControls(message)}\n`))));
  connection = createConnection(ProposedFeatures.all, input, process.stdout);
  attachServer(connection);
  connection.listen();
  // Runs until the client's exit notification (the library ends the process then) or the end of its input.
  return new Promise<number>((resolve) => {
    process.stdin.on('end', () => resolve(0));
  });
}
