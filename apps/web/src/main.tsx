import '@fontsource-variable/inter';
import './index.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';

import { AppProvider } from './app/provider';
import { AppRouter, routes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');

// A pre-rendered public page arrives with its HTML; the route modules it was rendered from are
// loaded before hydrating, so the first client render matches that HTML instead of a fallback.
// scripts/prerender.mjs writes the router's state next to the HTML it rendered.
const hydrationJson = document.getElementById('hydration-data')?.textContent;
const hydrationData = hydrationJson ? (JSON.parse(hydrationJson) as HydrationState) : undefined;
if (hydrationData) {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter(
    (match) => match.route.lazy,
  );
  await Promise.all(
    lazyMatches.map(async (match) => {
      const lazy = match.route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(match.route, { ...(await lazy()), lazy: undefined });
    }),
  );
}

const router = createBrowserRouter(routes, { hydrationData });
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);

if (hydrationData) {
  // Let the browser paint the pre-rendered page first: hydrating a long page is one long task, and
  // started before the first paint it would hold the content back.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  hydrateRoot(root, app);
} else createRoot(root).render(app);
