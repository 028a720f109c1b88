import { RotateCw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

// 'Try again' for a query that failed to load: disabled, with a spinner, while it is fetching.
export function RetryButton({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={query.isFetching}
      onClick={() => void query.refetch()}
    >
      {query.isFetching ? (
        <Spinner className="size-4" />
      ) : (
        <RotateCw className="size-4" aria-hidden="true" />
      )}
      Try again
    </Button>
  );
}
