// Carries the page the user wanted through the sign-in screens; only same-site paths survive.
export function withRedirect(path: string, redirect: string | null) {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}redirect=${encodeURIComponent(redirect)}`;
}
