import { describe, expect, it } from 'vitest';
import { TokenManager } from '../../../../src/main/api/token-manager';
import { AppError } from '../../../../src/main/errors';
import type { TokenGrant } from '../../../../src/shared/domain/fax';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const grant = (token: string, expiresInSeconds = 86_399): TokenGrant => ({ accessToken: token, tokenType: 'bearer', expiresInSeconds, scope: 'read write', jti: null });

describe('TokenManager', () => {
  it('fetches on first use and then reuses the token', async () => {
    let calls = 0;
    const tokens = new TokenManager({ fetchToken: async () => grant(`t${++calls}`) });
    expect(await tokens.get()).toBe('t1');
    expect(await tokens.get()).toBe('t1');
    expect(calls).toBe(1);
    expect(tokens.refreshCount).toBe(1);
  });

  it('shares one request among concurrent callers', async () => {
    const pending = deferred<TokenGrant>();
    let calls = 0;
    const tokens = new TokenManager({
      fetchToken: () => {
        calls++;
        return pending.promise;
      },
    });
    const all = Promise.all(Array.from({ length: 10 }, () => tokens.get()));
    pending.resolve(grant('shared'));
    expect(await all).toEqual(Array(10).fill('shared'));
    expect(calls).toBe(1);
  });

  it('renews ahead of expiry: 5 minutes, or a tenth of a short lifetime', async () => {
    let now = 0;
    let calls = 0;
    const tokens = new TokenManager({ fetchToken: async () => grant(`t${++calls}`, 86_400), now: () => now });
    await tokens.get();
    now = (86_400 - 301) * 1000;
    expect(await tokens.get()).toBe('t1');
    now = (86_400 - 299) * 1000;
    expect(await tokens.get()).toBe('t2');

    let n2 = 0;
    let c2 = 0;
    const short = new TokenManager({ fetchToken: async () => grant(`s${++c2}`, 60), now: () => n2 });
    await short.get();
    n2 = 53_000;
    expect(await short.get()).toBe('s1');
    n2 = 54_000;
    expect(await short.get()).toBe('s2');
  });

  it('invalidates only the token that was rejected, so stale rejections cause no second refresh', async () => {
    let calls = 0;
    const tokens = new TokenManager({ fetchToken: async () => grant(`t${++calls}`) });
    const first = await tokens.get();
    tokens.invalidate(first);
    const second = await tokens.get();
    expect(second).toBe('t2');
    tokens.invalidate(first); // a late 401 for the old token
    expect(await tokens.get()).toBe('t2');
    expect(calls).toBe(2);
  });

  it('passes a failure to every waiter and tries again on the next call', async () => {
    let calls = 0;
    const tokens = new TokenManager({
      fetchToken: async () => {
        calls++;
        if (calls === 1) throw new AppError('AUTH', 'bad key');
        return grant('ok');
      },
    });
    const results = await Promise.allSettled([tokens.get(), tokens.get()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await tokens.get()).toBe('ok');
  });

  it('lets one caller give up without cancelling the shared request', async () => {
    const pending = deferred<TokenGrant>();
    const tokens = new TokenManager({ fetchToken: () => pending.promise });
    const controller = new AbortController();
    const impatient = tokens.get(controller.signal);
    const patient = tokens.get();
    controller.abort();
    await expect(impatient).rejects.toMatchObject({ code: 'CANCELLED' });
    pending.resolve(grant('late'));
    expect(await patient).toBe('late');
    expect(await tokens.get()).toBe('late');
  });

  it('clear() forgets the token and disowns a request in flight', async () => {
    const pending = deferred<TokenGrant>();
    let calls = 0;
    const tokens = new TokenManager({
      fetchToken: () => {
        calls++;
        return calls === 1 ? pending.promise : Promise.resolve(grant('after-clear'));
      },
    });
    const old = tokens.get();
    tokens.clear();
    pending.resolve(grant('before-clear'));
    await old;
    expect(await tokens.get()).toBe('after-clear');
  });
});
