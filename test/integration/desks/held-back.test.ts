/**
 * Issue 23, item 2: another desk's faxes are never hidden while this desk has an ambiguous send to the
 * same number. With Faxdesk's marker they are shown at once; a job an older Faxdesk stored (keyed by the
 * person's reference alone) still holds them back, but only until the reconciler decides, and then
 * they show at the next read even though the service's page did not change.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { OS_USER, startOffice, type Desk, type Office } from './desks-fixture';

const NUMBER = '13125550155';

let office: Office;
afterEach(async () => office?.stop());

const shownOn = (desk: Desk, faxIds: readonly string[]) => faxIds.map((id) => desk.fixture.core.outbox.outbound.getByFaxId(desk.accountId, id)?.origin ?? null);

it('while A has an ambiguous send to a number, B’s and C’s faxes to that number show on A at the next poll, each with who sent it', async () => {
  office = await startOffice(['Front desk', 'Back office', 'Records']);
  const [a, b, c] = office.desks as [Desk, Desk, Desk];
  await office.emulator.control.addFault({ route: 'POST /faxes', kind: 'reset', count: 1 });
  const fromA = await office.send(a, { number: NUMBER });
  expect(office.jobsOf(a, fromA.composeId)[0]!.state).toBe('UNKNOWN');
  const others = [
    { desk: b, sent: await office.send(b, { number: NUMBER }) },
    { desk: c, sent: await office.send(c, { number: NUMBER }) },
    { desk: b, sent: await office.send(b, { number: NUMBER }) },
  ];
  const otherFaxes = others.map(({ desk, sent }) => office.jobsOf(desk, sent.composeId)[0]!.faxId!);
  await office.poll(a);
  expect(shownOn(a, otherFaxes)).toEqual(['service', 'service', 'service']);
  const sentBy = otherFaxes.map((id) => a.fixture.core.outbox.item(a.fixture.core.outbox.outbound.getByFaxId(a.accountId, id)!).sentBy);
  expect(sentBy).toEqual([`Back office (${OS_USER})`, `Records (${OS_USER})`, `Back office (${OS_USER})`]);
  expect(office.jobsOf(a, fromA.composeId)[0]).toMatchObject({ state: 'UNKNOWN', faxId: null });
});

it('a job an older Faxdesk keyed by the typed reference holds back unmarked faxes to its number only until it is decided; then they show though the page is unchanged', async () => {
  office = await startOffice(['Front desk', 'Back office']);
  const [a, b] = office.desks as [Desk, Desk];
  await office.emulator.control.addFault({ route: 'POST /faxes', kind: 'reset', count: 1 });
  const fromA = await office.send(a, { number: NUMBER, name: 'AP', company: 'ACME' }, { clientReferenceId: 'ACME-AP-2026' });
  const aJob = office.jobsOf(a, fromA.composeId)[0]!;
  // As an older Faxdesk stored it: the person's reference is the only key, no marker.
  a.fixture.core.db
    .prepare(
      `UPDATE outbound SET client_data = json_object('clientReferenceId', 'ACME-AP-2026'),
         options = json_remove(json_set(options, '$.reference', 'ACME-AP-2026', '$.referenceOwned', json('false')), '$.referenceField') WHERE id = ?`,
    )
    .run(aJob.id);
  // Two faxes to that number from something that does not mark its faxes (an older Faxdesk, the web portal):
  // either could be the job's, until the reconciler has looked.
  const client = await b.fixture.core.accounts.clientFor(b.accountId);
  const bFaxes: string[] = [];
  for (let i = 0; i < 2; i++) {
    const sent = await client.send({ destinations: [{ faxNumber: NUMBER }], documents: [{ documentType: 'TXT', contentBase64: Buffer.from(`fax ${i}`).toString('base64') }] });
    bFaxes.push(sent.faxes[0]!.faxId);
  }
  // They finish: from now on the service's page of sent faxes stays the same, byte for byte.
  await office.emulator.control.advance(5 * 60_000);

  await office.poll(a);
  expect(shownOn(a, bFaxes)).toEqual([null, null]);
  // The same page again (nothing changed at the service): still held, still not remembered as applied.
  await office.poll(a);
  expect(shownOn(a, bFaxes)).toEqual([null, null]);

  // The reconciler decides (nothing of A's at the service after the settle time): the next read shows them.
  await office.emulator.control.advance(26 * 60_000);
  await office.settle(a);
  expect(office.jobsOf(a, fromA.composeId)[0]).toMatchObject({ state: 'REJECTED', errorCode: 'NOT_SENT' });
  // No poll of A's own: deciding asked the sync to read the sent list again, and that read applies them.
  // vi.waitFor gives up after 1 s unless told: that read is a request and a write, slower on a loaded machine.
  await vi.waitFor(() => expect(shownOn(a, bFaxes)).toEqual(['service', 'service']), { timeout: 30_000 });
});
