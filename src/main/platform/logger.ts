/** The logging port. Core modules log through this; the app decides where lines go. */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export function consoleLogger(prefix = 'faxdesk'): Logger {
  const line = (level: string, message: string, details?: Record<string, unknown>) =>
    `${new Date().toISOString()} ${level} [${prefix}] ${message}${details ? ' ' + JSON.stringify(details) : ''}`;
  return {
    debug: (m, d) => console.debug(line('debug', m, d)),
    info: (m, d) => console.info(line('info', m, d)),
    warn: (m, d) => console.warn(line('warn', m, d)),
    error: (m, d) => console.error(line('error', m, d)),
  };
}
