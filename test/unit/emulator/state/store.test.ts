/**
 * The emulator's indexed fax list (FaxList) answers a "completed since" window exactly as a scan of
 * every fax would, newest first, whatever the order faxes are added, completed and removed in.
 */
import { describe, expect, it } from 'vitest';
import { FaxList } from '../../../../src/emulator/state/store';
import type { FaxRecord } from '../../../../src/emulator/state/model';

/** Only the fields FaxList reads. */
const fax = (id: number, createdAt: number, completedAt: number | null) => ({ faxId: `f${id}`, createdAt, completedAt }) as FaxRecord;

/** What a scan of every fax gives: completed at `from` or later (or not completed and created then or later), newest added first. */
function scan(added: FaxRecord[], from: number): string[] {
  return [...added]
    .reverse()
    .filter((f) => (f.completedAt ?? f.createdAt) >= from)
    .map((f) => f.faxId);
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure repeats. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('FaxList', () => {
  it('gives the same "completed since" window as a scan, for any order of adds, completions and removals', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = rng(seed);
      const int = (max: number) => Math.floor(random() * (max + 1));
      const list = new FaxList();
      const added: FaxRecord[] = [];
      let now = 0;
      for (let step = 0, steps = int(80); step < steps; step++) {
        const roll = random();
        if (roll < 0.2) now += int(5);
        else if (roll < 0.65) {
          const f = fax(step, now, random() < 0.5 ? null : now + int(50));
          list.add(f);
          added.push(f);
        } else if (roll < 0.85) {
          const open = added.filter((f) => f.completedAt === null);
          const target = open[int(open.length - 1)];
          if (!target) continue;
          target.completedAt = now + int(50);
          list.changed(target);
        } else {
          const target = added[int(added.length - 1)];
          if (!target) continue;
          list.remove(target);
          added.splice(added.indexOf(target), 1);
        }
      }
      for (const from of [-1, 0, int(60), int(200), now + 100]) {
        expect(list.since(from).map((f) => f.faxId), `seed ${seed}, from ${from}`).toEqual(scan(added, from));
      }
      expect(list.all).toEqual(added);
    }
  });
});
