import { describe, expect, it } from 'vitest';
import { senderOf } from '../../../../src/renderer/src/features/outbox/rows';
import { item } from './fixtures';

describe('who sent a fax found on the service (issue 23, item 5)', () => {
  it('names the other desk and its user when its marker said, and says "elsewhere" only for other software', () => {
    expect(senderOf(item({ origin: 'service', sentBy: 'Front desk (maria)' }))).toEqual({
      label: 'Sent by',
      text: 'Front desk (maria), another desk on this account',
      short: 'Sent by Front desk (maria)',
    });
    expect(senderOf(item({ origin: 'service', sentBy: null }))?.short).toBe('Sent from elsewhere');
    expect(senderOf(item({ origin: 'local', sentBy: null }))).toBeNull();
  });
});
