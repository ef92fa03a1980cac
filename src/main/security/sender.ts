import { APP_HOST, APP_SCHEME } from '../../shared/ipc/channels';

/**
 * Whether an IPC message comes from one of our own pages: the app:// origin in production, or the
 * electron-vite dev server while developing. Compares parsed origins, never string prefixes.
 */
export function isTrustedPageUrl(url: string | undefined, devServerUrl?: string): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Node's URL reports origin "null" for custom schemes, so compare scheme and host directly.
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password) return true;
  if (devServerUrl) {
    try {
      return parsed.origin === new URL(devServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}
