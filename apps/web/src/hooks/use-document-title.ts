import { useEffect } from 'react';

import { pageTitle } from '@/config/site';

export function useDocumentTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
