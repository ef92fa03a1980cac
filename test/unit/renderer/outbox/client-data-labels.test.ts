import { describe, expect, it } from 'vitest';
import { CLIENT_DATA_FIELDS } from '../../../../src/renderer/src/model/compose/draft';
import { optionsSummary } from '../../../../src/renderer/src/features/outbox/rows';
import { CLIENT_DATA_LABELS, type NormalizedOptions } from '../../../../src/shared/domain/outbox';

const options = (clientData: NormalizedOptions['clientData']): NormalizedOptions => ({
  resolution: 'FINE',
  billableRetries: null,
  nonBillableRetries: null,
  callerId: null,
  csid: null,
  clientData,
  coverPage: null,
  header: null,
});

describe('client data labels (declared once, in the shared domain)', () => {
  it('the compose form lists every client data field once, by its one label', () => {
    expect(CLIENT_DATA_FIELDS.map((f) => f.key).sort()).toEqual(Object.keys(CLIENT_DATA_LABELS).sort());
    for (const { key, label } of CLIENT_DATA_FIELDS) expect(label).toBe(CLIENT_DATA_LABELS[key]);
  });

  it('the job detail names each field as the compose form and the send checks do', () => {
    for (const key of Object.keys(CLIENT_DATA_LABELS) as (keyof typeof CLIENT_DATA_LABELS)[]) {
      const line = optionsSummary(options({ [key]: 'X-1' })).at(-1);
      expect(line).toEqual({ label: CLIENT_DATA_LABELS[key], value: 'X-1' });
    }
  });
});
