/** The application menu: src/main/desktop/app-menu.ts decides it; this turns it into Electron's Menu. */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { appMenu, type AppMenuItem, type MenuCommand } from '../desktop/app-menu';

export function installAppMenu(options: { platform: NodeJS.Platform; packaged: boolean; run(command: MenuCommand): void }): void {
  const toItem = (item: AppMenuItem): MenuItemConstructorOptions => {
    if ('separator' in item) return { type: 'separator' };
    if ('role' in item) return { role: item.role, ...(item.label ? { label: item.label } : {}), ...(item.accelerator ? { accelerator: item.accelerator } : {}) };
    return {
      label: item.label,
      ...(item.accelerator ? { accelerator: item.accelerator, registerAccelerator: !item.pageHandlesShortcut } : {}),
      click: () => options.run(item.command),
    };
  };
  const template = appMenu(options).map((section): MenuItemConstructorOptions => ({ label: section.label, ...(section.role ? { role: section.role } : {}), submenu: section.items.map(toItem) }));
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
