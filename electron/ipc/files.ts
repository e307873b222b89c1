// IPC handlers for files: list, open, save, save-as, seeds, new from a seed, and which files to watch.
import type { FileService } from '../services/files.js';
import type { HandlerTable } from './contract.js';

export type FileChannels =
  | 'studio:files.list'
  | 'studio:files.open'
  | 'studio:files.save'
  | 'studio:files.saveAs'
  | 'studio:files.seeds'
  | 'studio:files.newFromSeed'
  | 'studio:files.watch';

export function fileHandlers(service: FileService): Pick<HandlerTable, FileChannels> {
  return {
    'studio:files.list': () => service.list(),
    'studio:files.open': (path) => service.open(path),
    'studio:files.save': (request) => service.save(request),
    'studio:files.saveAs': (request) => service.saveAs(request),
    'studio:files.seeds': () => service.seeds(),
    'studio:files.newFromSeed': (seedId, path) => service.newFromSeed(seedId, path),
    'studio:files.watch': async (paths) => {
      await service.watch(paths);
      return null;
    },
  };
}
