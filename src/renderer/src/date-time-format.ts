/**
 * Intl.DateTimeFormat instances, kept: a formatter is costly to make (tens of microseconds) and a
 * scrolling list formats hundreds of times a second.
 */

/** Locale and zone for formatting; tests pin them, the app leaves them to the system. */
export interface TimeOptions {
  locale?: string | undefined;
  timeZone?: string | undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(options: TimeOptions, style: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${options.locale ?? ''}|${options.timeZone ?? ''}|${JSON.stringify(style)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(options.locale, { ...style, ...(options.timeZone ? { timeZone: options.timeZone } : {}) });
    if (formatters.size > 100) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}
