import { Link } from 'react-router';

import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

import { SectionLink } from './section-link';

type FooterColumn = { title: string; links: { label: string; anchor: string }[] };

const footerColumns: FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', anchor: 'features' },
      { label: 'Pricing', anchor: 'pricing' },
      { label: 'Security', anchor: 'security' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', anchor: 'about' },
      { label: 'Blog', anchor: 'blog' },
      { label: 'Careers', anchor: 'careers' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', anchor: 'documentation' },
      { label: 'API reference', anchor: 'api-reference' },
      { label: 'Guides', anchor: 'guides' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', anchor: 'privacy' },
      { label: 'Terms', anchor: 'terms' },
      { label: 'Cookie policy', anchor: 'cookie-policy' },
    ],
  },
];

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
                    <li key={link.anchor}>
                      <SectionLink
                        section={link.anchor}
                        className="rounded-sm text-sm text-slate-600 transition-colors hover:text-brand-800"
                      >
                        {link.label}
                      </SectionLink>
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
