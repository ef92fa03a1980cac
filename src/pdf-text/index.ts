export { PdfText, PLACEHOLDER, type DrawTextOptions, type TextStyle } from './pdf-text';
export { PackagedFontLibrary, packagedFonts, parseUnicodeRanges, readPackageFile, SHIPPED_FONT_FILES, type FontFile, type FontLibrary, type PackageFileReader } from './font-files';
