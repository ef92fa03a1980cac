/**
 * Test-only page: mounts FaxViewer alone, with the document named in the address, fetched from the test
 * server (/fixtures/<name>). Query: doc, kind (pdf | tiff), title, theme (light | dark), handlers=1 (pass
 * onPrint/onSave, which count calls in window.__viewerHarness), hold=1 (stay "loading" until
 * window.__viewerHarness.release()). window.__viewerHarness also exposes preparePrint for the print test,
 * and show(doc, kind) to put another fixture in the same viewer (as the Inbox does when another fax is opened).
 */
import { StrictMode, useEffect, useState, type JSX } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../src/renderer/src/styles/app.css';
import { FaxViewer, preparePrint, type FaxDocument } from '../../../src/renderer/src/features/viewer';
import './harness.css';

export interface ViewerHarness {
  printCalls: number;
  saveCalls: number;
  /** Prepares the print container for the current document; resolves with the number of sheets. */
  preparePrint(): Promise<number>;
  cleanupPrint(): void;
  release(): void;
  /** Fetches another fixture and gives it to the viewer in place of the open one. */
  show(doc: string, kind: 'pdf' | 'tiff'): Promise<void>;
}

declare global {
  interface Window {
    __viewerHarness: ViewerHarness;
  }
}

const params = new URLSearchParams(location.search);
const fixture = params.get('doc') ?? '';
const kind = params.get('kind') === 'tiff' ? 'tiff' : 'pdf';
const title = params.get('title') ?? 'Test fax';
const withHandlers = params.get('handlers') === '1';
const theme = params.get('theme');
let release: () => void = () => {};
const released = params.get('hold') === '1' ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
if (theme === 'light' || theme === 'dark') document.documentElement.dataset['theme'] = theme;

let currentDocument: FaxDocument | null = null;
let printCleanup: (() => void) | null = null;
let showDocument: (doc: FaxDocument) => void = () => {};

async function fetchFixture(name: string): Promise<ArrayBuffer> {
  const response = await fetch(`/fixtures/${encodeURIComponent(name)}`);
  if (!response.ok) throw new Error(`The fax could not be downloaded (${response.status}).`);
  return response.arrayBuffer();
}
window.__viewerHarness = {
  printCalls: 0,
  saveCalls: 0,
  async preparePrint() {
    if (!currentDocument) throw new Error('No document loaded yet.');
    printCleanup = await preparePrint(currentDocument);
    return document.querySelectorAll('.print-page').length;
  },
  cleanupPrint() {
    printCleanup?.();
    printCleanup = null;
  },
  release: () => release(),
  async show(doc, kind) {
    currentDocument = { kind, data: new Uint8Array(await fetchFixture(doc)) };
    showDocument(currentDocument);
  },
};

function Harness(): JSX.Element {
  const [doc, setDoc] = useState<FaxDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    showDocument = setDoc;
    released
      .then(() => fetchFixture(fixture))
      .then(
        (buffer) => {
          currentDocument = { kind, data: new Uint8Array(buffer) };
          setDoc(currentDocument);
        },
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
  }, []);
  return (
    <div className="viewer-harness">
      <FaxViewer
        document={doc}
        title={title}
        loading={!doc && !error}
        error={error}
        onPrint={withHandlers ? () => void window.__viewerHarness.printCalls++ : undefined}
        onSave={withHandlers ? () => void window.__viewerHarness.saveCalls++ : undefined}
      />
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
