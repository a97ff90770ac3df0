/** The money going out (issue 28 item 6): each order's latest payout attempt by state and market, with the gateway's reason. */
import { type PayoutListItem, PayoutListState } from '@kilat/contract/console/browser';
import { Link } from 'wouter';
import { Filters, usePagedFilter } from '@/shared/filters';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { Pager, pageCount } from '@/shared/pager';
import { SelectField } from '@/shared/select-field';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { usePayouts } from './api/get-payouts';
import { STATE_LABEL, STATUS_LABEL } from './labels';

interface PayoutFilter {
  state?: PayoutListState;
  market?: 'IN' | 'ID';
  page: number;
}

const STATE_CHOICES = PayoutListState.map((state) => ({ value: state, label: STATE_LABEL[state] }));
const MARKET_CHOICES = [
  { value: 'IN', label: 'India' },
  { value: 'ID', label: 'Indonesia' },
];

const COLUMNS: Column<PayoutListItem>[] = [
  { header: 'Order', cell: (item) => <Link href={`/payouts/${item.orderId}`}>{item.orderNo}</Link> },
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
    <Page title="Payouts">
      <Filters label="Filter payouts">
        <SelectField
          label="State"
          value={filter.state ?? ''}
          onChange={(value) => set({ state: (value || undefined) as PayoutListState | undefined })}
          empty="Any"
          choices={STATE_CHOICES}
        />
        <SelectField
          label="Market"
          value={filter.market ?? ''}
          onChange={(value) => set({ market: (value || undefined) as 'IN' | 'ID' | undefined })}
          empty="Both"
          choices={MARKET_CHOICES}
        />
      </Filters>
      <ErrorLine error={payouts.error} />
      <Table
        className="grid"
        caption={data ? `${data.total} orders, most recently changed first` : 'Loading the payouts…'}
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowKey={(item) => item.orderId}
      />
      <Pager page={filter.page} pages={pageCount(data)} onPage={setPage} />
    </Page>
  );
};
