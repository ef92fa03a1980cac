/** The two Electron IPC channels everything travels on; the call name is the first argument. */
export const INVOKE_CHANNEL = 'faxdesk:invoke';
export const EVENT_CHANNEL = 'faxdesk:event';
/** The custom scheme production pages load from (not file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'faxdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
