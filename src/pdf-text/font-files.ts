/**
 * The font files Faxdesk draws PDF text with, and which characters each one has.
 *
 * - DejaVu Sans, Sans Bold and Sans Mono (`dejavu-fonts-ttf`, TrueType): Latin, Greek, Cyrillic,
 *   Hebrew, Arabic, Armenian, Georgian and many symbols, 0.3 to 0.8 MB each.
 * - Noto Sans SC then Noto Sans KR (`@fontsource/noto-sans-sc`, `@fontsource/noto-sans-kr`, regular
 *   weight only): Chinese and Japanese (ideographs, kana), then Korean Hangul, which SC has only a few
 *   of. Each package ships its font cut into ~100 WOFF slices by Unicode range (its `unicode.json`);
 *   a slice is read only when a character in its range is drawn, so a document that needs three
 *   ideographs does not load 8 MB of font.
 *
 * Files are read from the packages in node_modules (electron-builder ships them in the app's ASAR;
 * `electron-builder.yml` keeps only these files of the two packages). @pdf-lib/fontkit reads TTF and
 * WOFF, not WOFF2, so the WOFF slices are used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';

export type TextStyle = 'regular' | 'bold' | 'mono';

/** One font file that can be embedded: its bytes and a cheap question "do you draw this?". */
export interface FontFile {
  /** Stable name, also the key a document embeds it under once. */
  readonly id: string;
  readonly bytes: Uint8Array;
  has(codePoint: number): boolean;
  /** The advance of a character's glyph in em (0.602 for DejaVu Sans Mono), without shaping. */
  advance(codePoint: number): number;
}

/** Where a font is found for a character: the fallback order, first match wins. */
export interface FontLibrary {
  /** The first font of `style`'s fallback order that draws `codePoint`, or null when none does. */
  fontFor(codePoint: number, style: TextStyle): FontFile | null;
  /** The font a missing character's placeholder is drawn with (it has U+FFFD). */
  placeholderFont(style: TextStyle): FontFile;
}

/** Reads a file of an installed package (tests may pass another reader). */
export type PackageFileReader = (specifier: string) => Uint8Array;

const requireFromHere = createRequire(import.meta.url);
export const readPackageFile: PackageFileReader = (specifier) => new Uint8Array(readFileSync(requireFromHere.resolve(specifier)));

const DEJAVU = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
} as const;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** The CJK fonts, in fallback order: fontsource packages of sliced WOFF files. */
const CJK_PACKAGES = ['noto-sans-sc', 'noto-sans-kr'] as const;
const rangesOf = (pkg: string) => `@fontsource/${pkg}/unicode.json`;
const sliceOf = (pkg: string, slice: string) => `@fontsource/${pkg}/files/${pkg}-${slice}-400-normal.woff`;

/** The package files the library reads (also what electron-builder must ship). */
export const SHIPPED_FONT_FILES: readonly string[] = [
  ...Object.values(DEJAVU),
  ...CJK_PACKAGES.flatMap((pkg) => [rangesOf(pkg), sliceOf(pkg, '*')]),
];

class ParsedFontFile implements FontFile {
  private readonly font: ReturnType<typeof fontkit.create>;
  constructor(
    readonly id: string,
    readonly bytes: Uint8Array,
  ) {
    this.font = fontkit.create(bytes);
  }
  private readonly advances = new Map<number, number>();

  has(codePoint: number): boolean {
    return this.font.hasGlyphForCodePoint(codePoint);
  }

  advance(codePoint: number): number {
    let advance = this.advances.get(codePoint);
    if (advance === undefined) this.advances.set(codePoint, (advance = this.font.glyphForCodePoint(codePoint).advanceWidth / this.font.unitsPerEm));
    return advance;
  }
}

interface Slice {
  from: number;
  to: number;
  name: string;
}

/** Parses fontsource's `{"[116]": "U+4e00-4e8c,U+4e8e", ...}` into sorted ranges. */
export function parseUnicodeRanges(json: string): Slice[] {
  const table = JSON.parse(json) as Record<string, string>;
  const slices: Slice[] = [];
  for (const [key, ranges] of Object.entries(table)) {
    const name = key.replace(/^\[(.*)\]$/, '$1');
    for (const range of ranges.split(',')) {
      const match = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(range.trim());
      if (!match) continue;
      const from = parseInt(match[1]!, 16);
      slices.push({ from, to: match[2] ? parseInt(match[2], 16) : from, name });
    }
  }
  return slices.sort((a, b) => a.from - b.from);
}

/** The fonts of the two packages, each file read and parsed on first use, then kept. */
export class PackagedFontLibrary implements FontLibrary {
  private readonly files = new Map<string, FontFile | null>();
  private readonly slices = new Map<string, Slice[]>();

  constructor(private readonly read: PackageFileReader = readPackageFile) {}

  private file(specifier: string): FontFile | null {
    if (!this.files.has(specifier)) {
      let file: FontFile | null = null;
      try {
        file = new ParsedFontFile(specifier, this.read(specifier));
      } catch {
        // A missing or unreadable file drops out of the fallback order; its characters become placeholders.
      }
      this.files.set(specifier, file);
    }
    return this.files.get(specifier)!;
  }

  private slicesOf(pkg: string): Slice[] {
    let slices = this.slices.get(pkg);
    if (!slices) {
      try {
        slices = parseUnicodeRanges(new TextDecoder().decode(this.read(rangesOf(pkg))));
      } catch {
        slices = [];
      }
      this.slices.set(pkg, slices);
    }
    return slices;
  }

  private cjkFor(codePoint: number): FontFile | null {
    for (const pkg of CJK_PACKAGES) {
      // The "latin", "cyrillic", ... slices duplicate what DejaVu has; only the numbered ones are CJK.
      for (const slice of this.slicesOf(pkg)) {
        if (slice.from > codePoint) break;
        if (codePoint <= slice.to && /^\d+$/.test(slice.name)) {
          const file = this.file(sliceOf(pkg, slice.name));
          if (file?.has(codePoint)) return file;
        }
      }
    }
    return null;
  }

  fontFor(codePoint: number, style: TextStyle): FontFile | null {
    // DejaVu Sans Mono has Arabic letters but not the OpenType tables that join them and lay them
    // out right to left: right-to-left scripts always come from DejaVu Sans.
    const order = style === 'regular' || (style === 'mono' && RIGHT_TO_LEFT.test(String.fromCodePoint(codePoint))) ? [DEJAVU.regular] : [DEJAVU[style], DEJAVU.regular];
    for (const specifier of order) {
      const file = this.file(specifier);
      if (file?.has(codePoint)) return file;
    }
    return this.cjkFor(codePoint);
  }

  placeholderFont(style: TextStyle): FontFile {
    const file = this.file(DEJAVU[style]) ?? this.file(DEJAVU.regular);
    if (!file) throw new Error(`The PDF fonts are missing: ${DEJAVU.regular} cannot be read.`);
    return file;
  }
}

let shared: PackagedFontLibrary | null = null;
/** One library per process: parsed fonts are shared by every document. */
export function packagedFonts(): FontLibrary {
  return (shared ??= new PackagedFontLibrary());
}
