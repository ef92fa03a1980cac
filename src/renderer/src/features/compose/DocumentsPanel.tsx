/**
 * The documents of the fax: a drop zone (the whole card), a file picker, paste (handled by the page),
 * and the list in sending order with each file's progress, type, size, pages, thumbnail, warnings and
 * problems. Reorder by dragging a row or with its Move up / Move down buttons; the running totals show
 * the 25-document and 100 MB limits.
 */
import { useLayoutEffect, useMemo, useRef, useState, type DragEvent, type JSX } from 'react';
import { DOCUMENT_EXTENSIONS, SUPPORTED_TYPES_SENTENCE, formatMegabytes } from '../../../../shared/domain/documents';
import { errorMessage } from '../../api';
import { useComposeStore } from '../../stores/compose-store';
import { useAppStore } from '../../stores/app-store';
import { hasNativeFileDialogs, openWithDialog } from '../../files/native-files';
import { MAX_DOCUMENTS, MAX_PAYLOAD_BYTES, documentTotals, formatSize, isBusy, pagesLabel, typeLabel, type DocumentItem } from '../../model/compose/documents';
import { FieldMessages, messagesIdFor, useHasProblem } from './FieldMessages';
import { domIdFor } from '../../model/compose/problems';

const ACCEPT = Object.values(DOCUMENT_EXTENSIONS)
  .flat()
  .map((e) => `.${e}`)
  .join(',');

const REORDER_TYPE = 'application/x-faxdesk-document';

export function hasFiles(transfer: DataTransfer | null): boolean {
  return !!transfer && Array.from(transfer.types).includes('Files');
}

function phaseText(item: DocumentItem): string {
  const pct = `${Math.round(item.progress * 100)}%`;
  switch (item.phase) {
    case 'waiting':
      return 'Waiting to be added…';
    case 'reading':
      return `Reading the file: ${pct}`;
    case 'encoding':
      return `Preparing it for sending: ${pct}`;
    case 'uploading':
      return item.source === 'path' ? 'Opening and checking…' : 'Handing it to Faxdesk and checking it…';
    default:
      return '';
  }
}

export function DocumentsPanel(): JSX.Element {
  const documents = useComposeStore((s) => s.documents);
  const addFiles = useComposeStore((s) => s.addFiles);
  const [dragOver, setDragOver] = useState(false);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const refocus = useRef<string | null>(null);
  const totals = useMemo(() => documentTotals(documents), [documents]);
  const invalid = useHasProblem('documents');

  // A row moved with its buttons keeps the focus on the button that moved it.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });

  // The desktop app opens the OS dialog (filtered to what Faxdesk sends); the browser its file input.
  const chooseFiles = async () => {
    if (!(await hasNativeFileDialogs())) {
      inputRef.current?.click();
      return;
    }
    try {
      const files = await openWithDialog();
      if (files.length > 0) useComposeStore.getState().addPaths(files);
    } catch (error) {
      useAppStore.getState().pushToast({ title: 'Files could not be opened', body: errorMessage(error), level: 'error' });
    }
  };

  const onDragOver = (e: DragEvent) => {
    if (!hasFiles(e.dataTransfer)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragOver(true);
  };
  const onDrop = (e: DragEvent) => {
    if (!hasFiles(e.dataTransfer)) return;
    e.preventDefault();
    // The window-wide handler (WindowFileDrop) must not add them a second time.
    e.stopPropagation();
    setDragOver(false);
    addFiles(Array.from(e.dataTransfer.files));
  };

  const move = (item: DocumentItem, to: number, button: 'up' | 'down') => {
    refocus.current = `${domIdFor(`document:${item.key}`)}-${button}`;
    useComposeStore.getState().moveDocument(item.key, to);
  };

  return (
    <section
      className={dragOver ? 'card cx-documents cx-drag-over' : 'card cx-documents'}
      aria-labelledby="compose-documents-heading"
      data-testid="compose-dropzone"
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragOver(false);
      }}
      onDrop={onDrop}
    >
      <h2 id="compose-documents-heading">Documents</h2>
      <div className="cx-dropzone">
        <p className="cx-drop-hint" aria-hidden="true">
          Drop files here or anywhere in the window, or paste them (Ctrl+V / ⌘V).
        </p>
        <button
          id={domIdFor('documents')}
          type="button"
          onClick={() => void chooseFiles()}
          aria-invalid={invalid || undefined}
          aria-describedby={`compose-documents-types ${messagesIdFor('documents')}`}
        >
          Choose files…
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label="Choose files to fax"
          data-testid="compose-file-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length > 0) addFiles(files);
          }}
        />
        <p id="compose-documents-types" className="cx-hint">
          {SUPPORTED_TYPES_SENTENCE} PDF, text and images are checked here; Word, Excel, RTF and HTML are converted by the service.
        </p>
      </div>
      <FieldMessages field="documents" />

      {documents.length > 0 && (
        <ol className="cx-doc-list" aria-label="Documents, in sending order" data-testid="compose-documents">
          {documents.map((item, index) => {
            const id = domIdFor(`document:${item.key}`);
            const first = index === 0;
            const last = index === documents.length - 1;
            return (
              <li
                key={item.key}
                id={id}
                tabIndex={-1}
                className={`cx-doc cx-doc-${item.phase}${dragKey === item.key ? ' cx-dragging' : ''}`}
                data-testid="compose-document"
                aria-describedby={messagesIdFor(`document:${item.key}`)}
                onDragOver={(e) => {
                  if (!dragKey || !Array.from(e.dataTransfer.types).includes(REORDER_TYPE)) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(e) => {
                  if (!dragKey || !Array.from(e.dataTransfer.types).includes(REORDER_TYPE)) return;
                  e.preventDefault();
                  e.stopPropagation();
                  useComposeStore.getState().moveDocument(dragKey, index);
                  setDragKey(null);
                }}
              >
                <span
                  className="cx-handle"
                  draggable
                  title="Drag to reorder (or use Move up / Move down)"
                  aria-hidden="true"
                  onDragStart={(e) => {
                    e.dataTransfer.setData(REORDER_TYPE, item.key);
                    e.dataTransfer.effectAllowed = 'move';
                    const row = e.currentTarget.parentElement;
                    if (row) e.dataTransfer.setDragImage(row, 12, 12);
                    setDragKey(item.key);
                  }}
                  onDragEnd={() => setDragKey(null)}
                >
                  ⠿
                </span>
                <span className="cx-position" aria-hidden="true">
                  {index + 1}
                </span>
                <Thumbnail item={item} />
                <div className="cx-doc-main">
                  <span className="cx-doc-name" data-testid="document-name">
                    {item.name}
                  </span>
                  <span className="cx-doc-meta">
                    {typeLabel(item)}
                    {item.size > 0 ? ` · ${formatSize(item.size)}` : ''}
                    {item.document ? (
                      <>
                        {' · '}
                        <span data-testid="document-pages" className={item.document.convertedByService ? 'cx-converted' : undefined}>
                          {pagesLabel(item.document)}
                        </span>
                      </>
                    ) : null}
                  </span>
                  {isBusy(item) && (
                    <div className="cx-progress">
                      {item.phase === 'reading' || item.phase === 'encoding' ? (
                        <progress max={1} value={item.progress} aria-label={`${item.name}: ${phaseText(item)}`} />
                      ) : (
                        <progress aria-label={`${item.name}: ${phaseText(item)}`} />
                      )}
                      <span className="cx-hint">{phaseText(item)}</span>
                    </div>
                  )}
                  {item.problems.map((p) => (
                    <p key={p} className="cx-error" data-testid="document-problem">
                      {p}
                    </p>
                  ))}
                  {item.document?.warnings.map((w) => (
                    <p key={w} className="cx-warning">
                      {w}
                    </p>
                  ))}
                  <FieldMessages field={`document:${item.key}`} />
                </div>
                <div className="cx-doc-actions">
                  <button
                    id={`${id}-up`}
                    type="button"
                    className="cx-icon-button"
                    aria-label={`Move ${item.name} up`}
                    aria-disabled={first || undefined}
                    onClick={() => !first && move(item, index - 1, 'up')}
                  >
                    ↑
                  </button>
                  <button
                    id={`${id}-down`}
                    type="button"
                    className="cx-icon-button"
                    aria-label={`Move ${item.name} down`}
                    aria-disabled={last || undefined}
                    onClick={() => !last && move(item, index + 1, 'down')}
                  >
                    ↓
                  </button>
                  <button type="button" aria-label={`Remove ${item.name}`} onClick={() => useComposeStore.getState().removeDocument(item.key)}>
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <Totals totals={totals} />
    </section>
  );
}

function Thumbnail({ item }: { item: DocumentItem }): JSX.Element {
  if (item.thumbnail) return <img className="cx-thumb" src={item.thumbnail} alt="" data-testid="document-thumbnail" />;
  const label = item.document?.type ?? (/\.([a-z0-9]{1,4})$/i.exec(item.name)?.[1]?.toUpperCase() || '?');
  return (
    <span className={`cx-thumb cx-type-icon${item.document?.convertedByService ? ' cx-type-converted' : ''}`} aria-hidden="true">
      {label}
    </span>
  );
}

function Totals({ totals }: { totals: ReturnType<typeof documentTotals> }): JSX.Element {
  const overCount = totals.count > MAX_DOCUMENTS;
  const overSize = totals.payloadBytes > MAX_PAYLOAD_BYTES;
  const pages = `${totals.pages} ${totals.pages === 1 ? 'page' : 'pages'}${totals.converted > 0 ? ` + ${totals.converted} converted by the service` : ''}`;
  return (
    <div className="cx-totals" data-testid="compose-totals">
      <p>
        <span className={overCount ? 'cx-over' : undefined}>
          {totals.count} of {MAX_DOCUMENTS} documents
        </span>
        {' · '}
        <span className={overSize ? 'cx-over' : undefined} title="The service's limit counts the documents once encoded for sending (base64), about 4/3 of their size.">
          {formatMegabytes(totals.payloadBytes, 'up')} of {MAX_PAYLOAD_BYTES / (1024 * 1024)} MB once encoded
        </span>
        {totals.count > 0 ? ` · ${pages}` : ''}
      </p>
      <meter min={0} max={MAX_PAYLOAD_BYTES} value={Math.min(totals.payloadBytes, MAX_PAYLOAD_BYTES)} high={MAX_PAYLOAD_BYTES * 0.9} aria-label="Size of the fax against the 100 MB limit" />
      {totals.problems.map((p) => (
        <p key={p} className="cx-error" role="alert">
          {p}
        </p>
      ))}
    </div>
  );
}
