import { describe, expect, it } from 'vitest';
import { detectDocumentType, extensionOf, typeFromName } from '../../../../src/main/documents/detect';
import {
  makeCompoundFile,
  makeDoc,
  makeDocx,
  makeJpeg,
  makePdf,
  makePng,
  makeTiff,
  makeTiffWithUtif,
  makeXls,
  makeXlsx,
  makeZip,
} from './fixtures';

const SUPPORTED_LIST = 'Faxdesk can send PDF, Word (DOC, DOCX), Excel (XLS, XLSX), RTF, HTML, plain text (TXT) and images (PNG, JPEG, TIFF).';

function detectedType(name: string, bytes: Uint8Array) {
  const result = detectDocumentType(name, bytes);
  if (!result.ok) throw new Error(`expected a type, got ${result.code}: ${result.message}`);
  return result;
}

function refusal(name: string, bytes: Uint8Array) {
  const result = detectDocumentType(name, bytes);
  if (result.ok) throw new Error(`expected a refusal, got ${result.type}`);
  return result;
}

describe('file names', () => {
  it('reads the extension case-insensitively and maps it to a type', () => {
    expect(extensionOf('C:\\Scans\\Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(typeFromName('photo.JPEG')).toBe('JPG');
    expect(typeFromName('scan.tif')).toBe('TIFF');
    expect(typeFromName('page.htm')).toBe('HTML');
    expect(typeFromName('macro.docm')).toBe('DOCX');
    expect(typeFromName('notes.md')).toBeUndefined();
  });
});

describe('detection from content', () => {
  it('recognises each supported type by its bytes, with no extension at all', async () => {
    expect(detectedType('blob', await makePdf(1)).type).toBe('PDF');
    expect(detectedType('blob', makePng(4, 4)).type).toBe('PNG');
    expect(detectedType('blob', makeJpeg(8, 8)).type).toBe('JPG');
    expect(detectedType('blob', makeTiff(4, 4, [0])).type).toBe('TIFF');
    expect(detectedType('blob', makeTiffWithUtif(4, 4)).type).toBe('TIFF');
    expect(detectedType('blob', makeDocx()).type).toBe('DOCX');
    expect(detectedType('blob', makeXlsx()).type).toBe('XLSX');
    expect(detectedType('blob', makeDoc()).type).toBe('DOC');
    expect(detectedType('blob', makeXls()).type).toBe('XLS');
    expect(detectedType('blob', Buffer.from('{\\rtf1\\ansi Hello}')).type).toBe('RTF');
    expect(detectedType('blob', Buffer.from('<!DOCTYPE html><html><body>Hi</body></html>')).type).toBe('HTML');
    expect(detectedType('blob', Buffer.from('Dear Sir,\nPlease find attached.\n')).type).toBe('TXT');
  });

  it('tells DOC from XLS by the streams inside, not by the name', () => {
    const xlsNamedDoc = detectedType('budget.doc', makeXls());
    expect(xlsNamedDoc.type).toBe('XLS');
    expect(xlsNamedDoc.warnings).toEqual(['"budget.doc" is an Excel workbook (XLS), not a Word document (DOC) as its name suggests; it will be sent as XLS.']);
    expect(detectedType('letter.xls', makeDoc()).type).toBe('DOC');
  });

  it('tells DOCX from XLSX by the package entries, not by the name', () => {
    const result = detectedType('sheet.xlsx', makeDocx());
    expect(result.type).toBe('DOCX');
    expect(result.warnings[0]).toContain('not an Excel workbook (XLSX) as its name suggests; it will be sent as DOCX');
  });

  it('trusts the content of a PDF named .txt and warns', async () => {
    const result = detectedType('invoice.txt', await makePdf(1));
    expect(result.type).toBe('PDF');
    expect(result.warnings).toEqual(['"invoice.txt" is a PDF document, not plain text as its name suggests; it will be sent as PDF.']);
  });

  it('trusts the content of a PNG named .jpg and warns', () => {
    const result = detectedType('photo.jpg', makePng(2, 2));
    expect(result.type).toBe('PNG');
    expect(result.warnings[0]).toContain('is a PNG image, not a JPEG image');
  });

  it('gives no warning when name and content agree', async () => {
    expect(detectedType('a.PDF', await makePdf(1)).warnings).toEqual([]);
    expect(detectedType('a.jpeg', makeJpeg(8, 8)).warnings).toEqual([]);
  });

  it('accepts a PDF header after a few leading bytes only when the name says PDF', async () => {
    const prefixed = Buffer.concat([Buffer.from('\r\n\r\n'), await makePdf(1)]);
    expect(detectedType('scan.pdf', prefixed).type).toBe('PDF');
    expect(detectedType('notes.txt', Buffer.from('About PDF:\n%PDF-1.7 is the header of a PDF file.\n')).type).toBe('TXT');
  });
});

describe('text, HTML and RTF', () => {
  it('reads UTF-16 text with a byte-order mark as text', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße\r\n', 'utf16le')]);
    const result = detectedType('note.txt', utf16);
    expect(result.type).toBe('TXT');
    expect(result.encoding).toBe('utf-16le');
  });

  it('reads Windows (ANSI) text that is not UTF-8 as text', () => {
    const ansi = Buffer.from('Caf\xe9 cr\xe8me\r\n', 'latin1');
    const result = detectedType('menu.txt', ansi);
    expect(result.type).toBe('TXT');
    expect(result.encoding).toBe('windows-1252');
  });

  it('sends text with an unknown text extension (.csv, .log) as TXT', () => {
    expect(detectedType('data.csv', Buffer.from('a,b\n1,2\n')).type).toBe('TXT');
    expect(detectedType('server.log', Buffer.from('started\n')).type).toBe('TXT');
  });

  it('treats an .html fragment without <html> as HTML, and a .txt holding a web page as HTML with a warning', () => {
    expect(detectedType('part.htm', Buffer.from('<p>Hello <b>there</b></p>')).type).toBe('HTML');
    const page = detectedType('saved.txt', Buffer.from('\uFEFF  <!-- saved --> <html lang="en"><body>x</body></html>'));
    expect(page.type).toBe('HTML');
    expect(page.warnings[0]).toContain('is a web page (HTML), not plain text as its name suggests');
  });

  it('recognises RTF named .doc (Word saves RTF that way) and warns', () => {
    const result = detectedType('memo.doc', Buffer.from('{\\rtf1\\ansi\\deff0 {\\fonttbl}Hello}'));
    expect(result.type).toBe('RTF');
    expect(result.warnings[0]).toContain('is a rich-text document (RTF), not a Word document (DOC)');
  });

  it('refuses plain text named .rtf as MISMATCH', () => {
    const result = refusal('letter.rtf', Buffer.from('Just words.\n'));
    expect(result.code).toBe('MISMATCH');
    expect(result.message).toContain('contains plain text without RTF formatting');
    expect(result.message).toContain('Rename it to .txt');
  });
});

describe('mismatches and unsupported files', () => {
  it('refuses a ".pdf" that is an HTML error page (a failed download) as MISMATCH', () => {
    const result = refusal('statement.pdf', Buffer.from('<!DOCTYPE html><html><head><title>404 Not Found</title></head></html>'));
    expect(result.code).toBe('MISMATCH');
    expect(result.message).toBe(
      '"statement.pdf" is named as a PDF document but contains web-page text (HTML); a failed download often looks like this. Download or export it again. If the text is what you want to fax, rename it to .html and add it again.',
    );
  });

  it('refuses plain text named as an image as MISMATCH', () => {
    const result = refusal('scan.png', Buffer.from('hello'));
    expect(result.code).toBe('MISMATCH');
    expect(result.message).toContain('is named as a PNG image but contains plain text');
    expect(result.message).toContain('rename it to .txt');
  });

  it('refuses unknown binary named as a supported type as MISMATCH, naming the type', () => {
    const garbage = Buffer.from([0x00, 0x13, 0x37, 0x00, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x01]);
    const result = refusal('contract.pdf', garbage);
    expect(result.code).toBe('MISMATCH');
    expect(result.message).toContain('"contract.pdf" is named as a PDF document but does not contain one');
    expect(result.message).toContain('save it as PDF again');
    expect(result.message).toContain(SUPPORTED_LIST);
  });

  it('refuses unknown binary without a known name as UNSUPPORTED, listing what is supported', () => {
    const result = refusal('data.bin', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x00]));
    expect(result.code).toBe('UNSUPPORTED');
    expect(result.message).toBe(
      `"data.bin" is in a format Faxdesk does not recognise, which cannot be faxed. Print it to PDF from the program that opens it and add that instead. ${SUPPORTED_LIST}`,
    );
  });

  it.each([
    ['anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'a GIF image', 'Save it as PNG, JPEG or PDF'],
    ['pic.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]), 'a WebP image', 'Save it as PNG, JPEG or PDF'],
    ['IMG_0001.jpg', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(12)]), 'a HEIC/AVIF photo', 'Save it as PNG, JPEG or PDF'],
    ['docs.zip', makeZip([{ name: 'a.pdf', data: '%PDF-' }]), 'a ZIP archive', 'Extract it and add the documents inside'],
    ['slides.pptx', makeZip([{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'ppt/presentation.xml', data: '<p/>' }]), 'a PowerPoint presentation (PPTX)', 'Save or print it as a PDF'],
    [
      'letter.odt',
      makeZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' }, { name: 'content.xml', data: '<office/>' }]),
      'an OpenDocument file (LibreOffice/OpenOffice)',
      'Save it as DOCX, XLSX or PDF',
    ],
    ['slides.ppt', makeCompoundFile([{ name: 'PowerPoint Document', data: new Uint8Array(100) }]), 'a PowerPoint presentation (PPT)', 'Save or print it as a PDF'],
    ['drawing.svg', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'an SVG drawing', 'Save it as PNG, JPEG or PDF'],
    ['setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'a program', 'Only documents and images can be faxed'],
  ])('refuses %s as UNSUPPORTED, saying what it is and what to do', (name, bytes, what, fix) => {
    const result = refusal(name, bytes);
    expect(result.code).toBe('UNSUPPORTED');
    expect(result.message).toContain(`"${name}" is ${what}, which cannot be faxed.`);
    expect(result.message).toContain(fix);
    expect(result.message).toContain(SUPPORTED_LIST);
  });

  it('refuses a password-protected DOCX (an OLE2 file holding EncryptedPackage) as ENCRYPTED', () => {
    const encrypted = makeCompoundFile([
      { name: 'EncryptionInfo', data: new Uint8Array(200) },
      { name: 'EncryptedPackage', data: new Uint8Array(5000) },
    ]);
    const result = refusal('contract.docx', encrypted);
    expect(result.code).toBe('ENCRYPTED');
    expect(result.message).toContain('"contract.docx" is password-protected');
    expect(result.message).toContain('remove the password');
  });

  it('refuses a cut-off DOCX as CORRUPT (its ZIP directory is gone)', () => {
    const docx = makeDocx();
    const result = refusal('report.docx', docx.subarray(0, docx.length - 40));
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toContain('"report.docx" looks like a ZIP file but is damaged');
    expect(result.message).toContain('save it again');
  });

  it('refuses a cut-off DOC as CORRUPT (its sectors are gone)', () => {
    const doc = makeDoc(false, true);
    const result = refusal('report.doc', doc.subarray(0, 700));
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toContain('looks like a Microsoft Office file but is damaged');
  });

  it('refuses zero bytes as EMPTY', () => {
    const result = refusal('blank.pdf', new Uint8Array(0));
    expect(result).toEqual({ ok: false, code: 'EMPTY', message: '"blank.pdf" is empty (0 bytes). Check that it was saved completely, then add it again.' });
  });
});
