/**
 * The rules the Electron model enforces, as the app meets them: each refusal is recorded (so a test can
 * assert none happened even when the app caught the error) and returned as the Error the app sees.
 * Every call site names its source: an Electron doc page or an electron/electron issue, or says that
 * Electron's behaviour is unknown and the model took the stricter reading.
 */
export interface RuleBreak {
  /** A short id, e.g. "not-ready:BrowserWindow". */
  rule: string;
  /** Where the rule comes from (doc URL or issue), or "stricter reading: …". */
  source: string;
  message: string;
}

export class ModelRules {
  readonly broken: RuleBreak[] = [];

  /** Records the break and returns the Error to throw (or to reject with). */
  refuse(rule: string, source: string, message: string): Error {
    this.broken.push({ rule, source, message });
    return new Error(`Electron model: ${message} [${rule}; ${source}]`);
  }

  /** Records a break that Electron does not throw for (the app just misbehaves). */
  note(rule: string, source: string, message: string): void {
    this.broken.push({ rule, source, message });
  }
}

export const DOCS = 'https://www.electronjs.org/docs/latest';
