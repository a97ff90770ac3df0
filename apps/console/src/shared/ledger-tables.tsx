/** An order's money as the lending core replays it (the one waterfall): owed by period, and what each ledger row paid. */
import type { OrderLedgerView } from '@kilat/contract/console/browser';
import { formatDate } from './format';
import { type Column, Table } from './table';

type LedgerPeriod = OrderLedgerView['periods'][number];
type LedgerRow = OrderLedgerView['rows'][number];

const PERIOD_COLUMNS: Column<LedgerPeriod>[] = [
  { header: 'Period', cell: (period) => period.periodNo },
  { header: 'Due', cell: (period) => formatDate(period.dueDate), className: 'nowrap' },
  { header: 'Fee', cell: (period) => period.fee, className: 'mono' },
  { header: 'Interest', cell: (period) => period.interest, className: 'mono' },
  { header: 'Principal', cell: (period) => period.principal, className: 'mono' },
  { header: 'Owed', cell: (period) => period.owed, className: 'mono' },
];

const ROW_COLUMNS: Column<LedgerRow>[] = [
  { header: 'Date', cell: (row) => formatDate(row.businessDate), className: 'nowrap' },
  { header: 'Kind', cell: (row) => row.kind },
  { header: 'Amount', cell: (row) => row.amount, className: 'mono' },
  { header: 'Paid', cell: (row) => row.allocation },
];

export const LedgerTables = ({ ledger }: { ledger: OrderLedgerView }) => (
  <>
    <Table caption="Owed by period" columns={PERIOD_COLUMNS} rows={ledger.periods} rowKey={(period) => period.periodNo} />
    <Table caption="Ledger rows, in time order" columns={ROW_COLUMNS} rows={ledger.rows} rowKey={(row) => row.id} />
    {ledger.pending.length > 0 && (
      <p className="muted">{ledger.pending.length} overdue day(s) accrued, posted at the next run of the daily job.</p>
    )}
  </>
);
