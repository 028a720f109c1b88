import {
  Outlet,
  redirectDocument,
  ScrollRestoration,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';

import { ErrorScreen } from '@/components/errors/error-screen';
import { RootErrorBoundary } from '@/components/errors/root-error-boundary';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { NavigationProgress } from '@/components/layouts/navigation-progress';
import { ScrollToHash } from '@/components/layouts/scroll-to-hash';
import { LoadingScreen } from '@/components/ui/loading-screen';

function RootShell() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <ScrollToHash />
    </>
  );
}

function MarketingShell() {
  return (
    <MarketingLayout>
      <Outlet />
    </MarketingLayout>
  );
}

// The root route of the whole app (router.tsx) and of the public pages' own router (below), so a
// pre-rendered page and the code that hydrates it render the same tree.
export const siteRoot = {
  id: 'root',
  Component: RootShell,
  ErrorBoundary: RootErrorBoundary,
  HydrateFallback: LoadingScreen,
} satisfies RouteObject;

// Every page is its own chunk so the home page ships only what it shows.
const marketingPages: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./routes/public/home').then((m) => ({ Component: m.HomeRoute })),
  },
  {
    path: 'features',
    lazy: () => import('./routes/public/features').then((m) => ({ Component: m.FeaturesRoute })),
  },
  {
    path: 'pricing',
    lazy: () => import('./routes/public/pricing').then((m) => ({ Component: m.PricingRoute })),
  },
  {
    path: 'contact',
    lazy: () => import('./routes/public/contact').then((m) => ({ Component: m.ContactRoute })),
  },
  {
    path: 'case-studies',
    lazy: () =>
      import('./routes/public/case-studies').then((m) => ({
        Component: m.CaseStudiesRoute,
      })),
  },
  {
    path: 'docs/api',
    lazy: () =>
      import('./routes/public/api-reference').then((m) => ({
        Component: m.ApiReferenceRoute,
      })),
  },
  {
    path: 'docs',
    lazy: () => import('./routes/public/docs').then((m) => ({ Component: m.DocsRoute })),
  },
  {
    path: 'about',
    lazy: () => import('./routes/public/about').then((m) => ({ Component: m.AboutRoute })),
  },
  {
    path: 'privacy',
    lazy: () => import('./routes/public/privacy').then((m) => ({ Component: m.PrivacyRoute })),
  },
  {
    path: 'terms',
    lazy: () => import('./routes/public/terms').then((m) => ({ Component: m.TermsRoute })),
  },
  {
    path: 'cookies',
    lazy: () =>
      import('./routes/public/cookies').then((m) => ({
        Component: m.CookiePolicyRoute,
      })),
  },
  {
    path: 'case-studies/:slug',
    lazy: () =>
      import('./routes/public/case-study').then((m) => ({
        Component: m.CaseStudyRoute,
        loader: m.caseStudyLoader,
      })),
  },
];

// The marketing pages, in their layout; `elsewhere` answers any other path below them.
export function marketingArea(elsewhere: RouteObject): RouteObject {
  return {
    Component: MarketingShell,
    children: [{ ErrorBoundary: ErrorScreen, children: [...marketingPages, elsewhere] }],
  };
}

// What the pre-rendered public pages hydrate with (public-main.tsx, entry-server.tsx): only the
// marketing pages, so they ship none of the sign-in, dashboard or back office code. Any other path
// (/login, /register, /dashboard…) is a document load of the whole app.
export const publicRoutes: RouteObject[] = [
  {
    ...siteRoot,
    children: [
      marketingArea({
        path: '*',
        loader: ({ request }: LoaderFunctionArgs) => redirectDocument(request.url),
      }),
    ],
  },
];
