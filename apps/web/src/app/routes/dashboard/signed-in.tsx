import { RequireSignedIn } from '@/lib/authorization';
import { QueryProvider } from '@/lib/query-provider';

// The dashboard and the back office: React Query and the sign-in guard load only when opened.
export function SignedInShell() {
  return (
    <QueryProvider>
      <RequireSignedIn />
    </QueryProvider>
  );
}
