/**
 * `npm run emulator [-- --port N] [--state FILE] [--clock real|manual] [--allow-http-webhooks]
 *  [--inbound-every SECONDS] [--seed-faxes N [--seed-span-days D]] [--quiet]`
 *
 * Starts the emulator alone. The first line of stdout is one JSON object with everything a client
 * needs: {"baseUrl","adminBaseUrl","controlUrl","appId","apiKey","userId","adminId","adminUsername",
 * "adminPassword","faxNumber"}; it is printed once a seeded history (--seed-faxes) is in place. Logs go
 * to stderr. SIGINT / SIGTERM stop it cleanly.
 */
import { parseArgs } from 'node:util';
import { startEmulator } from './emulator';
import type { ClockMode } from './clock';

const USAGE = `Usage: npm run emulator -- [options]
  --port N                 port on 127.0.0.1 (default: a free one)
  --state FILE             keep state in FILE (SQLite) across restarts (default: memory only)
  --clock real|manual      manual: time moves only through POST /control/clock/advance (default: real)
  --allow-http-webhooks    deliver webhooks over http to loopback addresses (for local receivers)
  --inbound-every SECONDS  make a fax arrive for the demo user every SECONDS
  --seed-faxes N           give the demo user a history of N received and N sent faxes (a big account),
                           unless it already has faxes (a --state file seeded before)
  --seed-span-days D       spread the seeded history over the D days before now (default 1095)
  --quiet                  no log lines on stderr
  --help                   this text`;

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        state: { type: 'string' },
        clock: { type: 'string' },
        'allow-http-webhooks': { type: 'boolean' },
        'inbound-every': { type: 'string' },
        'seed-faxes': { type: 'string' },
        'seed-span-days': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const fail = (message: string): never => {
    process.stderr.write(`${message}\n${USAGE}\n`);
    process.exit(2);
  };
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number (0-65535), not ${String(values.port)}.`);
  const clock = (values.clock ?? 'real') as ClockMode;
  if (clock !== 'real' && clock !== 'manual') fail(`--clock must be real or manual, not ${String(values.clock)}.`);
  const every = values['inbound-every'] === undefined ? undefined : Number(values['inbound-every']);
  if (every !== undefined && !(every > 0)) fail(`--inbound-every must be a number of seconds above 0.`);
  const seed = values['seed-faxes'] === undefined ? undefined : Number(values['seed-faxes']);
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= 1 && seed <= 2_000_000)) fail('--seed-faxes must be a whole number from 1 to 2,000,000.');
  const spanDays = values['seed-span-days'] === undefined ? undefined : Number(values['seed-span-days']);
  if (spanDays !== undefined && !(spanDays > 0 && spanDays <= 36_500)) fail('--seed-span-days must be a number of days above 0 (at most 36,500).');
  if (spanDays !== undefined && seed === undefined) fail('--seed-span-days goes with --seed-faxes.');

  // Handlers first: a signal that arrives while starting (or right after the first line) still stops cleanly.
  let emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!emulator) return; // stopped as soon as it is up, below
    void emulator.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    emulator = await startEmulator({
      port,
      stateFile: values.state as string | undefined,
      clock,
      allowHttpWebhooksOnLoopback: values['allow-http-webhooks'] === true,
      inboundEverySeconds: every,
      quiet: values.quiet === true,
    });
  } catch (error) {
    process.stderr.write(`The emulator could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  if (seed !== undefined) {
    const demoUser = emulator.demo.userId;
    try {
      const t = performance.now();
      await emulator.control.seedHistory({ userId: demoUser, received: seed, sent: seed, ...(spanDays !== undefined ? { spanDays } : {}) });
      if (values.quiet !== true) process.stderr.write(`Seeded ${seed.toLocaleString('en')} received and ${seed.toLocaleString('en')} sent faxes in ${((performance.now() - t) / 1000).toFixed(1)} s.\n`);
    } catch (error) {
      // A state file seeded on an earlier start: its history is there already.
      if ((error as { status?: number }).status !== 409) {
        process.stderr.write(`The history could not be seeded: ${(error as Error).message}\n`);
        await emulator.stop();
        process.exit(1);
      }
      process.stderr.write('The demo account already has faxes (from the --state file); not seeding again.\n');
    }
  }
  const { demo } = emulator;
  process.stdout.write(
    `${JSON.stringify({
      baseUrl: emulator.baseUrl,
      adminBaseUrl: emulator.adminBaseUrl,
      controlUrl: emulator.controlUrl,
      appId: demo.appId,
      apiKey: demo.apiKey,
      userId: demo.userId,
      adminId: demo.adminId,
      adminUsername: demo.adminUsername,
      adminPassword: demo.adminPassword,
      faxNumber: demo.faxNumber,
    })}\n`,
  );
  if (stopping) {
    stopping = false;
    stop('a signal received while starting');
  }
}

void main();
