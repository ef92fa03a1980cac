import { describe, expect, it } from 'vitest';
import { checkComposeDraft, ComposeDraftSchema } from '../../../../src/shared/domain/outbox';
import {
  cleanDeskName,
  composeIdOf,
  findMarker,
  formatMarker,
  markerFieldFor,
  parseMarker,
  senderLabel,
  withMarker,
  withoutMarker,
} from '../../../../src/shared/domain/desk-marker';

const C = '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b';
const sender = { installationId: '0123456789abcdef', deskName: 'Front desk', osUser: 'maria' };

describe('Faxdesk’s marker on every fax', () => {
  it('names the compose, the installation, the desk and the OS user, and reads back', () => {
    const text = formatMarker(C, sender);
    expect(text).toBe(`faxdesk:${C}@0123456789abcdef Front desk (maria)`);
    expect(parseMarker(text)).toEqual({ composeId: C, installationId: '0123456789abcdef', deskName: 'Front desk', osUser: 'maria', autoPrint: null });
    expect(senderLabel(parseMarker(text)!)).toBe('Front desk (maria)');
  });

  it('publishes whether the sending desk prints received faxes automatically, and reads it back with the rest unchanged (issue 23, item 6)', () => {
    const prints = formatMarker(C, { ...sender, autoPrint: true });
    expect(prints).toBe(`faxdesk:${C}@0123456789abcdef;print=auto Front desk (maria)`);
    expect(parseMarker(prints)).toEqual({ composeId: C, installationId: '0123456789abcdef', deskName: 'Front desk', osUser: 'maria', autoPrint: true });
    const off = formatMarker(C, { ...sender, deskName: 'Reception (2nd floor)', autoPrint: false });
    expect(parseMarker(off)).toEqual({ composeId: C, installationId: '0123456789abcdef', deskName: 'Reception (2nd floor)', osUser: 'maria', autoPrint: false });
    // Only the two words Faxdesk writes; anything else is not Faxdesk's marker.
    expect(parseMarker(`faxdesk:${C}@0123456789abcdef;print=yes Front desk (maria)`)).toBeNull();
    // The longest name and user still fit in one client_data value, flag included.
    const long = formatMarker(C, { ...sender, deskName: 'x'.repeat(500), osUser: 'y'.repeat(500), autoPrint: true });
    expect(long.length).toBeLessThanOrEqual(255);
    expect(parseMarker(long)).toMatchObject({ autoPrint: true, deskName: 'x'.repeat(60), osUser: 'y'.repeat(40) });
  });

  it('keeps parentheses in a desk name, drops them from a user name, and stays within 255 characters', () => {
    const text = formatMarker(C, { ...sender, deskName: 'Front desk (2nd floor)', osUser: 'ma(ri)a' });
    expect(parseMarker(text)).toMatchObject({ deskName: 'Front desk (2nd floor)', osUser: 'maria' });
    const long = formatMarker(C, { ...sender, deskName: 'x'.repeat(500), osUser: 'y'.repeat(500) });
    expect(long.length).toBeLessThanOrEqual(255);
    expect(parseMarker(long)).toMatchObject({ composeId: C, installationId: '0123456789abcdef' });
    expect(cleanDeskName('  Front\n\tdesk  ')).toBe('Front desk');
    expect(parseMarker(formatMarker(C, { ...sender, osUser: '' }))).toMatchObject({ deskName: 'Front desk', osUser: null });
  });

  it('reads the marker of an older Faxdesk (no installation) and nothing that is not a marker', () => {
    expect(parseMarker(`faxdesk:${C}`)).toEqual({ composeId: C, installationId: null, deskName: null, osUser: null, autoPrint: null });
    for (const other of ['ACME-AP-2026', 'faxdesk:not-a-uuid', `faxdesk:${C}@UPPER Front`, '', null, undefined]) expect(parseMarker(other)).toBeNull();
  });

  it('goes in Client reference when it is empty, else the first empty field (billing code last), never over the person’s values', () => {
    expect(markerFieldFor({})).toBe('clientReferenceId');
    expect(markerFieldFor({ clientReferenceId: 'ACME-AP-2026' })).toBe('clientId');
    expect(markerFieldFor({ clientReferenceId: 'R', clientId: 'I', clientName: 'N', clientMatter: 'M', clientCode: 'C' })).toBe('billingCode');
    expect(markerFieldFor({ clientReferenceId: 'R', clientId: 'I', clientName: 'N', clientMatter: 'M', clientCode: 'C', billingCode: 'B' })).toBeNull();
    const marked = withMarker({ clientReferenceId: 'ACME-AP-2026' }, formatMarker(C, sender))!;
    expect(marked.clientData).toEqual({ clientReferenceId: 'ACME-AP-2026', clientId: formatMarker(C, sender) });
    expect(findMarker(marked.clientData)).toMatchObject({ field: 'clientId', marker: { composeId: C } });
    expect(composeIdOf(marked.clientData)).toBe(C);
    expect(withoutMarker(marked.clientData)).toEqual({ clientReferenceId: 'ACME-AP-2026' });
  });

  it('the compose check refuses a draft with all six client fields filled, or a value that imitates the marker', () => {
    const draft = (clientData: Record<string, string>) =>
      ComposeDraftSchema.parse({ accountId: 'a', recipients: [{ number: '12125550100' }], documents: [{ id: 'a'.repeat(64), type: 'PDF', name: 'x.pdf', size: 10 }], options: { clientData } });
    const full = { clientReferenceId: 'R', clientId: 'I', clientName: 'N', clientMatter: 'M', clientCode: 'C', billingCode: 'B' };
    expect(checkComposeDraft(draft(full), { now: new Date() }).problems).toEqual([
      { field: 'options.clientData', message: expect.stringContaining('Leave one of them empty') },
    ]);
    expect(checkComposeDraft(draft({ clientId: `FAXDESK:${C}` }), { now: new Date() }).problems).toEqual([
      { field: 'options.clientData.clientId', message: expect.stringContaining('keeps for the mark it puts on its own faxes') },
    ]);
    expect(checkComposeDraft(draft({ ...full, billingCode: '' }), { now: new Date() }).problems).toEqual([]);
  });
});
