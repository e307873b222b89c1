// rules-studio check FILE... [--json]: JSON syntax, schema and every formula of each system file.
// Exit 0 clean (warnings allowed), 1 errors, 2 usage or an unreadable file. The messages and the summary follow the
// environment's language (LC_ALL, LC_MESSAGES, LANG: pt_BR.UTF-8 → Portuguese); the `error:`/`warning:` words stay,
// so editors' problem matchers read the lines in every language.
import { readFile } from 'node:fs/promises';
import { checkSystem, type SystemDiagnostic } from '../schema/check';
import { localeFromEnvironment, translateMessage, type MessageLocale } from '../i18n/messages';
import { escapeControls, excerpt, lineOf, writeErr, writeOut } from './terminal-text.mjs';

/** A text without its byte-order mark (not part of the JSON; editors on Windows write one). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export const EXIT_CLEAN = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

const USAGE = 'usage: rules-studio check FILE... [--json]\n';

export interface CheckIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly readText: (path: string) => Promise<string>;
  /** The language of the messages (English when absent). */
  readonly locale?: MessageLocale;
}

const processIo: CheckIo = {
  out: writeOut,
  err: writeErr,
  readText: (path) => readFile(path, 'utf8'),
  locale: localeFromEnvironment(process.env),
};

const plural = (n: number, one: string, other: string): string => `${n} ${n === 1 ? one : other}`;

/** The closing line on stderr: `2 files checked: 1 error, 0 warnings`, in the locale. */
function summaryLine(files: number, errors: number, warnings: number, locale: MessageLocale): string {
  if (locale === 'pt-BR') {
    const summary = errors === 0 && warnings === 0 ? 'nenhum problema' : `${plural(errors, 'erro', 'erros')}, ${plural(warnings, 'aviso', 'avisos')}`;
    return `${plural(files, 'arquivo verificado', 'arquivos verificados')}: ${summary}\n`;
  }
  const summary = errors === 0 && warnings === 0 ? 'no problems' : `${plural(errors, 'error', 'errors')}, ${plural(warnings, 'warning', 'warnings')}`;
  return `${plural(files, 'file', 'files')} checked: ${summary}\n`;
}

export interface FileReport {
  readonly file: string;
  readonly diagnostics: Pick<SystemDiagnostic, 'severity' | 'message' | 'source' | 'pointer' | 'line' | 'column' | 'endLine' | 'endColumn'>[];
}

/**
 * `file:line:column: error: message`, then (at most about 200 characters of) the source line and a caret underline;
 * everything that came from the file or the command line with its control characters escaped.
 */
export function formatDiagnostic(file: string, text: string, d: SystemDiagnostic): string {
  const source = lineOf(text, d.line);
  const end = d.endLine === d.line ? d.endColumn - 1 : source.length;
  const shown = excerpt(source, d.column - 1, Math.max(end, d.column));
  const caret = `${' '.repeat(shown.caret)}^${'~'.repeat(shown.width - 1)}`;
  return `${escapeControls(file)}:${d.line}:${d.column}: ${d.severity}: ${escapeControls(d.message)}\n  ${shown.text}\n  ${caret}\n`;
}

export async function run(args: string[], io: CheckIo = processIo): Promise<number> {
  const json = args.includes('--json');
  const files: string[] = [];
  for (const arg of args) {
    if (arg === '--json') continue;
    if (arg === '--help' || arg === '-h') {
      io.out(USAGE);
      return EXIT_CLEAN;
    }
    if (arg.startsWith('--')) {
      io.err(`check: unknown option '${escapeControls(arg)}'\n${USAGE}`);
      return EXIT_USAGE;
    }
    files.push(arg);
  }
  if (files.length === 0) {
    io.err(`check: give at least one system file\n${USAGE}`);
    return EXIT_USAGE;
  }

  const reports: FileReport[] = [];
  let unreadable = false;
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    let text: string;
    try {
      text = await io.readText(file);
    } catch (thrown) {
      const reason = thrown instanceof Error && 'code' in thrown ? String((thrown as NodeJS.ErrnoException).code) : String(thrown);
      io.err(`${escapeControls(file)}: cannot read this file (${escapeControls(reason)})\n`);
      unreadable = true;
      continue;
    }
    text = withoutBom(text);
    const locale = io.locale ?? 'en';
    const diagnostics = checkSystem(text).diagnostics.map((d) => (locale === 'en' ? d : { ...d, message: translateMessage(d.message, locale) }));
    errors += diagnostics.filter((d) => d.severity === 'error').length;
    warnings += diagnostics.filter((d) => d.severity === 'warning').length;
    if (json) {
      reports.push({
        file,
        diagnostics: diagnostics.map(({ severity, message, source, pointer, line, column, endLine, endColumn }) => ({
          severity, message, source, pointer, line, column, endLine, endColumn,
        })),
      });
    } else {
      for (const d of diagnostics) io.out(formatDiagnostic(file, text, d));
    }
  }
  if (json) io.out(`${JSON.stringify(reports, null, 2)}\n`);
  else if (!unreadable) io.err(summaryLine(files.length, errors, warnings, io.locale ?? 'en'));
  if (unreadable) return EXIT_USAGE;
  return errors > 0 ? EXIT_ERRORS : EXIT_CLEAN;
}
