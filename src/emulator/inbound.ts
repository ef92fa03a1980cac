/**
 * Faxes arriving for Sandbox users: made to arrive by the control surface (POST /control/inbound), by
 * the optional arrival timer, or by a sent fax whose destination is a Sandbox number (loop back).
 * A received fax is stored complete (fax_status STORED) with a realistic image from the sample
 * documents, and announced by the INBOUND webhook.
 */
import type { Scheduler } from './clock';
import type { ImageService } from './images/service';
import { ApiError } from './http/errors';
import { newFaxRecord } from './state/fax-record';
import type { FaxRecord, NumberRecord } from './state/model';
import type { Store } from './state/store';
import { newId } from './util';
import type { Webhooks } from './webhooks/webhooks';

/** The emulator parts inbound faxes use (the emulator's Core has them all). */
export interface InboundDeps {
  store: Store;
  scheduler: Scheduler;
  images: ImageService;
  webhooks: Webhooks;
}

export interface InboundInput {
  /** The receiving user-id; default: the demo user. */
  userId?: string;
  /** Alternatively, the receiving Sandbox number. */
  toNumber?: string;
  /** Sender's number; absent or null = unknown (originating_fax_number "UNKNOWN"). */
  from?: string | null;
  /** Pages; default: the page count of the next sample document. */
  pages?: number;
  /** Sending machine's TSID; default: the sender's number, or "unavailable" when unknown. */
  tsid?: string;
}

export const UNKNOWN_SENDER = 'UNKNOWN';

// Plausible senders for timed arrivals (fictional 555-01xx numbers outside the rule digits used by tests).
const TIMER_SENDERS = ['13125550170', '16175550181', '12065550162', '14045550177', '447700900123'];

export class Inbound {
  private timer: { cancel(): void } | null = null;

  constructor(
    private readonly core: InboundDeps,
    private readonly demoNumber: () => NumberRecord | undefined,
  ) {}

  private receiver(input: InboundInput): NumberRecord {
    const { store } = this.core;
    if (input.userId !== undefined) {
      const n = store.numberByUserId(input.userId);
      if (!n) throw new ApiError(404, { element: 'userId', message: `No Sandbox user has user-id ${input.userId}.` });
      return n;
    }
    if (input.toNumber !== undefined) {
      const n = store.numbers.get(input.toNumber.replace(/^\+/, ''));
      if (!n) throw new ApiError(404, { element: 'toNumber', message: `${input.toNumber} is not a Sandbox number.` });
      return n;
    }
    const demo = this.demoNumber();
    if (!demo) throw new ApiError(404, { element: 'userId', message: 'There is no demo user; give userId.' });
    return demo;
  }

  /** Makes a fax arrive now; resolves once it is stored and announced. */
  async arrive(input: InboundInput): Promise<FaxRecord> {
    const { store, scheduler, images } = this.core;
    const number = this.receiver(input);
    const from = input.from === undefined || input.from === null || input.from.trim() === '' ? UNKNOWN_SENDER : input.from.trim();
    const tsid = input.tsid ?? (from === UNKNOWN_SENDER ? 'unavailable' : from);
    const samples = await images.sampleDocuments();
    const sampleIndex = store.meta.arrivals;
    store.meta.arrivals += 1;
    store.saveMeta();
    const pages = input.pages ?? samples[sampleIndex % samples.length]?.pages ?? 1;
    const faxId = newId();
    const at = scheduler.now();
    const image = await images.renderInbound({ faxId, pages, fromNumber: from, tsid, toNumber: number.faxNumber, date: at, sampleIndex });
    // The receiving number may have been released while the image was made.
    if (store.numbers.get(number.faxNumber) !== number) {
      throw new ApiError(404, { element: 'userId', message: `Number ${number.faxNumber} was released before the fax arrived.` });
    }
    return this.store(number, { faxId, from, tsid, at, image: image.hash, pages: image.pages, bytes: image.bytes });
  }

  /** A sent fax reached a Sandbox number: the same image arrives in the owner's inbox. */
  deliverLoopback(sent: FaxRecord, at: number): void {
    const number = this.core.store.numbers.get(sent.destinationFaxNumber.replace(/^\+/, ''));
    if (!number || !sent.image) return;
    const sender = this.core.store.numberByUserId(sent.userId);
    this.store(number, {
      faxId: newId(),
      from: sent.originatingFaxNumber || UNKNOWN_SENDER,
      tsid: sent.options?.csid || sender?.csid || 'unavailable',
      at,
      image: sent.image,
      pages: sent.imagePages,
      bytes: sent.imageBytes,
      duration: sent.duration,
    });
  }

  private store(
    number: NumberRecord,
    fax: { faxId: string; from: string; tsid: string; at: number; image: string; pages: number; bytes: number; duration?: number },
  ): FaxRecord {
    const { store, webhooks } = this.core;
    const account = store.accounts.get(number.adminId)!;
    const record = newFaxRecord({
      faxId: fax.faxId,
      direction: 'INBOUND',
      userId: number.userId,
      appId: account.appId,
      createdAt: fax.at,
      originatingFaxNumber: fax.from,
      originatingFaxTsid: fax.tsid,
      destinationFaxNumber: number.faxNumber,
      destinationFaxCsid: number.csid,
      status: 'COMPLETED',
      completedAt: fax.at,
      pages: fax.pages,
      imagePages: fax.pages,
      duration: fax.duration ?? 20 + fax.pages * 25,
      image: fax.image,
      imageBytes: fax.bytes,
      headerDate: fax.at,
    });
    store.addFax(record);
    webhooks.notifyInbound(record);
    return record;
  }

  /** Makes a fax arrive for the demo user every `seconds` (emulator clock), from assorted senders. */
  startTimer(seconds: number): void {
    this.stopTimer();
    const { scheduler } = this.core;
    const arm = (from: number) => {
      const event = scheduler.schedule(from + seconds * 1000, 'timed arrival', async () => {
        const n = this.core.store.meta.arrivals;
        // One arrival in five has no caller ID, as in real life.
        const sender = n % 5 === 4 ? null : TIMER_SENDERS[n % TIMER_SENDERS.length]!;
        try {
          await this.arrive({ from: sender, pages: 1 + (n % 4) });
        } finally {
          arm(scheduler.now());
        }
      });
      this.timer = event;
    };
    arm(scheduler.now());
  }

  stopTimer(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}
