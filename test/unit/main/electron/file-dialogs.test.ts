/** The FileDialogs port over a mocked Electron `dialog` (Electron itself cannot run on these machines). */
import type { BrowserWindow } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const dialog = vi.hoisted(() => ({ showSaveDialog: vi.fn(), showOpenDialog: vi.fn() }));
vi.mock('electron', () => ({ dialog }));

const { electronFileDialogs } = await import('../../../../src/main/electron/file-dialogs');

const window = { id: 1 } as unknown as BrowserWindow;
const pdf = [{ name: 'PDF document', extensions: ['pdf'] }];

beforeEach(() => {
  dialog.showSaveDialog.mockReset();
  dialog.showOpenDialog.mockReset();
});

describe('electronFileDialogs', () => {
  it('asks "Save as" over the main window, starting at the suggested path, and returns the choice', async () => {
    dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/ann/Faxes/report.pdf' });
    const dialogs = electronFileDialogs(() => window);
    expect(await dialogs.saveAs({ title: 'Save the report as', defaultPath: '/home/ann/Faxes/fax-report-1.pdf', filters: pdf })).toBe('/home/ann/Faxes/report.pdf');
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(window, {
      title: 'Save the report as',
      defaultPath: '/home/ann/Faxes/fax-report-1.pdf',
      filters: pdf,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });

  it('returns null when "Save as" is cancelled, and works without a window', async () => {
    dialog.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    expect(await electronFileDialogs(() => null).saveAs({ title: 't', defaultPath: '/tmp/a.pdf', filters: pdf })).toBeNull();
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: '/tmp/a.pdf' }));
  });

  it('opens several files with the given filters; cancelled means none', async () => {
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/docs/a.pdf', '/docs/b.tif'] });
    const dialogs = electronFileDialogs(() => window);
    expect(await dialogs.open({ title: 'Choose documents to fax', defaultPath: '/docs', filters: pdf })).toEqual(['/docs/a.pdf', '/docs/b.tif']);
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(window, { title: 'Choose documents to fax', defaultPath: '/docs', filters: pdf, properties: ['openFile', 'multiSelections'] });
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: ['/docs/a.pdf'] });
    expect(await dialogs.open({ title: 'x', defaultPath: '/docs', filters: pdf })).toEqual([]);
  });

  it('opens one file only when asked for one', async () => {
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/etc/faxdesk/cert.pem'] });
    expect(await electronFileDialogs(() => window).open({ title: 'Choose the certificate', defaultPath: '/etc/faxdesk', filters: pdf, multiple: false })).toEqual(['/etc/faxdesk/cert.pem']);
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(window, { title: 'Choose the certificate', defaultPath: '/etc/faxdesk', filters: pdf, properties: ['openFile'] });
  });
});
