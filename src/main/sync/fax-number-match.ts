/**
 * Whether two fax numbers as the service lists them are the same line (the sent list's matching of a
 * listed fax to a job, and of old pages in the history import): digits only, allowing for a country
 * code written on one side only.
 */
function digitsOf(value: string | null | undefined): string {
  return (value ?? '').replace(/\D+/g, '');
}

/** The same fax number, allowing for a country code written on one side only. */
export function sameFaxNumber(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = digitsOf(a);
  const y = digitsOf(b);
  if (x.length < 7 || y.length < 7) return x === y && x !== '';
  return x === y || x.endsWith(y) || y.endsWith(x);
}
