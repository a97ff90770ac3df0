/**
 * Operators (admins): the list with each one's state, and the changes an admin makes to others —
 * role, disable or enable, unlock, reset. A new or reset operator gets a one-time enrolment link to
 * hand them; they set their own password and TOTP there (decision 155).
 */
import { type EnrolmentLink, type OperatorListItem, type OperatorRole, operatorRoles } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { useOperators } from '@/shared/api/get-operators';
import { formatDateTime } from '@/shared/format';
import { SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useAddOperator } from './api/add-operator';
import { type OperatorChange, useChangeOperator } from './api/change-operator';

const stateOf = (operator: OperatorListItem) => {
  if (operator.disabled) return 'Disabled';
  if (operator.lockedUntil) return `Locked until ${formatDateTime(operator.lockedUntil, 'UTC')}`;
  if (!operator.enrolled) return 'Invited: not enrolled yet';
  return 'Active';
};

/** The link to hand the operator, whole, with when it stops working. */
const LinkToHand = ({ link }: { link: EnrolmentLink }) => (
  <p role="status" className="notice">
    Give {link.operator.name} this one-time link (it works until {formatDateTime(link.expiresAt, 'UTC')}); they set their own password and
    authenticator there: <code className="secret">{`${window.location.origin}${link.enrolmentPath}`}</code>
  </p>
);

type OnChange = (operator: OperatorListItem, change: OperatorChange) => void;

const Actions = ({ operator, onChange }: { operator: OperatorListItem; onChange: OnChange }) => {
  const { session } = useSession();
  if (operator.id === session!.operator.id) return <span className="muted">you (another admin changes your account)</span>;
  return (
    <div className="actions">
      <SelectField
        label={`Role of ${operator.name}`}
        value={operator.role}
        onChange={(role) => onChange(operator, { kind: 'role', role: role as OperatorRole })}
        choices={operatorRoles.map((role) => ({ value: role, label: role }))}
      />
      {operator.disabled ? (
        <button type="button" onClick={() => onChange(operator, { kind: 'enable' })}>
          Enable
        </button>
      ) : (
        <button type="button" onClick={() => onChange(operator, { kind: 'disable' })}>
          Disable
        </button>
      )}
      {operator.lockedUntil && (
        <button type="button" onClick={() => onChange(operator, { kind: 'unlock' })}>
          Unlock
        </button>
      )}
      <button type="button" onClick={() => onChange(operator, { kind: 'reset' })}>
        Reset password and TOTP
      </button>
    </div>
  );
};

export const OperatorsPage = () => {
  const operators = useOperators();
  const create = useAddOperator();
  const change = useChangeOperator();
  const [link, setLink] = useState<EnrolmentLink | null>(null);

  const onChange: OnChange = (operator, what) => {
    if (
      (what.kind === 'disable' || what.kind === 'reset') &&
      !window.confirm(`${what.kind === 'disable' ? 'Disable' : 'Reset'} ${operator.name}? Their sessions end at once.`)
    ) {
      return;
    }
    // a reset answers the new link to hand them
    change.mutate({ id: operator.id, change: what }, { onSuccess: (answer) => setLink(answer ?? null) });
  };
  const columns: Column<OperatorListItem>[] = [
    { header: 'Name', cell: (operator) => operator.name },
    { header: 'Email', cell: (operator) => operator.email },
    { header: 'Role', cell: (operator) => operator.role },
    { header: 'State', cell: stateOf },
    { header: 'Change', cell: (operator) => <Actions operator={operator} onChange={onChange} /> },
  ];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    create.mutate({ name: field('name'), email: field('email'), role: field('role') as OperatorRole }, { onSuccess: setLink });
  };
  return (
    <Page title="Operators">
      <ErrorLine error={operators.error} />
      <ErrorLine error={change.error} />
      {link && <LinkToHand link={link} />}
      <Table
        className="grid"
        caption="Operators, their roles and states"
        columns={columns}
        rows={operators.data ?? []}
        rowKey={(operator) => operator.id}
      />
      <form className="stack card narrow" onSubmit={submit} aria-label="New operator">
        <h2>New operator</h2>
        <label>
          Name
          <input name="name" required maxLength={80} />
        </label>
        <label>
          Email
          <input name="email" type="email" required />
        </label>
        <label>
          Role
          <select name="role" defaultValue="agent">
            {operatorRoles.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </label>
        <p className="muted">They get a one-time link to set their own password and authenticator: you never see either.</p>
        <ErrorLine error={create.error} />
        <button type="submit" disabled={create.isPending}>
          Add operator
        </button>
      </form>
    </Page>
  );
};
