import { Menu } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode, type Ref } from 'react';
import { Outlet, useLocation } from 'react-router';

import { SkipLink } from './skip-link';

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

// What a shell hands its sidebar: the drawer's state below lg, where it slides in over the page.
export type SidebarDrawer = {
  id: string;
  open: boolean;
  // Below lg the closed drawer sits off screen; it must not be reachable by Tab there.
  hidden: boolean;
  onClose: () => void;
  closeButtonRef: Ref<HTMLButtonElement>;
};

type AppShellProps = {
  // Names the sidebar's element id and its overlay's test id.
  area: 'dashboard' | 'admin';
  sidebar: (drawer: SidebarDrawer) => ReactNode;
  // The header's contents after the sidebar button: search, links, notifications, account menu.
  header: ReactNode;
  // Replaces the routed page: the area's error screen is shown inside the shell.
  children?: ReactNode;
  // Kept in view at the foot of the page (View as customer).
  banner?: ReactNode;
};

// Spec §2: the customer dashboard and the back office share one frame: a 16rem sidebar, always
// shown from lg up and sliding in over the page below that, a sticky header and the page.
export function AppShell({ area, sidebar, header, children, banner }: AppShellProps) {
  const sidebarId = `${area}-sidebar`;
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
      {sidebar({
        id: sidebarId,
        open: sidebarOpen,
        hidden: !isDesktop && !sidebarOpen,
        onClose: closeSidebar,
        closeButtonRef: closeRef,
      })}
      {sidebarOpen && (
        <div
          className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px] lg:hidden"
          onClick={closeSidebar}
          aria-hidden="true"
          data-testid={`${sidebarId}-overlay`}
        />
      )}
      <div className="flex min-h-screen min-w-0 flex-col lg:pl-64">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
          <div className="flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8">
            <button
              ref={toggleRef}
              type="button"
              onClick={() => setOpenOnPath(sidebarOpen ? null : location.pathname)}
              aria-expanded={sidebarOpen}
              aria-controls={sidebarId}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
            >
              <span className="sr-only">Open sidebar</span>
              <Menu className="size-5" aria-hidden="true" />
            </button>
            {header}
          </div>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <div className="mx-auto w-full max-w-6xl">{children ?? <Outlet />}</div>
        </main>
        {banner}
      </div>
    </div>
  );
}
