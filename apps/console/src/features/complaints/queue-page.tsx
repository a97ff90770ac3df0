/** The complaint queue: filters (status, type and sub-type, market, age, assignee), oldest first, with the SLA clock. */
import { COLLECTION_PROBLEM_TYPE } from '@kilat/contract';
import {
  type ComplaintQueueFilter,
  ComplaintStatusFilter,
  Permission,
  type ProblemTypeView,
  type QueueItem,
} from '@kilat/contract/console/browser';
import { Link } from 'wouter';
import { useOperators } from '@/shared/api/get-operators';
import { useProblemTypes } from '@/shared/api/get-problem-types';
import { Filters, usePagedFilter } from '@/shared/filters';
import { formatDateTime, MARKET_LABEL, STATUS_LABEL } from '@/shared/format';
import { ListPage } from '@/shared/list-page';
import { pageCount } from '@/shared/pager';
import { MarketField, SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import type { Column } from '@/shared/table';
import { SlaBadge, Stars } from '@/shared/ui';
import { useQueue } from './api/get-queue';

const STATUS_FILTER_LABEL: Record<ComplaintStatusFilter, string> = { open: 'Open', replied: 'Replied', closed: 'Closed', all: 'All' };
const STATUS_CHOICES = ComplaintStatusFilter.map((status) => ({ value: status, label: STATUS_FILTER_LABEL[status] }));
/** a problem type as a choice, by its English title */
const typeChoice = (type: ProblemTypeView) => ({ value: type.value, label: type.titleEn });
const numberOrNone = (value: string) => (value ? Number(value) : undefined);

const COLUMNS: Column<QueueItem>[] = [
  { header: 'No.', cell: (item) => <Link href={`/complaints/${item.id}`}>#{item.id}</Link> },
  { header: 'Received', cell: (item) => formatDateTime(item.createdAt, item.market) },
  { header: 'Market', cell: (item) => MARKET_LABEL[item.market] },
  {
    header: 'Type',
    cell: (item) => (
      <>
        {item.typeTitle}
        {item.sonTypeTitle && <span className="muted"> · {item.sonTypeTitle}</span>}
        {item.problemType === COLLECTION_PROBLEM_TYPE && <span className="badge flag">Collection · supervisor</span>}
      </>
    ),
  },
  { header: 'Complaint', cell: (item) => item.detail, className: 'detail-cell' },
  // every role may open an order's page (borrowers.read)
  { header: 'Order', cell: (item) => <Link href={`/orders/${item.orderId}`}>{item.orderNo}</Link> },
  { header: 'Assignee', cell: (item) => item.assignee?.name ?? <span className="muted">unassigned</span> },
  { header: 'Reply due', cell: (item) => <SlaBadge state={item.sla} dueAt={item.slaDueAt} market={item.market} /> },
  {
    header: 'Regulator deadline',
    cell: (item) => (
      <>
        {item.regulatorDeadline ?? <span className="muted">–</span>}
        {item.escalated && <span className="badge flag"> Escalated</span>}
      </>
    ),
  },
  { header: 'Status', cell: (item) => STATUS_LABEL[item.status] },
  { header: 'Rating', cell: (item) => <Stars score={item.score} /> },
];

export const QueuePage = () => {
  const { can } = useSession();
  const { filter, set, setPage } = usePagedFilter<ComplaintQueueFilter>({ status: 'open', page: 1 });
  const queue = useQueue(filter);
  const types = useProblemTypes();
  const operators = useOperators(can(Permission.OperatorsRead));
  const topTypes = (types.data ?? []).filter((type) => type.parentValue === 0);
  const subTypes = (types.data ?? []).filter((type) => filter.type !== undefined && type.parentValue === Number(filter.type));
  const assignees = (operators.data ?? []).filter((operator) => operator.role === 'agent' || operator.role === 'supervisor');
  const data = queue.data;

  return (
    <ListPage
      title="Complaints"
      filters={
        <Filters label="Filter complaints">
          <SelectField
            label="Status"
            value={filter.status ?? 'open'}
            onChange={(value) => set({ status: value as ComplaintStatusFilter })}
            choices={STATUS_CHOICES}
          />
          <SelectField
            label="Type"
            value={filter.type ?? ''}
            onChange={(value) => set({ type: numberOrNone(value), sonType: undefined })}
            empty="Any"
            choices={topTypes.map(typeChoice)}
          />
          {subTypes.length > 0 && (
            <SelectField
              label="Sub-type"
              value={filter.sonType ?? ''}
              onChange={(value) => set({ sonType: numberOrNone(value) })}
              empty="Any"
              choices={subTypes.map(typeChoice)}
            />
          )}
          <MarketField value={filter.market} onChange={(market) => set({ market })} empty="Both" />
          <label>
            At least this many days old
            <input
              type="number"
              min={0}
              max={3650}
              value={filter.minAgeDays ?? ''}
              onChange={(event) => set({ minAgeDays: event.target.value === '' ? undefined : Number(event.target.value) })}
            />
          </label>
          <SelectField
            label="Assignee"
            value={filter.assignee ?? ''}
            onChange={(value) => set({ assignee: value || undefined })}
            empty="Anyone"
            choices={[
              { value: 'me', label: 'Me' },
              { value: 'none', label: 'Unassigned' },
              ...assignees.map((operator) => ({ value: String(operator.id), label: operator.name })),
            ]}
          />
        </Filters>
      }
      error={queue.error}
      caption={
        data ? `${data.total} complaint${data.total === 1 ? '' : 's'}, oldest first · refreshed every 30 seconds` : 'Loading complaints…'
      }
      columns={COLUMNS}
      rows={data?.items ?? []}
      rowKey={(item) => item.id}
      rowClassName={(item) => (item.collection ? 'collection' : '')}
      paging={{ page: Number(filter.page ?? 1), pages: pageCount(data), onPage: setPage }}
    />
  );
};
