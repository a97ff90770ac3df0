import type { ReactNode } from 'react';
import { UnbrokenDates } from './unbroken-dates';

export interface DetailRow {
  label: ReactNode;
  value: ReactNode;
  /** a stable key when two rows could share their label */
  key?: string;
}

interface DetailRowsProps {
  rows: readonly (DetailRow | false | null | undefined)[];
  /** names the list for screen readers when the section has no heading of its own */
  label?: string;
  className?: string;
}

/** Label and value pairs as one description list (order details, receipts, loan terms); falsy rows are left out; dates in a text value stay on one line. */
export function DetailRows({ rows, label, className }: DetailRowsProps) {
  const shown = rows.filter((row): row is DetailRow => Boolean(row));
  if (shown.length === 0) return null;
  return (
    <dl className={className ? `detail-rows ${className}` : 'detail-rows'} aria-label={label}>
      {shown.map((row, index) => (
        <div key={row.key ?? (typeof row.label === 'string' ? `${row.label}-${index}` : index)} className="detail-row">
          <dt>{row.label}</dt>
          {/* a value's dates never break at their hyphens (issue 30) */}
          <dd>{typeof row.value === 'string' ? <UnbrokenDates text={row.value} /> : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
