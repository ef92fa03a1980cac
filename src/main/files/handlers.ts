/** The files:* calls (contract: src/shared/ipc/contract/files.ts). */
import type { Handler } from '../ipc/gate';
import type { FileDialogService } from './file-dialog-service';

type FileCallName = 'files:saveAs' | 'files:download' | 'files:openForCompose' | 'files:openTlsFile';
export type FileHandlers = { [N in FileCallName]: Handler<N> };

export function createFileHandlers(files: FileDialogService): FileHandlers {
  return {
    'files:saveAs': (request) => files.saveAs(request),
    'files:download': (request) => files.download(request),
    'files:openForCompose': () => files.openForCompose(),
    'files:openTlsFile': ({ what }) => files.openTlsFile(what),
  };
}
