import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Container } from './container';

export type DocSectionLink = { id: string; label: string };

type DocPageProps = {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  sections: readonly DocSectionLink[];
  // A line under the intro, e.g. when a policy last changed.
  meta?: ReactNode;
  children: ReactNode;
};

// The frame shared by the getting-started guide and the legal pages: a header, an "On this page"
// list of anchors and the sections beside it.
export function DocPage({ eyebrow, title, intro, sections, meta, children }: DocPageProps) {
  return (
    <>
      <section
        aria-labelledby="page-title"
        className="relative isolate overflow-hidden border-b border-slate-200 bg-slate-50 py-14 sm:py-16"
      >
        <div
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_50%_0%,var(--color-brand-100),transparent)]"
          aria-hidden="true"
        />
        <Container>
          <p className="text-sm font-semibold text-brand-800">{eyebrow}</p>
          <h1
            id="page-title"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {title}
          </h1>
          <div className="mt-3 max-w-2xl text-base leading-7 text-pretty text-slate-600 sm:text-lg">
            {intro}
          </div>
          {meta && <p className="mt-4 text-sm text-slate-500">{meta}</p>}
        </Container>
      </section>

      <Container className="py-12 lg:py-16">
        <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
          <nav aria-label="On this page" className="mb-10 lg:mb-0">
            <div className="lg:sticky lg:top-24">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                On this page
              </p>
              <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="block rounded-lg px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-900 lg:ring-0"
                    >
                      {section.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
          <div className="max-w-3xl min-w-0 space-y-14">{children}</div>
        </div>
      </Container>
    </>
  );
}

export function DocSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-5">
      <h2
        id={`${id}-title`}
        className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

export function DocSubheading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="scroll-mt-24 pt-2 text-base font-semibold text-slate-900">
      {children}
    </h3>
  );
}

export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4 text-[15px] leading-7 text-slate-700 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      {children}
    </div>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] break-words text-slate-900">
      {children}
    </code>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-800 underline underline-offset-2">
      {children}
    </Link>
  );
}
