/** The templates:* calls (contract: src/shared/ipc/contract/templates.ts): each handler forwards to the service. */
import type { templateCalls } from '../../shared/ipc/contract/templates';
import type { Handler } from '../ipc/gate';
import type { TemplatesService } from './templates-service';

export type TemplateCallName = keyof typeof templateCalls;
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
