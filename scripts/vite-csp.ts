/**
 * Writes the Content-Security-Policy into index.html as its first element, from
 * src/main/security/csp.ts (the same policy the app:// protocol and the browser bridge send as a
 * header), so the page carries it however it is opened. The development server gets the dev policy.
 */
import type { Plugin } from 'vite';
import { contentSecurityPolicy, devServerContentSecurityPolicy } from '../src/main/security/csp';

/** Directives a browser ignores, with a console error, when they come in a meta tag. */
const HEADER_ONLY = ['frame-ancestors', 'report-uri', 'sandbox'];

export function metaPolicy(policy: string): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !HEADER_ONLY.includes(d.split(/\s+/)[0]!))
    .join('; ');
}

export function cspMetaTag(): Plugin {
  let serving = false;
  return {
    name: 'faxdesk:csp-meta',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml() {
      const policy = metaPolicy(serving ? devServerContentSecurityPolicy() : contentSecurityPolicy());
      return [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }];
    },
  };
}
