import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { classifySendFailure } from '../../../../src/main/outbox/classify';

describe('classifySendFailure: may the service have taken the fax?', () => {
  it.each([
    [new AppError('AUTH', 'no', { httpStatus: 401 }), 'hold'],
    [new AppError('AUTH', 'no', { httpStatus: 403 }), 'hold'],
    [new AppError('RATE_LIMITED', 'slow', { httpStatus: 429, retryAfterSeconds: 7 }), 'hold'],
    [new AppError('NETWORK', 'refused', { maybeDelivered: false }), 'hold'],
    [new AppError('VALIDATION', 'bad', { httpStatus: 400 }), 'rejected'],
    [new AppError('NOT_FOUND', 'x', { httpStatus: 404 }), 'rejected'],
    [new AppError('SERVICE', 'too big', { httpStatus: 413 }), 'rejected'],
    [new AppError('SERVICE', 'oops', { httpStatus: 500, maybeDelivered: true }), 'unknown'],
    [new AppError('SERVICE', 'gateway', { httpStatus: 504, maybeDelivered: true }), 'unknown'],
    [new AppError('TIMEOUT', 'slow', { maybeDelivered: true }), 'unknown'],
    [new AppError('NETWORK', 'reset', { maybeDelivered: true }), 'unknown'],
    [new AppError('BAD_RESPONSE', 'garbled', { httpStatus: 201, maybeDelivered: true }), 'unknown'],
    [new AppError('CANCELLED', 'stopped'), 'unknown'],
    [new Error('a bug'), 'unknown'],
  ])('%s → %s', (error, kind) => {
    expect(classifySendFailure(error).kind).toBe(kind);
  });

  it('keeps Retry-After and every service error item in the reason', () => {
    expect(classifySendFailure(new AppError('RATE_LIMITED', 'slow', { httpStatus: 429, retryAfterSeconds: 7 }))).toMatchObject({ retryAfterMs: 7000 });
    const rejected = classifySendFailure(
      new AppError('VALIDATION', 'The service refused the request (HTTP 400: "bad number").', {
        httpStatus: 400,
        serviceErrors: [{ userMessage: 'bad number' }, { elementName: 'fax_options.custom_CSID', userMessage: 'too long' }],
      }),
    );
    expect(rejected.reason).toBe('The service refused the request (HTTP 400: "bad number"). Also: fax_options.custom_CSID: too long.');
  });
});
