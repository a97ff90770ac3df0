import type { ReactNode } from 'react';

/** One of the order page's action cards, named by its heading. */
export const Card = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section className="card" aria-labelledby={id}>
    <h2 id={id}>{title}</h2>
    {children}
  </section>
);
