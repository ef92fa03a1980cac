/**
 * What main does when an error escapes everything (a bug): write what happened, redacted, to the log
 * and stderr. Without it Node (and Electron's error dialog) print the error with every property it
 * carries, and an error from the service carries the service's words: a body that echoed the request's
 * Authorization header would be printed, secret and all.
 *
 * An uncaught exception stops Faxdesk (main's state may be half-changed). An unhandled rejection does
 * not: it is a side action that failed and that nobody waited for (a link the browser refused to open,
 * a page load replaced by another), so it is logged and Faxdesk carries on.
 */
import type { Logger } from './logger';
import type { Redactor } from './redact';

export interface CrashHandlerOptions {
  redactor: Redactor;
  logger: Logger;
  /** Default: process.exit. */
  exit?: (code: number) => void;
  /** Default: stderr. */
  write?: (text: string) => void;
  /** Called after the report, before exit (the Electron shell shows a dialog with this text). */
  onCrash?: (summary: string) => void;
  /** Where the events come from (default: process; tests pass their own emitter). */
  source?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}

/** The error as text: name, message, stack and causes (no other properties), redacted. */
export function describeCrash(error: unknown, redactor: Redactor): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    if (current instanceof Error) {
      lines.push(depth === 0 ? (current.stack ?? `${current.name}: ${current.message}`) : `Caused by: ${current.stack ?? `${current.name}: ${current.message}`}`);
      current = current.cause;
    } else {
      lines.push(`${depth === 0 ? '' : 'Caused by: '}${typeof current === 'string' ? current : Object.prototype.toString.call(current)}`);
      break;
    }
  }
  return redactor.redactText(lines.join('\n'));
}

/** Installs the handler for uncaught exceptions and unhandled rejections; returns its removal. */
export function installCrashHandler(options: CrashHandlerOptions): () => void {
  const write = options.write ?? ((text: string) => process.stderr.write(text));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let crashed = false;
  const uncaught = (error: unknown) => {
    if (crashed) return;
    crashed = true;
    const summary = describeCrash(error, options.redactor);
    try {
      options.logger.error('Faxdesk stopped: uncaught exception', { error: summary });
    } catch {
      // the log is what failed; stderr still gets it
    }
    write(`Faxdesk stopped after an unexpected error (uncaught exception):\n${summary}\n`);
    try {
      options.onCrash?.(summary);
    } finally {
      exit(1);
    }
  };
  const unhandled = (error: unknown) => {
    if (crashed) return;
    const summary = describeCrash(error, options.redactor);
    try {
      options.logger.error('a background task failed and nobody handled it (Faxdesk carries on)', { error: summary });
    } catch {
      write(`Faxdesk: a background task failed (unhandled rejection):\n${summary}\n`);
    }
  };
  const source = options.source ?? process;
  source.on('uncaughtException', uncaught);
  source.on('unhandledRejection', unhandled);
  return () => {
    source.off('uncaughtException', uncaught);
    source.off('unhandledRejection', unhandled);
  };
}
