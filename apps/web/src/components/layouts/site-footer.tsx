import { Link } from 'react-router';

import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { paths, type HomeSection } from '@/config/paths';
import { site } from '@/config/site';

import { SectionLink } from './section-link';

// A link is either a section of the home page or a page of its own.
type FooterLink = { label: string } & ({ section: HomeSection } | { to: string });
type FooterColumn = { title: string; links: FooterLink[] };

const footerColumns: FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', section: 'features' },
      { label: 'Pricing', section: 'pricing' },
      { label: 'Security', section: 'security' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: paths.docs },
      { label: 'API reference', to: paths.apiReference },
      { label: 'Guides', to: paths.guides },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: paths.privacy },
      { label: 'Terms', to: paths.terms },
      { label: 'Cookie policy', to: paths.cookies },
    ],
  },
];

const linkClass = 'rounded-sm text-sm text-slate-600 transition-colors hover:text-brand-800';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <Container className="py-14 lg:py-16">
        <div className="grid gap-10 lg:grid-cols-6">
          <div className="lg:col-span-2">
            <Link to={paths.home} className="inline-block rounded-md" aria-label="Askwell home">
              <Logo />
            </Link>
            <p className="mt-4 max-w-xs text-sm leading-6 text-slate-600">
              AI chatbots trained on your own content that answer customers, capture leads and grow
              sales around the clock.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            {footerColumns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      {'section' in link ? (
                        <SectionLink section={link.section} className={linkClass}>
                          {link.label}
                        </SectionLink>
                      ) : (
                        <Link to={link.to} className={linkClass}>
                          {link.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{site.copyright}</p>
          <p className="text-sm text-slate-600">
            Built for teams in healthcare, e-commerce, logistics and banking.
          </p>
        </div>
      </Container>
    </footer>
  );
}
