/** The money going out (issue 28 item 6): each order's latest payout attempt by state and market, with the gateway's reason. */
import { type PayoutListItem, PayoutListState } from '@kilat/contract/console/browser';
import { Link } from 'wouter';
import { Filters, usePagedFilter } from '@/shared/filters';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { ListPage } from '@/shared/list-page';
import { pageCount } from '@/shared/pager';
import { MarketField, SelectField } from '@/shared/select-field';
import type { Column } from '@/shared/table';
import { usePayouts } from './api/get-payouts';
import { STATE_LABEL, STATUS_LABEL } from './labels';

interface PayoutFilter {
  state?: PayoutListState;
  market?: 'IN' | 'ID';
  page: number;
}

const STATE_CHOICES = PayoutListState.map((state) => ({ value: state, label: STATE_LABEL[state] }));

const COLUMNS: Column<PayoutListItem>[] = [
  {
    header: 'Order',
    cell: (item) => (
      <Link href={`/payouts/${item.orderId}`} className="mono">
        {item.orderNo}
      </Link>
    ),
  },
  { header: 'Market', cell: (item) => MARKET_LABEL[item.market] },
  { header: 'Borrower', cell: (item) => item.borrowerName },
  { header: 'Amount', cell: (item) => item.amount, className: 'mono' },
  {
    header: 'State',
    cell: (item) => (
      <>
        <span className={`badge payout-${item.state}`}>{STATE_LABEL[item.state]}</span>
        {item.loanCancelled && <span className="badge flag">loan cancelled</span>}
        <span className="muted">
          {' '}
          · attempt {item.attempt}, {STATUS_LABEL[item.status] ?? item.status}
        </span>
      </>
    ),
  },
  {
    header: "Gateway's reason",
    cell: (item) =>
      item.failureReason ? (
        <>
          {item.failureCode && <span className="mono">{item.failureCode} </span>}
          {item.failureReason}
          {item.retryable && <span className="muted"> (retryable)</span>}
        </>
      ) : (
        <span className="muted">—</span>
      ),
    className: 'detail-cell',
  },
  { header: 'Account', cell: (item) => `${item.bankName} ···${item.accountEnding}` },
  { header: 'Gateway', cell: (item) => item.gateway },
  { header: 'UTR', cell: (item) => item.utr ?? <span className="muted">—</span>, className: 'mono' },
  { header: 'Next try', cell: (item) => (item.nextTryAt ? formatDateTime(item.nextTryAt, item.market) : <span className="muted">—</span>) },
  { header: 'Changed', cell: (item) => formatDateTime(item.updatedAt, item.market) },
];

export const PayoutsPage = () => {
  const { filter, set, setPage } = usePagedFilter<PayoutFilter>({ page: 1 });
  const payouts = usePayouts(filter);
  const data = payouts.data;
  return (
    <ListPage
      title="Payouts"
      filters={
        <Filters label="Filter payouts">
          <SelectField
            label="State"
            value={filter.state ?? ''}
            onChange={(value) => set({ state: (value || undefined) as PayoutListState | undefined })}
            empty="Any"
            choices={STATE_CHOICES}
          />
          <MarketField value={filter.market} onChange={(market) => set({ market })} empty="Both" />
        </Filters>
      }
      error={payouts.error}
      caption={data ? `${data.total} orders, most recently changed first` : 'Loading the payouts…'}
      columns={COLUMNS}
      rows={data?.items ?? []}
      rowKey={(item) => item.orderId}
      paging={{ page: filter.page, pages: pageCount(data), onPage: setPage }}
    />
  );
};
