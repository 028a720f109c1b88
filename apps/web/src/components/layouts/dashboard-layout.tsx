import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';

import { useProfile } from '@/lib/auth';

import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { SkipLink } from './skip-link';

const sidebarId = 'dashboard-sidebar';

export function DashboardLayout() {
  const profile = useProfile().data;
  const location = useLocation();
  // The sidebar is open for the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const sidebarOpen = openOnPath === location.pathname;
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
    // The page behind an open drawer should not scroll on phones.
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
      <DashboardSidebar
        id={sidebarId}
        open={sidebarOpen}
        onClose={closeSidebar}
        profile={profile}
        closeButtonRef={closeRef}
      />
      {sidebarOpen && (
        <div
          className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px] lg:hidden"
          onClick={closeSidebar}
          aria-hidden="true"
          data-testid="sidebar-overlay"
        />
      )}
      <div className="flex min-h-screen flex-col lg:pl-64">
        <DashboardHeader
          sidebarId={sidebarId}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setOpenOnPath(sidebarOpen ? null : location.pathname)}
          toggleRef={toggleRef}
          profile={profile}
        />
        <main
          id="main-content"
          tabIndex={-1}
          className="flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
