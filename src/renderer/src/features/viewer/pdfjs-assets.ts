/**
 * The files pdfjs-dist loads besides its main module, as URLs Vite emits into the renderer build (so they
 * load from 'self' under the app's CSP, in the desktop app and in the browser harness alike).
 *
 * - The worker: a plain `?url` asset; pdfjs starts it as a module worker.
 * - Fax images (CCITT G3/G4 and JBIG2) are decoded in pdfjs 6 by a WebAssembly module, with a pure-JS
 *   build of the same decoder as fallback. Every renderer response carries `script-src 'self'` without
 *   'wasm-unsafe-eval', which forbids compiling WebAssembly (in the worker too), so WebAssembly is switched
 *   off (`useWasm: false`) and the JS fallback is used. pdfjs imports it as `${wasmUrl}${fileName}`, with
 *   `wasmUrl` ending in "/", while Vite gives the file a hashed name: `wasmUrl` is therefore the emitted
 *   file's URL plus "#/", so the import asks for that file (the fragment never reaches the server).
 *   Limit: the OpenJPEG (JPX) fallback would be asked for at the same address and fails, so JPX images,
 *   which fax services do not produce, are left out with a warning. Copying pdfjs-dist/wasm/ to a fixed
 *   folder of the build would lift that limit.
 * - Standard fonts: pdfjs draws the 14 standard fonts with system fonts (`useSystemFonts`), except Symbol
 *   and ZapfDingbats, which it must load: those two are served here through a BinaryDataFactory.
 */
import jbig2FallbackUrl from 'pdfjs-dist/wasm/jbig2_nowasm_fallback.js?url';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import dingbatsFontUrl from 'pdfjs-dist/standard_fonts/FoxitDingbats.pfb?url';
import symbolFontUrl from 'pdfjs-dist/standard_fonts/FoxitSymbol.pfb?url';

/** Absolute, so it resolves the same from the page and from inside the worker. */
function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}

export const PDF_WORKER_URL = absolute(workerUrl);
export const PDF_WASM_URL = `${absolute(jbig2FallbackUrl)}#/`;

const STANDARD_FONT_URLS: Readonly<Record<string, string>> = {
  'FoxitSymbol.pfb': symbolFontUrl,
  'FoxitDingbats.pfb': dingbatsFontUrl,
};

/**
 * pdfjs's BinaryDataFactory contract (constructed by pdfjs with the URL options, asked for files by
 * kind and name when `useWorkerFetch` is false). Anything not bundled is refused, and pdfjs then carries
 * on without it (a missing CMap or font falls back to a system font).
 */
export class BundledBinaryData {
  constructor(_urls: unknown) {}

  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'standardFontDataUrl' ? STANDARD_FONT_URLS[filename] : undefined;
    if (!url) throw new Error(`Faxdesk does not bundle the PDF resource ${kind}/${filename}.`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Unable to load ${filename} (${response.status}).`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
