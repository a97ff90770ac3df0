/**
 * A page of one list: its filters, the table of one page of rows, the pager, and the whole list as
 * CSV beside the title where the server exports it. The queues, the payouts, the audit log, the
 * borrower search and the dashboard's lists are each one of these.
 */
import type { ReactNode } from 'react';
import { CursorPager, type CursorPages, type NumberedPages, Pager } from './pager';
import { type Column, Table } from './table';
import { ErrorLine, Page } from './ui';

interface ListPageProps<T, C> {
  title: string;
  /** links beside the title ("Back to the dashboard"); the CSV link comes after them */
  actions?: ReactNode;
  /** where the whole list downloads as CSV, with the page's filters; no link without it */
  csvHref?: string;
  /** the filters above the table: a `<Filters>` form, or a search form that submits */
  filters?: ReactNode;
  /** words between the filters and the table (what the list is narrowed to) */
  children?: ReactNode;
  /** the list call's error, said above the table */
  error: unknown;
  /** the table's name: how many rows and in what order, or that it is loading */
  caption: ReactNode;
  columns: Column<T>[];
  /** this page's rows */
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string;
  /** by page number (a list with a total), or by the server's cursor with the next page's */
  paging: NumberedPages | { cursor: CursorPages<C>; next: C | null | undefined };
  /** nothing asked yet (a search before its words): no table and no pager */
  idle?: boolean;
}

export function ListPage<T, C = never>({
  title,
  actions,
  csvHref,
  filters,
  children,
  error,
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  paging,
  idle = false,
}: ListPageProps<T, C>) {
  const head = csvHref ? (
    <div className="actions">
      {actions}
      <a className="button" href={csvHref} download>
        Download CSV
      </a>
    </div>
  ) : (
    actions
  );
  return (
    <Page title={title} actions={head}>
      {filters}
      {children}
      <ErrorLine error={error} />
      {!idle && (
        <>
          <Table className="grid" caption={caption} columns={columns} rows={rows} rowKey={rowKey} rowClassName={rowClassName} />
          {'cursor' in paging ? <CursorPager pages={paging.cursor} next={paging.next} /> : <Pager {...paging} />}
        </>
      )}
    </Page>
  );
}
