import { useId, useRef, useState, type FormEvent, type JSX } from 'react';
import {
  CONTACT_COMPANY_MAX,
  CONTACT_NAME_MAX,
  CONTACT_NOTES_MAX,
  CONTACT_NUMBER_TEXT_MAX,
  checkContactDraft,
  type ContactField,
} from '../../../../shared/contacts-csv';
import { normalizeFaxNumber } from '../../../../shared/fax-number';
import type { ContactView } from '../../../../shared/ipc/contract/contacts';
import { errorMessage, faxdesk, FaxdeskError, unwrap } from '../../api';

interface ContactFormProps {
  /** The contact being edited; null for a new one. */
  contact: ContactView | null;
  onSaved(contact: ContactView, created: boolean): void;
  onCancel(): void;
}

type Fields = Record<ContactField, string>;
type Errors = Partial<Record<ContactField | 'form', string>>;

const FIELD_ORDER: ContactField[] = ['name', 'company', 'faxNumber', 'notes'];

function fieldsOf(contact: ContactView | null): Fields {
  return contact
    ? { name: contact.name, company: contact.company, faxNumber: contact.display, notes: contact.notes }
    : { name: '', company: '', faxNumber: '', notes: '' };
}

/** Add or edit one contact. The number is checked as it is typed and shown as it will be saved. */
export function ContactForm({ contact, onSaved, onCancel }: ContactFormProps): JSX.Element {
  const base = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(contact));
  const [errors, setErrors] = useState<Errors>({});
  const [numberTouched, setNumberTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const id = (field: string) => `${base}-${field}`;

  const number = fields.faxNumber.trim() === '' ? null : normalizeFaxNumber(fields.faxNumber);
  const numberError = errors.faxNumber ?? (numberTouched && number && !number.ok ? number.message : undefined);

  const change = (field: ContactField, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    setStatus('');
    setErrors((e) => {
      const { [field]: _dropped, form: _form, ...rest } = e;
      return rest;
    });
  };

  const showError = (field: ContactField | 'form', message: string) => {
    setErrors({ [field]: message });
    if (field !== 'form') inputs.current[field]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNumberTouched(true);
    const check = checkContactDraft(fields);
    if (!check.ok) {
      showError(check.field, check.message);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const saved = contact
        ? await unwrap(faxdesk.contacts.update({ id: contact.id, ...check.value }))
        : await unwrap(faxdesk.contacts.create(check.value));
      setStatus(`Saved ${saved.label} (${saved.display}).`);
      if (contact) setFields(fieldsOf(saved));
      else {
        setFields(fieldsOf(null));
        setNumberTouched(false);
      }
      onSaved(saved, !contact);
    } catch (error) {
      const field = error instanceof FaxdeskError ? error.info.field : undefined;
      if (field && (FIELD_ORDER as string[]).includes(field)) showError(field as ContactField, errorMessage(error));
      else showError('form', errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const describedBy = (field: ContactField, hint?: string) =>
    [errors[field] || (field === 'faxNumber' && numberError) ? id(`${field}-error`) : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  const errorText = (field: ContactField, message: string | undefined) =>
    message ? (
      <p id={id(`${field}-error`)} className="field-error" role="alert">
        {message}
      </p>
    ) : null;

  return (
    <form className="card contact-form" aria-labelledby={id('heading')} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={id('heading')}>{contact ? `Edit ${contact.label}` : 'New contact'}</h2>
      <div className="field contact-field">
        <label htmlFor={id('name')}>Name</label>
        <input
          id={id('name')}
          ref={(el) => {
            inputs.current.name = el;
          }}
          value={fields.name}
          maxLength={CONTACT_NAME_MAX + 50}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={(e) => change('name', e.target.value)}
        />
        {errorText('name', errors.name)}
      </div>
      <div className="field contact-field">
        <label htmlFor={id('company')}>Company</label>
        <input
          id={id('company')}
          ref={(el) => {
            inputs.current.company = el;
          }}
          value={fields.company}
          maxLength={CONTACT_COMPANY_MAX + 50}
          autoComplete="off"
          aria-invalid={errors.company ? true : undefined}
          aria-describedby={describedBy('company')}
          onChange={(e) => change('company', e.target.value)}
        />
        {errorText('company', errors.company)}
      </div>
      <div className="field contact-field">
        <label htmlFor={id('faxNumber')}>Fax number</label>
        <input
          id={id('faxNumber')}
          ref={(el) => {
            inputs.current.faxNumber = el;
          }}
          value={fields.faxNumber}
          inputMode="tel"
          autoComplete="off"
          maxLength={CONTACT_NUMBER_TEXT_MAX}
          placeholder="+1 555 123 4567"
          aria-invalid={numberError ? true : undefined}
          aria-describedby={describedBy('faxNumber', id('faxNumber-hint'))}
          onChange={(e) => change('faxNumber', e.target.value)}
          onBlur={(e) => {
            // Leaving for this form's buttons: the submit checks the number. Showing the problem now would
            // move the buttons between mouse down and up, and the click would miss.
            const to = e.relatedTarget;
            if (!(to instanceof HTMLButtonElement && to.form === e.currentTarget.form)) setNumberTouched(true);
            if (number?.ok) setFields((f) => ({ ...f, faxNumber: number.display }));
          }}
        />
        {errorText('faxNumber', numberError)}
        <p id={id('faxNumber-hint')} className="muted field-hint" data-testid="contact-number-hint">
          {number?.ok ? `Saved as ${number.display}` : numberError ? '' : 'With the country code; 10 digits are taken as a North American number.'}
        </p>
      </div>
      <div className="field contact-field">
        <label htmlFor={id('notes')}>Notes</label>
        <textarea
          id={id('notes')}
          ref={(el) => {
            inputs.current.notes = el;
          }}
          rows={3}
          value={fields.notes}
          maxLength={CONTACT_NOTES_MAX + 50}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={describedBy('notes')}
          onChange={(e) => change('notes', e.target.value)}
        />
        {errorText('notes', errors.notes)}
      </div>
      {errors.form && (
        <p className="error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="contact-form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {contact ? 'Save changes' : 'Add contact'}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          {contact ? 'Close' : 'Clear'}
        </button>
      </div>
      <p className="muted" role="status" data-testid="contact-form-status">
        {status}
      </p>
    </form>
  );
}
