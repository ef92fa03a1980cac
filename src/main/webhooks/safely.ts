/** Runs a step whose failure must not stop the caller (a log line, a receipt): logged, undefined returned. */
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';

export function safely<T>(logger: Logger, what: string, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    logger.error(`could not ${what}`, { error: isAppError(error) ? `${error.code}: ${error.message}` : String(error) });
    return undefined;
  }
}
