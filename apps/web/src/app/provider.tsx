import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';

// React Query is provided by the areas that use it (see lib/query-provider.tsx), so the public
// pages do not ship it.
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      {/* Below the 64 px top bar, so a toast never covers its menus while it shows. */}
      <Toaster position="top-right" containerClassName="app-toasts" containerStyle={{ top: 76 }} />
    </>
  );
}
