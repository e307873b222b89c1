// rules-studio <command>: a thin dispatcher. Each command lives in its own module and returns an exit code.
import { escapeControls, writeErr } from './terminal-text.mjs';

const COMMANDS: Record<string, () => Promise<{ run(args: string[]): Promise<number> | number }>> = {
  check: () => import('./check'),
  roll: () => import('./roll'),
  dist: () => import('./dist'),
  sim: () => import('./sim'),
  diff: () => import('./diff'),
  change: () => import('./change'),
  lsp: () => import('./lsp'),
};

const USAGE = `usage: rules-studio <command> [options]

  check FILE... [--json]                         JSON syntax, schema and every formula
  roll FORMULA [--seed N] [--set k=v]... [--json]  one roll with its chip
  dist FORMULA [--system FILE [--at WHERE]] [--set k=v]... [--json]
                                                   exact distribution (a system's functions and sheets)
  sim FILE --fight ID [--fights N] [--seed S] [--workers K] [--json] [--log]
  sim FILE --fight ID ... --record [--workspace DIR]                         append to .rules-studio/runs/
  sim FILE --grid --party ID [--fights N] [--seed S] [--workers K] [--json]   tier × role grid
  sim FILE --fight ID --sensitivity [--fights N] [--top K] [--json]          what moves the needle
  sim FILE --fight ID --tune POINTER [--at K] --target P [--json]            tune one number to a win rate
  sim FILE --budget [--fights N] [--seed S] [--json]                          difficulty budget vs play
  diff A.json B.json [--fight ID] [--fights N] [--seed S] [--json]          balance diff
  change FILE "REQUEST" [--write] [--json] [--fights N] [--seed S]          a template change asked in words
  lsp [--stdio]                                  language server for editors (LSP over stdio)
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    writeErr(name && name !== '--help' && name !== '-h' ? `unknown command '${escapeControls(name)}'\n\n${USAGE}` : USAGE);
    return name === '--help' || name === '-h' ? 0 : 2;
  }
  const command = await load();
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    writeErr(`rules-studio: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 70;
  },
);
