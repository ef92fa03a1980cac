/**
 * The one gate every renderer call passes through, in Electron (ipcMain) and in the browser bridge
 * alike: refuse unknown channels, parse the input with the contract's schema, run the handler, and
 * turn every outcome into a Result. Nothing thrown crosses the boundary.
 */
import type { z } from 'zod';
import { calls, type CallName, type CallOutput, type ParsedInput } from '../../shared/ipc/contract';
import type { ErrorInfo, Result } from '../../shared/result';
import { CODE_SENTENCES, inputSentence, plainError } from '../../shared/plain-words/errors';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';

export type Handler<N extends CallName> = (input: ParsedInput<N>) => Promise<CallOutput<N>> | CallOutput<N>;
export type HandlerTable = { [N in CallName]: Handler<N> };

export type Dispatch = (channel: string, input: unknown) => Promise<Result<unknown>>;

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function createGate(handlers: HandlerTable, logger: Logger): Dispatch {
  return async (channel, rawInput) => {
    if (typeof channel !== 'string' || !hasOwn(calls, channel) || !hasOwn(handlers, channel)) {
      logger.warn('IPC call refused: unknown channel', { channel: String(channel).slice(0, 100) });
      return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `"${String(channel).slice(0, 100)}" is not a Faxdesk call.` } };
    }
    const name = channel as CallName;
    const schema = calls[name].input as z.ZodType;
    // JSON transports turn `undefined` into null or drop it; treat both as "no input".
    const input = rawInput === null ? undefined : rawInput;
    const parsed = schema.safeParse(input, { reportInput: true });
    if (!parsed.success) {
      const error = describeZodError(parsed.error);
      logger.warn('IPC call refused: invalid input', { channel: name, field: error.field });
      return { ok: false, error };
    }
    try {
      const handler = handlers[name] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      // One last look: a library's words or a stack inside a message never cross (plain-words/errors.ts).
      if (isAppError(error)) return { ok: false, error: plainError(error.toInfo()) };
      logger.error('IPC handler failed unexpectedly', {
        channel: name,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return { ok: false, error: { code: 'INTERNAL', message: CODE_SENTENCES.INTERNAL } };
    }
  };
}

/**
 * The first offending field (its path, for the page to highlight) and a sentence about it: the one the
 * schema wrote, else the field's (plain-words/errors.ts); never zod's own words or the path itself.
 */
export function describeZodError(error: z.ZodError): ErrorInfo {
  const issue = error.issues[0];
  if (!issue) return { code: 'INVALID_INPUT', message: CODE_SENTENCES.INVALID_INPUT };
  let field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys: string[] }).keys;
    field = field ? `${field}.${keys[0]}` : (keys[0] ?? '');
  }
  const info: ErrorInfo = { code: 'INVALID_INPUT', message: inputSentence({ field, kind: issue.code, message: issue.message }) };
  if (field) info.field = field;
  return info;
}
