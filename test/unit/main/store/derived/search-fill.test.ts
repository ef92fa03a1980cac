import { afterEach, describe, expect, it } from 'vitest';
import { tempStore, type TempStore } from '../store-fixtures';
import { plansOf } from './support';
import { fillSearchExecutor } from '../../../../../src/main/store/derived/search-fill';

describe('planning derived work at start: the search fill', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  // min() and max() in one SELECT make SQLite read every row (0.25 s on a million jobs, before the window answers).
  it('reads the bounds of a table off its b-tree, without scanning its rows', () => {
    store = tempStore();
    const db = store.open();
    const fill = plansOf(db, fillSearchExecutor, { kind: 'fill-search', table: 'received_fts' });
    expect(fill.length).toBeGreaterThan(0);
    for (const detail of fill) expect(detail).not.toMatch(/^SCAN (?!CONSTANT ROW)/);
  });
});
