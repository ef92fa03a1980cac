/**
 * validateHeaderOptions as a zod schema, for boundaries that parse with zod (IPC contract, stored
 * templates, request bodies). Same rules, same messages: there is no second definition.
 */
import { z } from 'zod';
import type { HeaderOptions } from './types';
import { validateHeaderOptions } from './validate';

/** 'line_1[2]' -> ['line_1', 2]; '' -> []. */
function toZodPath(path: string): (string | number)[] {
  if (path === '') return [];
  return path
    .split(/[.[\]]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export const HeaderOptionsSchema = z
  .unknown()
  .transform((input, ctx): HeaderOptions => {
    const result = validateHeaderOptions(input);
    if (result.ok) return result.value;
    for (const error of result.errors) ctx.addIssue({ code: 'custom', message: error.message, path: toZodPath(error.path), input });
    return z.NEVER;
  })
  // An example for tools that read schemas (JSON Schema export, the IPC fuzzer's valid inputs).
  .meta({ examples: [{ line_1: ['${DATE_TIME3}', 'FROM: ${FROM_NUMBER}', 'P. ${CURRENT_PAGE}/${TOTAL_PAGE}'] }] });
