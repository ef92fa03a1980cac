export { TemplatesService, templateView, type TemplatesServiceDeps } from './templates-service';
export { createTemplateHandlers, type TemplateHandlers } from './handlers';
