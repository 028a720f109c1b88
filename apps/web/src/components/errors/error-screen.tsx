import { ArrowLeft, CircleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function describeError(error: unknown): { summary: string; notFound: boolean } {
  if (isRouteErrorResponse(error)) {
    const statusText = error.statusText || statusTexts[error.status] || '';
    return { summary: `${error.status} ${statusText}`.trim(), notFound: error.status === 404 };
  }
  if (error instanceof Error && error.message) return { summary: error.message, notFound: false };
  if (typeof error === 'string' && error) return { summary: error, notFound: false };
  return { summary: 'Unknown error', notFound: false };
}

export type ErrorArea = 'site' | 'dashboard' | 'admin';

// Each area's way back to its own home; the public site also offers support.
const areaHome: Record<ErrorArea, { to: string; label: string }> = {
  site: { to: paths.home, label: 'Back to home' },
  dashboard: { to: paths.dashboard, label: 'Back to Dashboard' },
  admin: { to: paths.admin, label: 'Back to Admin Dashboard' },
};

export function ErrorScreen({ area = 'site' }: { area?: ErrorArea }) {
  const error = useRouteError();
  const home = areaHome[area];
  const { summary, notFound } = describeError(error);
  useDocumentTitle(summary);

  return (
    <section
      className="flex min-h-[60vh] items-center justify-center px-4 py-20 sm:px-6"
      aria-labelledby="error-title"
    >
      <div className="mx-auto max-w-xl text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <CircleAlert className="size-7" aria-hidden="true" />
        </div>
        <h1
          id="error-title"
          className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          Unexpected Application Error!
        </h1>
        <p
          className="mt-4 inline-flex rounded-full bg-brand-50 px-4 py-1.5 text-base font-semibold text-brand-900 ring-1 ring-brand-200"
          data-testid="error-status"
        >
          {summary}
        </p>
        <p className="mt-4 text-base leading-7 text-slate-600">
          {notFound
            ? "The page you're looking for doesn't exist or has moved."
            : 'Something went wrong while showing this page. Please try again in a moment.'}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={home.to}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {home.label}
          </ButtonLink>
          {area === 'site' && (
            <ButtonLink to={paths.contact} variant="secondary">
              Contact support
            </ButtonLink>
          )}
        </div>
      </div>
    </section>
  );
}
