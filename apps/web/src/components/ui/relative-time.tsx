import { useEffect, useState } from 'react';

import { formatDateTime, formatRelative } from '@/lib/format';

// "5 minutes ago", kept current while the page stays open; the exact time is in the tooltip and
// in `dateTime` for machines.
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <time dateTime={value} title={formatDateTime(value)} className={className}>
      {formatRelative(value, now)}
    </time>
  );
}
