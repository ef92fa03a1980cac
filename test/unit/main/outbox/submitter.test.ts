import { describe, expect, it } from 'vitest';
import { assignFaxIds } from '../../../../src/main/outbox/submitter';
import type { OutboundJob } from '../../../../src/shared/domain/history';

describe('assignFaxIds', () => {
  const rows = [{ destination: '12125550100' }, { destination: '12125550101' }, { destination: '12125550102' }] as OutboundJob[];
  it('matches by destination number whatever the order, then by position, and leaves the rest unassigned', () => {
    expect(
      assignFaxIds(rows, {
        faxes: [
          { faxId: 'c', destinationFaxNumber: '+12125550102' },
          { faxId: 'a', destinationFaxNumber: '12125550100' },
        ],
      }),
    ).toEqual(['a', null, 'c']);
    expect(
      assignFaxIds(rows, {
        faxes: [
          { faxId: 'x', destinationFaxNumber: null },
          { faxId: 'y', destinationFaxNumber: null },
          { faxId: 'z', destinationFaxNumber: null },
        ],
      }),
    ).toEqual(['x', 'y', 'z']);
    expect(assignFaxIds(rows, { faxes: [{ faxId: 'q', destinationFaxNumber: '19995550000' }] })).toEqual([null, null, null]);
  });
});
