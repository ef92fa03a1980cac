/**
 * Content-Security-Policy violations, as the page itself reports them (`securitypolicyviolation`):
 * Chromium logs some violations to the console, but not all (a refused `new Function` that the code
 * catches is only an event), so the event is what counts. Workers' violations come from their console.
 * A violation is reported once for each policy that refuses it (the header's and the meta tag's).
 */
import type { BrowserContext, Page } from 'playwright-core';

let bindings = 0;

/** Reports every violation in `target` (one page, or every page of a context) to `report`. */
export async function watchCspViolations(target: Page | BrowserContext, report: (text: string) => void): Promise<void> {
  const binding = `__faxdeskCspViolation${++bindings}`;
  // Both sent at once, in this order, so that they are in place before a navigation sent next.
  const installed = Promise.all([
    target.exposeBinding(binding, (_source, text: string) => report(text)),
    target.addInitScript((name: string) => {
      // Runs in the page; spelled without DOM types so that bench code (Node types only) can import this file.
      interface Violation { sourceFile: string; lineNumber: number; effectiveDirective: string; blockedURI: string; sample: string }
      const page = globalThis as unknown as {
        document: { addEventListener(type: 'securitypolicyviolation', listener: (e: Violation) => void): void };
      } & Record<string, (text: string) => Promise<void>>;
      page.document.addEventListener('securitypolicyviolation', (e) => {
        const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
        const text = `CSP violation: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'}${where}${e.sample ? ` (${e.sample})` : ''}`;
        void page[name]!(text);
      });
    }, binding),
  ]);
  const watchWorkers = (page: Page) =>
    page.on('worker', (worker) =>
      worker.on('console', (m) => {
        if (/Content.Security.Policy/i.test(m.text())) report(`CSP violation in a worker: ${m.text()}`);
      }),
    );
  if ('pages' in target) target.on('page', watchWorkers);
  else watchWorkers(target);
  await installed;
}

const seen: string[] = [];

/** Every violation in every page opened through launchChromium since the last call. */
export function takeCspViolations(): string[] {
  return seen.splice(0);
}

export function guardContext(context: BrowserContext): Promise<void> {
  return watchCspViolations(context, (text) => seen.push(text));
}
