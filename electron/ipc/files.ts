// IPC handlers for files: list, open, save, save-as, save elsewhere, seeds, new from a seed, and which files to watch.
import path from 'node:path';
import type { FileService } from '../services/files.js';
import type { FileError } from '../services/types.js';
import type { HandlerTable } from './contract.js';

export type FileChannels =
  | 'studio:files.list'
  | 'studio:files.open'
  | 'studio:files.save'
  | 'studio:files.saveAs'
  | 'studio:files.saveElsewhere'
  | 'studio:files.seeds'
  | 'studio:files.newFromSeed'
  | 'studio:files.watch';

/**
 * Where "save elsewhere" may write. Desktop: main asks with the system's save dialog (given a suggested full path;
 * null when cancelled) and the page never names a folder. Browser studio: the page sends the path the user typed,
 * and only files below these folders are written (see checkOutsideFile).
 */
export type SaveElsewhereTarget = { ask: (suggested: string) => Promise<string | null> } | { roots: readonly string[] };

function refused(target: string, message: string): FileError {
  return { kind: 'error', code: 'invalid-path', path: target, message };
}

export function fileHandlers(service: FileService, elsewhere: SaveElsewhereTarget): Pick<HandlerTable, FileChannels> {
  return {
    'studio:files.list': () => service.list(),
    'studio:files.open': (path) => service.open(path),
    'studio:files.save': (request) => service.save(request),
    'studio:files.saveAs': (request) => service.saveAs(request),
    'studio:files.saveElsewhere': async ({ path: relative, text, target }) => {
      if ('ask' in elsewhere) {
        if (target !== null) return refused(target, 'The desktop studio asks for the place in its own save dialog');
        const chosen = await elsewhere.ask(path.join(service.workspace().root, ...relative.split('/')));
        return chosen === null ? { kind: 'cancelled' } : service.saveElsewhere({ path: relative, text }, chosen, null);
      }
      if (target === null) return refused('', 'Type the full path of the file to save');
      return service.saveElsewhere({ path: relative, text }, target, elsewhere.roots);
    },
    'studio:files.seeds': () => service.seeds(),
    'studio:files.newFromSeed': (seedId, path) => service.newFromSeed(seedId, path),
    'studio:files.watch': async (paths) => {
      await service.watch(paths);
      return null;
    },
  };
}
