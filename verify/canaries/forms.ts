/**
 * The forms a secret takes on its way out: as itself, and encoded as HTTP, URLs, JSON and hex dumps
 * encode it. A canary is found when any form of it appears anywhere scanned.
 */
export interface Canary {
  /** What it is, for the report ("API key"). */
  what: string;
  value: string;
}

export interface Form {
  what: string;
  text: string;
}

export function formsOf(canary: Canary): Form[] {
  const bytes = Buffer.from(canary.value, 'utf8');
  const forms: Form[] = [
    { what: canary.what, text: canary.value },
    { what: `${canary.what} (base64)`, text: bytes.toString('base64') },
    { what: `${canary.what} (base64url)`, text: bytes.toString('base64url') },
    { what: `${canary.what} (URL-encoded)`, text: encodeURIComponent(canary.value) },
    { what: `${canary.what} (JSON-escaped)`, text: JSON.stringify(canary.value).slice(1, -1) },
    { what: `${canary.what} (hex)`, text: bytes.toString('hex') },
    { what: `${canary.what} (HEX)`, text: bytes.toString('hex').toUpperCase() },
  ];
  // Base64 of a secret inside a longer text does not start on a 3-byte boundary: look for the middle
  // of its encoding at each of the three alignments (what survives whatever came before it).
  for (const shift of [1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift, 0x20), bytes]).toString('base64');
    forms.push({ what: `${canary.what} (base64, offset ${shift})`, text: encoded.slice(4, -4) });
  }
  const seen = new Set<string>();
  return forms.filter((f) => f.text.length >= 8 && !seen.has(f.text) && seen.add(f.text));
}

/** HTTP Basic credentials as a client sends them: base64 of `user:password`. */
export function basicCanary(what: string, user: string, password: string): Canary {
  return { what, value: Buffer.from(`${user}:${password}`).toString('base64') };
}

export interface Hit {
  form: string;
  where: string;
}

/** Every form of every canary found in `sources` (name → bytes or text). */
export function scan(canaries: readonly Canary[], sources: ReadonlyMap<string, Buffer | string>): Hit[] {
  const hits: Hit[] = [];
  const forms = canaries.flatMap(formsOf);
  for (const [where, content] of sources) {
    const haystack = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    // UTF-16 too: some files (and SQLite text in a UTF-16 database) store text that way.
    for (const form of forms) {
      if (haystack.includes(Buffer.from(form.text, 'utf8')) || haystack.includes(Buffer.from(form.text, 'utf16le'))) hits.push({ form: form.what, where });
    }
  }
  return hits;
}
