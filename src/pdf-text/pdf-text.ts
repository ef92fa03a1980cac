/**
 * Drawing text in any script on a pdf-lib document: the one place that picks a font for each
 * character, measures, wraps and draws. Used by the transmission report (main) and by the Sandbox's
 * fax images (cover page, header line, text documents).
 *
 * - Each character is drawn with the first font of its style's fallback order that has it
 *   (font-files.ts); a font is embedded in the document on first use, subset to the glyphs used.
 * - A character no bundled font has is drawn as U+FFFD (a visible "�") and listed by `missing()`,
 *   so the caller can say so; it is never dropped silently.
 * - Mixed left-to-right and right-to-left text is ordered by the Unicode Bidirectional Algorithm
 *   (bidi-js, UAX #9): the paragraph direction from the first strong character, explicit embeddings,
 *   overrides and isolates (LRE, RLO, RLI, …), numbers, and brackets mirrored in right-to-left text.
 *   Right-to-left scripts (Hebrew, Arabic) are shaped by fontkit with the font's OpenType features
 *   (Arabic letters join), which is why a right-to-left run is handed to it in logical order: fontkit
 *   lays it out right to left itself. A right-to-left run with no right-to-left letter (an override
 *   of Latin text, or brackets alone) is reversed here, since fontkit would lay it out left to right.
 * - Invisible format characters (zero-width joiners, direction marks) direct the ordering but are not
 *   drawn.
 */
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { degrees, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { packagedFonts, type FontFile, type FontLibrary, type TextStyle } from './font-files';

export type { TextStyle } from './font-files';

export const PLACEHOLDER = '\uFFFD';

export interface DrawTextOptions {
  x: number;
  y: number;
  size: number;
  style?: TextStyle;
  color?: Color;
  /** Degrees counter-clockwise; the runs follow the rotated baseline. */
  rotate?: number;
}

type Direction = 'ltr' | 'rtl';

interface Run {
  font: FontFile;
  /** In logical order (as typed), brackets already mirrored when right to left. */
  text: string;
  direction: Direction;
  /** The script of its letters: fontkit shapes a run by its first script (Arabic joins, Hebrew does not). */
  script: string;
  /** What pdf-lib is given to draw: `text`, or `text` reversed when fontkit would not reverse it itself. */
  drawn: string;
}

/** A run while a line is split: its embedding level and where it starts in the line, for ordering. */
interface LevelRun extends Run {
  level: number;
  start: number;
}

const bidi = bidiFactory();

const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG_LTR = /[\p{L}\p{Nd}]/u;
const MARK = /\p{M}/u;
const INVISIBLE = /[\p{Cf}\p{Cc}]/u;

const SCRIPTS = ['Arabic', 'Hebrew', 'Syriac', 'Thaana', 'Nko', 'Han', 'Hangul', 'Hiragana', 'Katakana', 'Greek', 'Cyrillic', 'Latin'].map((name) => ({ name, test: new RegExp(`\\p{Script=${name}}`, 'u') }));
/** The script of a letter ('' for digits, punctuation and anything that takes its neighbours' script). */
const scriptOf = (ch: string): string => SCRIPTS.find((s) => s.test.test(ch))?.name ?? '';

type FontkitFont = ReturnType<typeof fontkit.create>;

/** Printable ASCII and Latin-1: one glyph per character, nothing to join, reorder or compose. */
const SIMPLE_TEXT = /^[\x20-\x7e\xa0-\xff]*$/;

/**
 * The fontkit pdf-lib is given: pdf-lib shapes every string it draws, and simple Latin text is
 * mapped to glyphs directly instead of through OpenType shaping (pdf-lib uses only the glyphs, not
 * their positions, so kerning never applied; ligatures are not drawn, which also keeps "fi" two
 * letters when the text is copied). Other text is shaped as before. Shaping every header line made
 * a Sandbox fax image several times slower. (Font objects are not shared between documents: fontkit
 * keeps the first code points it saw for a glyph, and pdf-lib writes the text layer from them.)
 */
const fastFontkit: typeof fontkit = {
  ...fontkit,
  create(buffer: Uint8Array, postscriptName?: string) {
    const parsed = fontkit.create(buffer, postscriptName);
    const layout = parsed.layout.bind(parsed) as (...args: unknown[]) => ReturnType<FontkitFont['layout']>;
    parsed.layout = ((text: string, ...rest: unknown[]) =>
      SIMPLE_TEXT.test(text) && [...text].every((ch) => parsed.hasGlyphForCodePoint(ch.charCodeAt(0)))
        ? ({ glyphs: [...text].map((ch) => parsed.glyphForCodePoint(ch.charCodeAt(0))) } as ReturnType<FontkitFont['layout']>)
        : layout(text, ...rest)) as FontkitFont['layout'];
    return parsed;
  },
};

const directionOf = (ch: string): Direction | null => (RTL.test(ch) && !/\p{Nd}/u.test(ch) ? 'rtl' : STRONG_LTR.test(ch) ? 'ltr' : null);

/**
 * fontkit lays a string out right to left when its first letter is of a right-to-left script, else left
 * to right; a run whose direction disagrees is reversed here (by character, its marks kept after it).
 */
function drawnText(text: string, direction: Direction): string {
  if ((direction === 'rtl') === RTL.test(text)) return text;
  const clusters: string[] = [];
  for (const ch of text) {
    if (MARK.test(ch) && clusters.length > 0) clusters[clusters.length - 1] += ch;
    else clusters.push(ch);
  }
  return clusters.reverse().join('');
}

export class PdfText {
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  private readonly ready = new Map<string, PDFFont>();
  private readonly missingChars = new Set<string>();
  /** width() then draw() of the same line (and wrap()'s repeated measuring) split it once. */
  private readonly runCache = new Map<string, Run[]>();

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontLibrary,
  ) {}

  static for(doc: PDFDocument, fonts: FontLibrary = packagedFonts()): PdfText {
    doc.registerFontkit(fastFontkit);
    return new PdfText(doc, fonts);
  }

  /** The characters drawn as placeholders so far, each once, in the order met. */
  missing(): string[] {
    return [...this.missingChars];
  }

  /**
   * Splits a line into runs of one font and one direction, in visual order (left to right). Public
   * for tests and for callers that place runs themselves.
   */
  visualRuns(text: string, style: TextStyle = 'regular'): { text: string; direction: Direction; font: string }[] {
    return this.runs(text, style).map((r) => ({ text: r.text, direction: r.direction, font: r.font.id }));
  }

  private runs(text: string, style: TextStyle): Run[] {
    const key = `${style}\u0000${text}`;
    let runs = this.runCache.get(key);
    if (!runs) {
      // Most fax text is printable ASCII, which the first font of every style has: one run, no scanning.
      const primary = /^[\x20-\x7e]*$/.test(text) ? this.fonts.fontFor(0x41, style) : null;
      runs = primary && primary.has(0x20) ? [{ font: primary, text, direction: 'ltr', script: '', drawn: text }] : this.scan(text, style);
      if (this.runCache.size > 500) this.runCache.clear();
      this.runCache.set(key, runs);
    }
    return runs;
  }

  private scan(text: string, style: TextStyle): Run[] {
    // Tabs and line breaks are drawn as spaces, and ordered as spaces (a break would end the paragraph).
    const line = text.replace(/[\t\r\n]/g, ' ');
    const embedding = bidi.getEmbeddingLevels(line, 'auto');
    const { levels } = embedding;
    const mirrored = bidi.getMirroredCharactersMap(line, levels);
    // Runs of one level, one font and one script, in logical order: neutral characters (spaces,
    // punctuation) stay in the run they follow when their level and font allow.
    const runs: LevelRun[] = [];
    let current = null as LevelRun | null;
    for (let at = 0; at < line.length; ) {
      const cp = line.codePointAt(at)!;
      const ch = String.fromCodePoint(cp);
      const index = at;
      at += ch.length;
      const level = levels[index]!;
      if (INVISIBLE.test(ch)) {
        if (current && current.level !== level) current = null;
        continue;
      }
      const isMark = MARK.test(ch);
      const keep = current !== null && current.level === level && current.font.has(cp) && (isMark || directionOf(ch) === null);
      let font = keep ? current!.font : this.fonts.fontFor(cp, style);
      let drawn = mirrored.get(index) ?? ch;
      if (!font) {
        this.missingChars.add(ch);
        font = this.fonts.placeholderFont(style);
        drawn = PLACEHOLDER;
      }
      const script = isMark ? '' : scriptOf(ch);
      if (current && current.level === level && current.font === font && (script === '' || current.script === '' || current.script === script)) {
        current.text += drawn;
        if (script) current.script = script;
      } else {
        runs.push((current = { font, text: drawn, direction: level % 2 === 1 ? 'rtl' : 'ltr', script, drawn: '', level, start: index }));
      }
    }
    // A run keeps its characters together on the line (one level, contiguous), so where its first
    // character lands in the algorithm's visual order is where the run goes.
    const visualPosition = new Map<number, number>();
    for (const [position, logical] of bidi.getReorderedIndices(line, embedding).entries()) visualPosition.set(logical, position);
    runs.sort((a, b) => visualPosition.get(a.start)! - visualPosition.get(b.start)!);
    return runs.map(({ level: _level, start: _start, ...run }) => ({ ...run, drawn: drawnText(run.text, run.direction) }));
  }

  private embed(file: FontFile): Promise<PDFFont> {
    let font = this.embedded.get(file.id);
    if (!font) {
      font = this.doc.embedFont(file.bytes, { subset: true }).then((embedded) => {
        this.ready.set(file.id, embedded);
        return embedded;
      });
      this.embedded.set(file.id, font);
    }
    return font;
  }

  private async prepared(text: string, style: TextStyle): Promise<{ run: Run; font: PDFFont }[]> {
    const runs = this.runs(text, style);
    const out: { run: Run; font: PDFFont }[] = [];
    for (const run of runs) out.push({ run, font: this.ready.get(run.font.id) ?? (await this.embed(run.font)) });
    return out;
  }

  /** Width of one line of text at `size` points. */
  async width(text: string, size: number, style: TextStyle = 'regular'): Promise<number> {
    const runs = this.runs(text, style);
    // One run of printable ASCII: the glyphs' advances, without asking fontkit to shape it (pdf-lib
    // measures by the same advances; this is what keeps the Sandbox's text pages fast).
    if (runs.length === 1 && /^[\x20-\x7e]*$/.test(text)) {
      let em = 0;
      for (let i = 0; i < text.length; i++) em += runs[0]!.font.advance(text.charCodeAt(i));
      return em * size;
    }
    let width = 0;
    for (const { run, font } of await this.prepared(text, style)) width += font.widthOfTextAtSize(run.drawn, size);
    return width;
  }

  /** Draws one line. */
  async draw(page: PDFPage, text: string, options: DrawTextOptions): Promise<void> {
    const angle = ((options.rotate ?? 0) * Math.PI) / 180;
    let advance = 0;
    const runs = await this.prepared(text, options.style ?? 'regular');
    for (const [i, { run, font }] of runs.entries()) {
      page.drawText(run.drawn, {
        x: options.x + advance * Math.cos(angle),
        y: options.y + advance * Math.sin(angle),
        size: options.size,
        font,
        ...(options.color ? { color: options.color } : {}),
        ...(options.rotate ? { rotate: degrees(options.rotate) } : {}),
      });
      if (i < runs.length - 1) advance += font.widthOfTextAtSize(run.drawn, options.size);
    }
  }

  /** The longest start of `text` that fits `maxWidth`, with "…" when cut. */
  async clipToWidth(text: string, size: number, style: TextStyle, maxWidth: number): Promise<string> {
    if ((await this.width(text, size, style)) <= maxWidth) return text;
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((await this.width(`${chars.slice(0, mid).join('')}…`, size, style)) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('').trimEnd()}…`;
  }

  /** Splits a paragraph into lines no wider than `maxWidth`, at spaces when it can. */
  async wrap(text: string, size: number, style: TextStyle, maxWidth: number): Promise<string[]> {
    const words = text.replace(/[\t\r\n]+/g, ' ').split(' ');
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if ((await this.width(candidate, size, style)) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      // A word wider than the line (or a script written without spaces) is cut where it must be.
      while ((await this.width(line, size, style)) > maxWidth && [...line].length > 1) {
        const chars = [...line];
        let cut = chars.length - 1;
        while (cut > 1 && (await this.width(chars.slice(0, cut).join(''), size, style)) > maxWidth) cut--;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('');
      }
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }
}
