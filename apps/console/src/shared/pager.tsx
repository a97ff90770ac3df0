/** Previous / next through a paged list, and where the operator is in it. */

/** How many pages a paged answer has: at least one, so an empty list reads "Page 1 of 1". */
export const pageCount = (data: { total: number; pageSize: number } | undefined) =>
  data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

export const Pager = ({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) => (
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
