/**
 * Several desks on one fax account (Settings): who this desk is to the other desks (its name, default
 * the computer's, and the person logged in), and per account the desks seen on it with the estimated
 * request rate of the office (request-budget.ts).
 */
import { z } from 'zod';
import type { OfficeEstimate } from '../../domain/request-budget';
import { call } from '../define';

export interface DeskIdentityView {
  installationId: string;
  /** The name other desks see: the one set in Settings, else the computer's. */
  deskName: string;
  /** What Settings holds ('' = the computer's name). */
  configuredName: string;
  computerName: string;
  osUser: string;
}

export interface OfficeDeskView {
  installationId: string;
  /** "Front desk (maria)"; null when its faxes named no one. */
  label: string | null;
  thisDesk: boolean;
  /** When its latest fax seen here was sent; null for this desk. */
  lastSeenAt: string | null;
  /**
   * Whether it prints received faxes automatically: this desk's setting now; another desk's as its latest
   * fax seen here said (desk-marker.ts); null when that fax did not say (an earlier Faxdesk).
   */
  autoPrint: boolean | null;
}

export interface OfficeAccountView {
  accountId: string;
  label: string;
  /** This desk first, then the others whose faxes the sent list showed lately, newest first. */
  desks: OfficeDeskView[];
  estimate: OfficeEstimate;
  /** How far back "lately" reaches (days). */
  windowDays: number;
}

export const deskCalls = {
  'desks:identity': call(z.void()).returns<DeskIdentityView>(),
  'desks:office': call(z.void()).returns<OfficeAccountView[]>(),
} as const;
