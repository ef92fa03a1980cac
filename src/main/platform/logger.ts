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
  // Logs go to stderr: stdout is kept for what scripts print for other programs (the bridge URL).
  const write = (level: string) => (m: string, d?: Record<string, unknown>) => void process.stderr.write(line(level, m, d) + '\n');
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
