import { describe, expect, it } from 'vitest';
import { senderOf } from '../../../../src/renderer/src/features/outbox/rows';
import { formatMarker, parseMarker, senderLabel } from '../../../../src/shared/domain/desk-marker';
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

  it('the Outbox row (short) and the detail (text) name the sender in the same words, from the marker the other desk sent', () => {
    const cases: [desk: string, user: string, named: string][] = [
      ['Front desk', 'maria', 'Front desk (maria)'],
      // A desk name may hold parentheses; the user is the last pair.
      ['Reception (2nd floor)', 'jo', 'Reception (2nd floor) (jo)'],
      // No OS user known: the desk name alone.
      ['Records', '', 'Records'],
    ];
    for (const [deskName, osUser, named] of cases) {
      const marker = parseMarker(formatMarker('0b6f3c1e-8a52-4d57-9d0e-3f1f4b2a9c11', { installationId: '0123456789abcdef', deskName, osUser }))!;
      const sender = senderOf(item({ origin: 'service', sentBy: senderLabel(marker) }))!;
      expect(sender.short).toBe(`Sent by ${named}`);
      expect(sender.text).toBe(`${named}, another desk on this account`);
    }
  });

  it('a fax sent on this desk has no sender line in its row, even when it carries this desk’s marker', () => {
    expect(senderOf(item({ origin: 'local', sentBy: 'Front desk (maria)' }))).toBeNull();
  });
});
