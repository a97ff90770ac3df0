/**
 * Bank statement reconciliation (issue 47, decision 261): upload a statement as the bank exported
 * it, see which credits matched an offline repayment or a gateway's settlement, resolve the rest
 * with a note; beside it each gateway's daily payments against its settlement.
 */
import { Permission, type StatementFormat, type StatementLineView } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { MarketField, SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { TextField } from '@/shared/text-field';
import { ErrorLine, Page } from '@/shared/ui';
import { useResolveStatementLine, useSettlements, useStatementLines, useUploadStatement } from './api/statements';
import { lastMonth } from './links';

const FORMAT_CHOICES = [
  { value: 'hdfc', label: 'HDFC Bank (India)' },
  { value: 'mandiri', label: 'Bank Mandiri (Indonesia)' },
];

const Upload = ({ market }: { market: 'IN' | 'ID' }) => {
  const [format, setFormat] = useState<StatementFormat>(market === 'IN' ? 'hdfc' : 'mandiri');
  const [account, setAccount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadStatement();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    await upload.mutateAsync({
      market,
      format,
      fileName: file.name,
      csv: await file.text(),
      ...(account.trim() ? { bankAccount: account.trim() } : {}),
    });
  };
  const result = upload.data;
  return (
    <form className="stack narrow" aria-label="Upload a bank statement" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <SelectField
        label="Bank export"
        value={format}
        onChange={(chosen) => setFormat(chosen as StatementFormat)}
        choices={FORMAT_CHOICES}
      />
      <TextField
        label="Collection account"
        value={account}
        onChange={setAccount}
        maxLength={40}
        required={false}
        hint="The market's first account when left empty"
      />
      <label>
        Statement file (CSV)
        <input type="file" accept=".csv,text/csv" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <ErrorLine error={upload.error} />
      <button type="submit" disabled={upload.isPending || !file}>
        Upload the statement
      </button>
      {result && (
        <p role="status">
          {result.fileName}: {result.credits} credits, {result.matched} matched, {result.unmatched} waiting, {result.repeated} already read.
        </p>
      )}
    </form>
  );
};

const Resolve = ({ line }: { line: StatementLineView }) => {
  const [note, setNote] = useState('');
  const resolve = useResolveStatementLine();
  return (
    <form
      className="stack"
      aria-label={`Resolve credit ${line.reference}`}
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

const matchText = (line: StatementLineView) =>
  line.match === null
    ? '—'
    : line.match.kind === 'offline_repayment'
      ? `Order ${line.match.orderNo}`
      : `${line.match.gateway} settlement of ${line.match.businessDate}`;

export const StatementsPage = () => {
  const { can } = useSession();
  const [market, setMarket] = useState<'IN' | 'ID'>('IN');
  const unmatched = useStatementLines(market, 'unmatched');
  const matched = useStatementLines(market, 'matched');
  const settlements = useSettlements({ market, ...lastMonth() });
  const base: Column<StatementLineView>[] = [
    { header: 'Value date', cell: (row) => row.valueDate, rowHeader: true },
    { header: 'Reference', cell: (row) => row.reference, className: 'mono' },
    { header: 'Narration', cell: (row) => row.narration },
    { header: 'Amount', cell: (row) => row.amount, className: 'mono' },
  ];
  return (
    <Page title="Bank statements">
      <MarketField value={market} onChange={(chosen) => chosen && setMarket(chosen)} />
      {can(Permission.BooksReconcile) && <Upload key={market} market={market} />}
      <h2>Credits that match nothing</h2>
      <ErrorLine error={unmatched.error} />
      <Table
        className="grid"
        caption={unmatched.data ? `${unmatched.data.length} waiting, newest first` : 'Loading…'}
        columns={[
          ...base,
          {
            header: 'Resolution',
            cell: (row) => (can(Permission.BooksReconcile) ? <Resolve line={row} /> : <span className="badge flag">unmatched</span>),
            className: 'detail-cell',
          },
        ]}
        rows={unmatched.data ?? []}
        rowKey={(row) => row.id}
      />
      <h2>Matched credits</h2>
      <ErrorLine error={matched.error} />
      <Table
        className="grid"
        caption={matched.data ? `${matched.data.length} matched, newest first` : 'Loading…'}
        columns={[...base, { header: 'Matched to', cell: matchText }]}
        rows={matched.data ?? []}
        rowKey={(row) => row.id}
      />
      <h2>Gateway settlements</h2>
      <p>
        Each gateway's own settlement report, payment by payment against the ledger:{' '}
        <Link href="/gateway-settlements">gateway settlement reports</Link>.
      </p>
      <ErrorLine error={settlements.error} />
      <Table
        className="grid"
        caption="Each gateway's day of payments in the ledger against its settlement on the statement, last 30 days"
        columns={[
          { header: 'Day', cell: (row) => row.businessDate, rowHeader: true },
          { header: 'Gateway', cell: (row) => row.gateway },
          { header: 'Payments', cell: (row) => `${row.payments} · ${row.paymentsAmount}`, className: 'mono' },
          { header: 'Settled', cell: (row) => row.settled, className: 'mono' },
          { header: 'Difference', cell: (row) => row.difference, className: 'mono' },
        ]}
        rows={settlements.data ?? []}
        rowKey={(row) => `${row.gateway}-${row.businessDate}`}
      />
    </Page>
  );
};
