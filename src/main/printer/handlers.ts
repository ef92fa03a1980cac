/** The faxPrinter:* calls (contract: src/shared/ipc/contract/printer.ts). */
import type { Handler } from '../ipc/gate';
import type { FaxPrinterService } from './fax-printer-service';

type FaxPrinterCallName = 'faxPrinter:get' | 'faxPrinter:addToSystem' | 'faxPrinter:removeFromSystem';
export type FaxPrinterHandlers = { [N in FaxPrinterCallName]: Handler<N> };

export function createFaxPrinterHandlers(printer: FaxPrinterService): FaxPrinterHandlers {
  return {
    'faxPrinter:get': () => printer.view(),
    'faxPrinter:addToSystem': (input) => printer.addToSystem(input.asAdministrator),
    'faxPrinter:removeFromSystem': (input) => printer.removeFromSystem(input.asAdministrator),
  };
}
