import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while a pre-rendered page is still only HTML and during the render that hydrates it, true
 * from then on (and at once on pages rendered in the browser). A control whose click would be lost
 * before hydration, or would submit a form natively with its fields in the URL, stays disabled
 * until then.
 */
export function useHydrated() {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
