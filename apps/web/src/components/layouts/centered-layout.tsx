import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

import { SkipLink } from './skip-link';

// The frame for sign-in style screens: a quiet page with one card in the middle.
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-screen flex-col bg-slate-50">
      <div
        className="absolute inset-x-0 top-0 -z-10 h-80 bg-linear-to-b from-brand-100/70 to-transparent"
        aria-hidden="true"
      />
      <SkipLink />
      <header className="mx-auto flex w-full max-w-7xl items-center justify-between px-4 py-6 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-md" aria-label="Askwell home">
          <Logo />
        </Link>
        <nav aria-label="Main">
          <Link
            to={paths.home}
            className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-white hover:text-slate-900"
          >
            Back to website
          </Link>
        </nav>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 items-center justify-center px-4 py-10 focus:outline-none sm:px-6"
      >
        {children}
      </main>
      <footer className="px-4 py-8 text-center text-sm text-slate-600">{site.copyright}</footer>
    </div>
  );
}
