import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { EmptyState } from './empty-state';

type EmptyTableProps = {
  caption: string;
  columns: readonly string[];
  icon: LucideIcon;
  emptyTitle: string;
  children?: ReactNode;
};

// A list whose rows arrive in a later release: the real columns, and an honest empty state.
export function EmptyTable({ caption, columns, icon, emptyTitle, children }: EmptyTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-5 py-3 whitespace-nowrap first:sm:px-6">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={columns.length}>
              <EmptyState icon={icon} title={emptyTitle}>
                {children}
              </EmptyState>
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
