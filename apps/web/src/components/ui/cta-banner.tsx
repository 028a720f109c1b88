import type { ReactNode } from 'react';

type CtaBannerProps = {
  title: ReactNode;
  description: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
  headingId?: string;
};

// Shared by the home page and the case-study pages, which each choose their own actions.
export function CtaBanner({ title, description, actions, children, headingId }: CtaBannerProps) {
  return (
    <div className="relative isolate overflow-hidden rounded-3xl bg-brand-900 px-6 py-14 shadow-xl sm:px-12 lg:px-16">
      <svg
        className="absolute inset-0 -z-10 size-full stroke-white/10"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <defs>
          <pattern id="cta-grid" width="48" height="48" patternUnits="userSpaceOnUse">
            <path d="M48 0H0v48" fill="none" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#cta-grid)" />
      </svg>
      <div
        className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-brand-500/40 blur-3xl"
        aria-hidden="true"
      />
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id={headingId}
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          {title}
        </h2>
        <p className="mt-4 text-lg leading-8 text-pretty text-brand-100">{description}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {actions}
        </div>
      </div>
      {children}
    </div>
  );
}
