/**
 * The transmission report of one outbound fax, as a PDF (pdf-lib, standard Helvetica: no font files
 * to ship): the result in words, the fax and recipient, the documents, the status timeline from every
 * source and the delivery attempts. Characters the standard font cannot draw are shown as "?".
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TransmissionAttempt } from '../../shared/domain/fax';
import { formatFaxNumber } from '../../shared/fax-number';
import type { FaxEvent, OutboundJob } from '../../shared/domain/history';
import { OUTBOX_STATUS_LABELS, outboxStatusOf, NOT_SENT_CODE } from '../../shared/domain/outbox';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import { toOutboxItem } from './views';

export interface ReportInput {
  job: OutboundJob;
  accountLabel: string;
  timeline: readonly FaxEvent[];
  attempts: readonly TransmissionAttempt[] | null;
  /** Why attempts are missing, when they are. */
  attemptsNote: string | null;
  resolution: string | null;
  generatedAt: Date;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
const LINE = 14;

class Writer {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\r\n\t]+/g, ' ')) out += this.charset.has(ch.codePointAt(0)!) ? ch : '?';
    return out;
  }

  /** Splits text into lines that fit `width` at `size`. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const words = this.clean(text).split(' ');
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || line === '') {
        line = candidate;
        // A single word wider than the line is cut.
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      } else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  text(text: string, options: { size?: number; bold?: boolean; indent?: number; color?: [number, number, number] } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const x = MARGIN + (options.indent ?? 0);
    for (const line of this.wrap(text, font, size, PAGE[0] - MARGIN - x)) {
      this.ensure(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x, y: this.y, size, font, color: rgb(...(options.color ?? [0, 0, 0])) });
    }
  }

  heading(text: string): void {
    this.gap(8);
    this.text(text, { size: 13, bold: true });
    this.gap(2);
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Label: value pairs in two columns. */
  fields(rows: [string, string | number | null | undefined][]): void {
    for (const [label, value] of rows) {
      if (value === null || value === undefined || value === '') continue;
      this.ensure(LINE);
      const labelWidth = 130;
      const lines = this.wrap(String(value), this.font, 10, PAGE[0] - 2 * MARGIN - labelWidth);
      this.y -= LINE;
      this.page.drawText(this.clean(label), { x: MARGIN, y: this.y, size: 10, font: this.bold });
      lines.forEach((line, i) => {
        if (i > 0) {
          this.ensure(LINE);
          this.y -= LINE;
        }
        this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size: 10, font: this.font });
      });
    }
  }

  /** A table with fixed column widths (points); cells are cut to fit. */
  table(columns: [string, number][], rows: string[][]): void {
    const draw = (cells: string[], font: PDFFont) => {
      this.ensure(LINE);
      this.y -= LINE;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const width = columns[i]![1];
        let text = this.clean(cell);
        if (font.widthOfTextAtSize(text, 9) > width - 4) {
          while (text.length > 0 && font.widthOfTextAtSize(`${text}...`, 9) > width - 4) text = text.slice(0, -1);
          text = `${text}...`;
        }
        this.page.drawText(text, { x, y: this.y, size: 9, font });
        x += width;
      });
    };
    draw(
      columns.map((c) => c[0]),
      this.bold,
    );
    for (const row of rows) draw(row, this.font);
  }
}

const when = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC') : '');

function eventText(e: FaxEvent): string {
  const d = e.detail;
  const parts: string[] = [];
  for (const key of ['attempt', 'faxId', 'errorCode', 'errorReason', 'errorMessage', 'httpStatus', 'reason', 'held', 'code', 'scheduledAt', 'reconciled', 'message']) {
    const v = d[key];
    if (v !== undefined && v !== null && v !== '') parts.push(`${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  }
  return parts.join('; ');
}

export async function buildTransmissionReport(input: ReportInput): Promise<Uint8Array> {
  const { job } = input;
  const doc = await PDFDocument.create();
  doc.setTitle(`Fax transmission report ${job.faxId ?? job.id}`);
  doc.setProducer('Faxdesk');
  doc.setCreationDate(input.generatedAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  const item = toOutboxItem(job);
  const status = outboxStatusOf(job);
  w.text('Fax transmission report', { size: 18, bold: true });
  w.text(`Generated ${when(input.generatedAt.toISOString())} by Faxdesk`, { size: 9, color: [0.35, 0.35, 0.35] });

  w.heading(`Result: ${OUTBOX_STATUS_LABELS[status]}`);
  w.text(item.statusDetail);
  const info = job.errorCode && job.errorCode !== NOT_SENT_CODE ? describeTransmissionCode(job.errorCode) : null;
  if (info) w.text(`Result code ${info.code}: ${info.meaning}`, { bold: true });

  w.heading('Fax');
  w.fields([
    ['Fax ID', job.faxId ?? '(not assigned by the service)'],
    ['Job', job.id],
    ['Account', input.accountLabel],
    ['Created', when(job.createdAt)],
    ['Scheduled for', when(job.scheduledAt)],
    ['Submitted', when(job.submittedAt)],
    ['Completed', when(job.completedAt)],
    ['Pages counted', job.pageCount],
    ['Pages sent', job.pages],
    ['Duration', job.durationSeconds !== null ? `${job.durationSeconds} s` : null],
    ['Billable retries', job.billableRetries],
    ['Resolution', input.resolution],
    ['Subject', job.subject],
  ]);

  w.heading('Recipient');
  w.fields([
    ['Fax number', formatFaxNumber(job.destination)],
    ['Name', job.toName],
    ['Company', job.toCompany],
  ]);

  if (job.documents.length) {
    w.heading('Documents');
    w.table(
      [
        ['Name', 330],
        ['Type', 60],
        ['Pages', 50],
        ['Size', 72],
      ],
      job.documents.map((d) => [d.name, d.type, d.pages === null ? '?' : String(d.pages), `${(d.size / 1024).toFixed(0)} KB`]),
    );
  }

  w.heading('Timeline');
  if (input.timeline.length === 0) w.text('No events recorded.');
  else
    w.table(
      [
        ['Time', 130],
        ['Source', 70],
        ['Status', 110],
        ['Details', 202],
      ],
      input.timeline.map((e) => [when(e.at), e.source, e.status, eventText(e)]),
    );

  w.heading('Delivery attempts');
  if (!input.attempts || input.attempts.length === 0) w.text(input.attemptsNote ?? 'No delivery attempt has been reported.');
  else
    w.table(
      [
        ['#', 25],
        ['Status', 90],
        ['Started', 120],
        ['Ended', 120],
        ['Duration', 55],
        ['Code', 102],
      ],
      input.attempts.map((a) => [
        String(a.attemptNumber),
        a.rawStatus ?? a.state ?? '',
        when(a.startedAt),
        when(a.endedAt),
        a.durationSeconds === null ? '' : `${a.durationSeconds} s`,
        [a.errorCode, a.errorMessage].filter(Boolean).join(' '),
      ]),
    );

  return doc.save();
}
