/** Builds the renderer and the bridge shim once, before any end-to-end test file starts. */
import { ensureWebBuild } from '../../../scripts/build-web';

export default async function setup(): Promise<void> {
  await ensureWebBuild({ log: (line) => process.stderr.write(line + '\n') });
}
