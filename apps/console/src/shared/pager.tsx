/** Previous / next through a paged list: by page number, or by the server's cursor. */
import { useState } from 'react';

/** How many pages a paged answer has: at least one, so an empty list reads "Page 1 of 1". */
export const pageCount = (data: { total: number; pageSize: number } | undefined) =>
  data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

/** Where a list paged by number is: its page, how many there are, and how to go to another. */
export interface NumberedPages {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

export const Pager = ({ page, pages, onPage }: NumberedPages) => (
  <nav className="pager" aria-label="Pages">
    <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
      Previous
    </button>
    <span>
      Page {page} of {pages}
    </span>
    <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
      Next
    </button>
  </nav>
);

/**
 * A list the server pages by cursor (no total): the cursors of the pages seen, so Previous goes back
 * one. `first` is the first page's cursor; `reset` starts again from it (a new search).
 */
export const useCursorPages = <C,>(first: C) => {
  const [cursors, setCursors] = useState<C[]>([first]);
  return {
    /** the cursor to ask the current page after */
    after: cursors.at(-1) as C,
    /** the current page's number, from 1 */
    page: cursors.length,
    back: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
    forward: (next: C) => setCursors((seen) => [...seen, next]),
    reset: () => setCursors([first]),
  };
};

export type CursorPages<C> = ReturnType<typeof useCursorPages<C>>;

/** Previous / Next by cursor; Next only when the answer names a next page. */
export const CursorPager = <C,>({ pages, next }: { pages: CursorPages<C>; next: C | null | undefined }) => (
  <nav className="pager" aria-label="Pages">
    <button type="button" disabled={pages.page <= 1} onClick={pages.back}>
      Previous
    </button>
    <button type="button" disabled={!next} onClick={() => next && pages.forward(next)}>
      Next
    </button>
  </nav>
);
