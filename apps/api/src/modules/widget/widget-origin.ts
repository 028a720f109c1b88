import type { FastifyRequest } from 'fastify';

// The page a widget request comes from. Browsers always send Origin on cross-origin requests;
// same-origin GETs (Askwell's own preview) send no Origin and, under our no-referrer policy, no
// Referer either, but the browser-set Sec-Fetch-Site still says they come from our own pages.
export function requestOrigin(request: FastifyRequest, own: Set<string>): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return parseOrigin(origin);
  const referer = request.headers.referer;
  if (referer) return parseOrigin(referer);
  if (request.headers['sec-fetch-site'] === 'same-origin') return [...own][0] ?? null;
  return null;
}

function parseOrigin(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function ownOrigins(request: FastifyRequest, publicUrl?: string) {
  const origins = new Set<string>();
  const own = parseOrigin(`${request.protocol}://${request.host}`);
  if (own) origins.add(own);
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}

// 'example.com' matches that host on any port; '*.example.com' matches every subdomain but not
// the bare domain; a pattern with a port matches only that port.
export function originMatches(origin: string, patterns: readonly string[]) {
  const url = new URL(origin);
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return patterns.some((pattern) => {
    const [patternHost = '', patternPort] = pattern.toLowerCase().split(':');
    if (patternPort && patternPort !== port) return false;
    if (patternHost.startsWith('*.')) return host.endsWith(patternHost.slice(1));
    return host === patternHost;
  });
}
