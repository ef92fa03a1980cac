import { useId, useRef, useState, type JSX } from 'react';
import type { ContactsFileFormat, ContactsImportSummary } from '../../../../shared/ipc/contract/contacts';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { downloadBlob } from '../../files/download';
import { hasNativeFileDialogs, saveWithDialog, savedSentence } from '../../files/native-files';
import { FormStatus } from '../../components/FormStatus';
import { decodeFileBytes, detectFormat } from './file-io';

interface ImportResult {
  fileName: string;
  summary: ContactsImportSummary;
  note: string | null;
}

const count = (n: number, word: string) => `${n} ${word}`;

/** Import a CSV or vCard file (with a summary of what was skipped and why); export all contacts (Save dialog, or a download in the browser). */
export function ImportExport(): JSX.Element {
  const base = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const importFile = async (file: File) => {
    setBusy(true);
    setProblem(null);
    setStatus('');
    setResult(null);
    try {
      const { text, note } = decodeFileBytes(new Uint8Array(await file.arrayBuffer()));
      const format = detectFormat(file.name, text);
      const summary = await unwrap(faxdesk.contacts.importText({ format, text }));
      setResult({ fileName: file.name, summary, note });
    } catch (e) {
      setProblem(`${file.name} could not be imported: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const exportAs = async (format: ContactsFileFormat) => {
    setBusy(true);
    setProblem(null);
    setStatus('');
    try {
      if (await hasNativeFileDialogs()) {
        const outcome = await saveWithDialog({ what: 'contacts', format });
        if (outcome.saved) setStatus(`Exported the contacts. ${savedSentence(outcome)}`);
        return;
      }
      const file = await unwrap(faxdesk.contacts.export({ format }));
      downloadBlob(new Blob([file.text], { type: file.mimeType }), file.fileName);
      setStatus(`Exported ${file.count === 1 ? '1 contact' : `${file.count} contacts`} to ${file.fileName}.`);
    } catch (e) {
      setProblem(`The contacts could not be exported: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="contacts-import-export" aria-label="Import and export">
      <div className="toolbar-group">
        <input
          ref={fileRef}
          id={`${base}-file`}
          type="file"
          accept=".csv,.vcf,.vcard,.txt,text/csv,text/vcard,text/x-vcard"
          hidden
          data-testid="contacts-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void importFile(file);
          }}
        />
        <button type="button" disabled={busy} onClick={() => fileRef.current?.click()}>
          Import CSV or vCard…
        </button>
        <button type="button" disabled={busy} onClick={() => void exportAs('csv')}>
          Export CSV
        </button>
        <button type="button" disabled={busy} onClick={() => void exportAs('vcard')}>
          Export vCard
        </button>
      </div>
      <FormStatus error={problem} status={busy ? 'Working…' : status} errorClass="error" statusClass="muted" />
      {result && <ImportSummary result={result} onDismiss={() => setResult(null)} />}
    </section>
  );
}

function ImportSummary({ result, onDismiss }: { result: ImportResult; onDismiss(): void }): JSX.Element {
  const { summary } = result;
  const headingId = useId();
  const parts = [
    count(summary.created, 'created'),
    count(summary.updated, 'updated'),
    ...(summary.unchanged > 0 ? [count(summary.unchanged, 'already up to date')] : []),
    count(summary.skipped.length, 'skipped'),
  ];
  return (
    <div className="card import-summary" role="status" aria-labelledby={headingId} data-testid="import-summary">
      <div className="import-summary-head">
        <h2 id={headingId}>Imported {result.fileName}</h2>
        <button type="button" onClick={onDismiss} aria-label="Close the import summary">
          Close
        </button>
      </div>
      <p data-testid="import-counts">{parts.join(', ')}.</p>
      {result.note && <p className="muted">{result.note}</p>}
      {summary.skipped.length > 0 && (
        <>
          <h3>Skipped</h3>
          <ul className="import-notes" data-testid="import-skipped">
            {summary.skipped.map((s, i) => (
              <li key={`s${i}`}>
                <strong>Line {s.line}:</strong> {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.warnings.length > 0 && (
        <>
          <h3>Check these</h3>
          <ul className="import-notes" data-testid="import-warnings">
            {summary.warnings.map((w, i) => (
              <li key={`w${i}`}>
                <strong>Line {w.line}:</strong> {w.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
