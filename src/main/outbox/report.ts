/**
 * The transmission report of one outbound fax, as a PDF: the result in words, the fax and recipient,
 * the documents, the status timeline from every source and the delivery attempts. It speaks like the
 * screen: times in this computer's time zone (the fax's main times in UTC in a footnote), and the status
 * timeline's own words (shared/domain/timeline-words.ts: "Delivered", "Attempt 1 delivered"). Text is drawn by
 * src/pdf-text (embedded, subset fonts for every script Faxdesk ships); characters no bundled font has
 * are drawn as "\uFFFD" and listed in `missingCharacters`, so the caller can say so.
 */
import { PDFDocument, rgb, type PDFEmbeddedPage, type PDFPage } from 'pdf-lib';
import { PdfText, type TextStyle } from '../../pdf-text';
import type { TransmissionAttempt } from '../../shared/domain/fax';
import { formatFaxNumber } from '../../shared/fax-number';
import type { FaxEvent, OutboundJob } from '../../shared/domain/history';
import { OUTBOX_STATUS_LABELS, outboxStatusOf, NOT_SENT_CODE } from '../../shared/domain/outbox';
import { attemptStatusLabel, sourceLabel, timelineNotes, timelineTitle } from '../../shared/domain/timeline-words';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import { toOutboxItem } from './views';

export interface ReportInput {
  job: OutboundJob;
  accountLabel: string;
  /** Sent through the Sandbox: the report says nothing was really faxed. */
  practice?: boolean;
  timeline: readonly FaxEvent[];
  attempts: readonly TransmissionAttempt[] | null;
  /** Why attempts are missing, when they are. */
  attemptsNote: string | null;
  resolution: string | null;
  generatedAt: Date;
  /** The computer's time zone (IANA name); default: this process's. */
  timeZone?: string;
  /**
   * A delivery confirmation: the report with page 1 of the fax as the service delivered it (its PDF), or
   * the sentence saying why that page cannot be shown.
   */
  confirmation?: { deliveredPdf: Uint8Array } | { missing: string };
}

export interface TransmissionReport {
  pdf: Uint8Array;
  /** Characters no bundled font has, drawn as placeholders (each once). */
  missingCharacters: string[];
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
const LINE = 14;

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly pdfText: PdfText,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  async text(text: string, options: { size?: number; bold?: boolean; indent?: number; color?: [number, number, number] } = {}): Promise<void> {
    const size = options.size ?? 10;
    const style: TextStyle = options.bold ? 'bold' : 'regular';
    const x = MARGIN + (options.indent ?? 0);
    for (const line of await this.pdfText.wrap(text, size, style, PAGE[0] - MARGIN - x)) {
      this.ensure(size + 4);
      this.y -= size + 4;
      await this.pdfText.draw(this.page, line, { x, y: this.y, size, style, color: rgb(...(options.color ?? [0, 0, 0])) });
    }
  }

  async heading(text: string): Promise<void> {
    this.gap(8);
    await this.text(text, { size: 13, bold: true });
    this.gap(2);
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** A page of another PDF, scaled to fit the box (never enlarged), framed, at the left margin. */
  embedded(page: PDFEmbeddedPage, maxWidth: number, maxHeight: number): void {
    const scale = Math.min(1, maxWidth / page.width, maxHeight / page.height);
    const width = page.width * scale;
    const height = page.height * scale;
    this.ensure(height + 8);
    this.y -= height + 4;
    this.page.drawPage(page, { x: MARGIN, y: this.y, width, height });
    this.page.drawRectangle({ x: MARGIN, y: this.y, width, height, borderColor: rgb(0.55, 0.55, 0.55), borderWidth: 0.75 });
    this.y -= 4;
  }

  /** Label: value pairs in two columns. */
  async fields(rows: [string, string | number | null | undefined][]): Promise<void> {
    const labelWidth = 130;
    for (const [label, value] of rows) {
      if (value === null || value === undefined || value === '') continue;
      this.ensure(LINE);
      const lines = await this.pdfText.wrap(String(value), 10, 'regular', PAGE[0] - 2 * MARGIN - labelWidth);
      this.y -= LINE;
      await this.pdfText.draw(this.page, label, { x: MARGIN, y: this.y, size: 10, style: 'bold' });
      for (const [i, line] of lines.entries()) {
        if (i > 0) {
          this.ensure(LINE);
          this.y -= LINE;
        }
        await this.pdfText.draw(this.page, line, { x: MARGIN + labelWidth, y: this.y, size: 10 });
      }
    }
  }

  /** A table with fixed column widths (points); cells are cut to fit. */
  async table(columns: [string, number][], rows: string[][]): Promise<void> {
    const draw = async (cells: string[], style: TextStyle) => {
      this.ensure(LINE);
      this.y -= LINE;
      let x = MARGIN;
      for (const [i, cell] of cells.entries()) {
        const width = columns[i]![1];
        const text = await this.pdfText.clipToWidth(cell.replace(/[\r\n\t]+/g, ' '), 9, style, width - 4);
        await this.pdfText.draw(this.page, text, { x, y: this.y, size: 9, style });
        x += width;
      }
    };
    await draw(
      columns.map((c) => c[0]),
      'bold',
    );
    for (const row of rows) await draw(row, 'regular');
  }
}

/** "2026-11-25 01:17:41 UTC". */
export function utcTime(iso: string | null | undefined): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return new Date(iso).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}

/**
 * Times in one time zone: "2026-11-24 20:17:41 EST" (the zone's short name where it has one, else its
 * offset, "GMT+1"), and the zone described for the note under the title.
 */
export class ZonedTimes {
  private readonly parts: Intl.DateTimeFormat;
  constructor(readonly timeZone: string) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  }

  format(iso: string | null | undefined): string {
    if (!iso || Number.isNaN(Date.parse(iso))) return '';
    const part = Object.fromEntries(this.parts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return `${part['year']}-${part['month']}-${part['day']} ${part['hour']}:${part['minute']}:${part['second']} ${part['timeZoneName']}`;
  }

  /** Whether this zone is UTC itself (then the times need no UTC beside them). */
  isUtc(at: Date): boolean {
    return this.format(at.toISOString()).endsWith(' UTC');
  }

  /** "America/New_York (UTC−05:00)" on this date. */
  describe(at: Date): string {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: this.timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const utcOffset = offset === 'GMT' ? 'UTC' : offset.replace('GMT', 'UTC').replace('-', '−');
    return `${this.timeZone} (${utcOffset})`;
  }
}

export async function buildTransmissionReport(input: ReportInput): Promise<TransmissionReport> {
  const { job } = input;
  const doc = await PDFDocument.create();
  const title = input.confirmation ? 'Fax delivery confirmation' : 'Fax transmission report';
  doc.setTitle(`${title} ${job.faxId ?? job.id}`);
  doc.setProducer('Faxdesk');
  doc.setCreationDate(input.generatedAt);
  const pdfText = PdfText.for(doc);
  const w = new Writer(doc, pdfText);
  const zone = new ZonedTimes(input.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC');
  const when = (iso: string | null | undefined) => zone.format(iso);
  const generated = input.generatedAt.toISOString();

  const item = toOutboxItem(job);
  const status = outboxStatusOf(job);
  await w.text(title, { size: 18, bold: true });
  const zoneNote = zone.isUtc(input.generatedAt) ? 'Times are in UTC, this computer’s time zone.' : `Times are in this computer's time zone, ${zone.describe(input.generatedAt)}; in UTC at the end.`;
  await w.text(`Generated ${when(generated)} by Faxdesk. ${zoneNote}`, {
    size: 9,
    color: [0.35, 0.35, 0.35],
  });
  if (input.practice) await w.text('Sandbox (practice account): this fax was not really sent; no fax machine received it.', { size: 11, bold: true, color: [0.55, 0.35, 0] });

  await w.heading(`Result: ${OUTBOX_STATUS_LABELS[status]}`);
  await w.text(item.statusDetail);
  const info = job.errorCode && job.errorCode !== NOT_SENT_CODE ? describeTransmissionCode(job.errorCode) : null;
  if (info) await w.text(`Result code ${info.code}: ${info.meaning}`, { bold: true });
  if (input.confirmation) {
    await w.fields([
      ['To', [formatFaxNumber(job.destination), job.toName, job.toCompany].filter(Boolean).join(', ')],
      ['Delivered', when(job.completedAt)],
      ['Pages sent', job.pages],
    ]);
    await w.heading('Page 1 of the fax, as the fax service delivered it');
    const page = 'deliveredPdf' in input.confirmation ? await firstPageOf(doc, input.confirmation.deliveredPdf) : null;
    if (page) w.embedded(page, 300, 390);
    else await w.text('deliveredPdf' in input.confirmation ? 'The delivered image of this fax could not be read, so its first page is not shown here.' : input.confirmation.missing);
  }

  await w.heading('Fax');
  await w.fields([
    ['Fax ID', job.faxId ?? '(not assigned by the service)'],
    ['Faxdesk reference', job.id],
    ['Account', input.accountLabel],
    ['Created', when(job.createdAt)],
    ['Scheduled for', when(job.scheduledAt)],
    ['Submitted', when(job.submittedAt)],
    ['Completed', when(job.completedAt)],
    ['Pages counted', job.pageCount],
    ['Pages sent', job.pages],
    ['Duration', job.durationSeconds !== null ? `${job.durationSeconds} s` : null],
    ['Charged retries', job.billableRetries === null ? null : `${job.billableRetries} (retries after a busy line or a dropped call, which the service charges for)`],
    ['Resolution', input.resolution === 'FINE' ? 'Fine (204 × 196 dpi)' : input.resolution === 'STANDARD' ? 'Standard (204 × 98 dpi)' : input.resolution],
    ['Subject', job.subject],
  ]);
  const skew = clockDisagreement(job);
  if (skew) await w.text(skew, { size: 9, color: [0.35, 0.35, 0.35] });

  await w.heading('Recipient');
  await w.fields([
    ['Fax number', formatFaxNumber(job.destination)],
    ['Name', job.toName],
    ['Company', job.toCompany],
  ]);

  if (job.documents.length) {
    await w.heading('Documents');
    await w.table(
      [
        ['Name', 330],
        ['Type', 60],
        ['Pages', 50],
        ['Size', 72],
      ],
      job.documents.map((d) => [d.name, d.type, d.pages === null ? '?' : String(d.pages), `${(d.size / 1024).toFixed(0)} KB`]),
    );
  }

  await w.heading('Timeline');
  if (input.timeline.length === 0) await w.text('No events recorded.');
  else
    await w.table(
      [
        ['Time', 122],
        ['Source', 92],
        ['Status', 106],
        ['Details', 192],
      ],
      input.timeline.map((e) => [when(e.at), sourceLabel(e.source), timelineTitle(e), timelineNotes(e, when).join('; ')]),
    );

  await w.heading('Delivery attempts');
  if (!input.attempts || input.attempts.length === 0) await w.text(input.attemptsNote ?? 'No delivery attempt has been reported.');
  else
    await w.table(
      [
        ['#', 22],
        ['Status', 84],
        ['Started', 132],
        ['Ended', 132],
        ['Duration', 52],
        ['Code', 90],
      ],
      input.attempts.map((a) => [
        String(a.attemptNumber),
        attemptStatusLabel(a),
        when(a.startedAt),
        when(a.endedAt),
        a.durationSeconds === null ? '' : `${a.durationSeconds} s`,
        [a.errorCode, a.errorMessage].filter(Boolean).join(' '),
      ]),
    );

  const footnote = [
    ['Created', job.createdAt],
    ['Scheduled for', job.scheduledAt],
    ['Submitted', job.submittedAt],
    ['Completed', job.completedAt],
    ['Generated', generated],
  ]
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([label, iso]) => `${label} ${utcTime(iso)}`);
  w.gap(10);
  await w.text(`Times in UTC: ${footnote.join('; ')}.`, { size: 8, color: [0.35, 0.35, 0.35] });

  const missing = pdfText.missing();
  if (missing.length > 0) {
    await w.heading('Characters not shown');
    await w.text(`No font Faxdesk ships has ${missing.length === 1 ? 'this character' : 'these characters'}; each is printed as \uFFFD above: ${missing.map(codePointLabel).join(', ')}.`);
  }
  return { pdf: await doc.save(), missingCharacters: missing };
}

/** Page 1 of a PDF, ready to draw into `doc`; null when the file cannot be read as a PDF. */
async function firstPageOf(doc: PDFDocument, pdf: Uint8Array): Promise<PDFEmbeddedPage | null> {
  try {
    const [page] = await doc.embedPdf(pdf, [0]);
    return page ?? null;
  } catch {
    return null;
  }
}

/**
 * Created and Submitted are this computer's times; Completed is the service's. When the service says
 * it finished before Faxdesk submitted, the two clocks differ (a workstation clock set wrong): the
 * report says so rather than leave the reader to doubt the order. Null when the times agree.
 */
export function clockDisagreement(job: Pick<OutboundJob, 'createdAt' | 'submittedAt' | 'completedAt'>): string | null {
  const local = job.submittedAt ?? job.createdAt;
  if (!job.completedAt) return null;
  const aheadMs = Date.parse(local) - Date.parse(job.completedAt);
  if (!(aheadMs > 0)) return null;
  const seconds = Math.ceil(aheadMs / 1000);
  return (
    `Created and Submitted are this computer's clock; Completed is the fax service's. The service reports finishing ` +
    `${seconds} s before Faxdesk ${job.submittedAt ? 'submitted' : 'created'} the fax, so this computer's clock is ahead of the service's by at least that much.`
  );
}

/** "U+1F600" for a character, so the report names it even though it cannot draw it. */
export function codePointLabel(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
