/**
 * Who Faxdesk is to the operating system. One source for the packaging configuration
 * (electron-builder.yml's appId, checked by a test) and the Windows AppUserModelID, which must match
 * the installer's shortcut for notifications to show and to be clickable.
 */
export const APP_ID = 'com.faxdesk.app';
export const PRODUCT_NAME = 'Faxdesk';
/**
 * The data folder's name under the OS's application-data folder (~/.config/faxdesk, %APPDATA%\faxdesk,
 * ~/Library/Application Support/faxdesk): what Electron chose from package.json's name before it had a
 * productName. Never change it: the history of every installation is there.
 */
export const DATA_FOLDER_NAME = 'faxdesk';
/** The command on Linux (`faxdesk file.pdf`) and the .desktop file's name. */
export const EXECUTABLE_NAME = 'faxdesk';
/** Passed by the start-at-login entry: start in the tray without showing the window. */
export const START_HIDDEN_SWITCH = '--hidden';
