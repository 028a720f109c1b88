import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';

import { useProfile } from '@/lib/auth';

import { AdminHeader } from './admin-header';
import { AdminSidebar } from './admin-sidebar';
import { SkipLink } from './skip-link';

const sidebarId = 'admin-sidebar';
const desktopQuery = '(min-width: 1024px)';

function subscribeToDesktop(onChange: () => void) {
  const query = window.matchMedia(desktopQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsDesktop() {
  return useSyncExternalStore(
    subscribeToDesktop,
    () => window.matchMedia(desktopQuery).matches,
    () => true,
  );
}

// Spec §2: a 16rem sidebar, always shown from lg up, sliding in over the page below that.
export function AdminLayout() {
  const profile = useProfile().data;
  const location = useLocation();
  const isDesktop = useIsDesktop();
  // The drawer belongs to the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const sidebarOpen = !isDesktop && openOnPath === location.pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!sidebarOpen) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOnPath(null);
      toggleRef.current?.focus();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [sidebarOpen]);

  const closeSidebar = () => setOpenOnPath(null);

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <AdminSidebar
        id={sidebarId}
        open={sidebarOpen}
        hidden={!isDesktop && !sidebarOpen}
        onClose={closeSidebar}
        profile={profile}
        closeButtonRef={closeRef}
      />
      {sidebarOpen && (
        <div
          className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden"
          onClick={closeSidebar}
          aria-hidden="true"
          data-testid="admin-sidebar-overlay"
        />
      )}
      <div className="flex min-h-screen min-w-0 flex-col lg:pl-64">
        <AdminHeader
          sidebarId={sidebarId}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setOpenOnPath(sidebarOpen ? null : location.pathname)}
          toggleRef={toggleRef}
          profile={profile}
        />
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
