/** The FileDialogs port over Electron's `dialog`, attached to the main window when there is one. */
import { dialog, type BrowserWindow } from 'electron';
import type { FileDialogs } from '../platform/ports';

export function electronFileDialogs(window: () => BrowserWindow | null): FileDialogs {
  return {
    async saveAs({ title, defaultPath, filters }) {
      const options = { title, defaultPath, filters, properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[] };
      const parent = window();
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async open({ title, defaultPath, filters, multiple = true }) {
      const properties: ('openFile' | 'multiSelections')[] = multiple ? ['openFile', 'multiSelections'] : ['openFile'];
      const options = { title, defaultPath, filters, properties };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
  };
}
