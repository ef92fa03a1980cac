/**
 * The Content-Security-Policy of every Faxdesk page: nothing remote, no eval, no inline script and no
 * inline style. It is sent as a header (app:// in the desktop app, the browser bridge) and written into
 * the built index.html as a meta tag (scripts/vite-csp.ts), both from here.
 *
 * No 'unsafe-inline' for styles: the renderer's CSS is one file, React's `style` props and pdf.js's
 * positioning are set through the CSSOM (element.style), and pdf.js loads fonts with the FontFace API
 * or adopted style sheets — none of which a policy blocks. A `<style>` element or a `style="…"`
 * attribute would be refused, and the end-to-end tests fail on the violation it reports.
 */
export function contentSecurityPolicy(options: { connectSrc?: readonly string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
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

/**
 * The policy of the page Vite's development server serves (`npm run dev` only, never built or shipped):
 * the dev server injects each CSS module as a `<style>` element, and React Refresh's preamble is an
 * inline module script. The rest is the app's policy.
 */
export function devServerContentSecurityPolicy(): string {
  return contentSecurityPolicy()
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
}
