// Guards the server's input: a client may send nonsense. vscode-jsonrpc's reader stops reading for good at a header
// without Content-Length, and drops a body that is not JSON without a word. This stream passes on only well-framed
// messages whose body is JSON; everything else is skipped (to the next header) and reported through `report`, so
// the server keeps serving and the editor's log says what was wrong.
import { Transform, type TransformCallback } from 'node:stream';

/** Largest message read (a system file is at most 8 MB of text; JSON escaping may double it). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A header block longer than this without its blank line is not a header. */
const MAX_HEADER_BYTES = 8 * 1024;
const SEPARATOR = Buffer.from('\r\n\r\n', 'ascii');

export class Reframer extends Transform {
  #buffer: Buffer = Buffer.alloc(0);
  /** Bytes of an over-long message still to skip. */
  #skip = 0;

  constructor(private readonly report: (message: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    if (this.#skip > 0) {
      const n = Math.min(this.#skip, data.length);
      this.#skip -= n;
      data = data.subarray(n);
    }
    this.#buffer = this.#buffer.length === 0 ? data : Buffer.concat([this.#buffer, data]);
    try {
      this.#drain();
    } catch (error) {
      this.report(`rules-studio lsp: input dropped: ${error instanceof Error ? error.message : String(error)}`);
      this.#buffer = Buffer.alloc(0);
    }
    done();
  }

  #drain(): void {
    for (;;) {
      if (this.#skip > 0) {
        const n = Math.min(this.#skip, this.#buffer.length);
        this.#skip -= n;
        this.#buffer = this.#buffer.subarray(n);
        if (this.#skip > 0) return;
      }
      const end = this.#buffer.indexOf(SEPARATOR);
      if (end < 0) {
        if (this.#buffer.length > MAX_HEADER_BYTES) {
          this.report(`rules-studio lsp: ignored ${this.#buffer.length} bytes that are not an LSP header (Content-Length: N, a blank line, then N bytes of JSON)`);
          this.#buffer = this.#buffer.subarray(this.#buffer.length - (SEPARATOR.length - 1));
        }
        return;
      }
      const header = this.#buffer.subarray(0, end).toString('ascii');
      const match = /(?:^|\r\n)Content-Length: *(\d+) *(?:\r\n|$)/i.exec(header);
      if (!match) {
        this.report(`rules-studio lsp: ignored a header without Content-Length: ${JSON.stringify(header.slice(0, 120))}`);
        this.#buffer = this.#buffer.subarray(end + SEPARATOR.length);
        continue;
      }
      const length = Number(match[1]);
      const start = end + SEPARATOR.length;
      if (length > MAX_MESSAGE_BYTES) {
        this.report(`rules-studio lsp: ignored a message of ${length.toLocaleString('en')} bytes (at most ${MAX_MESSAGE_BYTES.toLocaleString('en')})`);
        this.#buffer = this.#buffer.subarray(start);
        this.#skip = length;
        continue;
      }
      if (this.#buffer.length < start + length) return;
      const body = this.#buffer.subarray(start, start + length);
      this.#buffer = this.#buffer.subarray(start + length);
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        this.report(`rules-studio lsp: ignored a message whose body is not JSON: ${JSON.stringify(body.subarray(0, 120).toString('utf8'))}`);
        continue;
      }
      this.push(Buffer.concat([Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'), body]));
    }
  }
}
