/**
 * Reversals (issue 47, decisions 233 and 274): a repayment, a recovery, a penalty waiver, a write-off
 * or a settlement undone by a reversing row, never an edit. The maker picks the row and gives a
 * reason; a risk operator who is not the maker approves it here or in the approvals inbox. The server
 * plans it again at the approval, refuses what may not be reversed, and tells the borrower by SMS
 * when it changes what they owe.
 */
import { type OrderActionsView, Permission, type ReversalRequestView, type ReversibleKind } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { formatDate } from '@/shared/format';
import { MakerChecker } from '@/shared/maker-checker';
import { ReasonForm } from '@/shared/reason-form';
import { useSession } from '@/shared/session';
import type { Column } from '@/shared/table';
import { useDecideReversal, useRequestReversal } from './api/order-actions';
import { Card } from './card';

export const REVERSIBLE_LABEL: Record<ReversibleKind, string> = {
  repayment: 'Repayment',
  recovery: 'Recovery after the write-off',
  penalty_waiver: 'Penalty waiver',
  write_off: 'Write-off',
  settlement_waiver: 'Settlement (the rest waived)',
};

const ROW_COLUMN: Column<ReversalRequestView> = {
  header: 'Reverses',
  cell: (row) => `${REVERSIBLE_LABEL[row.reversedKind]} (ledger row ${row.ledgerId})`,
};

export const Reversals = ({ view }: { view: OrderActionsView }) => {
  const { can } = useSession();
  const ask = useRequestReversal(view.orderId);
  const decide = useDecideReversal(view.orderId);
  const open = view.reversal.rows.filter((row) => !row.waiting);
  const [chosen, choose] = useState<number | null>(null);
  const ledgerId = chosen !== null && open.some((row) => row.ledgerId === chosen) ? chosen : (open[0]?.ledgerId ?? null);
  return (
    <Card id="reversal-title" title="Reversals">
      <p>
        A reversal posts a reversing row and the ledger is replayed without the row: what the order owes changes and the borrower is told by
        SMS. A risk operator who did not ask approves it.
      </p>
      <MakerChecker
        caption="Reversals of this order"
        noun="reversal"
        market={view.market}
        requests={view.reversal.requests}
        approver={Permission.ReversalsApprove}
        decision={decide}
        more={[ROW_COLUMN]}
      />
      {can(Permission.ReversalsRequest) && ledgerId !== null && (
        <ReasonForm
          label="Reverse a ledger row"
          reasonLabel="Reason for the reversal"
          confirmLabel="Ask to reverse"
          change={ask}
          onConfirm={({ reason }, clear) => ask.mutate({ ledgerId, reason }, { onSuccess: clear })}
        >
          <label>
            Row to reverse
            <select value={ledgerId} onChange={(event) => choose(Number(event.target.value))}>
              {open.map((row) => (
                <option key={row.ledgerId} value={row.ledgerId}>
                  {`${REVERSIBLE_LABEL[row.kind]} of ${row.amount} on ${formatDate(row.businessDate)} (row ${row.ledgerId})`}
                </option>
              ))}
            </select>
          </label>
        </ReasonForm>
      )}
      {ask.data && <p role="status">Asked: a risk operator approves it (reversal {ask.data.id}).</p>}
    </Card>
  );
};
