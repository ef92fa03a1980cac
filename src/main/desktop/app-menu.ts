/**
 * Faxdesk's application menu, as plain data: what each menu holds, per platform, with our actions and
 * shortcuts. Without it Electron shows its default menu, whose Help menu links to electronjs.org. The
 * Electron side (src/main/electron/app-menu.ts) only turns this into a Menu and runs the commands.
 *
 * The page has its own keyboard shortcuts for New fax (Ctrl+N) and the pages (Ctrl+1…7)
 * (src/renderer/src/shortcuts/keymap.ts). The menu shows them too; on Windows and Linux it leaves the
 * keys to the page (`pageHandlesShortcut`: Electron's registerAccelerator false), so one key press does
 * one thing. macOS gives Cmd shortcuts to the menu first, so there the menu runs them.
 */
import { PAGE_IDS, PAGE_LABELS, type PageId } from '../../shared/domain/navigation';
import { PRODUCT_NAME } from './app-identity';

/** Pages the View menu lists. Admin is left out: the sidebar shows it only for accounts with admin credentials. */
const VIEW_PAGES = ['compose', 'outbox', 'inbox', 'activity', 'contacts', 'settings'] as const satisfies readonly PageId[];

export type MenuCommand = 'new-fax' | 'open-documents' | 'export-diagnostics' | 'open-log-folder' | `go-to-${(typeof VIEW_PAGES)[number]}`;

/** Electron's built-in roles this menu uses (https://www.electronjs.org/docs/latest/api/menu-item#roles). */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'reload'
  | 'toggleDevTools'
  | 'minimize'
  | 'zoom'
  | 'front';

export type AppMenuItem =
  | { command: MenuCommand; label: string; accelerator?: string; pageHandlesShortcut?: boolean }
  | { role: MenuRole; label?: string; accelerator?: string }
  | { separator: true };

export interface AppMenuSection {
  label: string;
  /** macOS treats these menus specially (the app menu, the Window list, Help search). */
  role?: 'appMenu' | 'windowMenu' | 'help';
  items: AppMenuItem[];
}

const SEPARATOR = { separator: true } as const;

function goTo(page: (typeof VIEW_PAGES)[number], mac: boolean): AppMenuItem {
  const digit = PAGE_IDS.indexOf(page) + 1;
  return { command: `go-to-${page}`, label: PAGE_LABELS[page], accelerator: `CmdOrCtrl+${digit}`, pageHandlesShortcut: !mac };
}

export function appMenu(options: { platform: NodeJS.Platform; packaged: boolean }): AppMenuSection[] {
  const mac = options.platform === 'darwin';
  const sections: AppMenuSection[] = [];
  if (mac) {
    sections.push({
      label: PRODUCT_NAME,
      role: 'appMenu',
      items: [
        { role: 'about', label: `About ${PRODUCT_NAME}` },
        SEPARATOR,
        { command: 'go-to-settings', label: 'Settings…', accelerator: 'Cmd+,' },
        SEPARATOR,
        { role: 'services' },
        SEPARATOR,
        { role: 'hide', label: `Hide ${PRODUCT_NAME}` },
        { role: 'hideOthers' },
        { role: 'unhide' },
        SEPARATOR,
        { role: 'quit', label: `Quit ${PRODUCT_NAME}` },
      ],
    });
  }
  sections.push({
    label: mac ? 'File' : '&File',
    items: [
      { command: 'new-fax', label: 'New Fax', accelerator: 'CmdOrCtrl+N', pageHandlesShortcut: !mac },
      { command: 'open-documents', label: 'Open Documents to Fax…', accelerator: 'CmdOrCtrl+O' },
      SEPARATOR,
      ...(mac ? [] : [{ command: 'go-to-settings', label: 'Settings', accelerator: 'Ctrl+,' } as const, SEPARATOR]),
      { role: 'close', label: 'Close Window', accelerator: 'CmdOrCtrl+W' },
      ...(mac ? [] : [{ role: 'quit', label: `Quit ${PRODUCT_NAME}`, accelerator: 'Ctrl+Q' } as const]),
    ],
  });
  sections.push({
    label: mac ? 'Edit' : '&Edit',
    items: [
      { role: 'undo' },
      { role: 'redo' },
      SEPARATOR,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      SEPARATOR,
      { role: 'selectAll' },
    ],
  });
  sections.push({
    label: mac ? 'View' : '&View',
    items: [
      // Settings has its place in the app menu (macOS) or the File menu.
      ...VIEW_PAGES.filter((page) => page !== 'settings').map((page) => goTo(page, mac)),
      SEPARATOR,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      SEPARATOR,
      { role: 'togglefullscreen' },
      // Development builds only: a packaged Faxdesk has no developer tools and never reloads under the person.
      ...(options.packaged ? [] : [SEPARATOR, { role: 'reload' } as const, { role: 'toggleDevTools' } as const]),
    ],
  });
  sections.push({
    label: mac ? 'Window' : '&Window',
    role: 'windowMenu',
    items: mac ? [{ role: 'minimize' }, { role: 'zoom' }, SEPARATOR, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close', label: 'Close Window' }],
  });
  sections.push({
    label: mac ? 'Help' : '&Help',
    role: 'help',
    items: [
      { command: 'export-diagnostics', label: 'Export Diagnostics…' },
      { command: 'open-log-folder', label: 'Open Log Folder' },
      ...(mac ? [] : [SEPARATOR, { role: 'about', label: `About ${PRODUCT_NAME}` } as const]),
    ],
  });
  return sections;
}

/** Every command a menu can hold, for the glue's exhaustive table. */
export const MENU_COMMANDS: readonly MenuCommand[] = ['new-fax', 'open-documents', 'export-diagnostics', 'open-log-folder', ...VIEW_PAGES.map((page) => `go-to-${page}` as const)];

/** The page a go-to command opens, or null for the others. */
export function pageOf(command: MenuCommand): PageId | null {
  if (command === 'new-fax') return 'compose';
  return command.startsWith('go-to-') ? (command.slice('go-to-'.length) as PageId) : null;
}
