/** What a failed sync step (a feed, an import page, an image download) says: always an AppError. */
import { AppError, isAppError } from '../errors';

/** Anything thrown by a feed, as an AppError a person can read (a bug becomes INTERNAL). */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if ((error as { name?: string } | null)?.name === 'AbortError') return new AppError('CANCELLED', 'Sync stopped before it finished.', { cause: error });
  return new AppError('INTERNAL', 'Something went wrong inside Faxdesk while synchronising. The details were written to the log.', { cause: error });
}
