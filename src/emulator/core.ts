/**
 * What the emulator's parts share. Built once by src/emulator/emulator.ts; route modules and services
 * receive it instead of importing each other's singletons.
 */
import type { Accounts } from './accounts';
import type { Carrier } from './carrier/carrier';
import type { Scheduler } from './clock';
import type { ImageService } from './images/service';
import type { Inbound } from './inbound';
import type { Store } from './state/store';
import type { Webhooks } from './webhooks/webhooks';

export interface Core {
  store: Store;
  scheduler: Scheduler;
  accounts: Accounts;
  carrier: Carrier;
  webhooks: Webhooks;
  inbound: Inbound;
  images: ImageService;
  log(message: string, details?: Record<string, unknown>): void;
}
