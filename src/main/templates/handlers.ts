/** The templates slice of the IPC handler table: each handler forwards to the service. */
import type { contactCalls } from '../../shared/ipc/contract/contacts';
import type { Handler } from '../ipc/gate';
import type { TemplatesService } from './templates-service';

export type TemplateCallName = Extract<keyof typeof contactCalls, `templates:${string}`>;
export type TemplateHandlers = { [N in TemplateCallName]: Handler<N> };

export function createTemplateHandlers(templates: TemplatesService): TemplateHandlers {
  return {
    'templates:list': () => templates.list(),
    'templates:save': ({ name, options, makeDefault }) => templates.save(name, options, makeDefault ?? false),
    'templates:setDefault': ({ id }) => templates.setDefault(id),
    'templates:delete': ({ id }) => templates.delete(id),
    'templates:getDefault': () => templates.getDefault(),
  };
}
