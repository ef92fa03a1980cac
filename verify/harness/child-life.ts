/**
 * One life of the core child: start it on its data folder, watch the `@` lines it prints, and kill it
 * with SIGKILL when the plan says (a random few ms after a phase line, or at a random moment), or let
 * it kill itself at its own point. Reports how the life ended and which phases it went through.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { ChildReport, ChildSpec } from './crash-protocol';

/** A kill the parent carries out: `delayMs` after the `occurrence`-th `@phase <phase>` line, or `atMs` after the start. */
export type ExternalKill = { phase: string; occurrence: number; delayMs: number } | { atMs: number };

export interface LifeOptions {
  bundle: string;
  spec: ChildSpec;
  external: ExternalKill | null;
  /** Killed anyway after this long (a kill point never reached, or a last life that does not end). */
  timeoutMs: number;
}

export interface LifeResult {
  /** Who killed it: itself at its kill point, the parent at the planned moment, the parent at the timeout, or nobody. */
  killedBy: 'self' | 'plan' | 'timeout' | null;
  exitCode: number | null;
  /** `@phase` lines seen, in order. */
  phases: string[];
  report: ChildReport | null;
  stderr: string;
  ms: number;
}

export function runLife(options: LifeOptions): Promise<LifeResult> {
  const specFile = path.join(options.spec.dataDir, 'life-spec.json');
  fs.writeFileSync(specFile, JSON.stringify(options.spec));
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bundle, specFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let report: ChildReport | null = null;
    let killedBy: LifeResult['killedBy'] = null;
    const phases: string[] = [];
    const timers: NodeJS.Timeout[] = [];
    const killNow = (by: 'plan' | 'timeout') => {
      if (child.exitCode !== null || child.signalCode !== null || killedBy !== null) return;
      killedBy = by;
      child.kill('SIGKILL');
    };
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8000);
    });
    const external = options.external;
    if (external && 'atMs' in external) timers.push(setTimeout(() => killNow('plan'), external.atMs));
    timers.push(setTimeout(() => killNow('timeout'), options.timeoutMs));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('@report ')) {
        report = JSON.parse(line.slice('@report '.length)) as ChildReport;
        return;
      }
      if (!line.startsWith('@phase ')) return;
      const phase = line.slice('@phase '.length);
      phases.push(phase);
      if (external && 'phase' in external && phase === external.phase && phases.filter((p) => p === phase).length === external.occurrence) {
        if (external.delayMs <= 0) killNow('plan');
        else timers.push(setTimeout(() => killNow('plan'), external.delayMs));
      }
    });
    child.on('error', reject);
    // 'close' comes after every line the child wrote has been read.
    child.on('close', (code, signal) => {
      for (const t of timers) clearTimeout(t);
      if (signal === 'SIGKILL' && killedBy === null) killedBy = 'self';
      resolve({ killedBy, exitCode: code, phases, report, stderr, ms: Date.now() - started });
    });
  });
}
