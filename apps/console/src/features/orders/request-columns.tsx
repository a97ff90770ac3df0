/** The columns of an order's maker-checker requests (waivers, write-offs, refunds: decisions 157, 163, 164). */
import type { WaiverView } from '@kilat/contract/console/browser';
import { formatDateTime } from '@/shared/format';
import type { Column } from '@/shared/table';

const STATUS = { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' } as const;

/** The columns every maker-checker request shows, and its approve/reject buttons for another operator who may decide. */
export const requestColumns = <Row extends WaiverView>(
  market: 'IN' | 'ID',
  noun: string,
  decide: { allowed: boolean; me: number; pending: boolean; run: (id: number, approve: boolean) => void },
): Column<Row>[] => [
  { header: 'Asked', cell: (row) => formatDateTime(row.requestedAt, market) },
  { header: 'By', cell: (row) => row.requestedBy.name },
  { header: 'Amount', cell: (row) => row.amount },
  { header: 'Reason', cell: (row) => row.reason },
  { header: 'Status', cell: (row) => STATUS[row.status] },
  {
    header: 'Decided',
    cell: (row) =>
      row.status === 'pending' ? (
        decide.allowed && row.requestedBy.id !== decide.me ? (
          <div className="actions">
            <button type="button" onClick={() => decide.run(row.id, true)} disabled={decide.pending}>
              Approve {noun} {row.id}
            </button>
            <button type="button" onClick={() => decide.run(row.id, false)} disabled={decide.pending}>
              Reject {noun} {row.id}
            </button>
          </div>
        ) : (
          <span className="muted">another operator decides</span>
        )
      ) : (
        `${row.decidedBy?.name ?? 'under the approval amount'}${row.decidedAt ? ` · ${formatDateTime(row.decidedAt, market)}` : ''}`
      ),
  },
];
