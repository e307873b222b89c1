// What the command line prints, made safe for a terminal: the one escaping function (escapeControls) that every
// print site of the CLI (engine/cli, bin/), the browser studio's console (electron/web/main.ts) and `npm start`
// (scripts/start.mjs) goes through, and the bounded source excerpt under a diagnostic. A rule file is untrusted: a
// raw ESC byte in it, or a `\u001b` escape in a JSON key that the message quotes, must not reach the terminal (it
// could clear the screen and print "no problems"), nor may a bidirectional override reorder what a line seems to say.
// Plain JavaScript (no tsx, no build) so that scripts/start.mjs and the web server load it as it is.

// C0 controls (tab and line feed only where kept), DEL, C1 controls, and Unicode's invisible format characters that
// reorder or break text: the Arabic letter mark, LRM/RLM, the line and paragraph separators, the embeddings and
// overrides (U+202A–U+202E) and the isolates (U+2066–U+2069).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function visible(char) {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control and bidirectional formatting character written as a visible `\uXXXX` (ESC → `\u001b`).
 * Tab and line feed are escaped too unless `keepLines` (a whole report's own line breaks). The `\uXXXX` form is JSON's
 * own escape, so a JSON document passed through stays the same JSON (those characters only occur inside its strings).
 */
export function escapeControls(text, { keepLines = false } = {}) {
  return String(text).replace(keepLines ? UNSAFE_BUT_LINES : UNSAFE, visible);
}

/** Writes to stdout through escapeControls (line breaks and tabs kept): every printed report ends up here. */
export function writeOut(text) {
  process.stdout.write(escapeControls(text, { keepLines: true }));
}

/** Writes to stderr through escapeControls (line breaks and tabs kept). */
export function writeErr(text) {
  process.stderr.write(escapeControls(text, { keepLines: true }));
}

/** At most this many characters of a source line are shown under a diagnostic, centred on its place. */
export const EXCERPT_CHARS = 200;

/**
 * The part of a source line to show under a diagnostic at 0-based `start`..`end` (the end exclusive): at most
 * about EXCERPT_CHARS characters around the start, `…` where it was cut, tabs as spaces, every control escaped
 * (escapeControls). `caret` and `width` place the underline in the shown text (its width counts what the escapes
 * take). A 50 MB line costs the same as a short one.
 */
export function excerpt(line, start, end, limit = EXCERPT_CHARS) {
  const at = Math.max(0, Math.min(start, line.length));
  const stop = Math.max(at, Math.min(end, line.length));
  const from = line.length <= limit ? 0 : Math.max(0, Math.min(at - Math.floor(limit / 4), line.length - limit));
  const to = Math.min(line.length, from + limit);
  const show = (part) => escapeControls(part.replace(/\t/g, ' '));
  const before = `${from > 0 ? '…' : ''}${show(line.slice(from, at))}`;
  const marked = show(line.slice(at, Math.min(stop, to)));
  const after = `${show(line.slice(Math.min(stop, to), to))}${to < line.length ? '…' : ''}`;
  return { text: `${before}${marked}${after}`, caret: [...before].length, width: Math.max(1, [...marked].length) };
}

/** Line `number` (1-based) of `text`, found without splitting all of it (a 50 MB file may be one line). */
export function lineOf(text, number) {
  const breaks = /\r\n|\r|\n/g;
  let from = 0;
  for (let n = 1; n < number; n++) {
    const found = breaks.exec(text);
    if (!found) return '';
    from = found.index + found[0].length;
  }
  breaks.lastIndex = from;
  const found = breaks.exec(text);
  return text.slice(from, found ? found.index : text.length);
}
