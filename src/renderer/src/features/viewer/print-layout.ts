/**
 * The print sheet layout: one sheet per fax page, each sheet exactly the page's size, no margins.
 * Sheets get CSS named pages (`page: fax-sheet-N` with `@page fax-sheet-N { size: … }`), one name per
 * distinct page size, so a short page prints on a short sheet, whole, instead of on a letter sheet
 * with white below or split across two. Pure: produces the stylesheet text and per-page styles.
 */
import type { PageSize } from './types';

export interface PrintSheet {
  /** CSS named page of this sheet. */
  pageName: string;
  /** Width and height for the sheet's box, e.g. "8.5in". */
  width: string;
  height: string;
}

export interface PrintLayout {
  css: string;
  sheets: PrintSheet[];
}

/** Inches with at most 3 decimals (1/1000 in is far below a printer dot). */
export function inches(value: number): string {
  return `${Number(value.toFixed(3))}in`;
}

export function printLayout(sizes: readonly PageSize[]): PrintLayout {
  const names = new Map<string, string>();
  const rules = ['@page { margin: 0; }'];
  const sheets = sizes.map((size) => {
    const width = inches(size.widthIn);
    const height = inches(size.heightIn);
    const key = `${width} ${height}`;
    let pageName = names.get(key);
    if (!pageName) {
      pageName = `fax-sheet-${names.size + 1}`;
      names.set(key, pageName);
      rules.push(`@page ${pageName} { size: ${width} ${height}; margin: 0; }`);
    }
    return { pageName, width, height };
  });
  return { css: rules.join('\n'), sheets };
}
