import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { describeCrash, installCrashHandler } from '../../../../src/main/platform/crash-handler';
import { Redactor } from '../../../../src/main/platform/redact';

const SECRET = 'CANARY-apikey-9d3b1f';

function crashingError(): AppError {
  return new AppError('AUTH', `The service said no (key ${SECRET})`, {
    httpStatus: 401,
    serviceErrors: [{ developerMessage: `authorization: Basic ${Buffer.from(`app:${SECRET}`).toString('base64')}` }],
    cause: new Error(`while sending Bearer ${SECRET}`),
  });
}

/** The handler on its own event source, with everything it does recorded. */
function installed() {
  const redactor = new Redactor();
  redactor.register(SECRET);
  const source = new EventEmitter();
  const written: string[] = [];
  const logged: unknown[] = [];
  const exits: number[] = [];
  const crashes: string[] = [];
  const remove = installCrashHandler({
    redactor,
    source,
    write: (text) => written.push(text),
    exit: (code) => exits.push(code),
    onCrash: (summary) => crashes.push(summary),
    logger: { debug() {}, info() {}, warn() {}, error: (m, d) => logged.push([m, d]) },
  });
  return { source, written, logged, exits, crashes, remove };
}

describe('crash handler', () => {
  it('reports name, message, stack and causes, redacted, and none of the error’s other properties', () => {
    const redactor = new Redactor();
    redactor.register(SECRET);
    const text = describeCrash(crashingError(), redactor);
    expect(text).toMatch(/^AppError: The service said no \(key \[redacted\]\)/);
    expect(text).toMatch(/Caused by: Error: while sending Bearer \[redacted\]/);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('Basic');
    expect(text).not.toContain('serviceErrors');
  });

  it('on an unhandled rejection: logs it redacted and carries on (a failed side action is not a crash)', () => {
    const { source, logged, exits, crashes, remove } = installed();
    source.emit('unhandledRejection', crashingError());
    source.emit('unhandledRejection', new Error('the browser refused the link'));
    expect(exits).toEqual([]);
    expect(crashes).toEqual([]);
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).toMatch(/a background task failed.*AppError: The service said no \(key \[redacted\]\)/);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    remove();
    expect(source.listenerCount('unhandledRejection')).toBe(0);
  });

  it('on an uncaught exception: logs, writes to stderr, shows the summary, then exits 1, once', () => {
    const { source, written, logged, exits, crashes, remove } = installed();
    source.emit('uncaughtException', crashingError());
    source.emit('uncaughtException', new Error('second'));
    remove();
    expect(exits).toEqual([1]);
    expect(crashes).toHaveLength(1);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^Faxdesk stopped after an unexpected error \(uncaught exception\):\nAppError/);
    expect(JSON.stringify([written, logged, crashes])).not.toContain(SECRET);
    expect(source.listenerCount('uncaughtException')).toBe(0);
  });
});
