// Which documents the language server treats as system files: a `.json` with `"formatVersion"` and our `$schema`
// (`.../system.schema.json` or the schema's `$id`), or any file matching a configured glob (`rulesStudio.files`).

export interface SystemFiles {
  readonly files: readonly string[];
}

const SCHEMA = /"\$schema"\s*:\s*"([^"\\]*)"/;
const OURS = /(^|[/\\])system\.schema\.json$|^urn:rules-studio:schema:system:/;

/** A glob (`**`, `*`, `?`, `{a,b}`) as a regular expression over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          out += '(?:.*/)?';
        } else out += '.*';
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += '(?:' + glob.slice(i + 1, end).split(',').map((part) => part.replace(/[.+^$()|[\]\\*?]/g, '\\$&')).join('|') + ')';
        i = end;
      }
    } else out += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp('^' + out + '$');
}

/** The path of a `file:` URI (other schemes: the URI's path part). */
export function uriPath(uri: string): string {
  const m = /^[a-z][a-z0-9+.-]*:(?:\/\/[^/]*)?(.*)$/i.exec(uri);
  let path = m ? m[1]! : uri;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: the path as written
  }
  return path.replace(/\\/g, '/');
}

/** Does a configured glob match this path (the whole path, or its tail when the glob is relative)? */
export function matchesGlob(path: string, globs: readonly string[]): boolean {
  for (const glob of globs) {
    const re = globToRegExp(glob.replace(/\\/g, '/'));
    if (re.test(path)) return true;
    if (!glob.startsWith('/')) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) if (re.test(parts.slice(i).join('/'))) return true;
    }
  }
  return false;
}

export function isSystemDocument(uri: string, text: string, settings: SystemFiles): boolean {
  if (settings.files.length > 0 && matchesGlob(uriPath(uri), settings.files)) return true;
  const schema = SCHEMA.exec(text.slice(0, 1 << 16));
  return schema !== null && OURS.test(schema[1]!) && /"formatVersion"\s*:/.test(text);
}
