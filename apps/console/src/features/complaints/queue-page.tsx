/** The complaint queue: filters (status, type and sub-type, market, age, assignee), oldest first, with the SLA clock. */
import { COLLECTION_PROBLEM_TYPE } from '@kilat/contract';
import { type ComplaintQueueFilter, ComplaintStatusFilter, Permission } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL, STATUS_LABEL } from '../../shared/format';
import { useSession } from '../../shared/session';
import { ErrorLine, Page, SlaBadge, Stars } from '../../shared/ui';
import { useOperators, useProblemTypes, useQueue } from './api';

const STATUS_FILTER_LABEL: Record<ComplaintStatusFilter, string> = { open: 'Open', replied: 'Replied', closed: 'Closed', all: 'All' };

export const QueuePage = () => {
  const { can } = useSession();
  const [filter, setFilter] = useState<ComplaintQueueFilter>({ status: 'open', page: 1 });
  const set = (change: Partial<ComplaintQueueFilter>) => setFilter((current) => ({ ...current, page: 1, ...change }));
  const queue = useQueue(filter);
  const types = useProblemTypes();
  const operators = useOperators(can(Permission.OperatorsRead));
  const topTypes = (types.data ?? []).filter((type) => type.parentValue === 0);
  const subTypes = (types.data ?? []).filter((type) => filter.type !== undefined && type.parentValue === Number(filter.type));
  const page = Number(filter.page ?? 1);
  const data = queue.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Page title="Complaints">
      <form className="filters" aria-label="Filter complaints" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status
          <select value={filter.status} onChange={(event) => set({ status: event.target.value as ComplaintStatusFilter })}>
            {ComplaintStatusFilter.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABEL[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select
            value={filter.type ?? ''}
            onChange={(event) => set({ type: event.target.value ? Number(event.target.value) : undefined, sonType: undefined })}
          >
            <option value="">Any</option>
            {topTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.titleEn}
              </option>
            ))}
          </select>
        </label>
        {subTypes.length > 0 && (
          <label>
            Sub-type
            <select
              value={filter.sonType ?? ''}
              onChange={(event) => set({ sonType: event.target.value ? Number(event.target.value) : undefined })}
            >
              <option value="">Any</option>
              {subTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.titleEn}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Market
          <select
            value={filter.market ?? ''}
            onChange={(event) => set({ market: (event.target.value || undefined) as 'IN' | 'ID' | undefined })}
          >
            <option value="">Both</option>
            <option value="IN">India</option>
            <option value="ID">Indonesia</option>
          </select>
        </label>
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
        <label>
          Assignee
          <select value={filter.assignee ?? ''} onChange={(event) => set({ assignee: event.target.value || undefined })}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Unassigned</option>
            {(operators.data ?? [])
              .filter((operator) => operator.role === 'agent' || operator.role === 'supervisor')
              .map((operator) => (
                <option key={operator.id} value={String(operator.id)}>
                  {operator.name}
                </option>
              ))}
          </select>
        </label>
      </form>
      <ErrorLine error={queue.error} />
      <table className="grid">
        <caption>{data ? `${data.total} complaint${data.total === 1 ? '' : 's'}, oldest first` : 'Loading complaints…'}</caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Received</th>
            <th scope="col">Market</th>
            <th scope="col">Type</th>
            <th scope="col">Complaint</th>
            <th scope="col">Order</th>
            <th scope="col">Assignee</th>
            <th scope="col">Reply due</th>
            <th scope="col">Status</th>
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((item) => (
            <tr key={item.id} className={item.collection ? 'collection' : ''}>
              <td>
                <Link href={`/complaints/${item.id}`}>#{item.id}</Link>
              </td>
              <td>{formatDateTime(item.createdAt)}</td>
              <td>{MARKET_LABEL[item.market]}</td>
              <td>
                {item.typeTitle}
                {item.sonTypeTitle && <span className="muted"> · {item.sonTypeTitle}</span>}
                {item.problemType === COLLECTION_PROBLEM_TYPE && <span className="badge flag">Collection · supervisor</span>}
              </td>
              <td className="detail-cell">{item.detail}</td>
              <td>{item.orderNo}</td>
              <td>{item.assignee?.name ?? <span className="muted">unassigned</span>}</td>
              <td>
                <SlaBadge state={item.sla} dueAt={item.slaDueAt} />
              </td>
              <td>{STATUS_LABEL[item.status]}</td>
              <td>
                <Stars score={item.score} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager" aria-label="Pages">
        <button type="button" disabled={page <= 1} onClick={() => setFilter({ ...filter, page: page - 1 })}>
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" disabled={page >= pages} onClick={() => setFilter({ ...filter, page: page + 1 })}>
          Next
        </button>
      </nav>
    </Page>
  );
};
