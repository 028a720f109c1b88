import type { SiteInfo } from '@askwell/shared';
import { useEffect, useSyncExternalStore } from 'react';

import { site } from '@/config/site';
import { api } from '@/lib/api-client';

// The site name of Settings → General, fetched once per page load. Until it arrives (and on
// pre-rendered pages, and when the call fails) titles use the product's own name.
let siteName: string = site.name;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function setSiteName(name: string) {
  siteName = name;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function loadSiteName() {
  loading ??= api
    .get<SiteInfo>('/api/site')
    .then((info) => setSiteName(info.site_name))
    .catch(() => {
      // The product's name stays; a title is never worth an error on screen.
    });
}

export function useDocumentTitle(page: string) {
  const name = useSyncExternalStore(
    subscribe,
    () => siteName,
    () => siteName,
  );
  useEffect(loadSiteName, []);
  useEffect(() => {
    document.title = `${name} — ${page}`;
  }, [name, page]);
}
