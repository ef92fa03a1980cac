import { describe, expect, it } from 'vitest';
import { currentImage, imageIsDownload } from '../../../../../src/renderer/src/features/outbox/delivered-image';
import type { DeliveredImage } from '../../../../../src/renderer/src/stores/outbox-store';
import { item } from './fixtures';

describe('the Delivered image section', () => {
  it('offers a download only for a finished fax the service took', () => {
    expect(imageIsDownload(item({ faxId: 'f1', phase: 'completed' }))).toBe(true);
    expect(imageIsDownload(item({ faxId: 'f1', phase: 'failed' }))).toBe(true);
    expect(imageIsDownload(item({ faxId: 'f1', phase: 'active', state: 'IN_PROGRESS' }))).toBe(false);
    expect(imageIsDownload(item({ faxId: null, phase: 'failed', state: 'REJECTED' }))).toBe(false);
  });

  it('keeps a loaded image while the fax is open, and asks again why not once its state moves on', () => {
    const job = item({ id: 'j1', state: 'IN_PROGRESS', phase: 'active' });
    const why: DeliveredImage = { jobId: 'j1', forState: 'IN_PROGRESS', status: 'unavailable', message: 'Still being sent.' };
    expect(currentImage(job, why)).toBe(why);
    expect(currentImage({ ...job, state: 'COMPLETED' }, why)).toBeNull();
    expect(currentImage({ ...job, id: 'j2' }, why)).toBeNull();
    expect(currentImage(job, null)).toBeNull();
    const data = new Uint8Array([37, 80, 68, 70]);
    const ready: DeliveredImage = { jobId: 'j1', forState: 'COMPLETED', status: 'ready', document: { kind: 'pdf', data }, data, fileName: 'fax.pdf' };
    expect(currentImage({ ...job, state: 'COMPLETED' }, ready)).toBe(ready);
    expect(currentImage({ ...job, state: 'CANCELED' }, ready)).toBe(ready);
    const loading: DeliveredImage = { jobId: 'j1', forState: 'SUBMITTED', status: 'loading' };
    expect(currentImage(job, loading)).toBe(loading);
  });
});
