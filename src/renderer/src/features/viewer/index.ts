/** The fax viewer: see FaxViewer.tsx for the component's contract, print.ts for printing without it. */
export { FaxViewer, type FaxViewerProps } from './FaxViewer';
export { preparePrint, runPrint, printStepText, DEFAULT_PRINT_PPI, type PrintOptions, type PrintEnd, type PrintStep } from './print';
export { damagedDocumentMessage } from './damage';
export type { FaxDocument, PageSize } from './types';
