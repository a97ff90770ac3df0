/** Find a borrower by phone, order number, name or a card's or account's last four; the server pages by borrower id. */
import type { BorrowerMatch, BorrowerSearchItem } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { ListPage } from '@/shared/list-page';
import { useCursorPages } from '@/shared/pager';
import type { Column } from '@/shared/table';
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
  const cursor = useCursorPages(0);
  const results = useBorrowerSearch(q, cursor.after);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
    cursor.reset();
  };
  const data = results.data;
  return (
    <ListPage
      title="Borrowers"
      filters={
        <form className="filters" aria-label="Find a borrower" onSubmit={submit}>
          <label>
            Phone, order number, any words of a name, or the last 4 of a phone, card or account
            <input name="q" type="search" minLength={2} maxLength={80} required />
          </label>
          <button type="submit">Search</button>
        </form>
      }
      error={results.error}
      idle={!q}
      caption={data ? `Borrowers matching "${q}", page ${cursor.page}` : 'Searching…'}
      columns={COLUMNS}
      rows={data?.items ?? []}
      rowKey={(item) => item.id}
      paging={{ cursor, next: data?.next }}
    />
  );
};
