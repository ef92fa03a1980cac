/**
 * Beside Send: whether the header line will print as designed. The designer shows the details; this
 * says so where the person presses Send, with the same shared rules (the longest values any fax of
 * this compose can have, as the client's own check uses them).
 */
import { useMemo, type JSX } from 'react';
import { validateHeaderOptions } from '../../../../shared/header';
import { useComposeStore } from '../../stores/compose-store';
import { focusField } from './focus';

const PRINTS_DIFFERENTLY = new Set(['variable', 'total-235', 'line2-field', 'line2-total', 'line-overflow', 'overlap']);

export function HeaderNote(): JSX.Element | null {
  const header = useComposeStore((s) => s.header);
  const count = useMemo(() => {
    if (!header) return 0;
    const result = validateHeaderOptions(header);
    return result.ok ? result.warnings.filter((w) => PRINTS_DIFFERENTLY.has(w.kind)).length : 0;
  }, [header]);
  if (count === 0) return null;
  return (
    <p className="cx-warning cx-header-note" data-testid="compose-header-note">
      The header line will not print as designed: the service cuts or runs parts of it together ({count === 1 ? '1 warning' : `${count} warnings`}).{' '}
      <button type="button" className="link-button cx-link" onClick={() => focusField('header')}>
        Show the header line
      </button>
    </p>
  );
}
