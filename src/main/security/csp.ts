/**
 * The Content-Security-Policy of every Faxdesk page: nothing remote, no eval, no inline script.
 * Inline styles are allowed because React sets style attributes (positions in virtual lists, the
 * header preview); that cannot run code.
 */
export function contentSecurityPolicy(options: { connectSrc?: readonly string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
