/**
 * What Faxdesk's two IPP printers say about themselves (Get-Printer-Attributes): the print service
 * (/ipp/print, IPP Everywhere, PWG 5100.14) and the fax-out service (/ipp/faxout, PWG 5100.15).
 * Operating systems build their driverless queue from this, so the values are chosen for a fax:
 * monochrome, one-sided, one copy, Letter/A4/Legal (borderless by default), rasters at 150 or 300 dpi
 * (Faxdesk keeps them at fax resolution), PDF passed through as it is.
 */
import { createHash } from 'node:crypto';
import type { IppAttribute } from './ipp/encoding';
import {
  boolean,
  charset,
  collection,
  dateTime,
  dpi,
  enumAttr,
  integer,
  keyword,
  language,
  mimeType,
  nameAttr,
  octets,
  Operation,
  range,
  resolution,
  text,
  unknownValue,
  uri,
  uriScheme,
} from './ipp/values';
import { ACCEPTED_FORMATS } from './documents/job-document';

export type PrinterService = 'print' | 'faxout';

export const SERVICE_PATH: Record<PrinterService, string> = { print: '/ipp/print', faxout: '/ipp/faxout' };

export interface PrinterStatus {
  accepting: boolean;
  /** Why not accepting, for printer-state-message. */
  message: string | null;
  processing: boolean;
  queuedJobs: number;
  startedAt: Date;
  stateChangedAt: Date;
  now: Date;
}

export interface PrinterIdentity {
  host: string;
  port: number;
  /** Seeds the stable printer-uuid (the data folder: one Faxdesk, one printer). */
  uuidSeed: string;
  maxJobBytes: number;
}

export const SUPPORTED_OPERATIONS = [
  Operation.PrintJob,
  Operation.ValidateJob,
  Operation.CreateJob,
  Operation.SendDocument,
  Operation.CancelJob,
  Operation.GetJobAttributes,
  Operation.GetJobs,
  Operation.GetPrinterAttributes,
  Operation.CancelMyJobs,
  Operation.CloseJob,
  Operation.IdentifyPrinter,
];

/** Media Faxdesk accepts: name, width and height in hundredths of a millimetre. */
const MEDIA = [
  { name: 'na_letter_8.5x11in', x: 21590, y: 27940 },
  { name: 'iso_a4_210x297mm', x: 21000, y: 29700 },
  { name: 'na_legal_8.5x14in', x: 21590, y: 35560 },
] as const;

export const MEDIA_NAMES: readonly string[] = MEDIA.map((m) => m.name);

/** Points (1/72 in) of a media name Faxdesk knows; Letter otherwise. */
export function paperOf(media: string | undefined): { widthPt: number; heightPt: number } {
  const m = MEDIA.find((x) => x.name === media) ?? MEDIA[0];
  return { widthPt: (m.x / 2540) * 72, heightPt: (m.y / 2540) * 72 };
}

export function mediaNameOfSize(x: number, y: number): string | undefined {
  return MEDIA.find((m) => Math.abs(m.x - x) <= 100 && Math.abs(m.y - y) <= 100)?.name;
}

/**
 * Margins, in hundredths of a millimetre. The default is none (borderless): CUPS's pdftopdf shrinks
 * every page of a PDF to fit the printable area when the printer has margins, and a fax should be
 * the document as it is. 1/6 inch (as most laser printers) is offered as well, for programs that lay
 * text out to the printable area (a receiving fax machine prints with a border of its own).
 */
export const MARGINS = [0, 423] as const;

function mediaCol(m: (typeof MEDIA)[number], margin: number = 0, withSource = true): IppAttribute[] {
  return [
    collection('media-size', [[integer('x-dimension', m.x), integer('y-dimension', m.y)]]),
    integer('media-bottom-margin', margin),
    integer('media-left-margin', margin),
    integer('media-right-margin', margin),
    integer('media-top-margin', margin),
    ...(withSource ? [keyword('media-source', 'auto')] : []),
    keyword('media-type', 'stationery'),
  ];
}

/** A stable RFC 4122-shaped UUID from a seed (the same Faxdesk keeps the same printer). */
export function printerUuid(seed: string, service: PrinterService): string {
  const h = createHash('sha256').update(`faxdesk-printer:${service}:${seed}`).digest('hex');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function serviceUri(identity: Pick<PrinterIdentity, 'host' | 'port'>, service: PrinterService): string {
  return `ipp://${identity.host}:${identity.port}${SERVICE_PATH[service]}`;
}

export const PRINTER_NAMES: Record<PrinterService, string> = { print: 'Faxdesk', faxout: 'Faxdesk Fax' };

/** job-creation-attributes-supported: also what the printer takes in a job's attribute group (other names are ignored, and said so). */
export const JOB_CREATION_PRINT = [
  'copies',
  'finishings',
  'ipp-attribute-fidelity',
  'job-name',
  'job-sheets',
  'media',
  'media-col',
  'multiple-document-handling',
  'orientation-requested',
  'output-bin',
  'page-ranges',
  'print-color-mode',
  'print-content-optimize',
  'print-quality',
  'print-rendering-intent',
  'print-scaling',
  'printer-resolution',
  'sides',
];
export const JOB_CREATION_FAXOUT = [...JOB_CREATION_PRINT, 'cover-sheet-info', 'destination-uris'].sort();

/**
 * The attributes that answer the "job-template" group of requested-attributes; every other one is
 * "printer-description". media-col-database is left out of "all" and sent only when asked for by
 * name (PWG 5100.7: it can be large).
 */
export interface DescribedAttribute {
  attribute: IppAttribute;
  group: 'job-template' | 'printer-description';
}

export function describePrinter(service: PrinterService, identity: PrinterIdentity, status: PrinterStatus): { attributes: DescribedAttribute[]; mediaColDatabase: IppAttribute } {
  const base = `http://${identity.host}:${identity.port}`;
  const upTime = (d: Date) => Math.max(1, Math.round((d.getTime() - status.startedAt.getTime()) / 1000) + 1);
  const template: IppAttribute[] = [
    integer('copies-default', 1),
    range('copies-supported', 1, 1),
    enumAttr('finishings-default', 3),
    enumAttr('finishings-supported', 3),
    keyword('media-default', MEDIA[0].name),
    keyword('media-ready', MEDIA.slice(0, 2).map((m) => m.name)),
    keyword('media-supported', MEDIA.map((m) => m.name)),
    collection('media-col-default', [mediaCol(MEDIA[0])]),
    collection('media-col-ready', MEDIA.slice(0, 2).map((m) => mediaCol(m))),
    keyword('media-col-supported', ['media-bottom-margin', 'media-left-margin', 'media-right-margin', 'media-size', 'media-source', 'media-top-margin', 'media-type']),
    integer('media-bottom-margin-supported', [...MARGINS]),
    integer('media-left-margin-supported', [...MARGINS]),
    integer('media-right-margin-supported', [...MARGINS]),
    integer('media-top-margin-supported', [...MARGINS]),
    collection('media-size-supported', MEDIA.map((m) => [integer('x-dimension', m.x), integer('y-dimension', m.y)])),
    keyword('media-source-supported', 'auto'),
    keyword('media-type-supported', 'stationery'),
    keyword('multiple-document-handling-default', 'separate-documents-collated-copies'),
    keyword('multiple-document-handling-supported', ['separate-documents-collated-copies']),
    enumAttr('orientation-requested-default', 3),
    enumAttr('orientation-requested-supported', [3, 4, 5, 6]),
    // face-down: pages come out in order. With face-up, CUPS reverses the pages so a stack reads in order:
    // a fax would then go out last page first.
    keyword('output-bin-default', 'face-down'),
    keyword('output-bin-supported', 'face-down'),
    boolean('page-ranges-supported', true),
    keyword('print-color-mode-default', 'monochrome'),
    keyword('print-color-mode-supported', ['auto', 'monochrome']),
    keyword('print-content-optimize-default', 'auto'),
    keyword('print-content-optimize-supported', ['auto']),
    enumAttr('print-quality-default', 4),
    enumAttr('print-quality-supported', [3, 4, 5]),
    keyword('print-rendering-intent-default', 'auto'),
    keyword('print-rendering-intent-supported', ['auto']),
    keyword('print-scaling-default', 'auto'),
    keyword('print-scaling-supported', ['auto', 'auto-fit', 'fill', 'fit', 'none']),
    resolution('printer-resolution-default', dpi(300)),
    resolution('printer-resolution-supported', [dpi(150), dpi(300)]),
    keyword('sides-default', 'one-sided'),
    keyword('sides-supported', 'one-sided'),
  ];
  if (service === 'faxout') {
    template.push(
      uriScheme('destination-uri-schemes-supported', 'tel'),
      keyword('destination-uris-supported', ['destination-uri', 'post-dial-string', 'pre-dial-string']),
      boolean('multiple-destination-uris-supported', true),
      keyword('cover-sheet-info-supported', ['to-name']),
      integer('to-name-supported', 200),
    );
  }
  const description: IppAttribute[] = [
    charset('charset-configured', 'utf-8'),
    charset('charset-supported', 'utf-8'),
    boolean('color-supported', false),
    keyword('compression-supported', ['deflate', 'gzip', 'none']),
    mimeType('document-format-default', 'application/octet-stream'),
    mimeType('document-format-supported', [...ACCEPTED_FORMATS]),
    language('generated-natural-language-supported', 'en'),
    keyword('identify-actions-default', 'display'),
    keyword('identify-actions-supported', 'display'),
    keyword('ipp-features-supported', service === 'faxout' ? ['faxout', 'ipp-everywhere'] : ['ipp-everywhere']),
    keyword('ipp-versions-supported', ['1.1', '2.0']),
    keyword('job-creation-attributes-supported', service === 'faxout' ? JOB_CREATION_FAXOUT : JOB_CREATION_PRINT),
    boolean('job-ids-supported', true),
    range('job-k-octets-supported', 0, Math.max(1, Math.floor(identity.maxJobBytes / 1024))),
    keyword('job-sheets-default', 'none'),
    keyword('job-sheets-supported', 'none'),
    range('jpeg-k-octets-supported', 0, 65536),
    range('jpeg-x-dimension-supported', 1, 16384),
    range('jpeg-y-dimension-supported', 1, 16384),
    boolean('multiple-document-jobs-supported', false),
    integer('multiple-operation-time-out', 300),
    keyword('multiple-operation-time-out-action', 'abort-job'),
    language('natural-language-configured', 'en'),
    enumAttr('operations-supported', SUPPORTED_OPERATIONS),
    keyword('overrides-supported', ['document-number', 'pages']),
    integer('pages-per-minute', 60),
    keyword('pdf-versions-supported', ['adobe-1.3', 'adobe-1.4', 'adobe-1.5', 'adobe-1.6', 'adobe-1.7', 'iso-32000-1_2008', 'iso-32000-2_2017']),
    keyword('pdl-override-supported', 'attempted'),
    boolean('preferred-attributes-supported', false),
    dateTime('printer-config-change-date-time', status.startedAt),
    integer('printer-config-change-time', 1),
    dateTime('printer-current-time', status.now),
    text('printer-device-id', `MFG:Faxdesk;MDL:${PRINTER_NAMES[service]};CMD:PDF,PWGRaster,AppleRaster,JPEG;CLS:PRINTER;`),
    unknownValue('printer-geo-location'),
    keyword('printer-get-attributes-supported', 'document-format'),
    uri('printer-icons', `${base}/icon.png`),
    text('printer-info', service === 'faxout' ? 'Faxdesk: fax from any program to the numbers you give' : 'Faxdesk: fax from any program'),
    boolean('printer-is-accepting-jobs', status.accepting),
    keyword('printer-kind', 'document'),
    text('printer-location', 'This computer'),
    text('printer-make-and-model', PRINTER_NAMES[service]),
    uri('printer-more-info', `${base}/`),
    nameAttr('printer-name', PRINTER_NAMES[service]),
    text('printer-organization', ''),
    text('printer-organizational-unit', ''),
    enumAttr('printer-state', status.processing ? 4 : 3),
    dateTime('printer-state-change-date-time', status.stateChangedAt),
    integer('printer-state-change-time', upTime(status.stateChangedAt)),
    text('printer-state-message', status.accepting ? 'Ready: printed documents open in Faxdesk\'s Compose.' : (status.message ?? 'Not accepting jobs.')),
    keyword('printer-state-reasons', status.accepting ? 'none' : 'other-error'),
    octets('printer-supply', Buffer.from('index=1;class=other;type=other;unit=percent;maxcapacity=100;level=100;colorantname=unknown;', 'ascii')),
    text('printer-supply-description', 'No supplies: faxes go out through the fax service'),
    uri('printer-supply-info-uri', `${base}/`),
    integer('printer-up-time', upTime(status.now)),
    uri('printer-uri-supported', serviceUri(identity, service)),
    uri('printer-uuid', printerUuid(identity.uuidSeed, service)),
    resolution('pwg-raster-document-resolution-supported', [dpi(150), dpi(300)]),
    keyword('pwg-raster-document-sheet-back', 'normal'),
    keyword('pwg-raster-document-type-supported', ['black_1', 'sgray_8', 'srgb_8']),
    integer('queued-job-count', status.queuedJobs),
    keyword('uri-authentication-supported', 'none'),
    keyword('uri-security-supported', 'none'),
    keyword('urf-supported', ['V1.4', 'CP1', 'IS1', 'MT1', 'PQ3-4-5', 'RS150-300', 'SRGB24', 'W8']),
    keyword('which-jobs-supported', ['completed', 'not-completed', 'all']),
  ];
  return {
    attributes: [...template.map((attribute) => ({ attribute, group: 'job-template' as const })), ...description.map((attribute) => ({ attribute, group: 'printer-description' as const }))],
    mediaColDatabase: collection('media-col-database', MEDIA.flatMap((m) => MARGINS.map((margin) => mediaCol(m, margin)))),
  };
}
