/** Shared by the API client tests: the API key no error may quote, and the AppError a call fails with. */
import { expect } from 'vitest';
import { AppError } from '../../../../src/main/errors';

export const API_KEY = 'KEY-abc123-very-secret';

export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.message).not.toContain(API_KEY);
    return e;
  }
  throw new Error('expected a failure');
}
