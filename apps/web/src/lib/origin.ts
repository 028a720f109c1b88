// Pages are pre-rendered at build time, before anyone knows the address the site is served from;
// the server swaps this marker for the request's origin when it sends a pre-rendered page, so the
// HTML and the hydrating browser agree on it.
export const originPlaceholder = '__ASKWELL_ORIGIN__';

export function siteOrigin() {
  return typeof window === 'undefined' ? originPlaceholder : window.location.origin;
}
