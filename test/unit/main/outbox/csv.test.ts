/**
 * The one CSV writer (src/main/outbox/csv.ts) and outbox:exportCsv: text for the page to download, or a
 * file written whole at a chosen path. (The cases that came from the renderer's former copy are here.)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvText, CSV_COLUMNS } from '../../../../src/main/outbox/csv';
import type { OutboundJob } from '../../../../src/shared/domain/history';
import { harness, type Harness } from './support';

let h: Harness;
afterEach(async () => {
  await h?.cleanup();
});

const HEADER = `\ufeff${CSV_COLUMNS.join(',')}`;

/** Queues faxes to these names, sent (accepted) one minute apart; returns the stored jobs, oldest first. */
async function jobs(names: string[]): Promise<OutboundJob[]> {
  const ids: string[] = [];
  for (const name of names) {
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '+1 212 555 0100', name, company: 'Clinic' }] }) });
    await h.module.outbox.drain();
    ids.push(h.module.outbox.outbound.listByCompose(composeId)[0]!.id);
    await h.timers.advance(60_000);
  }
  return ids.map((id) => h.module.outbox.outbound.get(id)!);
}

describe('CSV cells and rows', () => {
  it('quotes what needs quoting and never lets a cell run as a formula', () => {
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-2+3')).toBe("'-2+3");
    // Guarded, and quoted since it holds a tab (the one CSV field rule of src/shared/csv.ts).
    expect(csvCell('\tTAB')).toBe(`"'\tTAB"`);
    // A semicolon is a separator to a spreadsheet in European locales: quoted like a comma.
    expect(csvCell('Globex; Inc')).toBe('"Globex; Inc"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(undefined)).toBe('');
  });

  it('explains a failure in its row, defuses a name that looks like a formula, and has a cell per column', async () => {
    h = await harness();
    const [job] = await jobs(['Records']);
    const failed: OutboundJob = { ...job!, state: 'ERROR', errorCode: 'E51', errorReason: 'Invalid number', toName: '=cmd|"/c calc"', pages: 0 };
    const line = csvRow(failed);
    const cells = line.split(',');
    expect(cells).toHaveLength(CSV_COLUMNS.length);
    const cell = (column: (typeof CSV_COLUMNS)[number]) => cells[CSV_COLUMNS.indexOf(column)];
    expect(cell('Status')).toBe('Failed');
    expect(cell('State')).toBe('ERROR');
    expect(cell('To name')).toBe(`"'=cmd|""/c calc"""`);
    expect(cell('Result code')).toBe('E51');
    expect(cell('Result meaning')).toBe('The destination fax number is not in a valid format.');
    expect(cell('Reason')).toBe('Invalid number');
    expect(cell('Fax ID')).toBe(job!.faxId);
    // "Not sent" is Faxdesk's own word, not a service code to explain.
    const notSent = csvRow({ ...job!, state: 'REJECTED', errorCode: 'NOT_SENT', rejection: 'Not found at the service.' }).split(',');
    expect(notSent[CSV_COLUMNS.indexOf('Status')]).toBe('Not sent');
    expect(notSent[CSV_COLUMNS.indexOf('Result meaning')]).toBe('');
  });

  it('refuses a text export past its size limit with what to do', async () => {
    h = await harness();
    const list = await jobs(['A', 'B']);
    await expect(csvText([list], 100)).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/Narrow it with the tabs, the search or the account filter/) });
  });
});

describe('outbox:exportCsv', () => {
  it('returns the text with a byte order mark and one CRLF line per fax, newest first, and writes nothing', async () => {
    h = await harness();
    const list = await jobs(['Alpha', 'Bravo', 'Charlie']);
    const result = await h.module.outbox.exportCsv({});
    if (result.kind !== 'text') throw new Error('expected text');
    expect(result.fileName).toMatch(/^outbox-\d{8}-\d{6}Z\.csv$/);
    expect(result.rows).toBe(3);
    expect(result.bytes).toBe(Buffer.byteLength(result.text, 'utf8'));
    const lines = result.text.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1)).toEqual([...list.reverse().map((j) => csvRow(h.module.outbox.outbound.get(j.id)!)), '']);
    expect(fs.existsSync(path.join(h.dir, 'exports'))).toBe(false);

    // The page's filters apply.
    const bravo = await h.module.outbox.exportCsv({ search: 'bravo' });
    expect(bravo).toMatchObject({ kind: 'text', rows: 1 });
    expect(bravo.kind === 'text' && bravo.text.split('\r\n')).toHaveLength(3);
    const none = await h.module.outbox.exportCsv({ phase: 'completed' });
    expect(none).toMatchObject({ kind: 'text', rows: 0, text: `${HEADER}\r\n` });
  });

  it('writes the file at a chosen full path ending in .csv, and refuses anything else', async () => {
    h = await harness();
    await jobs(['Alpha']);
    const file = path.join(h.dir, 'chosen', 'faxes.csv');
    const result = await h.module.outbox.exportCsv({ destination: file });
    expect(result).toEqual({ kind: 'file', path: file, fileName: 'faxes.csv', rows: 1, bytes: fs.statSync(file).size });
    expect(fs.readFileSync(file, 'utf8').startsWith(HEADER)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['faxes.csv']);
    await expect(h.module.outbox.exportCsv({ destination: 'faxes.csv' })).rejects.toMatchObject({ code: 'VALIDATION', field: 'destination' });
    await expect(h.module.outbox.exportCsv({ destination: path.join(h.dir, 'faxes.txt') })).rejects.toMatchObject({ code: 'VALIDATION', field: 'destination' });
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nthere')).toBe('"say ""hi""\nthere"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+123')).toBe("'+123");
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });
});
