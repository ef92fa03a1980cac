/**
 * The one report of `npm run bench`: every section's rows in one table, printed and written to
 * bench/results/latest.md and latest.json with the machine's facts and the date, so a reader can
 * judge each figure against the bare operation measured beside it in the same run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BenchRow } from './row';

export interface MachineFacts {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  sqlite: string;
  chromium: string;
  /** 1-minute load average at the start and the end of the run: above ~1 per core, others were busy too. */
  loadStart: number;
  loadEnd?: number;
}

export interface SectionResult {
  name: string;
  seconds: number;
  rows: BenchRow[];
}

export interface Report {
  machine: MachineFacts;
  sections: SectionResult[];
}

export function machineFacts(): MachineFacts {
  const db = new Database(':memory:');
  const sqlite = db.prepare('SELECT sqlite_version() AS v').pluck().get() as string;
  db.close();
  let chromium = 'not installed';
  try {
    chromium = execFileSync(process.env['FAXDESK_CHROMIUM'] ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // reported as absent
  }
  return {
    date: new Date().toISOString(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    sqlite,
    chromium,
    loadStart: os.loadavg()[0]!,
  };
}

const verdict = (row: BenchRow): string => (row.within === null ? 'report' : row.within ? 'yes' : 'MISSED');

/** A fixed-width table for the terminal, the "how" of each row as a numbered note below. */
export function formatText(report: Report): string {
  const rows = report.sections.flatMap((s) => s.rows);
  const head = ['#', 'row', 'measured', 'bare limit (same run)', 'target', 'within'];
  const cells = rows.map((r, i) => [String(i + 1), r.row, r.measured, r.bare, r.target, verdict(r)]);
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]!.length)));
  const line = (values: string[]) => values.map((v, c) => v.padEnd(widths[c]!)).join('  ').trimEnd();
  const out = [machineLine(report.machine), '', line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line), ''];
  rows.forEach((r, i) => out.push(`${i + 1}. ${r.how}`));
  return out.join('\n');
}

function machineLine(m: MachineFacts): string {
  return (
    `Faxdesk benchmark report, ${m.date}: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}, SQLite ${m.sqlite}, ${m.chromium}; ` +
    `load average ${m.loadStart.toFixed(2)} at the start${m.loadEnd === undefined ? '' : `, ${m.loadEnd.toFixed(2)} at the end`}`
  );
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function formatMarkdown(report: Report): string {
  const m = report.machine;
  const out = [
    '# Faxdesk benchmark report',
    '',
    `Written by \`npm run bench\` on ${m.date}.`,
    '',
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}`,
    `- Node ${m.node}, SQLite ${m.sqlite}, ${m.chromium}`,
    `- Load average (1 min): ${m.loadStart.toFixed(2)} at the start${m.loadEnd === undefined ? '' : `, ${m.loadEnd.toFixed(2)} at the end`} (above ~${m.cores} the machine was shared)`,
    `- Sections: ${report.sections.map((s) => `${s.name} ${s.seconds.toFixed(0)} s`).join(', ')}`,
    '',
    'Each figure is measured in the same run as the bare operation that bounds it; ratios are the reliable part on a shared machine. ' +
      'The benchmark never fails on a figure: "MISSED" marks a row outside its target.',
    '',
    '| # | row | measured | bare limit (same run) | target | within |',
    '|---|---|---|---|---|---|',
  ];
  const rows = report.sections.flatMap((s) => s.rows);
  rows.forEach((r, i) => out.push(`| ${i + 1} | ${escapeCell(r.row)} | ${escapeCell(r.measured)} | ${escapeCell(r.bare)} | ${escapeCell(r.target)} | ${verdict(r)} |`));
  out.push('', '## How each row was measured', '');
  rows.forEach((r, i) => out.push(`${i + 1}. ${r.how}`));
  out.push('');
  return out.join('\n');
}

export function writeReport(report: Report, dir: string): { md: string; json: string } {
  fs.mkdirSync(dir, { recursive: true });
  const md = path.join(dir, 'latest.md');
  const json = path.join(dir, 'latest.json');
  fs.writeFileSync(md, formatMarkdown(report));
  fs.writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  return { md, json };
}
