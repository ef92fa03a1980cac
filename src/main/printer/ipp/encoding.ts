/**
 * The IPP/2.0 message encoding (RFC 8010 section 3): version, operation or status code, request id,
 * attribute groups, end-of-attributes, then document data. Hand-written rather than taken from npm:
 * the packages there (`ipp`, `@sealsystems/ipp`, `ipp-encoder`) are client libraries last changed
 * years ago; `ipp-encoder` has no collections (FaxOut's `destination-uris`, `media-col-database`
 * need them), and the other two encode only attributes from their own fixed registry and drop
 * each value's tag when decoding, which a server needs to answer a wrong syntax with the right
 * status. This module is small, bounds-checked on every read, and keeps every value's tag.
 */

/** Delimiter tags (RFC 8010 section 3.5.1). */
export const GroupTag = {
  operation: 0x01,
  job: 0x02,
  end: 0x03,
  printer: 0x04,
  unsupported: 0x05,
  subscription: 0x06,
  eventNotification: 0x07,
  document: 0x09,
} as const;

/** Value tags (RFC 8010 section 3.5.2, PWG 5100.x registrations). */
export const ValueTag = {
  unsupported: 0x10,
  unknown: 0x12,
  noValue: 0x13,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  octetString: 0x30,
  dateTime: 0x31,
  resolution: 0x32,
  rangeOfInteger: 0x33,
  begCollection: 0x34,
  textWithLanguage: 0x35,
  nameWithLanguage: 0x36,
  endCollection: 0x37,
  text: 0x41,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  uriScheme: 0x46,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
  memberAttrName: 0x4a,
} as const;

export interface Resolution {
  x: number;
  y: number;
  /** 3: dots per inch, 4: dots per centimetre. */
  units: 3 | 4;
}

export interface RangeOfInteger {
  lower: number;
  upper: number;
}

export interface StringWithLanguage {
  language: string;
  text: string;
}

/** One member of a collection: its name and its values (a member may be a 1setOf). */
export type IppCollection = IppAttribute[];

export type IppValue =
  | { tag: 0x10 | 0x12 | 0x13; value: null }
  | { tag: 0x21 | 0x23; value: number }
  | { tag: 0x22; value: boolean }
  | { tag: 0x30; value: Uint8Array }
  | { tag: 0x31; value: Date }
  | { tag: 0x32; value: Resolution }
  | { tag: 0x33; value: RangeOfInteger }
  | { tag: 0x34; value: IppCollection }
  | { tag: 0x35 | 0x36; value: StringWithLanguage }
  | { tag: 0x41 | 0x42 | 0x44 | 0x45 | 0x46 | 0x47 | 0x48 | 0x49; value: string }
  /** A tag this module does not interpret: the bytes as received. */
  | { tag: number; value: Uint8Array; raw: true };

export interface IppAttribute {
  name: string;
  values: IppValue[];
}

export interface IppGroup {
  tag: number;
  attributes: IppAttribute[];
}

export interface IppMessage {
  version: { major: number; minor: number };
  /** operation-id in a request, status-code in a response. */
  code: number;
  requestId: number;
  groups: IppGroup[];
}

/** The bytes end before the end-of-attributes tag: read more and try again. */
export class IppIncomplete extends Error {
  constructor() {
    super('the IPP message ends before its end-of-attributes tag');
  }
}

/** The bytes are not an IPP message; `reason` says what is wrong, for the status message. */
export class IppMalformed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface DecodeLimits {
  /** Attributes across all groups and collections. */
  maxAttributes: number;
  /** Collections inside collections. */
  maxDepth: number;
}

const DEFAULT_LIMITS: DecodeLimits = { maxAttributes: 2000, maxDepth: 8 };
const STRING_TAGS = new Set<number>([0x41, 0x42, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49]);
const OUT_OF_BAND = new Set<number>([0x10, 0x12, 0x13, 0x15, 0x16, 0x17]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  private need(n: number): void {
    if (this.offset + n > this.bytes.byteLength) throw new IppIncomplete();
  }
  u8(): number {
    this.need(1);
    return this.bytes[this.offset++]!;
  }
  u16(): number {
    this.need(2);
    const v = (this.bytes[this.offset]! << 8) | this.bytes[this.offset + 1]!;
    this.offset += 2;
    return v;
  }
  i32(): number {
    this.need(4);
    const b = this.bytes;
    const o = this.offset;
    this.offset += 4;
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) | 0;
  }
  take(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  peek(): number {
    this.need(1);
    return this.bytes[this.offset]!;
  }
}

function text(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new IppMalformed(`${what} is not valid UTF-8`);
  }
}

function ascii(bytes: Uint8Array, what: string): string {
  for (const b of bytes) if (b < 0x20 || b > 0x7e) throw new IppMalformed(`${what} contains characters outside printable US-ASCII`);
  return String.fromCharCode(...bytes);
}

function decodeValue(tag: number, bytes: Uint8Array, name: string): IppValue {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fixed = (n: number) => {
    if (bytes.byteLength !== n) throw new IppMalformed(`"${name}" has a value of ${bytes.byteLength} bytes where its syntax needs ${n}`);
  };
  if (OUT_OF_BAND.has(tag)) return { tag: tag as 0x10 | 0x12 | 0x13, value: null };
  switch (tag) {
    case 0x21:
    case 0x23:
      fixed(4);
      return { tag, value: view.getInt32(0) };
    case 0x22:
      fixed(1);
      if (bytes[0]! > 1) throw new IppMalformed(`"${name}" is a boolean with the value ${bytes[0]}`);
      return { tag, value: bytes[0] === 1 };
    case 0x30:
      return { tag, value: new Uint8Array(bytes) };
    case 0x31: {
      fixed(11);
      const [year, month, day, hour, minute, second, deci, sign, offH, offM] = [
        view.getUint16(0),
        bytes[2]!,
        bytes[3]!,
        bytes[4]!,
        bytes[5]!,
        bytes[6]!,
        bytes[7]!,
        String.fromCharCode(bytes[8]!),
        bytes[9]!,
        bytes[10]!,
      ];
      if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60 || deci > 9 || (sign !== '+' && sign !== '-')) {
        throw new IppMalformed(`"${name}" is not a valid dateTime`);
      }
      const offset = (sign === '-' ? -1 : 1) * (offH * 60 + offM);
      return { tag, value: new Date(Date.UTC(year, month - 1, day, hour, minute, second, deci * 100) - offset * 60_000) };
    }
    case 0x32: {
      fixed(9);
      const units = bytes[8]!;
      if (units !== 3 && units !== 4) throw new IppMalformed(`"${name}" has resolution units ${units}`);
      return { tag, value: { x: view.getInt32(0), y: view.getInt32(4), units } };
    }
    case 0x33:
      fixed(8);
      return { tag, value: { lower: view.getInt32(0), upper: view.getInt32(4) } };
    case 0x35:
    case 0x36: {
      const r = new Reader(bytes);
      try {
        const language = ascii(r.take(r.u16()), `the language of "${name}"`);
        const value = text(r.take(r.u16()), `"${name}"`);
        if (r.offset !== bytes.byteLength) throw new IppMalformed(`"${name}" has bytes after its text`);
        return { tag, value: { language, text: value } };
      } catch (error) {
        if (error instanceof IppIncomplete) throw new IppMalformed(`"${name}" is cut short`);
        throw error;
      }
    }
    default:
      if (STRING_TAGS.has(tag)) {
        const value = tag === 0x41 || tag === 0x42 ? text(bytes, `"${name}"`) : ascii(bytes, `"${name}"`);
        return { tag: tag as 0x41, value };
      }
      return { tag, value: new Uint8Array(bytes), raw: true };
  }
}

/**
 * Decodes the attribute part of an IPP message. Returns the message and where the document data
 * starts. Throws IppIncomplete when `bytes` stops before the end-of-attributes tag, IppMalformed when
 * the bytes cannot be an IPP message.
 */
export function decodeIppMessage(bytes: Uint8Array, limits: DecodeLimits = DEFAULT_LIMITS): { message: IppMessage; dataOffset: number } {
  const r = new Reader(bytes);
  const major = r.u8();
  const minor = r.u8();
  const code = r.u16();
  const requestId = r.i32();
  const groups: IppGroup[] = [];
  let group: IppGroup | null = null;
  let current: IppAttribute | null = null;
  let count = 0;

  const readNameAndValue = (): { name: string; value: Uint8Array } => {
    const name = ascii(r.take(r.u16()), 'an attribute name');
    const value = r.take(r.u16());
    return { name, value };
  };

  // A collection value: member-name/value pairs up to endCollection.
  const readCollection = (depth: number, owner: string): IppCollection => {
    if (depth > limits.maxDepth) throw new IppMalformed(`"${owner}" nests collections more than ${limits.maxDepth} deep`);
    const members: IppCollection = [];
    let member: IppAttribute | null = null;
    for (;;) {
      const tag = r.u8();
      if (tag <= 0x0f) throw new IppMalformed(`"${owner}" ends without its end-of-collection`);
      const { name, value } = readNameAndValue();
      if (name !== '') throw new IppMalformed(`a member of "${owner}" has an attribute name where none belongs`);
      if (tag === ValueTag.endCollection) {
        if (value.byteLength !== 0) throw new IppMalformed(`the end of "${owner}" carries a value`);
        return members;
      }
      if (tag === ValueTag.memberAttrName) {
        const memberName = ascii(value, `a member name of "${owner}"`);
        if (!memberName) throw new IppMalformed(`a member of "${owner}" has an empty name`);
        member = { name: memberName, values: [] };
        members.push(member);
        if (++count > limits.maxAttributes) throw new IppMalformed(`the request has more than ${limits.maxAttributes} attributes`);
        continue;
      }
      if (!member) throw new IppMalformed(`"${owner}" has a value before its first member name`);
      member.values.push(tag === ValueTag.begCollection ? { tag, value: readCollection(depth + 1, member.name) } : decodeValue(tag, value, member.name));
    }
  };

  for (;;) {
    const tag = r.peek();
    if (tag === GroupTag.end) {
      r.u8();
      break;
    }
    if (tag <= 0x0f) {
      r.u8();
      if (tag === 0x00 || tag === 0x08 || tag > 0x0f) throw new IppMalformed(`the delimiter tag 0x${tag.toString(16)} is reserved`);
      group = { tag, attributes: [] };
      groups.push(group);
      current = null;
      continue;
    }
    r.u8();
    if (tag === 0x7f) throw new IppMalformed('extended value tags (0x7f) are not supported');
    if (!group) throw new IppMalformed('an attribute comes before any attribute group');
    const { name, value } = readNameAndValue();
    if (tag === ValueTag.endCollection || tag === ValueTag.memberAttrName) throw new IppMalformed(`a collection tag (0x${tag.toString(16)}) appears outside a collection`);
    let attribute: IppAttribute;
    if (name === '') {
      if (!current) throw new IppMalformed('an additional value comes before any attribute');
      attribute = current;
    } else {
      attribute = { name, values: [] };
      group.attributes.push(attribute);
      current = attribute;
      if (++count > limits.maxAttributes) throw new IppMalformed(`the request has more than ${limits.maxAttributes} attributes`);
    }
    attribute.values.push(tag === ValueTag.begCollection ? { tag, value: readCollection(1, attribute.name) } : decodeValue(tag, value, attribute.name));
  }
  return { message: { version: { major, minor }, code, requestId, groups }, dataOffset: r.offset };
}

// ------------------------------------------------------------------------------------------------
// Encoding

class Writer {
  private chunks: Uint8Array[] = [];
  private size = 0;
  push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.size += bytes.byteLength;
  }
  u8(v: number): void {
    this.push(Uint8Array.of(v & 0xff));
  }
  u16(v: number): void {
    this.push(Uint8Array.of((v >> 8) & 0xff, v & 0xff));
  }
  i32(v: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, v);
    this.push(b);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

const encoder = new TextEncoder();

function encodeString(value: string, what: string): Uint8Array {
  const bytes = encoder.encode(value);
  if (bytes.byteLength > 0xffff) throw new RangeError(`${what} is longer than an IPP value can be`);
  return bytes;
}

function valueBytes(v: IppValue, name: string): Uint8Array {
  if ('raw' in v) return v.value;
  switch (v.tag) {
    case 0x10:
    case 0x12:
    case 0x13:
      return new Uint8Array(0);
    case 0x21:
    case 0x23: {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setInt32(0, v.value);
      return b;
    }
    case 0x22:
      return Uint8Array.of(v.value ? 1 : 0);
    case 0x30:
      return v.value;
    case 0x31: {
      const d = v.value;
      const b = new Uint8Array(11);
      const view = new DataView(b.buffer);
      view.setUint16(0, d.getUTCFullYear());
      b.set([d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), Math.floor(d.getUTCMilliseconds() / 100), 0x2b, 0, 0], 2);
      return b;
    }
    case 0x32: {
      const b = new Uint8Array(9);
      const view = new DataView(b.buffer);
      view.setInt32(0, v.value.x);
      view.setInt32(4, v.value.y);
      b[8] = v.value.units;
      return b;
    }
    case 0x33: {
      const b = new Uint8Array(8);
      const view = new DataView(b.buffer);
      view.setInt32(0, v.value.lower);
      view.setInt32(4, v.value.upper);
      return b;
    }
    case 0x35:
    case 0x36: {
      const lang = encodeString(v.value.language, name);
      const txt = encodeString(v.value.text, name);
      const b = new Uint8Array(4 + lang.byteLength + txt.byteLength);
      const view = new DataView(b.buffer);
      view.setUint16(0, lang.byteLength);
      b.set(lang, 2);
      view.setUint16(2 + lang.byteLength, txt.byteLength);
      b.set(txt, 4 + lang.byteLength);
      return b;
    }
    case 0x34:
      throw new Error('collections are written by writeAttribute');
    default:
      return encodeString(v.value, name);
  }
}

function writeValue(w: Writer, name: string, v: IppValue): void {
  w.u8(v.tag);
  const nameBytes = encodeString(name, 'an attribute name');
  w.u16(nameBytes.byteLength);
  w.push(nameBytes);
  if (v.tag === ValueTag.begCollection && !('raw' in v)) {
    w.u16(0);
    for (const member of v.value as IppCollection) {
      const memberName = encodeString(member.name, 'a member name');
      w.u8(ValueTag.memberAttrName);
      w.u16(0);
      w.u16(memberName.byteLength);
      w.push(memberName);
      for (const mv of member.values) writeValue(w, '', mv);
    }
    w.u8(ValueTag.endCollection);
    w.u16(0);
    w.u16(0);
    return;
  }
  const bytes = valueBytes(v, name);
  if (bytes.byteLength > 0xffff) throw new RangeError(`"${name}" has a value longer than IPP allows`);
  w.u16(bytes.byteLength);
  w.push(bytes);
}

/** Encodes the attribute part of a message (document data, if any, follows it on the wire). */
export function encodeIppMessage(message: IppMessage): Buffer {
  const w = new Writer();
  w.u8(message.version.major);
  w.u8(message.version.minor);
  w.u16(message.code);
  w.i32(message.requestId);
  for (const group of message.groups) {
    w.u8(group.tag);
    for (const attribute of group.attributes) {
      attribute.values.forEach((value, i) => writeValue(w, i === 0 ? attribute.name : '', value));
    }
  }
  w.u8(GroupTag.end);
  return w.bytes();
}
