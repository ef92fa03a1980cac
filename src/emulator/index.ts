/**
 * The Sandbox emulator: a Fax Services + Admin API server on 127.0.0.1 (spec: fax-services-api.md;
 * details: efax-api-facts.md). Start it in-process with startEmulator(), or alone with
 * `npm run emulator`. See src/emulator/README.md.
 */
export { startEmulator } from './emulator';
export type * from './types';
export { DESTINATION_RULES, DEFAULT_RULE, LOOPBACK_RULE, RETRY_INTERVAL_MS, ruleForNumber } from './carrier/destination-rules';
export { CANCEL_DELAY_MS, RESULT_MESSAGES } from './carrier/carrier';
export { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_MS, WEBHOOK_TIMEOUT_MS, signBody } from './webhooks/webhooks';
export { TOKEN_LIFETIME_SECONDS } from './accounts';
export { DEFAULT_HEADER, headerLinesFor, headerWidthChars } from './images/compose';
export { EmulatorControlClient } from './control-client';
