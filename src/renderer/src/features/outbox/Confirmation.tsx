/**
 * A confirmation a person can keep: for a delivered fax, page 1 as the fax service delivered it (a
 * thumbnail; a click shows the whole delivered image below) and "Save confirmation (PDF)": the
 * transmission report with that page on it, as Windows Fax and Scan's delivery receipt has.
 *
 * The page comes from the delivered image (outbox:image: fetched from the service once, then kept in the
 * data folder); it is drawn here with the viewer's reader, at thumbnail size.
 */
import { useEffect, useRef, useState, type JSX } from 'react';
import type { OutboxItem } from '../../../../shared/domain/outbox';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { base64ToBytes, downloadContent } from '../../files/download';
import { hasNativeFileDialogs, missingSentence, saveWithDialog, savedSentence } from '../../files/native-files';
import { thumbnailCssSize } from '../viewer/layout';
import { openFax } from '../viewer/open-fax';

/** The delivered images asked for (one fetch per fax, whatever re-renders), the newest few kept. */
const images = new Map<string, Promise<Uint8Array | string>>();
const KEPT_IMAGES = 8;

function deliveredImage(jobId: string): Promise<Uint8Array | string> {
  let pending = images.get(jobId);
  if (!pending) {
    pending = unwrap(faxdesk.outbox.image({ jobId })).then((image) => (image.kind === 'pdf' ? base64ToBytes(image.base64) : image.message));
    pending.catch(() => images.delete(jobId));
    images.set(jobId, pending);
    while (images.size > KEPT_IMAGES) images.delete(images.keys().next().value!);
  }
  return pending;
}

type Thumb = { status: 'loading' } | { status: 'ready' } | { status: 'unavailable'; message: string };

export function Confirmation({ job, headingId, onShowImage }: { job: OutboxItem; headingId: string; onShowImage(): void }): JSX.Element {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [thumb, setThumb] = useState<Thumb>({ status: 'loading' });
  const [size, setSize] = useState({ width: 112, height: 145 });
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    setThumb({ status: 'loading' });
    setSaid(null);
    void (async () => {
      try {
        const image = await deliveredImage(job.id);
        if (!live) return;
        if (typeof image === 'string') return setThumb({ status: 'unavailable', message: image });
        const fax = await openFax({ kind: 'pdf', data: image });
        try {
          const css = thumbnailCssSize(fax.pageSizes[0] ?? { widthIn: 8.5, heightIn: 11 }, 120, 156);
          if (!live || !canvas.current) return;
          setSize(css);
          const ratio = window.devicePixelRatio || 1;
          await fax.render(0, canvas.current, Math.round(css.width * ratio), Math.round(css.height * ratio)).promise;
          if (live) setThumb({ status: 'ready' });
        } finally {
          fax.destroy();
        }
      } catch (error) {
        if (live) setThumb({ status: 'unavailable', message: `Page 1 could not be shown: ${errorMessage(error)}` });
      }
    })();
    return () => {
      live = false;
    };
  }, [job.id]);

  const save = async () => {
    setSaving(true);
    setSaid(null);
    try {
      if (await hasNativeFileDialogs()) {
        const outcome = await saveWithDialog({ what: 'confirmation', jobId: job.id });
        if (outcome.saved) setSaid({ kind: 'ok', text: `Delivery confirmation: ${savedSentence(outcome)}` });
        return;
      }
      const file = await unwrap(faxdesk.files.download({ what: 'confirmation', jobId: job.id }));
      downloadContent(file);
      const missing = file.missingCharacters.length > 0 ? ` ${missingSentence(file.missingCharacters)}` : '';
      setSaid({ kind: 'ok', text: `Delivery confirmation downloaded (${file.fileName}).${missing}` });
    } catch (error) {
      setSaid({ kind: 'error', text: `The confirmation was not saved: ${errorMessage(error)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="outbox-section outbox-confirmation" aria-labelledby={headingId} data-testid="outbox-confirmation">
      <h3 id={headingId}>Delivery confirmation</h3>
      <div className="outbox-confirmation-body">
        <button
          type="button"
          className="outbox-confirmation-thumb"
          aria-label="Page 1 of the delivered fax: show the whole delivered image"
          title="Page 1 as the fax service delivered it. Click to see every page."
          disabled={thumb.status !== 'ready'}
          onClick={onShowImage}
          style={{ width: size.width, height: size.height }}
        >
          <canvas ref={canvas} style={{ width: size.width, height: size.height }} data-rendered={thumb.status === 'ready' ? 'true' : 'false'} data-testid="confirmation-thumbnail" />
          {thumb.status === 'loading' ? <span className="outbox-confirmation-wait">Fetching page 1…</span> : null}
        </button>
        <div className="outbox-confirmation-text">
          <p>
            Proof that this fax reached {job.destinationDisplay}: its transmission report, with page 1 of the fax as it was delivered, in one PDF to keep or
            print.
          </p>
          {thumb.status === 'unavailable' ? <p className="muted">{thumb.message}</p> : null}
          <button type="button" className="primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Making the confirmation…' : 'Save confirmation (PDF)'}
          </button>
          {said ? (
            <p className={said.kind === 'error' ? 'error' : 'muted'} role={said.kind === 'error' ? 'alert' : 'status'} data-testid="confirmation-result">
              {said.text}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
