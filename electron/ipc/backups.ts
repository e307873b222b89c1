// IPC handlers for backups of unsaved text: write (about a second after an edit), list and restore after a crash,
// discard on revert or close.
import type { FileService } from '../services/files.js';
import type { HandlerTable } from './contract.js';

export type BackupChannels = 'studio:backups.write' | 'studio:backups.list' | 'studio:backups.restore' | 'studio:backups.discard';

export function backupHandlers(service: FileService): Pick<HandlerTable, BackupChannels> {
  return {
    'studio:backups.write': (request) => service.writeBackup(request),
    'studio:backups.list': () => service.listBackups(),
    'studio:backups.restore': (path) => service.restoreBackup(path),
    'studio:backups.discard': async (path) => {
      await service.discardBackup(path);
      return null;
    },
  };
}
