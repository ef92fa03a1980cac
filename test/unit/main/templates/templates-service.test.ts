import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { createGate, type HandlerTable } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { createTemplateHandlers, TemplatesService } from '../../../../src/main/templates';
import type { HeaderTemplateView } from '../../../../src/shared/ipc/contract/templates';
import { T0, tempStore, type TempStore } from '../store/store-fixtures';

describe('TemplatesService', () => {
  let store: TempStore;
  let service: TemplatesService;
  let events: HeaderTemplateView[][];

  beforeEach(() => {
    store = tempStore();
    service = new TemplatesService({ db: store.open(), logger: silentLogger, now: () => T0 });
    events = [];
    service.onChange((list) => events.push(list));
  });
  afterEach(() => store.cleanup());

  it('saves a valid design and lists it', () => {
    const saved = service.save(' Standard ', { line_1: ['${DATE_TIME}', '${FAX_ID}'], line_2: ['Acme'] });
    expect(saved).toMatchObject({ name: 'Standard', isDefault: false, options: { line_1: ['${DATE_TIME}', '${FAX_ID}'], line_2: ['Acme'] }, problem: null });
    expect(service.list()).toEqual([saved]);
    expect(events).toEqual([[saved]]);
  });

  it('overwrites the template with the same name (ignoring case), keeping its id and default mark', () => {
    const first = service.save('Standard', { line_1: ['${FAX_ID}'] }, true);
    const second = service.save('STANDARD ', { line_1: ['${CURRENT_PAGE}'] });
    expect(second).toMatchObject({ id: first.id, name: 'STANDARD', isDefault: true, options: { line_1: ['${CURRENT_PAGE}'] } });
    expect(service.list()).toHaveLength(1);
  });

  it('refuses invalid options, naming the problem and where', () => {
    let error: unknown;
    try {
      service.save('Bad', { line_1: ['${NOPE}'] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toInfo()).toMatchObject({ code: 'VALIDATION', field: 'options.line_1[0]', message: expect.stringContaining('NOPE') });
    expect(service.list()).toEqual([]);
  });

  it('moves the default mark, clears it, and deletes', () => {
    const a = service.save('A', { line_1: ['a'] });
    const b = service.save('B', { line_1: ['b'] }, true);
    expect(service.getDefault()?.id).toBe(b.id);
    expect(service.setDefault(a.id)).toMatchObject({ id: a.id, isDefault: true });
    expect(service.list().map((t) => [t.name, t.isDefault])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    expect(service.setDefault(null)).toBeNull();
    expect(service.getDefault()).toBeNull();
    expect(() => service.setDefault('missing')).toThrow(/no longer exists/);
    service.delete(a.id);
    expect(() => service.delete(a.id)).toThrow(/no longer exists/);
    expect(service.list().map((t) => t.name)).toEqual(['B']);
  });

  it('shows a stored design that no longer passes the rules with its problem', () => {
    service.repository.create({ name: 'Legacy', options: { line_1: [], extra: true } }, T0);
    expect(service.list()).toEqual([expect.objectContaining({ name: 'Legacy', problem: expect.stringContaining('no longer passes') })]);
  });

  it('parses templates:save with HeaderOptionsSchema at the gate', async () => {
    const dispatch = createGate(createTemplateHandlers(service) as unknown as HandlerTable, silentLogger);
    expect(await dispatch('templates:save', { name: 'X', options: { line_1: [] } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'options.line_1', message: expect.stringContaining('line_1 is empty') },
    });
    expect(await dispatch('templates:save', { name: 'N'.repeat(61), options: { line_1: ['x'] } })).toMatchObject({ ok: false, error: { field: 'name' } });
    expect(await dispatch('templates:save', { name: 'X', options: { line_1: ['x'] } })).toMatchObject({ ok: true, value: { name: 'X' } });
    expect(await dispatch('templates:getDefault', undefined)).toEqual({ ok: true, value: null });
  });
});
