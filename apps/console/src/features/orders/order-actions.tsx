/**
 * The order page's actions (issue 31 item 2, decisions 163 and 164): record an offline repayment
 * against its bank reference, write off what the order owes, refund an overpayment, resend the due
 * reminder. Each asks a reason; write-offs above the configured amount and every refund wait for a
 * second operator, and the maker is never offered the approval of their own.
 */
import { type OrderActionsView, Permission, type RefundView, type WaiverView } from '@kilat/contract/console/browser';
import { type FormEvent, type ReactNode, useState } from 'react';
import { formatDateTime } from '@/shared/format';
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
import { requestColumns } from './request-columns';

// minor units are hundredths in both markets (paise, sen)
const toMinor = (major: string) => Math.round(Number(major) * 100);
const major = (minor: number) => (minor / 100).toFixed(2);

const Card = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section className="card" aria-labelledby={id}>
    <h2 id={id}>{title}</h2>
    {children}
  </section>
);

const OfflineRepayment = ({ view }: { view: OrderActionsView }) => {
  const { today } = view;
  const { can } = useSession();
  const record = useRecordOfflineRepayment(view.orderId);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [reason, setReason] = useState('');
  const { offlineRepayment } = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      { amountMinor: toMinor(amount), bankReference: reference, receivedOn, reason },
      {
        onSuccess: () => {
          setAmount('');
          setReference('');
          setReason('');
        },
      },
    );
  };
  const columns: Column<OrderActionsView['offlineRepayment']['recorded'][number]>[] = [
    { header: 'Bank reference', cell: (row) => row.bankReference },
    { header: 'Amount', cell: (row) => row.amount },
    { header: 'Received', cell: (row) => row.receivedOn },
    { header: 'Recorded', cell: (row) => `${row.recordedOn}${row.recordedBy ? ` · ${row.recordedBy.name}` : ''}` },
    { header: 'Paid', cell: (row) => row.allocation.join(', ') },
  ];
  return (
    <Card id="offline-title" title="Offline repayment">
      <Table
        caption="Recorded against bank references"
        columns={columns}
        rows={offlineRepayment.recorded}
        rowKey={(row) => row.bankReference}
      />
      {can(Permission.RepaymentsRecordOffline) && offlineRepayment.maxMinor > 0 && (
        <form className="stack narrow" onSubmit={submit} aria-label="Record an offline repayment">
          <label>
            Amount received (at most {major(offlineRepayment.maxMinor)}, what the order may take today)
            <input
              type="number"
              min={0.01}
              max={major(offlineRepayment.maxMinor)}
              step={0.01}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              required
            />
          </label>
          <label>
            Bank reference
            <input value={reference} onChange={(event) => setReference(event.target.value)} minLength={4} maxLength={40} required />
          </label>
          <label>
            Received on
            <input type="date" value={receivedOn} max={today} onChange={(event) => setReceivedOn(event.target.value)} required />
          </label>
          <label>
            Reason
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} rows={2} required />
          </label>
          <ErrorLine error={record.error} />
          <button type="submit" disabled={record.isPending}>
            Record repayment
          </button>
          {record.data && (
            <p role="status">
              {record.data.duplicate
                ? `This bank reference was recorded already: ${record.data.amount} on ${record.data.recordedOn}. Nothing was posted again.`
                : record.data.status === 'pending'
                  ? `${record.data.amount} received on ${record.data.receivedOn} waits for another operator's approval (above the day's limit).`
                  : `Recorded ${record.data.amount}: ${record.data.allocation.join(', ')}. Applied on ${record.data.receivedOn}, the day the bank received it.`}
            </p>
          )}
        </form>
      )}
    </Card>
  );
};

const WriteOff = ({ view, me }: { view: OrderActionsView; me: number }) => {
  const { can } = useSession();
  const ask = useRequestWriteOff(view.orderId);
  const decide = useDecideWriteOff(view.orderId);
  const [reason, setReason] = useState('');
  const { writeOff } = view;
  const waiting = writeOff.requests.some((request) => request.status === 'pending');
  const columns = requestColumns<WaiverView>(view.market, 'write-off', {
    allowed: can(Permission.WriteOffsApprove),
    me,
    pending: decide.isPending,
    run: (id, approve) => decide.mutate({ id, approve }),
  });
  return (
    <Card id="write-off-title" title="Write-off">
      {writeOff.writtenOff && <p>Written off: {writeOff.writtenOff}. The order owes nothing and accrues nothing more.</p>}
      <ErrorLine error={decide.error} />
      <Table caption="Write-offs of this order" columns={columns} rows={writeOff.requests} rowKey={(row) => row.id} />
      {can(Permission.WriteOffsRequest) && writeOff.owedMinor > 0 && !waiting && (
        <form
          className="stack narrow"
          aria-label="Write off what the order owes"
          onSubmit={(event) => {
            event.preventDefault();
            ask.mutate({ reason }, { onSuccess: () => setReason('') });
          }}
        >
          <p>
            Everything the order owes today: {writeOff.owed}. Above {major(writeOff.approvalAboveMinor)} a risk operator approves.
          </p>
          <label>
            Reason for the write-off
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} rows={2} required />
          </label>
          <ErrorLine error={ask.error} />
          <button type="submit" disabled={ask.isPending}>
            Ask to write off
          </button>
        </form>
      )}
      {ask.data && (
        <p role="status">{ask.data.status === 'pending' ? 'Asked: a risk operator approves it.' : 'Written off: posted to the ledger.'}</p>
      )}
    </Card>
  );
};

const Refund = ({ view, me }: { view: OrderActionsView; me: number }) => {
  const { can } = useSession();
  const ask = useRequestRefund(view.orderId);
  const decide = useDecideRefund(view.orderId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { refund } = view;
  const columns: Column<RefundView>[] = [
    ...requestColumns<RefundView>(view.market, 'refund', {
      allowed: can(Permission.RefundsApprove),
      me,
      pending: decide.isPending,
      run: (id, approve) => decide.mutate({ id, approve }),
    }),
    {
      header: 'Payout',
      cell: (row) =>
        row.payout
          ? `${row.payout.reference} · ${row.payout.status} · ${row.payout.account}${row.payout.utr ? ` · UTR ${row.payout.utr}` : ''}${row.payout.failure ? ` · ${row.payout.failure}` : ''}`
          : '—',
    },
  ];
  return (
    <Card id="refund-title" title="Refund of an overpayment">
      <p>
        Paid beyond what was owed and not yet refunded or asked: {refund.refundable}.{' '}
        {refund.account ? `Refunds go to ${refund.account}.` : 'The borrower has no validated disbursal account to refund to.'}
      </p>
      <ErrorLine error={decide.error} />
      <Table caption="Refunds of this order" columns={columns} rows={refund.requests} rowKey={(row) => row.id} />
      {can(Permission.RefundsRequest) && refund.refundableMinor > 0 && refund.account && (
        <form
          className="stack narrow"
          aria-label="Refund an overpayment"
          onSubmit={(event) => {
            event.preventDefault();
            ask.mutate(
              { amountMinor: toMinor(amount), reason },
              {
                onSuccess: () => {
                  setAmount('');
                  setReason('');
                },
              },
            );
          }}
        >
          <label>
            Amount to refund (at most {major(refund.refundableMinor)})
            <input
              type="number"
              min={0.01}
              max={major(refund.refundableMinor)}
              step={0.01}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              required
            />
          </label>
          <label>
            Reason for the refund
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} rows={2} required />
          </label>
          <ErrorLine error={ask.error} />
          <button type="submit" disabled={ask.isPending}>
            Ask to refund
          </button>
        </form>
      )}
      {ask.data && <p role="status">Asked: another operator approves it; the payout then goes to the borrower's account.</p>}
    </Card>
  );
};

const Reminder = ({ view }: { view: OrderActionsView }) => {
  const { can } = useSession();
  const resend = useResendReminder(view.orderId);
  const [reason, setReason] = useState('');
  const { reminder } = view;
  return (
    <Card id="reminder-title" title="Due reminder">
      <p>
        {reminder.lastResentAt ? `Last resent ${formatDateTime(reminder.lastResentAt, view.market)}. ` : ''}
        {reminder.refusal ?? 'The borrower gets the reminder of what is due, by SMS, in their language.'}
      </p>
      {can(Permission.RemindersResend) && !reminder.refusal && (
        <form
          className="stack narrow"
          aria-label="Resend the due reminder"
          onSubmit={(event) => {
            event.preventDefault();
            resend.mutate({ reason }, { onSuccess: () => setReason('') });
          }}
        >
          <label>
            Reason for resending
            <input value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} required />
          </label>
          <ErrorLine error={resend.error} />
          <button type="submit" disabled={resend.isPending}>
            Resend reminder
          </button>
        </form>
      )}
      {resend.data && <p role="status">Reminder queued for {formatDateTime(resend.data.sentAt, view.market)}.</p>}
    </Card>
  );
};

/** The four actions of an order. */
export const OrderActions = ({ orderId }: { orderId: number }) => {
  const { session } = useSession();
  const actions = useOrderActions(orderId);
  const view = actions.data;
  if (!view) return <ErrorLine error={actions.error} />;
  const me = session!.operator.id;
  return (
    <>
      <OfflineRepayment view={view} />
      <WriteOff view={view} me={me} />
      <Refund view={view} me={me} />
      <Reminder view={view} />
    </>
  );
};
