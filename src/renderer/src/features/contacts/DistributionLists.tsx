import { useEffect, useId, useState, type FormEvent, type JSX, type ReactNode } from 'react';
import type { ContactView, DistributionListView } from '../../../../shared/ipc/contract/contacts';
import { LIST_NAME_MAX } from '../../../../shared/ipc/contract/contacts';
import { errorMessage, faxdesk, unwrap } from '../../api';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { FormStatus } from '../../components/FormStatus';
import { useDebouncedValue } from '../../hooks/use-debounced-value';

interface DistributionListsProps {
  lists: DistributionListView[];
  error: string | null;
  confirm(request: ConfirmRequest): void;
}

/** Named groups of contacts to fax in one go: create, rename, add and remove members, delete. */
export function DistributionLists({ lists, error, confirm }: DistributionListsProps): JSX.Element {
  const base = useId();
  const [newName, setNewName] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const selected = lists.find((l) => l.id === selectedId) ?? null;

  const run = async (action: () => Promise<string>) => {
    setProblem(null);
    setStatus('');
    try {
      setStatus(await action());
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const list = await unwrap(faxdesk.contacts.createList({ name: newName }));
      setNewName('');
      setSelectedId(list.id);
      return `Created the list ${list.name}. Add members below.`;
    });
  };

  return (
    <section className="card contact-lists" aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`}>Distribution lists</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <form className="inline-form" onSubmit={create}>
        <label htmlFor={`${base}-new`}>New list name</label>
        <input id={`${base}-new`} value={newName} maxLength={LIST_NAME_MAX} onChange={(e) => setNewName(e.target.value)} />
        <button type="submit" disabled={newName.trim() === ''}>
          Create list
        </button>
      </form>
      {lists.length === 0 ? (
        <p className="muted">No distribution lists yet.</p>
      ) : (
        <ul className="list-chooser" aria-label="Distribution lists">
          {lists.map((list) => (
            <li key={list.id}>
              <button
                type="button"
                className={list.id === selectedId ? 'list-choice selected' : 'list-choice'}
                aria-pressed={list.id === selectedId}
                onClick={() => setSelectedId(list.id === selectedId ? null : list.id)}
              >
                <span>{list.name}</span>
                <span className="muted">{list.memberCount === 1 ? '1 member' : `${list.memberCount} members`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <ListEditor
          key={selected.id}
          list={selected}
          run={run}
          onDelete={() =>
            confirm({
              title: `Delete the list ${selected.name}?`,
              body: <p>The list goes; its {selected.memberCount === 1 ? 'contact stays' : 'contacts stay'} in the address book.</p>,
              confirmLabel: 'Delete list',
              onConfirm: () =>
                run(async () => {
                  await unwrap(faxdesk.contacts.deleteList({ id: selected.id }));
                  setSelectedId(null);
                  return `Deleted the list ${selected.name}.`;
                }),
            })
          }
        />
      )}
      <FormStatus error={problem} status={status} errorClass="error" statusClass="muted" />
    </section>
  );
}

function ListEditor({ list, run, onDelete }: { list: DistributionListView; run(action: () => Promise<string>): Promise<void>; onDelete(): void }): JSX.Element {
  const base = useId();
  const [name, setName] = useState(list.name);
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search.trim(), 200);
  const [matches, setMatches] = useState<ContactView[]>([]);
  const memberIds = list.members.map((m) => m.id);

  useEffect(() => {
    let live = true;
    if (text === '') {
      setMatches([]);
      return;
    }
    unwrap(faxdesk.contacts.search({ text, limit: 8 }))
      .then(({ hits }) => {
        if (live) setMatches(hits.flatMap((h) => (h.kind === 'contact' ? [h.contact] : [])));
      })
      .catch(() => {
        if (live) setMatches([]);
      });
    return () => {
      live = false;
    };
  }, [text]);

  const setMembers = (ids: string[], done: string) =>
    run(async () => {
      await unwrap(faxdesk.contacts.setListMembers({ id: list.id, memberIds: ids }));
      return done;
    });

  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const renamed = await unwrap(faxdesk.contacts.renameList({ id: list.id, name }));
      return `Renamed the list to ${renamed.name}.`;
    });
  };

  return (
    <div className="list-editor" role="group" aria-label={`Edit the list ${list.name}`}>
      <form className="inline-form" onSubmit={rename}>
        <label htmlFor={`${base}-name`}>List name</label>
        <input id={`${base}-name`} value={name} maxLength={LIST_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={name.trim() === '' || name.trim() === list.name}>
          Rename
        </button>
      </form>
      <h3>Members</h3>
      {list.members.length === 0 ? (
        <p className="muted">No members yet: find contacts below and add them.</p>
      ) : (
        <ul className="list-members" aria-label={`Members of ${list.name}`}>
          {list.members.map((member) => (
            <ContactLine key={member.id} contact={member}>
              <button
                type="button"
                aria-label={`Remove ${member.label} from ${list.name}`}
                onClick={() => void setMembers(memberIds.filter((id) => id !== member.id), `Removed ${member.label} from ${list.name}.`)}
              >
                Remove
              </button>
            </ContactLine>
          ))}
        </ul>
      )}
      <label htmlFor={`${base}-find`}>Add a member</label>
      <input id={`${base}-find`} type="search" placeholder="Name, company or number" value={search} onChange={(e) => setSearch(e.target.value)} />
      {matches.length > 0 && (
        <ul className="list-members" aria-label="Contacts found">
          {matches.map((contact) => {
            const already = memberIds.includes(contact.id);
            return (
              <ContactLine key={contact.id} contact={contact}>
                <button
                  type="button"
                  disabled={already}
                  aria-label={already ? `${contact.label} is in ${list.name}` : `Add ${contact.label} to ${list.name}`}
                  onClick={() => void setMembers([...memberIds, contact.id], `Added ${contact.label} to ${list.name}.`)}
                >
                  {already ? 'Added' : 'Add'}
                </button>
              </ContactLine>
            );
          })}
        </ul>
      )}
      {text !== '' && matches.length === 0 && <p className="muted">No contact matches “{text}”.</p>}
      <div className="list-editor-actions">
        <button type="button" className="danger-text" onClick={onDelete}>
          Delete list
        </button>
      </div>
    </div>
  );
}

/** One contact in a list editor's lists (members, matches): name, number, then its one action. */
function ContactLine({ contact, children }: { contact: { label: string; display: string }; children: ReactNode }): JSX.Element {
  return (
    <li>
      <span>
        {contact.label} <span className="contact-number muted">{contact.display}</span>
      </span>
      {children}
    </li>
  );
}
