/** Find a borrower by phone, order number, name or a card's or account's last four; the server pages by borrower id. */
import type { BorrowerMatch, BorrowerSearchItem } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useBorrowerSearch } from './api/search-borrowers';

const MATCH_LABEL: Record<BorrowerMatch, string> = {
  phone: 'phone',
  orderNo: 'order number',
  name: 'name',
  card: 'card last 4',
  account: 'account last 4',
};

const COLUMNS: Column<BorrowerSearchItem>[] = [
  { header: 'Borrower', cell: (item) => <Link href={`/borrowers/${item.id}`}>{item.name || `Borrower ${item.id}`}</Link> },
  { header: 'Phone', cell: (item) => item.phone },
  { header: 'Market', cell: (item) => MARKET_LABEL[item.market] },
  { header: 'Registered', cell: (item) => formatDateTime(item.createdAt, item.market) },
  { header: 'Matched', cell: (item) => item.matched.map((match) => MATCH_LABEL[match]).join(', ') },
];

export const SearchPage = () => {
  const [q, setQ] = useState('');
  // the cursors of the pages seen: Previous goes back one
  const [cursors, setCursors] = useState<number[]>([0]);
  const after = cursors.at(-1)!;
  const results = useBorrowerSearch(q, after);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
    setCursors([0]);
  };
  const data = results.data;
  return (
    <Page title="Borrowers">
      <form className="filters" aria-label="Find a borrower" onSubmit={submit}>
        <label>
          Phone, order number, name, or card or account last 4
          <input name="q" type="search" minLength={2} maxLength={80} required />
        </label>
        <button type="submit">Search</button>
      </form>
      <ErrorLine error={results.error} />
      {q && (
        <Table
          className="grid"
          caption={data ? `Borrowers matching "${q}", page ${cursors.length}` : 'Searching…'}
          columns={COLUMNS}
          rows={data?.items ?? []}
          rowKey={(item) => item.id}
        />
      )}
      {q && (
        <nav className="pager" aria-label="Pages">
          <button type="button" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous
          </button>
          <button type="button" disabled={!data?.next} onClick={() => data?.next && setCursors([...cursors, data.next])}>
            Next
          </button>
        </nav>
      )}
    </Page>
  );
};
