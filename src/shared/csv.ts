/**
 * The one CSV writer's field rule (RFC 4180), used by the Outbox export (src/main/outbox/csv.ts) and the
 * address book export (contacts-csv.ts). Pure: no Node, no DOM.
 *
 * - A field is quoted when it holds a quote, a comma, a semicolon or a tab (the separators spreadsheets
 *   guess, e.g. Excel in European locales splits on ';'), a line break, or starts or ends with a space
 *   (which readers trim); a quote inside is doubled.
 * - A field a spreadsheet would run as a formula (starting with = + - @, a tab or a CR) gets a leading
 *   apostrophe, so that a name typed by anyone never executes (OWASP "CSV injection"). Values that are
 *   data, not text, such as a fax number in international form (+15551234567), opt out.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n\t]|^\s|\s$/;

export function csvField(value: string, guardFormula = true): string {
  const text = guardFormula && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

