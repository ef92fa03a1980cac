/**
 * Printing in the browser harness: main answers inbox:print by emitting `ui:print` (with a request id and
 * a time limit) and waits; this prints that fax through the viewer's print helper (the bytes on screen
 * when it is the open fax), shows its progress with a Cancel (the Inbox store's `printing`), and tells
 * main how it ended (app:printDone: printed, cancelled or failed), which is what inbox:print then answers.
 * App mounts `usePrintRequests()` once, so auto-print works while another page is open.
 */
import { useEffect } from 'react';
import type { PrintRequest } from '../../../../shared/ipc/contract/app';
import { faxdesk, unwrap } from '../../api';
import { base64ToBytes } from '../../files/download';
import { useInboxStore } from '../../stores/inbox-store';
import { sameFax } from '../../stores/inbox-updates';
import { printStepText, runPrint, type FaxDocument, type PrintEnd } from '../viewer';

/** Prints one after another (two arrivals printed automatically, a click during a print). */
let printQueue: Promise<void> = Promise.resolve();
/** The person's Cancel of the print the page is doing. */
let printCancel: AbortController | null = null;

/** Stops the print the page is preparing (it ends "cancelled"). */
export function cancelPrint(): void {
  printCancel?.abort();
}

export function handlePrintRequest(request: PrintRequest): Promise<void> {
  const target = request.target;
  if (target.page !== 'inbox' || !('faxId' in target)) {
    void faxdesk.app.printDone({ requestId: request.requestId, outcome: 'failed', reason: 'The window was asked to print something that is not a received fax.' });
    return Promise.resolve();
  }
  const store = useInboxStore.getState();
  const job = async () => {
    const controller = new AbortController();
    printCancel = controller;
    const progress = (text: string) => store.setPrinting({ requestId: request.requestId, accountId: target.accountId, faxId: target.faxId, title: request.title, text });
    progress('Getting the fax ready for printing…');
    // The bytes on screen when it is the open fax; otherwise they are fetched (within the time limit).
    const opened = useInboxStore.getState().opened;
    const source =
      opened && sameFax(opened.fax, target.accountId, target.faxId) && opened.image.status === 'ready'
        ? opened.image.document
        : async (): Promise<FaxDocument> => {
            const detail = await unwrap(faxdesk.inbox.get({ accountId: target.accountId, faxId: target.faxId }));
            const image = await unwrap(faxdesk.inbox.image({ id: detail.fax.id }));
            if (image.kind !== 'pdf') throw new Error(image.message);
            return { kind: 'pdf', data: base64ToBytes(image.base64) };
          };
    let end: PrintEnd;
    try {
      end = await runPrint(source, { signal: controller.signal, timeLimitMs: request.timeLimitMs, onStep: (step) => progress(printStepText(step)) });
    } finally {
      if (printCancel === controller) printCancel = null;
      store.setPrinting(null);
    }
    await faxdesk.app.printDone({ requestId: request.requestId, ...end });
  };
  printQueue = printQueue.then(job).catch(() => {
    // The report could not reach main (the connection dropped): main's own time limit ends the print.
  });
  return printQueue;
}

/** Main's `ui:print`, for as long as the window lives. */
export function usePrintRequests(): void {
  useEffect(() => faxdesk.on('ui:print', (request) => void handlePrintRequest(request)), []);
}
