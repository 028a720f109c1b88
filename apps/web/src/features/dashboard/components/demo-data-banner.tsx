import { Info, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOverview } from '@/hooks/use-dashboard-overview';

import { useClearDemoData } from '../api/clear-demo-data';

// Spec §3: closing the banner is remembered in this browser under this key and value.
const dismissedKey = 'demoDismissed';

function readDismissed() {
  try {
    return localStorage.getItem(dismissedKey) === 'true';
  } catch {
    return false;
  }
}

// Offered while the account still has the demo it started with.
export function DemoDataBanner() {
  // The overview's own polling refreshes this too; a second timer would fetch twice.
  const overview = useOverview({ poll: false });
  const clear = useClearDemoData();
  const [dismissed, setDismissed] = useState(readDismissed);

  if (!overview.data?.hasDemoData || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(dismissedKey, 'true');
    } catch {
      // Without storage the banner is hidden until the page is loaded again.
    }
  };

  const clearDemoData = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.success('Demo data cleared successfully'),
      onError: () => toast.error('Failed to clear demo data'),
    });

  return (
    <section
      aria-label="Demo data"
      className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 text-brand-900 ring-1 ring-brand-200 ring-inset sm:flex-row sm:items-center sm:gap-4 sm:px-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p className="min-w-0 text-sm leading-6 font-medium text-pretty">
          You&apos;re currently viewing demo data. Would you like to clear it and start fresh?
        </p>
      </div>
      <div className="flex items-center justify-end gap-2 pl-8 sm:pl-0">
        <Button
          size="sm"
          onClick={clearDemoData}
          disabled={clear.isPending}
          aria-busy={clear.isPending}
        >
          {clear.isPending && <Spinner className="size-4" />}
          Clear Demo Data
        </Button>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss demo data banner"
          className="flex size-9 items-center justify-center rounded-lg text-brand-800 transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
