// Path containment: a workspace-relative path from the renderer or the browser can name only a visible
// `.json` file inside the workspace, never a parent folder, an absolute path, a hidden file or a symlink out.
import { promises as fs } from 'node:fs';
import path from 'node:path';

export const MAX_RELATIVE_PATH_LENGTH = 512;

export type PathCheck = { ok: true; relative: string; absolute: string } | { ok: false; message: string };

/** Checks the shape of a workspace-relative path (no I/O). Accepts only `a/b/c.json` with plain segments. */
export function resolveWorkspacePath(root: string, relative: string): PathCheck {
  const problem = relativePathProblem(relative);
  if (problem) return { ok: false, message: `${JSON.stringify(relative.slice(0, 80))}: ${problem}` };
  const absolute = path.join(root, ...relative.split('/'));
  if (!isInside(root, absolute)) return { ok: false, message: `${JSON.stringify(relative)} is outside the workspace` };
  return { ok: true, relative, absolute };
}

function relativePathProblem(relative: string): string | null {
  if (relative.length === 0) return 'the path is empty';
  if (relative.length > MAX_RELATIVE_PATH_LENGTH) return `the path is longer than ${MAX_RELATIVE_PATH_LENGTH} characters`;
  if (relative.includes('\0')) return 'the path contains a NUL character';
  if (relative.includes('\\')) return 'use "/" between folders, not "\\"';
  if (relative.includes(':')) return 'the path contains ":" (drive letters and streams are not allowed)';
  if (relative.startsWith('/')) return 'expected a path relative to the workspace, not an absolute path';
  const segments = relative.split('/');
  for (const segment of segments) {
    if (segment === '') return 'the path has an empty folder name ("//" or a trailing "/")';
    if (segment === '.' || segment === '..') return 'the path may not contain "." or ".." folders';
    if (segment.startsWith('.')) return 'hidden files and folders (starting with ".") are not part of the workspace';
  }
  if (!relative.toLowerCase().endsWith('.json')) return 'only .json files can be opened or saved';
  return null;
}

/** True when `candidate` is `root` itself or below it (both absolute, already normalised). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** After the shape check: follows symlinks of the file (or, for a new file, of its folder) and makes sure the
 *  real location is still inside the workspace's real location. */
export async function realPathInside(root: string, absolute: string): Promise<boolean> {
  const realRoot = await fs.realpath(root);
  try {
    return isInside(realRoot, await fs.realpath(absolute));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    try {
      return isInside(realRoot, await fs.realpath(path.dirname(absolute)));
    } catch (parentError) {
      if ((parentError as NodeJS.ErrnoException).code === 'ENOENT') return isInside(root, absolute);
      throw parentError;
    }
  }
}

export const MAX_ABSOLUTE_PATH_LENGTH = 1024;

export type OutsideCheck = { ok: true; absolute: string; root: string } | { ok: false; message: string };

/**
 * The shape of a file outside the workspace that the browser studio may save to (the user typed its absolute path;
 * no I/O): an absolute path without "." or ".." parts, of a visible `.json` file, below one of `roots` (absolute
 * folders the server allows) with no hidden folder in between. The caller still resolves symlinks
 * (existingPartInside) before and after creating the folders.
 */
export function checkOutsideFile(roots: readonly string[], candidate: string): OutsideCheck {
  const shown = JSON.stringify(candidate.slice(0, 120));
  if (candidate.length === 0) return { ok: false, message: 'Type the full path of the file to save, for example /home/me/systems/my-system.json' };
  if (candidate.length > MAX_ABSOLUTE_PATH_LENGTH) return { ok: false, message: `The path is longer than ${MAX_ABSOLUTE_PATH_LENGTH} characters` };
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return { ok: false, message: `${shown} contains a control character` };
  if (!path.isAbsolute(candidate)) return { ok: false, message: `${shown} is not a full path: start it with ${path.sep === '/' ? '"/"' : 'a drive, as in "C:\\\\"'}` };
  const segments = candidate.split(/[\\/]/).slice(1);
  if (segments.some((s) => s === '.' || s === '..')) return { ok: false, message: `${shown} may not contain "." or ".." folders` };
  const absolute = path.resolve(candidate);
  if (!absolute.toLowerCase().endsWith('.json')) return { ok: false, message: `${shown}: only .json files can be saved` };
  const root = roots.map((r) => path.resolve(r)).find((r) => isInside(r, absolute) && r !== absolute);
  if (root === undefined) {
    return { ok: false, message: `${shown} is outside the folders the browser studio may write to (${roots.join(', ')})` };
  }
  if (path.relative(root, absolute).split(path.sep).some((s) => s.startsWith('.'))) {
    return { ok: false, message: `${shown}: hidden files and folders (starting with ".") are not allowed` };
  }
  return { ok: true, absolute, root };
}
