/**
 * Composes the header templates for createCore: the service, its handler slice and its change event.
 * Compose's default header comes from `templates`.
 */
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import { createTemplateHandlers, type TemplateHandlers } from './handlers';
import { TemplatesService } from './templates-service';

export { TemplatesService, templateView, type TemplatesServiceDeps } from './templates-service';
export { createTemplateHandlers, type TemplateHandlers } from './handlers';

export interface TemplatesModuleDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
  events: EventBus;
}

export interface TemplatesModule {
  templates: TemplatesService;
  handlers: TemplateHandlers;
}

export function createTemplatesModule(deps: TemplatesModuleDeps): TemplatesModule {
  const templates = new TemplatesService(deps);
  templates.onChange((list) => deps.events.emit('templates:changed', list));
  return { templates, handlers: createTemplateHandlers(templates) };
}
