import type { DefaultOptions } from '@tanstack/react-query';

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: 60_000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;
