import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';

// React Query is provided by the areas that use it (see lib/query-provider.tsx), so the public
// pages do not ship it.
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position="top-right" containerClassName="app-toasts" />
    </>
  );
}
