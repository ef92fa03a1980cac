/**
 * The header designer's TemplatesPort over main's templates calls, for Compose to pass in:
 * `<HeaderDesigner templates={templatesPort} … />`. Errors arrive as FaxdeskError (an Error whose
 * message is main's sentence), which the designer shows as they are.
 */
import type { TemplatesPort, HeaderTemplate } from '../header-designer/templates';
import { faxdesk, unwrap } from '../../api';
import type { HeaderTemplateView } from '../../../../shared/ipc/contract/templates';

/** Templates whose stored design no longer passes the header rules are left out (the designer cannot load them). */
export function toDesignerTemplates(list: readonly HeaderTemplateView[]): HeaderTemplate[] {
  return list.filter((t) => t.problem === null).map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault, options: t.options }));
}

export function createTemplatesPort(api: Pick<typeof faxdesk, 'templates'> = faxdesk): TemplatesPort {
  return {
    list: async () => toDesignerTemplates(await unwrap(api.templates.list())),
    save: async (name, options) => {
      await unwrap(api.templates.save({ name, options }));
    },
    setDefault: async (id) => {
      await unwrap(api.templates.setDefault({ id }));
    },
    clearDefault: async () => {
      await unwrap(api.templates.setDefault({ id: null }));
    },
    remove: async (id) => {
      await unwrap(api.templates.delete({ id }));
    },
  };
}

/** The port over window.faxdesk, made on first use (tests of the designer never touch it). */
let shared: TemplatesPort | null = null;
export function templatesPort(): TemplatesPort {
  shared ??= createTemplatesPort();
  return shared;
}
