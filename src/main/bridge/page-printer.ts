/**
 * The browser harness's printer: the page prints (ui:print), and says how it ended (app:printDone).
 *
 * Each print gets a request id. The page draws the fax into print sheets and opens the browser's print
 * dialog, within the time limit it is given; it reports printed, cancelled (its Cancel) or failed (with
 * a sentence). Main waits for that report, a little longer than the page's own limit, so a page that
 * was closed, reloaded or never connected cannot leave a print (or an inbox:print call) hanging: the
 * print then fails with a sentence saying so. Prints run one at a time, so each one's wait starts when
 * the page is asked, not while an earlier print is still in its dialog.
 *
 * Transport glue, not logic: what the outcome means for the fax (marked printed or not) is the inbox's.
 */
import { randomUUID } from 'node:crypto';
import { durationWords } from '../../shared/duration-words';
import type { PrintDoneInput } from '../../shared/ipc/contract/app';
import type { EventBus } from '../ipc/events';
import type { Printer, PrintOutcome } from '../platform/ports';
import { realTimers, type Timers } from '../platform/timers';

/** How long the page may take to prepare the sheets and finish the print dialog. */
export const PAGE_PRINT_LIMIT_MS = 2 * 60_000;
/** How much longer main waits for the page's report than the page's own limit. */
const REPORT_GRACE_MS = 30_000;

export interface PagePrintRecord {
  file: string;
  title: string;
  at: string;
  requestId: string;
  /** Filled in when the print ended. */
  outcome?: PrintOutcome;
}

export interface PagePrinterOptions {
  events: () => Pick<EventBus, 'emit'> | null;
  timers?: Timers;
  timeLimitMs?: number;
}

interface Waiting {
  resolve: (outcome: PrintOutcome) => void;
  timer: unknown;
}

export class PagePrinter implements Printer {
  /** Every print asked for, in order (tests, and what the desktop would have printed). */
  readonly prints: PagePrintRecord[] = [];
  /** The page's limit for one print; tests shorten it. */
  timeLimitMs: number;
  private readonly timers: Timers;
  private readonly waiting = new Map<string, Waiting>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PagePrinterOptions) {
    this.timers = options.timers ?? realTimers;
    this.timeLimitMs = options.timeLimitMs ?? PAGE_PRINT_LIMIT_MS;
  }

  printPdf(file: string, { title, target }: Parameters<Printer['printPdf']>[1]): Promise<PrintOutcome> {
    const run = this.queue.then(() => this.askPage(file, title, target));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The page's report; false when no print waits under that id (it ended already, or never was). */
  report(input: PrintDoneInput): { accepted: boolean } {
    const waiting = this.waiting.get(input.requestId);
    if (!waiting) return { accepted: false };
    this.waiting.delete(input.requestId);
    this.timers.clearTimeout(waiting.timer);
    waiting.resolve(input.outcome === 'failed' ? { outcome: 'failed', reason: input.reason } : { outcome: input.outcome });
    return { accepted: true };
  }

  private askPage(file: string, title: string, target: Parameters<Printer['printPdf']>[1]['target']): Promise<PrintOutcome> {
    const requestId = randomUUID();
    const record: PagePrintRecord = { file, title, at: new Date().toISOString(), requestId };
    this.prints.push(record);
    const limit = this.timeLimitMs;
    const ended = new Promise<PrintOutcome>((resolve) => {
      const timer = this.timers.setTimeout(() => {
        if (!this.waiting.delete(requestId)) return;
        resolve({
          outcome: 'failed',
          reason: `No Faxdesk window answered within ${durationWords(limit + REPORT_GRACE_MS)}. Open Faxdesk in the browser and print the fax again.`,
        });
      }, limit + REPORT_GRACE_MS);
      this.waiting.set(requestId, { resolve, timer });
    });
    const events = this.options.events();
    if (!events) {
      this.report({ requestId, outcome: 'failed', reason: 'Faxdesk is not ready to print yet. Try again in a moment.' });
    } else {
      events.emit('ui:print', { requestId, title, target, timeLimitMs: limit });
    }
    return ended.then((outcome) => (record.outcome = outcome));
  }
}
