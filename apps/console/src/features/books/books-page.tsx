/**
 * The books (issue 47, decision 260): the daily double-entry journal with its receivable tied to the
 * replay, provisioning by days-past-due bucket, Indonesia's TKB90, and each report as CSV.
 */
import { type JournalView, Permission } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { DateRangeFields, Filters } from '@/shared/filters';
import { MarketField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useJournal, useProvisioning, useTkb90 } from './api/get-books';
import { booksCsvHref, lastMonth } from './links';
import { ProvisioningRateForm } from './provisioning-rate-form';

type JournalRow = { key: string; businessDate: string; account: string; name: string; debit: string; credit: string; balanced: boolean };

const journalRows = (journal: JournalView | undefined): JournalRow[] =>
  (journal?.days ?? []).flatMap((day) =>
    day.lines.map((line) => ({
      key: `${day.businessDate}-${line.account}`,
      businessDate: day.businessDate,
      account: line.account,
      name: line.name,
      debit: line.debit,
      credit: line.credit,
      balanced: day.balanced,
    })),
  );

export const BooksPage = () => {
  const { can } = useSession();
  const [market, setMarket] = useState<'IN' | 'ID'>('IN');
  const [range, setRange] = useState(lastMonth);
  const journal = useJournal({ market, ...range });
  const provisioning = useProvisioning(market);
  const tkb90 = useTkb90(market === 'ID');
  const columns: Column<JournalRow>[] = [
    { header: 'Day', cell: (row) => row.businessDate, rowHeader: true },
    { header: 'Account', cell: (row) => `${row.account} ${row.name}` },
    { header: 'Debit', cell: (row) => row.debit, className: 'mono' },
    { header: 'Credit', cell: (row) => row.credit, className: 'mono' },
    { header: 'Day balances', cell: (row) => (row.balanced ? 'yes' : <span className="badge flag">no</span>) },
  ];
  const data = journal.data;
  const csv = (report: 'journal' | 'disbursements' | 'collections') => booksCsvHref(report, { market, ...range });
  return (
    <Page title="Books">
      <Filters label="Books filters">
        <MarketField value={market} onChange={(chosen) => chosen && setMarket(chosen)} />
        <DateRangeFields from={range.from} to={range.to} onChange={(change) => setRange((current) => ({ ...current, ...change }))} />
      </Filters>
      <p className="actions">
        <a className="button" href={csv('journal')} download>
          Journal CSV
        </a>
        <a className="button" href={csv('disbursements')} download>
          Disbursement register CSV
        </a>
        <a className="button" href={csv('collections')} download>
          Collection register CSV
        </a>
        <a className="button" href={booksCsvHref('provisioning', { market, asOf: range.to })} download>
          Provisioning CSV
        </a>
        {market === 'ID' && (
          <a className="button" href={booksCsvHref('tkb90', { market })} download>
            TKB90 CSV
          </a>
        )}
      </p>
      <h2>Journal</h2>
      <ErrorLine error={journal.error} />
      {data && (
        <p role="status">
          Loans receivable at the end of {data.to}: {data.receivable}; owed by the replay of every loan: {data.owedByReplay}
          {data.receivableMinor === data.owedByReplayMinor ? ' (they agree).' : ' — they differ.'}
        </p>
      )}
      <Table
        className="grid"
        caption={data ? `${data.days.length} days with entries, each account's movement of the day` : 'Loading the journal…'}
        columns={columns}
        rows={journalRows(data)}
        rowKey={(row) => row.key}
      />
      <h2>Provisioning</h2>
      <ErrorLine error={provisioning.error} />
      <Table
        className="grid"
        caption={
          provisioning.data
            ? `As of ${provisioning.data.asOf}: ${provisioning.data.provision} on ${provisioning.data.owed} owed`
            : 'Loading…'
        }
        columns={[
          { header: 'Days past due', cell: (row) => row.bucket, rowHeader: true },
          { header: 'Loans', cell: (row) => row.loans },
          { header: 'Owed', cell: (row) => row.owed, className: 'mono' },
          { header: 'Rate', cell: (row) => row.rate },
          { header: 'Provision', cell: (row) => row.provision, className: 'mono' },
        ]}
        rows={provisioning.data?.buckets ?? []}
        rowKey={(row) => row.bucket}
      />
      {can(Permission.BooksConfigure) && <ProvisioningRateForm key={market} market={market} />}
      {market === 'ID' && (
        <>
          <h2>TKB90</h2>
          <ErrorLine error={tkb90.error} />
          <Table
            className="grid"
            caption="At each month's end: 100% less the share of outstanding principal more than 90 days past due (OJK)"
            columns={[
              { header: 'Month', cell: (row) => row.month, rowHeader: true },
              { header: 'TKB90', cell: (row) => row.tkb90 },
            ]}
            rows={tkb90.data ?? []}
            rowKey={(row) => row.month}
          />
        </>
      )}
    </Page>
  );
};
