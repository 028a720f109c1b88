import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type HydrationState,
} from 'react-router';

import { AppProvider } from './app/provider';
import { publicRoutes } from './app/public-routes';

// The script of the pre-rendered public pages (scripts/prerender.mjs puts it in their HTML instead
// of main.tsx): it hydrates the marketing pages only, so a visitor's first page does not download
// the app behind the sign-in. The stylesheet is the app's, linked by the page's HTML.
const root = document.getElementById('root');
const hydrationJson = document.getElementById('hydration-data')?.textContent;
if (!root || !hydrationJson) throw new Error('This page has no pre-rendered content to hydrate.');
const hydrationData = JSON.parse(hydrationJson) as HydrationState;

// The route modules the page was rendered from are loaded before hydrating, so the first client
// render matches the HTML instead of a fallback.
const lazyMatches = (matchRoutes(publicRoutes, window.location) ?? []).filter(
  (match) => match.route.lazy,
);
await Promise.all(
  lazyMatches.map(async (match) => {
    const lazy = match.route.lazy;
    if (typeof lazy !== 'function') return;
    Object.assign(match.route, { ...(await lazy()), lazy: undefined });
  }),
);

const router = createBrowserRouter(publicRoutes, { hydrationData });

// Let the browser paint the pre-rendered page first: hydrating a long page is one long task, and
// started before the first paint it would hold the content back.
await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
hydrateRoot(
  root,
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
