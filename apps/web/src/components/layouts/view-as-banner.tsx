import { Eye } from 'lucide-react';

import { endViewAs, type ActiveView } from '@/lib/view-as';

// Shown on every dashboard page while staff view a customer's account, so nobody mistakes it for
// their own. The page is read once from the API: the live updates are the staff member's socket,
// not the customer's, hence 'not live'.
export function ViewAsBanner({ view }: { view: ActiveView }) {
  const exit = () => {
    endViewAs();
    // A full page load: none of the customer's cached answers may be shown as the staff member's.
    window.location.assign('/admin/users');
  };
  return (
    <div
      role="region"
      aria-label="View as customer"
      className="sticky bottom-0 z-30 border-t-2 border-slate-950 bg-amber-300 text-slate-950"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Eye className="size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold break-words">
            Viewing {view.email}&apos;s dashboard as the customer · read-only
          </p>
          <p className="text-xs font-medium text-slate-800">Read-only view · not live</p>
        </div>
        <button
          type="button"
          onClick={exit}
          className="inline-flex h-9 shrink-0 items-center rounded-lg bg-slate-950 px-3.5 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-950"
        >
          Exit view
        </button>
      </div>
    </div>
  );
}
