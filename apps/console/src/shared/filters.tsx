/** A paged list's filters: changing one goes back to the first page; the form itself never submits. */
import { type ReactNode, useState } from 'react';

export const usePagedFilter = <F extends { page?: number }>(initial: F) => {
  const [filter, setFilter] = useState<F>(initial);
  const set = (change: Partial<F>) => setFilter((current) => ({ ...current, page: 1, ...change }));
  const setPage = (page: number) => setFilter((current) => ({ ...current, page }));
  return { filter, set, setPage };
};

export const Filters = ({ label, children }: { label: string; children: ReactNode }) => (
  <form className="filters" aria-label={label} onSubmit={(event) => event.preventDefault()}>
    {children}
  </form>
);

/** "From" and "To": a range of dates, either end left open. */
export const DateRangeFields = ({
  from,
  to,
  onChange,
  shown = {},
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (change: { from?: string | undefined; to?: string | undefined }) => void;
  /** what to show where an end is open (the range the server chose) */
  shown?: { from?: string | undefined; to?: string | undefined };
}) => (
  <>
    <label>
      From
      <input type="date" value={from ?? shown.from ?? ''} onChange={(event) => onChange({ from: event.target.value || undefined })} />
    </label>
    <label>
      To
      <input type="date" value={to ?? shown.to ?? ''} onChange={(event) => onChange({ to: event.target.value || undefined })} />
    </label>
  </>
);
