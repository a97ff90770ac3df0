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
