/**
 * Saved header templates (the header designer's TemplatesPort, Compose's default header).
 *
 * Saving under a name that exists (templates:save, ignoring case and outer spaces) overwrites that
 * template's design (and takes the new spelling of the name); it keeps its id and default mark.
 */
import { z } from 'zod';
import { call, event } from '../define';
import { HeaderOptionsSchema, type HeaderOptions } from '../../header';

export interface HeaderTemplateView {
  id: string;
  name: string;
  isDefault: boolean;
  options: HeaderOptions;
  /** Set when the stored design no longer passes the header rules (options are then as stored). */
  problem: string | null;
  createdAt: string;
  updatedAt: string;
}

export const TEMPLATE_NAME_MAX = 60;

const Id = z.string().trim().min(1, 'Say which one.').max(100);
const TemplateName = z
  .string()
  .trim()
  .min(1, 'Give the template a name.')
  .max(TEMPLATE_NAME_MAX, `Template names have at most ${TEMPLATE_NAME_MAX} characters.`);

export const templateCalls = {
  'templates:list': call(z.void()).returns<HeaderTemplateView[]>(),
  /** Creates, or overwrites the template with this name (ignoring case). */
  'templates:save': call(
    z.object({ name: TemplateName, options: HeaderOptionsSchema, makeDefault: z.boolean().optional() }).strict(),
  ).returns<HeaderTemplateView>(),
  /** null: no default (new faxes use the service's default header). */
  'templates:setDefault': call(z.object({ id: Id.nullable() }).strict()).returns<HeaderTemplateView | null>(),
  'templates:delete': call(z.object({ id: Id }).strict()).returns<{ id: string }>(),
  'templates:getDefault': call(z.void()).returns<HeaderTemplateView | null>(),
} as const;

export const templateEvents = {
  /** The whole list, after any change. */
  'templates:changed': event<HeaderTemplateView[]>(),
} as const;
