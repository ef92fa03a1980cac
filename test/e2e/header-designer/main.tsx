/**
 * Test-only page for test/e2e/header-designer.test.ts: the header designer and the cover page editor
 * as the Compose page will embed them, with in-memory templates. Each emitted value is shown, so the
 * test can read what the components hand their parent. ?theme=dark|light forces a theme.
 */
import { StrictMode, useState, type JSX } from 'react';
import { createRoot } from 'react-dom/client';
import type { HeaderOptions } from '../../../src/shared/header';
import '../../../src/renderer/src/styles/app.css';
import { CoverPageEditor, type CoverPageOptions } from '../../../src/renderer/src/features/cover-page';
import { HeaderDesigner, createMemoryTemplatesPort, type HeaderSample } from '../../../src/renderer/src/features/header-designer';

const params = new URLSearchParams(location.search);
document.documentElement.dataset['theme'] = params.get('theme') ?? 'light';

// Fixed so the examples are known: 19:07:01 UTC is 3:07:01 PM in New York (EDT).
const NOW = new Date('2024-05-10T19:07:01Z');
const TIME_ZONE = 'America/New_York';
const SAMPLE: HeaderSample = { toNumber: '+12125550123', fromNumber: '2125550199', csid: 'ACME LEGAL', pages: 3 };
const RECIPIENTS = [{ name: 'Jane Roe', company: 'Roe & Partners', faxNumber: '+12125550123' }];
const templates = createMemoryTemplatesPort();
const initialHeader: HeaderOptions | null = params.get('start') === 'default' ? null : { line_1: ['${DATE_TIME1}'] };

const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Harness(): JSX.Element {
  const [header, setHeader] = useState<HeaderOptions | null>(initialHeader);
  const [emitted, setEmitted] = useState<(HeaderOptions | null)[]>([]);
  const [headerValid, setHeaderValid] = useState(true);
  const [cover, setCover] = useState<CoverPageOptions | null>(null);
  const [coverValid, setCoverValid] = useState(true);
  return (
    <main className="page">
      <HeaderDesigner
        value={header}
        onChange={(value) => {
          setHeader(value);
          setEmitted((list) => [...list, value]);
        }}
        sample={SAMPLE}
        templates={templates}
        timeZone={TIME_ZONE}
        now={NOW}
        onValidityChange={setHeaderValid}
      />
      <section className="card no-print" aria-label="Emitted header">
        <pre style={PRE} data-testid="value">{JSON.stringify(header)}</pre>
        <pre style={PRE} data-testid="emitted">{JSON.stringify(emitted)}</pre>
        <pre style={PRE} data-testid="header-valid">{String(headerValid)}</pre>
        {/* What the Compose page does when it opens a fax with a default template. */}
        <button type="button" onClick={() => setHeader({ line_1: ['', '${FAX_ID}'] })}>
          Parent sets the header
        </button>
      </section>
      <CoverPageEditor
        value={cover}
        onChange={setCover}
        recipients={RECIPIENTS}
        documentPages={SAMPLE.pages}
        fromNumber={SAMPLE.fromNumber}
        defaultFromName="Ann Example"
        date={NOW}
        timeZone={TIME_ZONE}
        onValidityChange={setCoverValid}
      />
      <section className="card no-print" aria-label="Emitted cover page">
        <pre style={PRE} data-testid="cover-value">{JSON.stringify(cover)}</pre>
        <pre style={PRE} data-testid="cover-valid">{String(coverValid)}</pre>
      </section>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
