import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type HydrationState,
} from 'react-router';

import { AppProvider } from './app/provider';
import { publicRoutes } from './app/public-routes';

export { publicPages } from './config/public-pages';

export type RenderedPage = { status: number; html: string; hydrationData: HydrationState };

// Used only at build time (scripts/prerender.mjs) to write the public pages as HTML, from the same
// routes public-main.tsx hydrates them with.
export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(publicRoutes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    throw new Error(`${url} answered with a redirect (${context.status}), not a page`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const hydrationData: HydrationState = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  return { status: context.statusCode, html, hydrationData };
}
