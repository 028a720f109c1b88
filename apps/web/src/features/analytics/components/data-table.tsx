import clsx from 'clsx';
import type { ReactNode } from 'react';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  // Figures are right-aligned so their digits line up.
  numeric?: boolean;
  className?: string;
};

type DataTableProps<T> = {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  className?: string;
};

// The first column names the row, so it is the row's header for screen readers. A wide table
// scrolls inside its own box, never the page; the box takes focus so a keyboard can scroll it.
// `relative` keeps the screen-reader-only caption, which is absolutely positioned, inside the box.
export function DataTable<T>({ caption, columns, rows, rowKey, className }: DataTableProps<T>) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={clsx(
        'relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
        className,
      )}
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={clsx(
                  'px-4 py-2.5 whitespace-nowrap first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, columnIndex) => {
                const Cell = columnIndex === 0 ? 'th' : 'td';
                return (
                  <Cell
                    key={column.header}
                    scope={columnIndex === 0 ? 'row' : undefined}
                    className={clsx(
                      'px-4 py-2.5 align-top first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6',
                      columnIndex === 0 ? 'font-medium text-slate-900' : 'text-slate-700',
                      column.numeric && 'text-right whitespace-nowrap tabular-nums',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The message a card shows instead of an empty table or chart.
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="px-5 py-8 text-center text-sm text-pretty text-slate-600 sm:px-6">{children}</p>
  );
}
