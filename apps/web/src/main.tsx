import '@fontsource-variable/inter';
import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';

import { AppProvider } from './app/provider';
import { AppRouter, routes } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');

// The pre-rendered public pages hydrate with public-main.tsx instead; this renders the app into
// the empty shell every other path is served.
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>,
);
