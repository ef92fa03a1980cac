/** Custom fax header rules (spec "Custom fax headers"; DESIGN §8). Pure: no Node, no DOM. */
export * from './variables';
export * from './date-format';
export * from './types';
export { parseHeaderItem, findUnknownVariables, type HeaderToken } from './parse';
export { validateHeaderOptions } from './validate';
export { expandHeader, headerVariableValue } from './expand';
export * from './layout';
export * from './fit';
export { HeaderOptionsSchema } from './schema';
