import { describe, expect, it } from 'vitest';
import { ownerOf, withOwner, withoutOwner } from '../../../../src/main/desks/webhook-owner';

describe('who set a webhook address', () => {
  it('is named in the address the desk saves, and left out wherever it is shown or compared', () => {
    const saved = withOwner('https://office.example.com/faxdesk/webhook?key=1', { installationId: '0123456789abcdef', deskName: 'Front desk' });
    expect(saved).toBe('https://office.example.com/faxdesk/webhook?key=1&faxdesk-desk=0123456789abcdef.Front+desk');
    expect(ownerOf(saved)).toEqual({ installationId: '0123456789abcdef', deskName: 'Front desk' });
    expect(withoutOwner(saved)).toBe('https://office.example.com/faxdesk/webhook?key=1');
    expect(ownerOf(withOwner(saved, { installationId: 'fedcba9876543210', deskName: 'Back' }))).toEqual({ installationId: 'fedcba9876543210', deskName: 'Back' });
    expect(ownerOf('https://office.example.com/hook')).toBeNull();
    expect(withoutOwner('not a url')).toBe('not a url');
  });
});
