/** One borrower: who they are, their orders, cards and accounts (masked), sessions (ended here), SMS, messages, complaints, chatbot records. */
import { type BorrowerPageView, type ChatRecordView, Permission } from '@kilat/contract/console/browser';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDateOrDash, formatDateTime, MARKET_LABEL, orderStatusName, STATUS_LABEL, type TimeZoneOf } from '@/shared/format';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page, PageLoading } from '@/shared/ui';
import { useBorrower } from './api/get-borrower';
import { useRevokeSessions } from './api/revoke-sessions';
import { IdentityDocuments } from './identity-documents';

type View = BorrowerPageView;
const CHAT_RECORD_TYPE: Record<number, string> = { 1: 'Asked for a person', 2: 'Said resolved', 3: 'Rated', 4: 'Asked' };

const columns = (market: TimeZoneOf) => ({
  orders: [
    { header: 'Order', cell: (order) => <Link href={`/orders/${order.id}`}>{order.orderNo}</Link> },
    { header: 'Status', cell: (order) => orderStatusName(order.status) },
    { header: 'Amount', cell: (order) => order.principal },
    { header: 'Applied', cell: (order) => formatDateTime(order.appliedAt, market) },
    { header: 'Due', cell: (order) => formatDateOrDash(order.dueDate), className: 'nowrap' },
  ] satisfies Column<View['orders'][number]>[],
  cards: [
    { header: 'Bank', cell: (card) => card.bankName },
    { header: 'Number', cell: (card) => card.number },
    { header: 'Holder', cell: (card) => card.holderName },
    { header: 'Bound', cell: (card) => formatDateTime(card.createdAt, market) },
  ] satisfies Column<View['cards'][number]>[],
  accounts: [
    { header: 'Kind', cell: (account) => account.kind },
    { header: 'Bank', cell: (account) => account.bankName },
    { header: 'Number', cell: (account) => account.number },
    { header: 'Holder', cell: (account) => account.holderName },
    { header: 'Validation', cell: (account) => account.validation },
    { header: 'In use', cell: (account) => (account.current ? 'yes' : 'replaced') },
  ] satisfies Column<View['accounts'][number]>[],
  sms: [
    { header: 'Sent', cell: (sms) => formatDateTime(sms.sentAt ?? sms.createdAt, market) },
    { header: 'Purpose', cell: (sms) => sms.purpose },
    { header: 'Status', cell: (sms) => sms.status },
    { header: 'Text', cell: (sms) => sms.body },
  ] satisfies Column<View['sms'][number]>[],
  messages: [
    { header: 'Shown', cell: (message) => formatDateTime(message.shownAt, market) },
    { header: 'Kind', cell: (message) => message.kind },
    { header: 'Order', cell: (message) => message.orderNo || '—' },
    { header: 'Read', cell: (message) => (message.read ? 'yes' : 'no') },
  ] satisfies Column<View['messages'][number]>[],
  complaints: [
    { header: 'No.', cell: (complaint) => <Link href={`/complaints/${complaint.id}`}>#{complaint.id}</Link> },
    { header: 'Received', cell: (complaint) => formatDateTime(complaint.createdAt, market) },
    { header: 'Complaint', cell: (complaint) => complaint.detail, className: 'detail-cell' },
    { header: 'Order', cell: (complaint) => <Link href={`/orders/${complaint.orderId}`}>{complaint.orderNo}</Link> },
    { header: 'Status', cell: (complaint) => STATUS_LABEL[complaint.status] },
  ] satisfies Column<View['complaints'][number]>[],
  records: [
    { header: 'When', cell: (record) => formatDateTime(record.createdAt, market) },
    { header: 'Type', cell: (record) => CHAT_RECORD_TYPE[record.type] ?? record.type },
    { header: 'Question', cell: (record) => record.question || record.value },
    { header: 'Order', cell: (record) => record.orderNo || '—' },
  ] satisfies Column<ChatRecordView>[],
});

const Sessions = ({ view }: { view: View }) => {
  const { can } = useSession();
  const revoke = useRevokeSessions(view.borrower.id);
  const market = view.borrower.market;
  const ends = can(Permission.BorrowersSessions);
  const sessionColumns: Column<View['sessions'][number]>[] = [
    { header: 'Device', cell: (session) => session.deviceId },
    { header: 'Signed in', cell: (session) => formatDateTime(session.createdAt, market) },
    { header: 'Expires', cell: (session) => formatDateTime(session.expiresAt, market) },
    ...(ends
      ? [
          {
            header: 'End',
            cell: (session: View['sessions'][number]) => (
              <button type="button" onClick={() => revoke.mutate(session.id)} disabled={revoke.isPending}>
                End session on {session.deviceId}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <ErrorLine error={revoke.error} />
      {revoke.data && <p role="status">{revoke.data.ended} session(s) ended on every instance.</p>}
      <Table caption="Live sessions, newest first" columns={sessionColumns} rows={view.sessions} rowKey={(session) => session.id} />
      {ends && view.sessions.length > 0 && (
        <button type="button" onClick={() => revoke.mutate(null)} disabled={revoke.isPending}>
          End every session
        </button>
      )}
    </section>
  );
};

const DOCUMENT_KIND = { pan_aadhaar: 'PAN and Aadhaar', nik_ktp: 'NIK and KTP' } as const;
const KYC_STATUS = {
  none: 'not verified: no identity check yet',
  pending: 'pending at the provider',
  verified: 'verified',
  failed: 'failed',
} as const;

/** The identity as the decision engine reads it (identityOf): status, document kind, the number's last four only. */
const identityLine = (identity: BorrowerPageView['identity']) =>
  [KYC_STATUS[identity.status], identity.documentKind && DOCUMENT_KIND[identity.documentKind], identity.last4 && `•••• ${identity.last4}`]
    .filter(Boolean)
    .join(' · ');

export const BorrowerPage = ({ id }: { id: number }) => {
  const borrower = useBorrower(id);
  const view = borrower.data;
  if (!view) return <PageLoading title={`Borrower ${id}`} error={borrower.error} />;
  const cols = columns(view.borrower.market);
  const section = (title: string, table: ReactNode) => (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {table}
    </section>
  );
  return (
    <Page title={view.borrower.name || `Borrower ${id}`} actions={<Link href="/borrowers">Back to the search</Link>}>
      <section className="card" aria-label="Identity">
        <dl>
          <dt>Phone</dt>
          <dd>{view.borrower.phone}</dd>
          <dt>Market</dt>
          <dd>{MARKET_LABEL[view.borrower.market]}</dd>
          <dt>Registered</dt>
          <dd>{formatDateTime(view.borrower.createdAt, view.borrower.market)}</dd>
          <dt>Repeat client</dt>
          <dd>{view.borrower.repeatClient ? 'yes' : 'no'}</dd>
          <dt>Identity (KYC)</dt>
          <dd>{identityLine(view.identity)}</dd>
        </dl>
      </section>
      <IdentityDocuments borrowerId={view.borrower.id} />
      {section('Orders', <Table caption="Orders, newest first" columns={cols.orders} rows={view.orders} rowKey={(row) => row.id} />)}
      <div className="two-columns">
        {section('Cards', <Table caption="Bound cards (masked)" columns={cols.cards} rows={view.cards} rowKey={(row) => row.id} />)}
        {section(
          'Disbursal accounts',
          <Table caption="Disbursal accounts (masked)" columns={cols.accounts} rows={view.accounts} rowKey={(row) => row.id} />,
        )}
      </div>
      <Sessions view={view} />
      {section(
        'Complaints',
        <Table caption="Complaints, newest first" columns={cols.complaints} rows={view.complaints} rowKey={(row) => row.id} />,
      )}
      {section('SMS sent', <Table caption="SMS, newest first" columns={cols.sms} rows={view.sms} rowKey={(row) => row.id} />)}
      {section(
        'Messages',
        <Table caption="Message centre, newest first" columns={cols.messages} rows={view.messages} rowKey={(row) => row.id} />,
      )}
      {section(
        'Chatbot records',
        <Table caption="Chatbot records, newest first" columns={cols.records} rows={view.chatRecords} rowKey={(row) => row.id} />,
      )}
    </Page>
  );
};
