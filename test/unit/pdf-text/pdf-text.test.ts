import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PackagedFontLibrary, PdfText, parseUnicodeRanges, readPackageFile, type FontLibrary, type TextStyle } from '../../../src/pdf-text';
import { pdfLines } from './extract';

/** Names in the scripts Faxdesk prints, as an office's address book has them. */
export const NAMES = ['Zoë Ødegård', 'Дмитрий Соколов', '王小明', 'Δήμητρα', 'שרה כהן', 'محمد عبد الله', '김민준', 'やまだ はなこ'];

async function drawLines(lines: string[], fonts?: FontLibrary, style: TextStyle = 'regular'): Promise<{ pdf: Uint8Array; text: PdfText }> {
  const doc = await PDFDocument.create();
  const text = PdfText.for(doc, fonts);
  const page = doc.addPage([612, 792]);
  for (const [i, line] of lines.entries()) await text.draw(page, line, { x: 50, y: 740 - 20 * i, size: 12, style });
  return { pdf: await doc.save(), text };
}

describe('PdfText: every script in generated PDFs', () => {
  it.each(['regular', 'bold', 'mono'] as const)('draws Latin, Cyrillic, CJK, Greek, Hebrew and Arabic names that read back as written (%s)', async (style) => {
    const { pdf, text } = await drawLines(NAMES, undefined, style);
    expect((await pdfLines(pdf))[0]).toEqual(NAMES);
    expect(text.missing()).toEqual([]);
  });

  it('embeds only the glyphs used: a page of names in eight scripts stays small', async () => {
    const { pdf } = await drawLines(NAMES);
    // Whole fonts would be ~1.5 MB (DejaVu) plus the CJK slices; subsets are a few KB each.
    expect(pdf.byteLength).toBeLessThan(80_000);
  });

  it('draws a character no bundled font has as a visible placeholder and reports it', async () => {
    const { pdf, text } = await drawLines(['Stamp 𓀀 here', 'Also 𓀀 and 𓁐']);
    expect((await pdfLines(pdf))[0]).toEqual(['Stamp \uFFFD here', 'Also \uFFFD and \uFFFD']);
    expect(text.missing()).toEqual(['𓀀', '𓁐']);
  });

  it('draws right-to-left runs right to left, with punctuation on the side the line is read from', async () => {
    const text = PdfText.for(await PDFDocument.create());
    const runs = (line: string) => text.visualRuns(line).map((r) => [r.text, r.direction]);
    // A left-to-right line: the Hebrew name, then ", Legal" after it.
    expect(runs('Legal: שרה כהן, Tel Aviv')).toEqual([
      ['Legal: ', 'ltr'],
      ['שרה כהן', 'rtl'],
      [', Tel Aviv', 'ltr'],
    ]);
    // A right-to-left line: read from the right, so "Legal" ends up leftmost and the comma stays with the name.
    expect(runs('שרה כהן, Legal')).toEqual([
      ['Legal', 'ltr'],
      ['שרה כהן, ', 'rtl'],
    ]);
    // Hebrew and Arabic side by side: separate runs, so the Arabic one is shaped as Arabic (its letters join).
    expect(runs('שרה כהן · محمد عبد الله')).toEqual([
      ['محمد عبد الله', 'rtl'],
      ['שרה כהן · ', 'rtl'],
    ]);
    // Digits are never reversed.
    expect(runs('محمد 12')).toEqual([
      ['12', 'ltr'],
      ['محمد ', 'rtl'],
    ]);
  });

  it('orders nested embeddings, isolates and overrides and mirrors brackets by the Unicode Bidirectional Algorithm', async () => {
    const text = PdfText.for(await PDFDocument.create());
    // What a reader sees, left to right: right-to-left runs read backwards.
    const seen = (line: string) =>
      text
        .visualRuns(line)
        .map((r) => (r.direction === 'rtl' ? [...r.text].reverse().join('') : r.text))
        .join('');
    // Brackets in right-to-left text are mirrored, so "(Legal)" still reads as a parenthesis
    // (the partial algorithm drew "ןהכLegal) ( הרש").
    expect(seen('שרה (Legal) כהן')).toBe('ןהכ (Legal) הרש');
    expect(seen('שרה [Ref 12] כהן')).toBe('ןהכ [Ref 12] הרש');
    // An embedding (RLE … PDF) inside a left-to-right line: its Latin word goes left of the Hebrew
    // (the partial algorithm ignored the embedding: "To: הרש Legal").
    expect(seen('To: \u202Bשרה Legal\u202C')).toBe('To: Legal הרש');
    // An isolate (RLI … PDI): the number belongs to the right-to-left text inside it.
    expect(seen('Call \u2067כהן 12\u2069 today')).toBe('Call 12 ןהכ today');
    // An override (RLO … PDF) lays even Latin letters out right to left.
    expect(seen('\u202Eabc\u202C')).toBe('cba');
    // Brackets around right-to-left text in a left-to-right line stay as typed.
    expect(seen('Ref [שרה] ok')).toBe('Ref [הרש] ok');
    // And the drawn page agrees: the overridden run is drawn reversed, the rest as before.
    const { pdf } = await drawLines(['\u202Eabc\u202C', 'Legal: שרה כהן, Tel Aviv']);
    expect((await pdfLines(pdf))[0]).toEqual(['cba', 'Legal: שרה כהן, Tel Aviv']);
  });

  it('wraps and fits by measured width, also in scripts written without spaces', async () => {
    const doc = await PDFDocument.create();
    const text = PdfText.for(doc);
    const long = '王小明'.repeat(20);
    const lines = await text.wrap(long, 12, 'regular', 100);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe(long);
    for (const line of lines) expect(await text.width(line, 12, 'regular')).toBeLessThanOrEqual(100);
    const cut = await text.clipToWidth('Дмитрий Соколов Дмитрий Соколов', 10, 'bold', 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(await text.width(cut, 10, 'bold')).toBeLessThanOrEqual(60);
  });

  it('falls back in order, and a font that cannot be read turns its characters into reported placeholders', async () => {
    const withoutCjk = new PackagedFontLibrary((specifier) => {
      if (specifier.startsWith('@fontsource/')) throw new Error('not shipped');
      return readPackageFile(specifier);
    });
    expect(withoutCjk.fontFor('Ж'.codePointAt(0)!, 'bold')!.id).toContain('DejaVuSans-Bold');
    expect(withoutCjk.fontFor('Ж'.codePointAt(0)!, 'mono')!.id).toContain('DejaVuSansMono');
    expect(withoutCjk.fontFor('ש'.codePointAt(0)!, 'mono')!.id).toContain('DejaVuSans.ttf');
    const { pdf, text } = await drawLines(['Zoë 王小明'], withoutCjk);
    expect((await pdfLines(pdf))[0]).toEqual(['Zoë \uFFFD\uFFFD\uFFFD']);
    expect(text.missing()).toEqual(['王', '小', '明']);
  });

  it("reads fontsource's unicode ranges", () => {
    expect(parseUnicodeRanges('{"[3]":"U+4e00-4e0f,U+4e20","latin":"U+0000-00ff"}')).toEqual([
      { from: 0, to: 0xff, name: 'latin' },
      { from: 0x4e00, to: 0x4e0f, name: '3' },
      { from: 0x4e20, to: 0x4e20, name: '3' },
    ]);
  });
});
