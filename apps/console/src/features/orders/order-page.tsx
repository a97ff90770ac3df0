/**
 * One order: how it got here, what it owes today by component (the amounts the borrower's loan
 * details show), the ledger in time order with what each repayment paid, payouts, payments and
 * the gateways' webhook events, and India's AutoPay mandates with their debits (read-only).
 */
import type { OrderPageView } from '@kilat/contract/console/browser';
import { Link } from 'wouter';
import { formatDate, formatDateOrDash, formatDateTime, MARKET_LABEL, orderStatusName } from '@/shared/format';
import { LedgerTables } from '@/shared/ledger-tables';
import { type Column, Table } from '@/shared/table';
import { Page, PageLoading } from '@/shared/ui';
import { useOrder } from './api/get-order';
import { Mandates } from './mandates';
import { OrderActions } from './order-actions';
import { Waivers } from './waivers';

type View = OrderPageView;
/** a closed loan says how it closed: a write-off is not "Settled (200)" like a repaid loan */
const CLOSED_AS: Record<string, string | undefined> = {
  written_off: 'Written off (closed)',
  settled_by_agreement: 'Settled by agreement (closed)',
};
const RULE_OUTCOME = { pass: 'passed', fail: 'failed', review: 'sent to review' } as const;

export const OrderPage = ({ id }: { id: number }) => {
  const order = useOrder(id);
  const view = order.data;
  if (!view) return <PageLoading title={`Order ${id}`} error={order.error} />;
  const market = view.order.market;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, market) : '—');
  const timeline: Column<View['timeline'][number]>[] = [
    { header: 'When', cell: (event) => when(event.at) },
    { header: 'Status', cell: (event) => (event.status === null ? '—' : orderStatusName(event.status)) },
    { header: 'What', cell: (event) => event.label },
    { header: 'Detail', cell: (event) => event.detail || '—' },
  ];
  const payouts: Column<View['payouts'][number]>[] = [
    { header: 'Attempt', cell: (payout) => payout.attempt },
    { header: 'Status', cell: (payout) => payout.status },
    { header: 'Amount', cell: (payout) => payout.amount },
    { header: 'Account', cell: (payout) => payout.account || '—' },
    { header: 'UTR', cell: (payout) => payout.utr || '—' },
    { header: 'Failure', cell: (payout) => payout.failure || '—' },
  ];
  const payments: Column<View['payments'][number]>[] = [
    { header: 'Payment', cell: (payment) => payment.id },
    { header: 'Method', cell: (payment) => `${payment.method} (${payment.purpose})` },
    { header: 'Amount', cell: (payment) => payment.amount },
    { header: 'Status', cell: (payment) => payment.status },
    { header: 'Gateway', cell: (payment) => `${payment.gateway} ${payment.gatewayRef}`.trim() },
    { header: 'Paid', cell: (payment) => when(payment.paidAt) },
  ];
  const events: Column<View['webhookEvents'][number]>[] = [
    { header: 'Received', cell: (event) => when(event.receivedAt) },
    { header: 'Gateway', cell: (event) => event.gateway },
    { header: 'Type', cell: (event) => event.type },
    { header: 'Event', cell: (event) => event.eventId },
  ];
  const rules: Column<View['decision']['rules'][number]>[] = [
    { header: 'Rule', cell: (rule) => rule.label },
    { header: 'Outcome', cell: (rule) => RULE_OUTCOME[rule.outcome] },
    { header: 'What it read', cell: (rule) => rule.detail || '—', className: 'detail-cell' },
  ];
  const owed = view.owedToday;
  return (
    <Page
      title={`Order ${view.order.orderNo}`}
      actions={<Link href={`/borrowers/${view.order.borrowerId}`}>{view.order.borrowerName || `Borrower ${view.order.borrowerId}`}</Link>}
    >
      <div className="two-columns">
        <section className="card" aria-label="Order">
          <dl>
            <dt>Status</dt>
            <dd>{CLOSED_AS[view.order.closedAs ?? 'open'] ?? orderStatusName(view.order.status)}</dd>
            <dt>Product</dt>
            <dd>{view.order.productName || '—'}</dd>
            <dt>Amount</dt>
            <dd>{view.order.principal}</dd>
            <dt>Term</dt>
            <dd>
              {view.order.termDays} days, {view.order.periods} period(s)
            </dd>
            <dt>Market</dt>
            <dd>{MARKET_LABEL[market]}</dd>
            <dt>Due</dt>
            <dd>{formatDateOrDash(view.order.dueDate)}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="owed-title">
          <h2 id="owed-title">Owed today</h2>
          <dl>
            <dt>Amount due</dt>
            <dd>{owed.outstanding}</dd>
            <dt>Penalties</dt>
            <dd>{owed.penalty}</dd>
            <dt>Fees</dt>
            <dd>{owed.fee}</dd>
            <dt>Interest</dt>
            <dd>{owed.interest}</dd>
            <dt>Principal</dt>
            <dd>{owed.principal}</dd>
            {owed.payoffToday && (
              <>
                <dt>Closing it today</dt>
                <dd>{owed.payoffToday}</dd>
              </>
            )}
          </dl>
        </section>
      </div>
      <Waivers view={view} />
      <OrderActions orderId={view.order.id} />
      <section className="card" aria-labelledby="decision-title">
        <h2 id="decision-title">Decision</h2>
        {view.decision.mainReason && (
          <p>
            Main reason, as the borrower was told: {view.decision.mainReason}
            {view.decision.reapplyOn ? ` May apply again from ${formatDate(view.decision.reapplyOn)}.` : ''}
          </p>
        )}
        <Table caption="The decision engine's rules" columns={rules} rows={view.decision.rules} rowKey={(rule) => rule.rule} />
        <p>
          <Link href={`/borrowers/${view.order.borrowerId}`}>The borrower’s KYC documents and selfies</Link>
        </p>
      </section>
      <section className="card" aria-label="Timeline">
        <h2>Timeline</h2>
        <Table caption="Oldest first" columns={timeline} rows={view.timeline} rowKey={(event) => `${event.at}-${event.label}`} />
      </section>
      <section className="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title">Ledger</h2>
        <LedgerTables ledger={view.ledger} />
      </section>
      <section className="card" aria-label="Payouts">
        <h2>Payouts</h2>
        <Table caption="Each attempt" columns={payouts} rows={view.payouts} rowKey={(payout) => payout.id} />
      </section>
      <section className="card" aria-label="Payments">
        <h2>Payments</h2>
        <Table caption="Oldest first" columns={payments} rows={view.payments} rowKey={(payment) => payment.id} />
        <Table
          caption="Webhook events of these payments"
          columns={events}
          rows={view.webhookEvents}
          rowKey={(event) => `${event.gateway}-${event.eventId}`}
        />
      </section>
      <Mandates view={view} />
    </Page>
  );
};
