import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLogger, existingLogFiles, rotatedName, teeLogger } from '../../../../src/main/platform/file-logger';
import type { Logger } from '../../../../src/main/platform/logger';
import { REDACTED, Redactor } from '../../../../src/main/platform/redact';

const tempDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-log-')), 'logs');
const readLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('file logger', () => {
  it('writes one JSON line per call into <dir>/faxdesk.log, creating the folder', () => {
    const dir = tempDir();
    const logger = createFileLogger({ dir, redactor: new Redactor(), scope: 'main', now: () => new Date('2026-03-04T05:06:07Z') });
    logger.info('core started', { dataDir: '/data' });
    logger.error('boom');
    logger.close();
    expect(logger.file).toBe(path.join(dir, 'faxdesk.log'));
    expect(readLines(logger.file)).toEqual([
      { t: '2026-03-04T05:06:07.000Z', level: 'info', scope: 'main', msg: 'core started', details: { dataDir: '/data' } },
      { t: '2026-03-04T05:06:07.000Z', level: 'error', scope: 'main', msg: 'boom' },
    ]);
  });

  it('rotates at the size limit and keeps at most maxFiles files', () => {
    const dir = tempDir();
    const logger = createFileLogger({ dir, redactor: new Redactor(), maxBytes: 1000, maxFiles: 3 });
    for (let i = 0; i < 100; i++) logger.info(`line ${i} ${'x'.repeat(60)}`);
    logger.close();
    expect(fs.readdirSync(dir).sort()).toEqual(['faxdesk.1.log', 'faxdesk.2.log', 'faxdesk.log']);
    for (const file of fs.readdirSync(dir)) expect(fs.statSync(path.join(dir, file)).size).toBeLessThanOrEqual(1000);
    const newestFirst = existingLogFiles(dir, 'faxdesk.log', 3).flatMap((f) => readLines(f).reverse().map((l) => l['msg'] as string));
    expect(newestFirst[0]).toMatch(/^line 99 /);
    // Lines are consecutive across files: nothing lost between rotations among the kept files.
    const numbers = newestFirst.map((m) => Number(m.split(' ')[1]));
    expect(numbers).toEqual(numbers.map((_, i) => 99 - i));
  });

  it('continues an existing file after a restart and rotates it when full', () => {
    const dir = tempDir();
    const first = createFileLogger({ dir, redactor: new Redactor(), maxBytes: 300 });
    first.info('first run');
    first.close();
    const second = createFileLogger({ dir, redactor: new Redactor(), maxBytes: 300 });
    second.info('second run');
    expect(readLines(second.file).map((l) => l['msg'])).toEqual(['first run', 'second run']);
    for (let i = 0; i < 5; i++) second.info('filler '.repeat(10));
    second.close();
    expect(fs.existsSync(path.join(dir, rotatedName('faxdesk.log', 1)))).toBe(true);
  });

  it('leaves out lines below the minimum level', () => {
    const dir = tempDir();
    const logger = createFileLogger({ dir, redactor: new Redactor(), minLevel: 'info' });
    logger.debug('chatty');
    logger.warn('kept');
    logger.close();
    expect(readLines(logger.file).map((l) => l['msg'])).toEqual(['kept']);
  });

  it('never writes a secret: keys, registered values in free text, Authorization headers', () => {
    const dir = tempDir();
    const redactor = new Redactor();
    const logger = createFileLogger({ dir, redactor });
    const apiKey = 'live_api_key_0123456789';
    redactor.register(apiKey);
    logger.info(`calling the service with ${apiKey}`, {
      account: { label: 'Office', apiKey, adminPassword: 'Adm1n-pass!' },
      request: { headers: { Authorization: 'Bearer tok-abc-123' } },
      raw: 'GET /faxes\r\nAuthorization: Bearer tok-abc-123\r\nAccept: */*',
      echoed: `{"error":"bad key ${apiKey}"}`,
    });
    logger.warn('admin login', { form: 'username=ops&password=Adm1n-pass!' });
    logger.close();
    const text = fs.readFileSync(logger.file, 'utf8');
    for (const secret of [apiKey, 'Adm1n-pass!', 'tok-abc-123']) expect(text).not.toContain(secret);
    const [first, second] = readLines(logger.file);
    expect(first).toMatchObject({
      msg: `calling the service with ${REDACTED}`,
      details: {
        account: { label: 'Office', apiKey: REDACTED, adminPassword: REDACTED },
        request: { headers: { Authorization: REDACTED } },
        raw: `GET /faxes\r\nAuthorization: Bearer ${REDACTED}\r\nAccept: */*`,
        echoed: `{"error":"bad key ${REDACTED}"}`,
      },
    });
    expect(second).toMatchObject({ details: { form: `username=ops&password=${REDACTED}` } });
  });

  it('does not throw when the folder cannot be written', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-log-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const stderr = process.stderr.write;
    const captured: string[] = [];
    process.stderr.write = ((chunk: string) => (captured.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const logger = createFileLogger({ dir: file, redactor: new Redactor() });
      expect(() => logger.info('still fine')).not.toThrow();
    } finally {
      process.stderr.write = stderr;
    }
    expect(captured.join('')).toContain('still fine');
  });

  it('tees lines to several loggers', () => {
    const seen: string[] = [];
    const make = (name: string): Logger => ({ debug: (m) => seen.push(`${name}:${m}`), info: (m) => seen.push(`${name}:${m}`), warn: () => {}, error: () => {} });
    teeLogger(make('a'), make('b')).info('x');
    expect(seen).toEqual(['a:x', 'b:x']);
  });
});
