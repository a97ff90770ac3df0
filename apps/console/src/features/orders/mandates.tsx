import type { OrderPageView } from '@kilat/contract/console/browser';
import { formatDate, formatDateTime } from '@/shared/format';
import { type Column, Table } from '@/shared/table';

type Mandate = OrderPageView['mandates'][number];

/**
 * India's AutoPay on the order page (issue 51 item 2), read-only: each mandate with its state,
 * cap and end, and each instalment's debit — its pre-debit notice, when it could be made, and what
 * became of it. The borrower and the gateway move mandates; operators only read them.
 */
export const Mandates = ({ view }: { view: OrderPageView }) => {
  if (view.mandates.length === 0) return null;
  const market = view.order.market;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, market) : '—');
  const debits: Column<Mandate['debits'][number]>[] = [
    { header: 'Due date', cell: (debit) => formatDate(debit.dueDate), className: 'nowrap' },
    { header: 'Amount', cell: (debit) => debit.amount },
    { header: 'Notice sent', cell: (debit) => when(debit.notifiedAt) },
    { header: 'Not before', cell: (debit) => when(debit.debitNotBefore) },
    { header: 'Outcome', cell: (debit) => (debit.skipReason ? `${debit.status} (${debit.skipReason})` : debit.status) },
    { header: 'Payment', cell: (debit) => debit.paymentId || '—' },
  ];
  return (
    <section className="card" aria-labelledby="mandates-title">
      <h2 id="mandates-title">AutoPay mandates</h2>
      {view.mandates.map((mandate) => (
        <div key={mandate.id}>
          <h3>{mandate.id}</h3>
          <dl>
            <dt>Status</dt>
            <dd>{mandate.pausedBy ? `${mandate.status} (by ${mandate.pausedBy})` : mandate.status}</dd>
            <dt>Method and gateway</dt>
            <dd>{`${mandate.method} · ${mandate.gateway} ${mandate.tokenRef}`.trim()}</dd>
            <dt>Cap per debit</dt>
            <dd>{mandate.maxAmount}</dd>
            <dt>Set up · authorised · ended</dt>
            <dd>{`${when(mandate.createdAt)} · ${when(mandate.authorisedAt)} · ${when(mandate.endedAt)}`}</dd>
            <dt>Expires</dt>
            <dd>{when(mandate.expiresAt)}</dd>
            {mandate.failure && (
              <>
                <dt>Reason</dt>
                <dd>{mandate.failure}</dd>
              </>
            )}
          </dl>
          <Table caption={`Debits of ${mandate.id}`} columns={debits} rows={mandate.debits} rowKey={(debit) => debit.id} />
        </div>
      ))}
    </section>
  );
};
