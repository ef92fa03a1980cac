import { describe, expect, it } from 'vitest';
import type { VerifyRow } from '../../../verify/part';
import { mergeRecord, type VerifyRecord } from '../../../verify/record';

const ORDER = ['crash points', 'fault soak', 'several desks', 'IPC fuzz'];
const row = (part: string, metric: string, pass = true): VerifyRow => ({ part, metric, runs: 1, target: '0', measured: pass ? '0' : '1', pass });
const machine = { cores: 2 };

const full: VerifyRecord = {
  date: '2026-11-25T04:03:05.556Z',
  size: 'full',
  machine,
  durationsSeconds: { 'crash points': 292.9, 'fault soak': 127.9, 'IPC fuzz': 32.6, total: 453.4 },
  pass: true,
  rows: [row('crash points', 'lost'), row('fault soak', 'lost'), row('IPC fuzz', 'crashes')],
};

describe('verify/last-run.json after a run', () => {
  it('a run of one part adds or replaces its rows in the runner’s order and keeps every other part’s, each with the date it was measured', () => {
    const after = mergeRecord(full, { date: '2026-11-27T17:40:00.000Z', size: 'full', machine, durations: { 'several desks': 120.8 }, rows: [row('several desks', 'taken over')] }, ORDER);
    expect(after.rows.map((r) => r.part)).toEqual(['crash points', 'fault soak', 'several desks', 'IPC fuzz']);
    expect(after.durationsSeconds).toEqual({ 'crash points': 292.9, 'fault soak': 127.9, 'several desks': 120.8, 'IPC fuzz': 32.6, total: 574.2 });
    expect(after.partDates).toEqual({
      'crash points': '2026-11-25T04:03:05.556Z',
      'fault soak': '2026-11-25T04:03:05.556Z',
      'several desks': '2026-11-27T17:40:00.000Z',
      'IPC fuzz': '2026-11-25T04:03:05.556Z',
    });
    expect(after.pass).toBe(true);
    // Run again, failing this time: its old rows go, the record no longer passes, the others stay dated as before.
    const again = mergeRecord(after, { date: '2026-11-28T08:00:00.000Z', size: 'full', machine, durations: { 'several desks': 118 }, rows: [row('several desks', 'taken over', false)] }, ORDER);
    expect(again.rows.filter((r) => r.part === 'several desks')).toEqual([row('several desks', 'taken over', false)]);
    expect(again.pass).toBe(false);
    expect(again.partDates?.['crash points']).toBe('2026-11-25T04:03:05.556Z');
  });

  it('never mixes sizes: a CI-sized run starts a new record, and a whole run replaces everything', () => {
    const ci = mergeRecord(full, { date: '2026-11-27T17:40:00.000Z', size: 'ci', machine, durations: { 'several desks': 12 }, rows: [row('several desks', 'lost')] }, ORDER);
    expect(ci.rows.map((r) => r.part)).toEqual(['several desks']);
    expect(ci.durationsSeconds).toEqual({ 'several desks': 12, total: 12 });
    expect(mergeRecord(null, { date: 'd', size: 'full', machine, durations: { 'IPC fuzz': 1 }, rows: [row('IPC fuzz', 'crashes')] }, ORDER).rows).toHaveLength(1);
  });
});
