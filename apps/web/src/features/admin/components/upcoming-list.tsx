import type { LucideIcon } from 'lucide-react';

export type UpcomingItem = { icon: LucideIcon; title: string; description: string };

// Names what a section will hold, without numbers that are not real yet.
export function UpcomingList({
  items,
  status = 'Not available yet',
}: {
  items: readonly UpcomingItem[];
  status?: string;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <li key={item.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <span className="flex size-10 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h2 className="mt-4 text-base font-semibold text-slate-900">{item.title}</h2>
            <p className="mt-1.5 text-sm leading-6 text-slate-600">{item.description}</p>
            <p className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {status}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
