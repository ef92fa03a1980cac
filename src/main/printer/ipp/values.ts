/**
 * Building and reading IPP attributes: short constructors for the printer's and jobs' attributes,
 * and typed reads of a request's operation and job attributes (each read checks the value's syntax,
 * so a caller never has to).
 */
import { GroupTag, ValueTag, type IppAttribute, type IppCollection, type IppGroup, type IppMessage, type IppValue, type RangeOfInteger, type Resolution } from './encoding';

export const Operation = {
  PrintJob: 0x0002,
  PrintUri: 0x0003,
  ValidateJob: 0x0004,
  CreateJob: 0x0005,
  SendDocument: 0x0006,
  SendUri: 0x0007,
  CancelJob: 0x0008,
  GetJobAttributes: 0x0009,
  GetJobs: 0x000a,
  GetPrinterAttributes: 0x000b,
  CancelMyJobs: 0x0039,
  CloseJob: 0x003b,
  IdentifyPrinter: 0x003c,
} as const;

export const Status = {
  ok: 0x0000,
  okIgnoredOrSubstituted: 0x0001,
  badRequest: 0x0400,
  forbidden: 0x0401,
  notAuthorized: 0x0403,
  notPossible: 0x0404,
  notFound: 0x0406,
  requestEntityTooLarge: 0x0408,
  requestValueTooLong: 0x0409,
  documentFormatNotSupported: 0x040a,
  attributesOrValuesNotSupported: 0x040b,
  uriSchemeNotSupported: 0x040c,
  charsetNotSupported: 0x040d,
  conflictingAttributes: 0x040e,
  compressionNotSupported: 0x040f,
  compressionError: 0x0410,
  documentFormatError: 0x0411,
  internalError: 0x0500,
  operationNotSupported: 0x0501,
  serviceUnavailable: 0x0502,
  versionNotSupported: 0x0503,
  notAcceptingJobs: 0x0506,
  busy: 0x0507,
  jobCanceled: 0x0508,
  multipleDocumentJobsNotSupported: 0x0509,
} as const;

export const JobState = { pending: 3, pendingHeld: 4, processing: 5, processingStopped: 6, canceled: 7, aborted: 8, completed: 9 } as const;
export const PrinterState = { idle: 3, processing: 4, stopped: 5 } as const;

// -- constructors ---------------------------------------------------------------------------------

type Many<T> = T | readonly T[];
const list = <T>(v: Many<T>): readonly T[] => (Array.isArray(v) ? (v as readonly T[]) : [v as T]);
const strings = (tag: 0x41 | 0x42 | 0x44 | 0x45 | 0x46 | 0x47 | 0x48 | 0x49) => (name: string, v: Many<string>): IppAttribute => ({
  name,
  values: list(v).map((value) => ({ tag, value })),
});

export const text = strings(ValueTag.text);
export const nameAttr = strings(ValueTag.name);
export const keyword = strings(ValueTag.keyword);
export const uri = strings(ValueTag.uri);
export const uriScheme = strings(ValueTag.uriScheme);
export const charset = strings(ValueTag.charset);
export const language = strings(ValueTag.naturalLanguage);
export const mimeType = strings(ValueTag.mimeMediaType);
export const integer = (name: string, v: Many<number>): IppAttribute => ({ name, values: list(v).map((value) => ({ tag: ValueTag.integer, value })) });
export const enumAttr = (name: string, v: Many<number>): IppAttribute => ({ name, values: list(v).map((value) => ({ tag: ValueTag.enum, value })) });
export const boolean = (name: string, value: boolean): IppAttribute => ({ name, values: [{ tag: ValueTag.boolean, value }] });
export const range = (name: string, lower: number, upper: number): IppAttribute => ({ name, values: [{ tag: ValueTag.rangeOfInteger, value: { lower, upper } }] });
export const resolution = (name: string, v: Many<Resolution>): IppAttribute => ({ name, values: list(v).map((value) => ({ tag: ValueTag.resolution, value })) });
export const dateTime = (name: string, value: Date): IppAttribute => ({ name, values: [{ tag: ValueTag.dateTime, value }] });
export const octets = (name: string, v: Many<Uint8Array>): IppAttribute => ({ name, values: list(v).map((value) => ({ tag: ValueTag.octetString, value })) });
export const collection = (name: string, v: Many<IppCollection>): IppAttribute => ({ name, values: list(v).map((value) => ({ tag: ValueTag.begCollection, value })) });
export const noValue = (name: string): IppAttribute => ({ name, values: [{ tag: ValueTag.noValue, value: null }] });
export const unknownValue = (name: string): IppAttribute => ({ name, values: [{ tag: ValueTag.unknown, value: null }] });
export const dpi = (x: number, y = x): Resolution => ({ x, y, units: 3 });

// -- reading --------------------------------------------------------------------------------------

export function groupOf(message: IppMessage, tag: number): IppGroup | undefined {
  return message.groups.find((g) => g.tag === tag);
}

export function find(attributes: readonly IppAttribute[] | undefined, name: string): IppAttribute | undefined {
  return attributes?.find((a) => a.name === name);
}

/** The operation attributes group, which RFC 8011 requires first in every request. */
export function operationAttributes(message: IppMessage): IppAttribute[] | undefined {
  const first = message.groups[0];
  return first?.tag === GroupTag.operation ? first.attributes : undefined;
}

/** A value of the wrong syntax or count: answered with client-error-bad-request (or attributes-or-values-not-supported). */
export class AttributeProblem extends Error {
  constructor(
    readonly attribute: IppAttribute,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function single(attribute: IppAttribute): IppValue {
  if (attribute.values.length !== 1) throw new AttributeProblem(attribute, `"${attribute.name}" must have exactly one value`);
  return attribute.values[0]!;
}

export function readString(attribute: IppAttribute | undefined, tags: readonly number[]): string | undefined {
  if (!attribute) return undefined;
  const v = single(attribute);
  if (!tags.includes(v.tag)) throw new AttributeProblem(attribute, `"${attribute.name}" has the wrong syntax`);
  if (v.tag === ValueTag.textWithLanguage || v.tag === ValueTag.nameWithLanguage) return (v.value as { text: string }).text;
  return v.value as string;
}

export function readStrings(attribute: IppAttribute | undefined, tags: readonly number[]): string[] | undefined {
  if (!attribute) return undefined;
  return attribute.values.map((v) => {
    if (!tags.includes(v.tag)) throw new AttributeProblem(attribute, `"${attribute.name}" has the wrong syntax`);
    return v.tag === ValueTag.textWithLanguage || v.tag === ValueTag.nameWithLanguage ? (v.value as { text: string }).text : (v.value as string);
  });
}

export function readInteger(attribute: IppAttribute | undefined, tags: readonly number[] = [ValueTag.integer]): number | undefined {
  if (!attribute) return undefined;
  const v = single(attribute);
  if (!tags.includes(v.tag)) throw new AttributeProblem(attribute, `"${attribute.name}" has the wrong syntax`);
  return v.value as number;
}

export function readBoolean(attribute: IppAttribute | undefined): boolean | undefined {
  if (!attribute) return undefined;
  const v = single(attribute);
  if (v.tag !== ValueTag.boolean) throw new AttributeProblem(attribute, `"${attribute.name}" has the wrong syntax`);
  return v.value as boolean;
}

export function readRanges(attribute: IppAttribute | undefined): RangeOfInteger[] | undefined {
  if (!attribute) return undefined;
  return attribute.values.map((v) => {
    if (v.tag !== ValueTag.rangeOfInteger) throw new AttributeProblem(attribute, `"${attribute.name}" has the wrong syntax`);
    return v.value as RangeOfInteger;
  });
}

export function readCollections(attribute: IppAttribute | undefined): IppCollection[] | undefined {
  if (!attribute) return undefined;
  return attribute.values.map((v) => {
    if (v.tag !== ValueTag.begCollection) throw new AttributeProblem(attribute, `"${attribute.name}" has the wrong syntax`);
    return v.value as IppCollection;
  });
}

export const NAME_TAGS = [ValueTag.name, ValueTag.nameWithLanguage] as const;
export const TEXT_TAGS = [ValueTag.text, ValueTag.textWithLanguage, ValueTag.name, ValueTag.nameWithLanguage] as const;
