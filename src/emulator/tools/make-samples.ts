/**
 * Writes the sample documents that arrive as inbound faxes to resources/sandbox/ (run after changing
 * the generators in src/emulator/images/samples.ts):
 *   npx tsx src/emulator/tools/make-samples.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSamplesDir, generateSampleDocuments } from '../images/samples';

async function main(): Promise<void> {
  const dir = process.argv[2] ?? defaultSamplesDir();
  mkdirSync(dir, { recursive: true });
  for (const sample of await generateSampleDocuments()) {
    writeFileSync(join(dir, sample.name), sample.pdf);
    process.stdout.write(`${join(dir, sample.name)}: ${sample.pages} page(s), ${sample.pdf.length} bytes\n`);
  }
}

void main();
