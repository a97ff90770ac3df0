/**
 * The list behind a dashboard figure (issue 31 item 4): its rows newest first, a page at a time by
 * the server's cursor, each order and borrower a link to its page; and the whole list as CSV.
 */
import { formatMoney } from '@kilat/contract';
import { type DashboardColumn, DashboardFigure, type DashboardListRow, DashboardPart } from '@kilat/contract/console/browser';
import { Link, useSearch } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { ListPage } from '@/shared/list-page';
import { useCursorPages } from '@/shared/pager';
import type { Column } from '@/shared/table';
import { Page } from '@/shared/ui';
import { useDashboardList } from './api/get-dashboard';
import { dashboardSearch, exportHref, type ListFilter } from './links';

const cellOf = (column: DashboardColumn, row: DashboardListRow, market: 'IN' | 'ID') => {
  const value = row.values[column.key];
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  switch (column.type) {
    case 'money':
      return formatMoney(Number(value), market);
    case 'instant':
      return formatDateTime(String(value), market);
    case 'order':
      return <Link href={`/orders/${value}`}>{String(row.values.orderNo ?? value)}</Link>;
    case 'borrower':
      return <Link href={`/borrowers/${value}`}>{String(row.values.borrowerName || `Borrower ${value}`)}</Link>;
    default:
      return String(value);
  }
};

const listFilterOf = (figure: string, search: URLSearchParams): ListFilter | null => {
  if (!(DashboardFigure as readonly string[]).includes(figure)) return null;
  const part = search.get('part');
  return {
    figure: figure as ListFilter['figure'],
    market: search.get('market') === 'ID' ? 'ID' : 'IN',
    from: search.get('from') || undefined,
    to: search.get('to') || undefined,
    part: part && (DashboardPart as readonly string[]).includes(part) ? (part as ListFilter['part']) : undefined,
    channel: search.get('channel') ?? undefined,
    utmTag: search.get('utmTag') ?? undefined,
  };
};

export const DashboardListPage = ({ figure }: { figure: string }) => {
  const filter = listFilterOf(figure, new URLSearchParams(useSearch()));
  const cursor = useCursorPages<number | undefined>(undefined);
  const after = cursor.after;
  const list = useDashboardList({ ...(filter ?? { figure: 'disbursed', market: 'IN' }), ...(after === undefined ? {} : { after }) });
  if (!filter) {
    return (
      <Page title="Not found">
        <p>There is no such list.</p>
      </Page>
    );
  }
  const data = list.data;
  const market = data?.market ?? filter.market;
  const columns: Column<DashboardListRow>[] = (data?.columns ?? []).map((column) => ({
    header: column.header,
    cell: (row) => cellOf(column, row, market),
    className: column.type === 'money' || column.type === 'number' ? 'mono' : undefined,
  }));
  const narrowed = [
    filter.channel !== undefined && `channel ${filter.channel || '(none)'}`,
    filter.utmTag !== undefined && `utm_tag ${filter.utmTag || '(none)'}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <ListPage
      title={data?.title ?? 'Dashboard list'}
      actions={<Link href={`/dashboard?${dashboardSearch(filter)}`}>Back to the dashboard</Link>}
      csvHref={exportHref(filter)}
      error={list.error}
      caption={data ? `${data.rows.length === 0 ? 'No rows' : `Page ${cursor.page}`}, newest first` : 'Loading the list…'}
      columns={columns}
      rows={data?.rows ?? []}
      rowKey={(row) => row.id}
      paging={{ cursor, next: data?.next }}
    >
      <p className="meta">
        <span>{MARKET_LABEL[market]}</span>
        <span>
          {filter.from && filter.to ? `business dates ${filter.from} to ${filter.to}` : 'the last 30 days'}
          {narrowed && `, ${narrowed}`}
        </span>
      </p>
    </ListPage>
  );
};
