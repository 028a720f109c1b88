import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';

import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { paths, type HomeSection } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';

import { SectionLink } from './section-link';

const sectionLinks: { label: string; section: HomeSection }[] = [
  { label: 'Platform', section: 'platform' },
  { label: 'Solutions', section: 'solutions' },
  { label: 'Pricing', section: 'pricing' },
  { label: 'Customers', section: 'customers' },
];

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Listening all along, not only once the menu has opened: an Escape pressed right after the
  // tap that opened it came before the listener was attached, and the menu stayed open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Synchronous so the menu has collapsed before the browser scrolls to an in-page anchor;
  // otherwise the anchor is measured against the taller, open header.
  const closeMenu = () => flushSync(() => setMenuOpen(false));

  return (
    <header
      className={clsx(
        'sticky top-0 z-40 border-b bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80',
        scrolled || menuOpen ? 'border-slate-200 shadow-sm' : 'border-transparent',
      )}
    >
      <Container className="flex h-16 items-center justify-between gap-6">
        <Link to={paths.home} className="rounded-md" aria-label="Askwell home" onClick={closeMenu}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.section}>
                <SectionLink
                  section={link.section}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Link
            to={paths.login}
            className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            Login
          </Link>
          <ButtonLink to={paths.register} size="sm">
            Get Started Free
          </ButtonLink>
        </div>

        <button
          type="button"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </Container>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white md:hidden">
          <Container className="py-4">
            <nav aria-label="Mobile">
              <ul className="space-y-1">
                {sectionLinks.map((link) => (
                  <li key={link.section}>
                    <SectionLink
                      section={link.section}
                      onClick={closeMenu}
                      className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                    >
                      {link.label}
                    </SectionLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4">
              <ButtonLink to={paths.login} variant="secondary" onClick={closeMenu}>
                Login
              </ButtonLink>
              <ButtonLink to={paths.register} onClick={closeMenu}>
                Get Started Free
              </ButtonLink>
            </div>
          </Container>
        </div>
      )}
    </header>
  );
}
