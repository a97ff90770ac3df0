/** The audit log, newest first: who did what to which target, before and after, with the request id. */
import type { AuditEntry } from '@kilat/contract/console/browser';
import { useOperators } from '@/shared/api/get-operators';
import { DateRangeFields, Filters, usePagedFilter } from '@/shared/filters';
import { formatDateTime } from '@/shared/format';
import { ListPage } from '@/shared/list-page';
import { pageCount } from '@/shared/pager';
import { type Choice, operatorChoice, SelectField } from '@/shared/select-field';
import type { Column } from '@/shared/table';
import { useAudit } from './api/get-audit';

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
  'operator.enrol',
  'operator.role',
  'operator.disable',
  'operator.enable',
  'operator.unlock',
  'operator.reset',
  'borrower.sessions.revoke',
  'penalty-waiver.request',
  'penalty-waiver.approve',
  'penalty-waiver.reject',
  'chatbot.create',
  'chatbot.update',
  'chatbot.move',
  'chatbot.retire',
  'chatbot.restore',
  'payout.retry',
  'payout.cancel-loan',
  'payout-mismatch.resolve',
];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

const TARGETS: Choice[] = [
  { value: 'complaint', label: 'Complaint' },
  { value: 'template', label: 'Template' },
  { value: 'operator', label: 'Operator' },
  { value: 'qa-node', label: 'Chatbot node' },
  { value: 'borrower', label: 'Borrower' },
  { value: 'order', label: 'Order (payouts, waivers)' },
  { value: 'payout-mismatch', label: 'Payout mismatch' },
];

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => formatDateTime(entry.createdAt, 'UTC') },
  { header: 'Operator', cell: (entry) => (entry.operator ? `${entry.operator.name} (${entry.operator.role})` : '—') },
  { header: 'Action', cell: (entry) => entry.action },
  {
    header: 'Target',
    cell: (entry) => (
      <>
        {entry.targetType} {entry.targetId}
      </>
    ),
  },
  { header: 'Before', cell: (entry) => <pre>{json(entry.before)}</pre> },
  { header: 'After', cell: (entry) => <pre>{json(entry.after)}</pre> },
  { header: 'Request', cell: (entry) => entry.requestId.slice(0, 8), className: 'mono' },
];

export const AuditPage = () => {
  const { filter, set, setPage } = usePagedFilter<AuditFilter>({ page: 1 });
  const audit = useAudit(filter);
  const operators = useOperators();
  const data = audit.data;
  return (
    <ListPage
      title="Audit log"
      filters={
        <Filters label="Filter the audit log">
          <SelectField
            label="Operator"
            value={filter.operatorId ?? ''}
            onChange={(value) => set({ operatorId: value || undefined })}
            empty="Anyone"
            choices={(operators.data ?? []).map(operatorChoice)}
          />
          <SelectField
            label="Action"
            value={filter.action ?? ''}
            onChange={(value) => set({ action: value || undefined })}
            empty="Any"
            choices={[...new Set([...ACTIONS, ...(data?.actions ?? [])])].sort().map((action) => ({ value: action, label: action }))}
          />
          <SelectField
            label="Target"
            value={filter.targetType ?? ''}
            onChange={(value) => set({ targetType: value || undefined })}
            empty="Any"
            choices={TARGETS}
          />
          <label>
            Target id
            <input value={filter.targetId ?? ''} onChange={(event) => set({ targetId: event.target.value.trim() || undefined })} />
          </label>
          <DateRangeFields from={filter.from} to={filter.to} onChange={set} />
        </Filters>
      }
      error={audit.error}
      caption={data ? `${data.total} entries, newest first` : 'Loading the audit log…'}
      columns={COLUMNS}
      rows={data?.entries ?? []}
      rowKey={(entry) => entry.id}
      paging={{ page: filter.page, pages: pageCount(data), onPage: setPage }}
    />
  );
};
