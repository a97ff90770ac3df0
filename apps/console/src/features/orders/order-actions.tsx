/**
 * The order page's actions (issue 31 item 2, decisions 163 and 164): record an offline repayment
 * against its bank reference, write off what the order owes, refund an overpayment, resend the due
 * reminder. Each asks a reason; write-offs above the configured amount and every refund wait for a
 * second operator, and the maker is never offered the approval of their own.
 */
import { type OrderActionsView, Permission, type RefundView } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { formatDate, formatDateTime } from '@/shared/format';
import { MakerChecker } from '@/shared/maker-checker';
import { majorText } from '@/shared/money-field';
import { ReasonForm } from '@/shared/reason-form';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine } from '@/shared/ui';
import {
  useDecideRefund,
  useDecideWriteOff,
  useOrderActions,
  useRecordOfflineRepayment,
  useRequestRefund,
  useRequestWriteOff,
  useResendReminder,
} from './api/order-actions';
import { Card } from './card';
import { Reversals } from './reversals';

const RECORDED_COLUMNS: Column<OrderActionsView['offlineRepayment']['recorded'][number]>[] = [
  { header: 'Bank reference', cell: (row) => row.bankReference },
  { header: 'Amount', cell: (row) => row.amount },
  { header: 'Received', cell: (row) => formatDate(row.receivedOn), className: 'nowrap' },
  { header: 'Recorded', cell: (row) => `${formatDate(row.recordedOn)}${row.recordedBy ? ` · ${row.recordedBy.name}` : ''}` },
  { header: 'Paid', cell: (row) => row.allocation.join(', ') },
];

const PAYOUT_COLUMN: Column<RefundView> = {
  header: 'Payout',
  cell: (row) =>
    row.payout
      ? `${row.payout.reference} · ${row.payout.status} · ${row.payout.account}${row.payout.utr ? ` · UTR ${row.payout.utr}` : ''}${row.payout.failure ? ` · ${row.payout.failure}` : ''}`
      : '—',
};

const OfflineRepayment = ({ view }: { view: OrderActionsView }) => {
  const { today, offlineRepayment } = view;
  const { can } = useSession();
  const record = useRecordOfflineRepayment(view.orderId);
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  return (
    <Card id="offline-title" title="Offline repayment">
      <Table
        caption="Recorded against bank references"
        columns={RECORDED_COLUMNS}
        rows={offlineRepayment.recorded}
        rowKey={(row) => row.bankReference}
      />
      {can(Permission.RepaymentsRecordOffline) && offlineRepayment.maxMinor > 0 && (
        <ReasonForm
          label="Record an offline repayment"
          confirmLabel="Record repayment"
          change={record}
          onConfirm={({ reason, amountMinor }, clear) =>
            record.mutate(
              { amountMinor, bankReference: reference, receivedOn, reason },
              {
                onSuccess: () => {
                  clear();
                  setReference('');
                },
              },
            )
          }
          amount={{
            label: `Amount received (at most ${majorText(offlineRepayment.maxMinor)}, what the order may take today)`,
            maxMinor: offlineRepayment.maxMinor,
          }}
          outcome={
            record.data && (
              <p role="status">
                {record.data.duplicate
                  ? `This bank reference was recorded already: ${record.data.amount} on ${formatDate(record.data.recordedOn)}. Nothing was posted again.`
                  : record.data.status === 'pending'
                    ? `${record.data.amount} received on ${formatDate(record.data.receivedOn)} waits for another operator's approval (above the day's limit).`
                    : `Recorded ${record.data.amount}: ${record.data.allocation.join(', ')}. Applied on ${formatDate(record.data.receivedOn)}, the day the bank received it.`}
              </p>
            )
          }
        >
          <label>
            Bank reference
            <input value={reference} onChange={(event) => setReference(event.target.value)} minLength={4} maxLength={40} required />
          </label>
          <label>
            Received on
            <input type="date" value={receivedOn} max={today} onChange={(event) => setReceivedOn(event.target.value)} required />
          </label>
        </ReasonForm>
      )}
    </Card>
  );
};

const WriteOff = ({ view }: { view: OrderActionsView }) => {
  const { can } = useSession();
  const ask = useRequestWriteOff(view.orderId);
  const decide = useDecideWriteOff(view.orderId);
  const { writeOff } = view;
  const waiting = writeOff.requests.some((request) => request.status === 'pending');
  return (
    <Card id="write-off-title" title="Write-off">
      {writeOff.writtenOff && <p>Written off: {writeOff.writtenOff}. The order owes nothing and accrues nothing more.</p>}
      <MakerChecker
        caption="Write-offs of this order"
        noun="write-off"
        market={view.market}
        requests={writeOff.requests}
        approver={Permission.WriteOffsApprove}
        decision={decide}
        withReason
      />
      {can(Permission.WriteOffsRequest) && writeOff.owedMinor > 0 && !waiting && (
        <ReasonForm
          label="Write off what the order owes"
          reasonLabel="Reason for the write-off"
          confirmLabel="Ask to write off"
          change={ask}
          onConfirm={({ reason }, clear) => ask.mutate({ reason }, { onSuccess: clear })}
        >
          <p>
            Everything the order owes today: {writeOff.owed}. Above {majorText(writeOff.approvalAboveMinor)} a risk operator approves.
          </p>
        </ReasonForm>
      )}
      {ask.data && (
        <p role="status">{ask.data.status === 'pending' ? 'Asked: a risk operator approves it.' : 'Written off: posted to the ledger.'}</p>
      )}
    </Card>
  );
};

const Refund = ({ view }: { view: OrderActionsView }) => {
  const { can } = useSession();
  const ask = useRequestRefund(view.orderId);
  const decide = useDecideRefund(view.orderId);
  const { refund } = view;
  return (
    <Card id="refund-title" title="Refund of an overpayment">
      <p>
        Paid beyond what was owed and not yet refunded or asked: {refund.refundable}.{' '}
        {refund.account ? `Refunds go to ${refund.account}.` : 'The borrower has no validated disbursal account to refund to.'}
      </p>
      <MakerChecker
        caption="Refunds of this order"
        noun="refund"
        market={view.market}
        requests={refund.requests}
        approver={Permission.RefundsApprove}
        decision={decide}
        withReason
        more={[PAYOUT_COLUMN]}
      />
      {can(Permission.RefundsRequest) && refund.refundableMinor > 0 && refund.account && (
        <ReasonForm
          label="Refund an overpayment"
          reasonLabel="Reason for the refund"
          confirmLabel="Ask to refund"
          change={ask}
          onConfirm={({ reason, amountMinor }, clear) => ask.mutate({ amountMinor, reason }, { onSuccess: clear })}
          amount={{ label: `Amount to refund (at most ${majorText(refund.refundableMinor)})`, maxMinor: refund.refundableMinor }}
        />
      )}
      {ask.data && <p role="status">Asked: another operator approves it; the payout then goes to the borrower's account.</p>}
    </Card>
  );
};

const Reminder = ({ view }: { view: OrderActionsView }) => {
  const { can } = useSession();
  const resend = useResendReminder(view.orderId);
  const { reminder } = view;
  return (
    <Card id="reminder-title" title="Due reminder">
      <p>
        {reminder.lastResentAt ? `Last resent ${formatDateTime(reminder.lastResentAt, view.market)}. ` : ''}
        {reminder.refusal ?? 'The borrower gets the reminder of what is due, by SMS, in their language.'}
      </p>
      {can(Permission.RemindersResend) && !reminder.refusal && (
        <ReasonForm
          label="Resend the due reminder"
          reasonLabel="Reason for resending"
          short
          confirmLabel="Resend reminder"
          change={resend}
          onConfirm={({ reason }, clear) => resend.mutate({ reason }, { onSuccess: clear })}
        />
      )}
      {resend.data && <p role="status">Reminder queued for {formatDateTime(resend.data.sentAt, view.market)}.</p>}
    </Card>
  );
};

/** The actions of an order. */
export const OrderActions = ({ orderId }: { orderId: number }) => {
  const actions = useOrderActions(orderId);
  const view = actions.data;
  if (!view) return <ErrorLine error={actions.error} />;
  return (
    <>
      <OfflineRepayment view={view} />
      <WriteOff view={view} />
      <Refund view={view} />
      <Reversals view={view} />
      <Reminder view={view} />
    </>
  );
};
