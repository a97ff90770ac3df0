/** The audit log, newest first: who did what to which target, before and after, with the request id. */
import type { AuditPage as AuditPageData, OperatorListItem } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, queryOf } from '../../shared/api-client';
import { formatDateTime } from '../../shared/format';
import { ErrorLine, Page } from '../../shared/ui';

interface AuditFilter {
  operatorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page: number;
}

const ACTIONS = [
  'sign-in',
  'sign-in.refused',
  'operator.locked',
  'sign-out',
  'complaint.assign',
  'complaint.reply',
  'complaint.close',
  'complaint.reopen',
  'template.create',
  'template.update',
  'operator.create',
  'chatbot.create',
  'chatbot.update',
  'chatbot.move',
  'chatbot.retire',
  'chatbot.restore',
];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

export const AuditPage = () => {
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const set = (change: Partial<AuditFilter>) => setFilter((current) => ({ ...current, page: 1, ...change }));
  const audit = useQuery({ queryKey: ['audit', filter], queryFn: () => api<AuditPageData>('GET', `/audit${queryOf({ ...filter })}`) });
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => api<OperatorListItem[]>('GET', '/operators') });
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Page title="Audit log">
      <form className="filters" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
        <label>
          Operator
          <select value={filter.operatorId ?? ''} onChange={(event) => set({ operatorId: event.target.value || undefined })}>
            <option value="">Anyone</option>
            {(operators.data ?? []).map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.name} ({operator.role})
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <select value={filter.action ?? ''} onChange={(event) => set({ action: event.target.value || undefined })}>
            <option value="">Any</option>
            {ACTIONS.map((action) => (
              <option key={action}>{action}</option>
            ))}
          </select>
        </label>
        <label>
          Target
          <select value={filter.targetType ?? ''} onChange={(event) => set({ targetType: event.target.value || undefined })}>
            <option value="">Any</option>
            <option value="complaint">Complaint</option>
            <option value="template">Template</option>
            <option value="operator">Operator</option>
            <option value="qa-node">Chatbot node</option>
          </select>
        </label>
        <label>
          Target id
          <input value={filter.targetId ?? ''} onChange={(event) => set({ targetId: event.target.value.trim() || undefined })} />
        </label>
        <label>
          From
          <input type="date" value={filter.from ?? ''} onChange={(event) => set({ from: event.target.value || undefined })} />
        </label>
        <label>
          To
          <input type="date" value={filter.to ?? ''} onChange={(event) => set({ to: event.target.value || undefined })} />
        </label>
      </form>
      <ErrorLine error={audit.error} />
      <table className="grid">
        <caption>{data ? `${data.total} entries, newest first` : 'Loading the audit log…'}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Operator</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          {data?.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.createdAt)}</td>
              <td>{entry.operator ? `${entry.operator.name} (${entry.operator.role})` : '—'}</td>
              <td>{entry.action}</td>
              <td>
                {entry.targetType} {entry.targetId}
              </td>
              <td>
                <pre>{json(entry.before)}</pre>
              </td>
              <td>
                <pre>{json(entry.after)}</pre>
              </td>
              <td className="mono">{entry.requestId.slice(0, 8)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager" aria-label="Pages">
        <button type="button" disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
          Previous
        </button>
        <span>
          Page {filter.page} of {pages}
        </span>
        <button type="button" disabled={filter.page >= pages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
          Next
        </button>
      </nav>
    </Page>
  );
};
