/** The console's tables: a caption, one header per column, one row per item. */
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** the row's name (a date in a table of days): a row header, as screen readers announce it */
  rowHeader?: boolean;
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
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.header} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The "Change" column of a list edited in the form below it: one button a row, named by the row ("Edit IN-01"). */
export const editColumn = <T,>(name: (row: T) => string, onEdit: (row: T) => void): Column<T> => ({
  header: 'Change',
  cell: (row) => (
    <button type="button" onClick={() => onEdit(row)}>
      Edit {name(row)}
    </button>
  ),
});
