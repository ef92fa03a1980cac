import { describe, expect, it } from 'vitest';
import { domIdFor, fieldKey, messagesFor, placeProblems, sectionOf, withoutField } from '../../../../../src/renderer/src/model/compose/problems';

const ctx = { recipientKeys: ['r1', 'r7', 'r9', 'r12'], documentKeys: ['d2', 'd5'] };

describe('problems placed on their fields', () => {
  it('maps main\'s field paths to the row or document they name, by key', () => {
    expect(fieldKey('recipients.3.number', ctx)).toBe('recipient:r12:number');
    expect(fieldKey('recipients.1.name', ctx)).toBe('recipient:r7:name');
    expect(fieldKey('recipients.2.company', ctx)).toBe('recipient:r9:company');
    expect(fieldKey('recipients.0', ctx)).toBe('recipient:r1:number');
    expect(fieldKey('recipients.9.number', ctx)).toBe('recipients');
    expect(fieldKey('recipients', ctx)).toBe('recipients');
    expect(fieldKey('documents', ctx)).toBe('documents');
    expect(fieldKey('documents.1', ctx)).toBe('document:d5');
    expect(fieldKey('documents.4', ctx)).toBe('documents');
    expect(fieldKey('options.billableRetries', ctx)).toBe('billableRetries');
    expect(fieldKey('options.nonBillableRetries', ctx)).toBe('nonBillableRetries');
    expect(fieldKey('options.resolution', ctx)).toBe('resolution');
    expect(fieldKey('options.callerId', ctx)).toBe('callerId');
    expect(fieldKey('options.csid', ctx)).toBe('csid');
    expect(fieldKey('options.clientData.billingCode', ctx)).toBe('clientData:billingCode');
    expect(fieldKey('options.coverPage.subject', ctx)).toBe('coverPage');
    expect(fieldKey('options.header.line_1.2', ctx)).toBe('header');
    expect(fieldKey('options.header', ctx)).toBe('header');
    expect(fieldKey('scheduledAt', ctx)).toBe('scheduledAt');
    expect(fieldKey('accountId', ctx)).toBe('accountId');
    expect(fieldKey('composeId', ctx)).toBe('general');
  });

  it('gives each field an element id and the section to open first', () => {
    expect(domIdFor('recipient:r12:number')).toBe('compose-recipient-r12-number');
    expect(domIdFor('clientData:billingCode')).toBe('compose-clientData-billingCode');
    expect(domIdFor('billableRetries')).toBe('compose-billableRetries');
    expect(sectionOf('clientData:clientCode')).toBe('billing');
    expect(sectionOf('recipient:r1:number')).toBeNull();
  });

  it('orders problems as the page lays fields out (the first is focused), keeping main\'s order within a kind, without repeats', () => {
    const placed = placeProblems(
      [
        { field: 'scheduledAt', message: 'S' },
        { field: 'options.clientData.clientCode', message: 'C' },
        { field: 'recipients.2.number', message: 'R3' },
        { field: 'accountId', message: 'A' },
        { field: 'recipients.0.number', message: 'R1' },
        { field: 'documents', message: 'D' },
        { field: 'options.billableRetries', message: 'B' },
        { field: 'options.billableRetries', message: 'B' },
        { field: 'somethingNew', message: 'G' },
      ],
      ctx,
      [{ key: 'document:d9', field: 'documents', message: 'local' }],
    );
    expect(placed.map((p) => `${p.key}=${p.message}`)).toEqual([
      'documents=D',
      'document:d9=local',
      'recipient:r9:number=R3',
      'recipient:r1:number=R1',
      'accountId=A',
      'billableRetries=B',
      'clientData:clientCode=C',
      'scheduledAt=S',
      'general=G',
    ]);
    expect(messagesFor(placed, 'billableRetries')).toEqual(['B']);
  });

  it('clears a field\'s problems (and its parts\') once it is edited', () => {
    const placed = placeProblems(
      [
        { field: 'recipients.1.number', message: 'n' },
        { field: 'recipients.1.name', message: 'm' },
        { field: 'recipients.0.number', message: 'o' },
      ],
      ctx,
    );
    expect(withoutField(placed, 'recipient:r7').map((p) => p.message)).toEqual(['o']);
    expect(withoutField(placed, 'recipient:r7:name').map((p) => p.message)).toEqual(['n', 'o']);
  });
});
