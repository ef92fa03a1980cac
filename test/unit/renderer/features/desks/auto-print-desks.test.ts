import { describe, expect, it } from 'vitest';
import { officePrinting } from '../../../../../src/renderer/src/features/desks/auto-print-desks';
import type { OfficeDeskView } from '../../../../../src/shared/ipc/contract/desks';

const desk = (over: Partial<OfficeDeskView>): OfficeDeskView => ({ installationId: 'aaaaaaaaaaaaaaaa', label: 'Front desk (maria)', thisDesk: false, lastSeenAt: '2026-03-09T09:00:00.000Z', autoPrint: null, ...over });
const when = (iso: string) => `at ${iso.slice(11, 16)}`;

describe('which desks print received faxes automatically (issue 23, item 6)', () => {
  it('says this desk’s setting as it is, and another desk’s as of its last fax sent', () => {
    const office = officePrinting(
      [
        desk({ installationId: 'me', label: 'Records (sam)', thisDesk: true, lastSeenAt: null, autoPrint: false }),
        desk({ installationId: 'a', label: 'Front desk (maria)', autoPrint: true }),
        desk({ installationId: 'b', label: 'Back office (li)', autoPrint: false, lastSeenAt: '2026-03-08T07:30:00.000Z' }),
        desk({ installationId: 'c', label: null, autoPrint: null }),
      ],
      when,
    );
    expect(office.desks.map((d) => `${d.name}: ${d.printing}`)).toEqual([
      'Records (sam) (this desk): does not print received faxes automatically',
      'Front desk (maria): prints received faxes automatically, as of its last fax sent (at 09:00)',
      'Back office (li): does not print received faxes automatically, as of its last fax sent (at 07:30)',
      'A desk that gave no name: did not say whether it prints automatically (its Faxdesk is older), as of its last fax sent (at 09:00)',
    ]);
    expect(office.summary).toBe('Printing automatically: Front desk (maria).');
    expect(office.limits).toContain('a desk that only receives faxes never appears here');
  });

  it('names every printing desk and advises one when two or more print; says so when none seen does', () => {
    const two = officePrinting([desk({ installationId: 'me', label: 'Records (sam)', thisDesk: true, lastSeenAt: null, autoPrint: true }), desk({ autoPrint: true })], when);
    expect(two.summary).toMatch(/^2 desks print automatically: Records \(sam\) \(this desk\) and Front desk \(maria\)\. .*leave it on at one\.$/);
    const none = officePrinting([desk({ installationId: 'me', label: 'Records (sam)', thisDesk: true, lastSeenAt: null, autoPrint: false })], when);
    expect(none.summary).toBe('No desk seen here prints received faxes automatically.');
    expect(none.limits).toBe('Other desks are known only from the faxes they send: a desk that only receives faxes never appears here.');
  });
});
