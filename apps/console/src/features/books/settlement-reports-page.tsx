/**
 * Each gateway's settlement report against the ledger's payments (issue 47, decision 276): upload
 * Razorpay's settlement recon (India) or Xendit's transactions report (Indonesia) as the gateway
 * exported it; each settled payment is matched to the ledger's, and what differs — an amount, a
 * payment the ledger does not hold, a ledger payment no report settled — waits here until someone
 * resolves it with a note.
 */
import { Permission, type SettlementLineView, type SettlementReportFormat } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '@/shared/format';
import { MarketField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useResolveSettlementLine, useSettlementLines, useUploadSettlementReport } from './api/settlement-reports';

const FORMAT: Record<'IN' | 'ID', { format: SettlementReportFormat; label: string }> = {
  IN: { format: 'razorpay-recon', label: 'Razorpay settlement recon (CSV)' },
  ID: { format: 'xendit-transactions', label: 'Xendit transactions report (CSV)' },
};

const STATUS: Record<SettlementLineView['status'], string> = {
  matched: 'Matched',
  amount_differs: 'Amount differs',
  missing_in_ledger: 'Not in the ledger',
  missing_at_gateway: 'Not settled by the gateway',
};

const Upload = ({ market }: { market: 'IN' | 'ID' }) => {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadSettlementReport();
  const { format, label } = FORMAT[market];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    await upload.mutateAsync({ format, fileName: file.name, csv: await file.text() });
  };
  const result = upload.data;
  return (
    <form className="stack narrow" aria-label="Upload a settlement report" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <label>
        {label}
        <input type="file" accept=".csv,text/csv" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <ErrorLine error={upload.error} />
      <button type="submit" disabled={upload.isPending || !file}>
        Upload the report
      </button>
      {result && (
        <p role="status">
          {result.gateway}: {result.lines} payments, {result.matched} matched, {result.repeated} already read, {result.differences.length}{' '}
          differences waiting.
        </p>
      )}
    </form>
  );
};

const Resolve = ({ line }: { line: SettlementLineView }) => {
  const [note, setNote] = useState('');
  const resolve = useResolveSettlementLine();
  return (
    <form
      className="stack"
      aria-label={`Resolve ${line.gatewayRef}`}
      onSubmit={(event) => {
        event.preventDefault();
        void resolve.mutateAsync({ id: line.id, note: note.trim() }).catch(() => undefined);
      }}
    >
      <label>
        Note
        <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </label>
      <ErrorLine error={resolve.error} />
      <button type="submit" className="small" disabled={resolve.isPending || note.trim().length < 3}>
        Resolve
      </button>
    </form>
  );
};

const COLUMNS: Column<SettlementLineView>[] = [
  { header: 'Gateway id', cell: (row) => row.gatewayRef, className: 'mono', rowHeader: true },
  { header: 'Gateway', cell: (row) => row.gateway },
  { header: 'Settled', cell: (row) => row.amount ?? '—', className: 'mono' },
  { header: 'Fee and tax', cell: (row) => (row.amount === null ? '—' : `${row.fee} + ${row.tax}`), className: 'mono' },
  {
    header: 'Ledger',
    cell: (row) => (row.ledger === null ? '—' : `${row.ledger} on ${row.ledgerDate ? formatDate(row.ledgerDate) : '—'}`),
    className: 'mono',
  },
  {
    header: 'Order',
    cell: (row) => (row.payment ? <Link href={`/orders/${row.payment.orderId}`}>{row.payment.orderNo}</Link> : '—'),
  },
  { header: 'Status', cell: (row) => STATUS[row.status] },
];

export const SettlementReportsPage = () => {
  const { can } = useSession();
  const [market, setMarket] = useState<'IN' | 'ID'>('IN');
  const open = useSettlementLines(market, 'open');
  const resolved = useSettlementLines(market, 'resolved');
  return (
    <Page title="Gateway settlement reports">
      <MarketField value={market} onChange={(chosen) => chosen && setMarket(chosen)} />
      {can(Permission.BooksReconcile) && <Upload key={market} market={market} />}
      <h2>Differences waiting</h2>
      <ErrorLine error={open.error} />
      <Table
        className="grid"
        caption={open.data ? `${open.data.length} waiting` : 'Loading…'}
        columns={[
          ...COLUMNS,
          {
            header: 'Resolution',
            cell: (row) => (can(Permission.BooksReconcile) ? <Resolve line={row} /> : <span className="badge flag">waiting</span>),
            className: 'detail-cell',
          },
        ]}
        rows={open.data ?? []}
        rowKey={(row) => row.id}
      />
      <h2>Resolved</h2>
      <ErrorLine error={resolved.error} />
      <Table
        className="grid"
        caption={resolved.data ? `${resolved.data.length} resolved` : 'Loading…'}
        columns={[...COLUMNS, { header: 'Note', cell: (row) => (row.resolution ? `${row.resolution.note} · ${row.resolution.by}` : '—') }]}
        rows={resolved.data ?? []}
        rowKey={(row) => row.id}
      />
    </Page>
  );
};
