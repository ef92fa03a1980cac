/** The Compose page's parts (the page itself is pages/ComposePage.tsx) and the window-wide file drop App mounts. */
export { DocumentsPanel } from './DocumentsPanel';
export { RecipientsPanel } from './RecipientsPanel';
export { OptionsPanel, CoverSection, HeaderSection } from './OptionsPanel';
export { SendPanel, SentPanel } from './SendPanel';
export { WindowFileDrop, useWindowFileDrop } from './WindowFileDrop';
export { focusField } from './focus';
