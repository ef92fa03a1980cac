/**
 * zod compiles object parsers with `new Function` when it may, and finds out by trying once. Under the
 * page's Content-Security-Policy (no 'unsafe-eval') that try is refused and reported as a violation,
 * so the renderer tells zod not to try. Imported first by main.tsx, before any schema is used.
 */
import { z } from 'zod';

z.config({ jitless: true });
