/**
 * The IPC contract: every call the renderer may make and every event main may push, declared once.
 * Each area declares its own slice in a sibling file named after the area, and main serves it from
 * src/main/<area>/handlers.ts; this file only merges them. Adding a call = one entry in the area's
 * file + one handler in that handlers.ts.
 */
import type { z } from 'zod';
import type { CallSpec, EventSpec } from '../define';
import { accountCalls, accountEvents } from './accounts';
import { appCalls, appEvents } from './app';
import { contactCalls, contactEvents } from './contacts';
import { deskCalls } from './desks';
import { desktopCalls, desktopEvents } from './desktop';
import { draftCalls } from './drafts';
import { fileCalls } from './files';
import { welcomeCalls } from './welcome';
import { inboxCalls, inboxEvents } from './inbox';
import { maintenanceCalls, maintenanceEvents } from './maintenance';
import { outboxCalls, outboxEvents } from './outbox';
import { sandboxCalls } from './sandbox';
import { webhookCalls, webhookEvents } from './webhooks';
import { faxPrinterCalls, faxPrinterEvents } from './printer';
import { settingsCalls, settingsEvents } from './settings';
import { syncCalls, syncEvents } from './sync';
import { templateCalls, templateEvents } from './templates';

export const calls = {
  ...appCalls,
  ...accountCalls,
  ...desktopCalls,
  ...draftCalls,
  ...fileCalls,
  ...welcomeCalls,
  ...inboxCalls,
  ...contactCalls,
  ...outboxCalls,
  ...sandboxCalls,
  ...webhookCalls,
  ...faxPrinterCalls,
  ...maintenanceCalls,
  ...settingsCalls,
  ...syncCalls,
  ...templateCalls,
  ...deskCalls,
} as const;

export const events = {
  ...appEvents,
  ...accountEvents,
  ...desktopEvents,
  ...inboxEvents,
  ...contactEvents,
  ...outboxEvents,
  ...webhookEvents,
  ...faxPrinterEvents,
  ...maintenanceEvents,
  ...settingsEvents,
  ...syncEvents,
  ...templateEvents,
} as const;

export type Calls = typeof calls;
export type Events = typeof events;
export type CallName = keyof Calls;
export type EventName = keyof Events;

/** What the renderer passes (before parsing: defaults may be missing). */
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What a handler receives (after parsing). */
export type ParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = Calls[N] extends CallSpec<z.ZodType, infer O> ? O : never;
export type EventPayload<E extends EventName> = Events[E] extends EventSpec<infer P> ? P : never;

export const CALL_NAMES = Object.keys(calls) as CallName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];
