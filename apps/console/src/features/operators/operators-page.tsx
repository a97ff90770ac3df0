/** Operators (admins): the list, and a new operator whose TOTP secret is shown once. */
import { type OperatorListItem, type OperatorRole, operatorRoles } from '@kilat/contract/console/browser';
import type { FormEvent } from 'react';
import { useOperators } from '@/shared/api/get-operators';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useAddOperator } from './api/add-operator';

const COLUMNS: Column<OperatorListItem>[] = [
  { header: 'Name', cell: (operator) => operator.name },
  { header: 'Email', cell: (operator) => operator.email },
  { header: 'Role', cell: (operator) => operator.role },
  { header: 'State', cell: (operator) => (operator.disabled ? 'Disabled' : 'Active') },
];

export const OperatorsPage = () => {
  const operators = useOperators();
  const create = useAddOperator();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    create.mutate({ name: field('name'), email: field('email'), role: field('role') as OperatorRole, password: field('password') });
  };
  return (
    <Page title="Operators">
      <ErrorLine error={operators.error} />
      <Table
        className="grid"
        caption="Operators and their roles"
        columns={COLUMNS}
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
        <label>
          First password (12 characters or more)
          <input name="password" type="password" minLength={12} required autoComplete="new-password" />
        </label>
        <ErrorLine error={create.error} />
        <button type="submit" disabled={create.isPending}>
          Add operator
        </button>
        {create.data && (
          <p role="status">
            {create.data.email} added. TOTP secret, shown once: <code>{create.data.totpSecret}</code>
          </p>
        )}
      </form>
    </Page>
  );
};
