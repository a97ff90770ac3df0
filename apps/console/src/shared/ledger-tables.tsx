/** An order's money as the lending core replays it (the one waterfall): owed by period, and what each ledger row paid. */
import type { OrderLedgerView } from '@kilat/contract/console/browser';
import { type Column, Table } from './table';

type LedgerPeriod = OrderLedgerView['periods'][number];
type LedgerRow = OrderLedgerView['rows'][number];

const PERIOD_COLUMNS: Column<LedgerPeriod>[] = [
  { header: 'Period', cell: (period) => period.periodNo },
  { header: 'Due', cell: (period) => period.dueDate },
  { header: 'Fee', cell: (period) => period.fee },
  { header: 'Interest', cell: (period) => period.interest },
  { header: 'Principal', cell: (period) => period.principal },
  { header: 'Owed', cell: (period) => period.owed },
];

const ROW_COLUMNS: Column<LedgerRow>[] = [
  { header: 'Date', cell: (row) => row.businessDate },
  { header: 'Kind', cell: (row) => row.kind },
  { header: 'Amount', cell: (row) => row.amount },
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
