import { afterEach, describe, expect, it } from 'vitest';
import { tempStore, type TempStore } from '../store-fixtures';
import { plansOf } from './support';
import { retireTableExecutor } from '../../../../../src/main/store/derived/retire-table';

describe('planning derived work at start: retiring a table', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  // min() and max() in one SELECT make SQLite read every row (0.25 s on a million jobs, before the window answers).
  it('reads the bounds of a table off its b-tree, without scanning its rows', () => {
    store = tempStore();
    const db = store.open();
    db.exec('ALTER TABLE outbound_fts RENAME TO outbound_fts_old');
    const retire = plansOf(db, retireTableExecutor, { kind: 'retire-table', table: 'outbound_fts_old' });
    expect(retire.some((d) => d.includes('outbound_fts_old_docsize'))).toBe(true);
    for (const detail of retire) expect(detail).not.toMatch(/^SCAN (?!CONSTANT ROW)/);
  });
});
