import type { FaxdeskApi } from '../shared/ipc/api-shape';

declare global {
  interface Window {
    readonly faxdesk: FaxdeskApi;
  }
}
export {};
