/**
 * How the fax is sent: the account, resolution, retries, Caller ID and CSID, the client data fields
 * (collapsed under "Billing & tracking"), the cover page (with its preview) and the header line.
 */
import { GLOSSARY } from '../../../../shared/plain-words/glossary';
import { useMemo, type JSX, type ReactNode } from 'react';
import { CLIENT_DATA_MAX, CSID_MAX, RETRIES_MAX, RETRIES_MIN } from '../../../../shared/domain/outbox';
import { normalizeFaxNumber } from '../../../../shared/fax-number';
import type { AccountView } from '../../../../shared/ipc/contract/accounts';
import { useAppStore } from '../../stores/app-store';
import { useComposeStore } from '../../stores/compose-store';
import { CoverPageEditor } from '../cover-page';
import { HeaderDesigner, SAMPLE_TO_NUMBER, type HeaderSample } from '../header-designer';
import { templatesPort } from '../templates/templates-port';
import { documentTotals } from '../../model/compose/documents';
import { CLIENT_DATA_FIELDS, RETRY_DEFAULTS, readRetries } from '../../model/compose/draft';
import { FieldMessages, messagesIdFor, useHasProblem } from './FieldMessages';
import { domIdFor } from '../../model/compose/problems';
import { checkRows } from '../../model/compose/recipients';

interface OptionsPanelProps {
  /** Accounts that can send, plus the chosen one if it was switched off (so the person sees why). */
  accounts: readonly AccountView[];
  accountId: string;
  /** False until the account list has been read. */
  accountsReady: boolean;
}

function Field(props: { field: string; label: string; hint?: ReactNode; children: ReactNode; extra?: readonly string[] }): JSX.Element {
  return (
    <div className="cx-field">
      <label htmlFor={domIdFor(props.field)}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <span id={`${domIdFor(props.field)}-hint`} className="cx-hint">
          {props.hint}
        </span>
      ) : null}
      <FieldMessages field={props.field} {...(props.extra ? { extra: props.extra } : {})} />
    </div>
  );
}

const describedBy = (field: string, hint = true) => `${hint ? `${domIdFor(field)}-hint ` : ''}${messagesIdFor(field)}`;

export function OptionsPanel({ accounts, accountId, accountsReady }: OptionsPanelProps): JSX.Element {
  const options = useComposeStore((s) => s.options);
  const billingOpen = useComposeStore((s) => s.openSections.billing);
  const store = useComposeStore.getState;
  const navigate = useAppStore((s) => s.navigate);
  const account = accounts.find((a) => a.id === accountId) ?? null;
  const accountInvalid = useHasProblem('accountId');

  const retries = (field: 'billableRetries' | 'nonBillableRetries', label: string, hint: string) => {
    const local = readRetries(options[field], label).problem;
    return (
      <Field field={field} label={label} hint={hint} extra={local ? [local] : []}>
        <input
          id={domIdFor(field)}
          type="number"
          inputMode="numeric"
          min={RETRIES_MIN}
          max={RETRIES_MAX}
          step={1}
          placeholder={`${RETRY_DEFAULTS[field]} (service default)`}
          value={options[field]}
          aria-invalid={local !== null || undefined}
          aria-describedby={describedBy(field)}
          onChange={(e) => store().setOptions({ [field]: e.target.value })}
        />
      </Field>
    );
  };

  const callerIdCheck = options.callerId.trim() === '' ? null : normalizeFaxNumber(options.callerId);
  const csidLength = options.csid.trim().length;
  const billingFilled = CLIENT_DATA_FIELDS.filter((f) => options.clientData[f.key].trim() !== '').length;

  return (
    <section className="card cx-options" aria-labelledby="compose-options-heading">
      <h2 id="compose-options-heading">Options</h2>
      <div className="cx-options-grid">
        <Field
          field="accountId"
          label="Send from"
          hint={account?.isSandbox ? 'The built-in Sandbox: nothing is really faxed; its test numbers give each outcome.' : 'The fax service account that sends this fax.'}
        >
          {accounts.length > 0 ? (
            <select
              id={domIdFor('accountId')}
              value={accountId}
              aria-invalid={accountInvalid || undefined}
              aria-describedby={describedBy('accountId')}
              onChange={(e) => store().setAccount(e.target.value)}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.displayLabel}
                  {a.enabled ? '' : ' (switched off)'}
                </option>
              ))}
            </select>
          ) : !accountsReady ? (
            <span className="cx-hint" id={domIdFor('accountId')} tabIndex={-1}>
              Reading the accounts…
            </span>
          ) : (
            <span className="cx-error" id={domIdFor('accountId')} tabIndex={-1}>
              No account can send: add one or switch one on in Settings.{' '}
              <button type="button" className="link-button cx-link" onClick={() => navigate({ page: 'settings' })}>
                Open Settings
              </button>
            </span>
          )}
        </Field>

        <fieldset className="cx-field cx-resolution" aria-describedby={messagesIdFor('resolution')}>
          <legend>Resolution</legend>
          {(
            [
              ['FINE', 'Fine', 'sharper, 204 × 196 dpi'],
              ['STANDARD', 'Standard', 'faster, 204 × 98 dpi'],
            ] as const
          ).map(([value, label, hint], i) => (
            <label key={value} className="cx-radio">
              <input
                id={i === 0 ? domIdFor('resolution') : undefined}
                type="radio"
                name="compose-resolution"
                value={value}
                checked={options.resolution === value}
                onChange={() => store().setOptions({ resolution: value })}
              />
              {label} <span className="cx-hint">({hint})</span>
            </label>
          ))}
          <FieldMessages field="resolution" />
        </fieldset>

        {retries('billableRetries', 'Billable retries', `${RETRIES_MIN}–${RETRIES_MAX}. ${GLOSSARY.billableRetries.help}`)}
        {retries('nonBillableRetries', 'Non-billable retries', `${RETRIES_MIN}–${RETRIES_MAX}. ${GLOSSARY.nonBillableRetries.help}`)}

        <Field
          field="callerId"
          label="Caller ID"
          hint={callerIdCheck?.ok ? `Shown as ${callerIdCheck.display}.` : "The number the recipient sees as the sender. Empty: the account's own number."}
          extra={callerIdCheck && !callerIdCheck.ok ? [`Caller ID: ${callerIdCheck.message} Leave it empty to show the account's own number.`] : []}
        >
          <input
            id={domIdFor('callerId')}
            type="text"
            inputMode="tel"
            autoComplete="off"
            value={options.callerId}
            placeholder={account?.faxNumber ? `${account.faxNumber} (account's number)` : "The account's number"}
            aria-invalid={(callerIdCheck !== null && !callerIdCheck.ok) || undefined}
            aria-describedby={describedBy('callerId')}
            onChange={(e) => store().setOptions({ callerId: e.target.value })}
            onBlur={() => {
              if (callerIdCheck?.ok) store().setOptions({ callerId: callerIdCheck.display });
            }}
          />
        </Field>

        <Field
          field="csid"
          label="CSID (station ID)"
          hint={`${csidLength}/${CSID_MAX} characters. ${GLOSSARY.csid.help} Empty: the account's.`}
          extra={csidLength > CSID_MAX ? [`The CSID is ${csidLength} characters; fax machines show at most ${CSID_MAX}. Shorten it.`] : []}
        >
          <input
            id={domIdFor('csid')}
            type="text"
            autoComplete="off"
            value={options.csid}
            aria-invalid={csidLength > CSID_MAX || undefined}
            aria-describedby={describedBy('csid')}
            onChange={(e) => store().setOptions({ csid: e.target.value })}
          />
        </Field>
      </div>

      <details className="cx-billing" open={billingOpen} onToggle={(e) => store().setSection('billing', e.currentTarget.open)}>
        <summary>
          Billing &amp; tracking <span className="cx-hint">{billingFilled > 0 ? `${billingFilled} filled in` : 'optional'}</span>
        </summary>
        <p className="cx-hint">Kept with the fax by the service and shown in reports and the sent list; at most {CLIENT_DATA_MAX} characters each.</p>
        <div className="cx-options-grid">
          {CLIENT_DATA_FIELDS.map(({ key, label }) => {
            const field = `clientData:${key}`;
            const length = options.clientData[key].trim().length;
            return (
              <Field key={key} field={field} label={label} extra={length > CLIENT_DATA_MAX ? [`${label} is ${length} characters; the service keeps at most ${CLIENT_DATA_MAX}. Shorten it.`] : []}>
                <input
                  id={domIdFor(field)}
                  type="text"
                  autoComplete="off"
                  value={options.clientData[key]}
                  aria-invalid={length > CLIENT_DATA_MAX || undefined}
                  aria-describedby={describedBy(field, false)}
                  onChange={(e) => store().setClientData(key, e.target.value)}
                />
              </Field>
            );
          })}
        </div>
      </details>
    </section>
  );
}

/** The cover page editor with its preview, filled from the recipients, documents and sender. */
export function CoverSection({ fromNumber }: { fromNumber: string | undefined }): JSX.Element {
  const coverPage = useComposeStore((s) => s.coverPage);
  const rows = useComposeStore((s) => s.recipients);
  const documents = useComposeStore((s) => s.documents);
  const setCover = useComposeStore((s) => s.setCover);
  const setCoverValid = useComposeStore((s) => s.setCoverValid);
  const recipients = useMemo(() => {
    const checks = checkRows(rows);
    return rows.flatMap((r, i) => {
      const c = checks[i]!;
      return c.state === 'ok' ? [{ faxNumber: c.display, name: r.name, company: r.company }] : [];
    });
  }, [rows]);
  const pages = useMemo(() => documentTotals(documents).pages, [documents]);
  return (
    <div id={domIdFor('coverPage')} tabIndex={-1} className="cx-embedded" aria-describedby={messagesIdFor('coverPage')}>
      <CoverPageEditor
        value={coverPage}
        onChange={setCover}
        onValidityChange={setCoverValid}
        recipients={recipients}
        documentPages={pages}
        {...(fromNumber ? { fromNumber } : {})}
      />
      <FieldMessages field="coverPage" />
    </div>
  );
}

/** The header-line designer ("Use the service's default header" = no header_options), with saved templates. */
export function HeaderSection({ fromNumber, csid }: { fromNumber: string; csid: string }): JSX.Element {
  const header = useComposeStore((s) => s.header);
  const rows = useComposeStore((s) => s.recipients);
  const documents = useComposeStore((s) => s.documents);
  const hasCover = useComposeStore((s) => s.coverPage !== null);
  const setHeader = useComposeStore((s) => s.setHeader);
  const setHeaderValid = useComposeStore((s) => s.setHeaderValid);
  const toNumber = useMemo(() => {
    const first = checkRows(rows).find((c) => c.state === 'ok');
    return first && first.state === 'ok' ? first.value : SAMPLE_TO_NUMBER;
  }, [rows]);
  const pages = useMemo(() => documentTotals(documents).pages, [documents]);
  const sample = useMemo<HeaderSample>(
    () => ({ toNumber, fromNumber: fromNumber || '15550000000', csid, pages: Math.max(1, pages + (hasCover ? 1 : 0)) }),
    [toNumber, fromNumber, csid, pages, hasCover],
  );
  return (
    <div id={domIdFor('header')} tabIndex={-1} className="cx-embedded" aria-describedby={messagesIdFor('header')}>
      <HeaderDesigner value={header} onChange={setHeader} onValidityChange={setHeaderValid} sample={sample} templates={templatesPort()} />
      <FieldMessages field="header" />
    </div>
  );
}
