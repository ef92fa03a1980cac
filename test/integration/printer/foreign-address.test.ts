/**
 * The printer refuses requests from any address that is not loopback. A second 127.x address is
 * still loopback, so the refusal is shown with 10.77.0.1 put on the loopback interface of a private
 * network namespace (`unshare -rn`: a user and network namespace, no root needed and nothing of the
 * machine's own network touched); the printer and the clients run in that namespace.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');

function inNamespace(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `ip link set lo up && ip addr add 10.77.0.1/32 dev lo && exec "${path.join(ROOT, 'node_modules/.bin/tsx')}" test/integration/printer/foreign-address-child.ts`;
  return new Promise((resolve) => {
    execFile('unshare', ['-rn', 'sh', '-c', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('requests from another address', () => {
  it('are refused with client-error-forbidden before anything is read; loopback addresses are served', async () => {
    const run = await inNamespace();
    expect(run.code, `unshare -rn failed (user namespaces must be allowed): ${run.stderr}`).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as Record<string, { http: number; status: number | null; requestId: number | null; message: string | null; jobs: number }> & { foreignGet: string; warnings: string[] };
    expect(result.foreign).toMatchObject({ http: 200, status: 0x0401, requestId: 42, jobs: 0 });
    expect(result.foreign.message).toMatch(/only from programs on this computer/);
    expect(result.foreignGet).toMatch(/^HTTP\/1\.1 403/);
    expect(result.loopback).toMatchObject({ status: 0, jobs: 1 });
    expect(result.secondLoopback).toMatchObject({ status: 0, jobs: 1 });
    expect(result.warnings).toContain('fax printer: refused a request from another computer');
  }, 120_000);
});
