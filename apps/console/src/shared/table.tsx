/** The console's tables: a caption, one header per column, one row per item. */
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface TableProps<T> {
  caption: ReactNode;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string;
  /** 'grid' for a page's main list; none for the small tables inside a card */
  className?: string;
}

export function Table<T>({ caption, columns, rows, rowKey, rowClassName, className }: TableProps<T>) {
  return (
    <table className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
