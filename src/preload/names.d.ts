// Injected at build time from the contract (electron.vite.config.ts / the bridge shim build).
declare const __FAXDESK_CALLS__: readonly string[];
declare const __FAXDESK_EVENTS__: readonly string[];
