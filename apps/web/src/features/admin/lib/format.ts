// Spec §2: permission names are shown with underscores turned into spaces.
export function permissionLabel(name: string) {
  return name.replaceAll('_', ' ');
}

// A readable summary of a session's user agent, e.g. "Chrome on macOS".
export function describeUserAgent(userAgent: string | null | undefined) {
  if (!userAgent) return 'Unknown device';
  const browser =
    (/Edg\//.test(userAgent) && 'Edge') ||
    (/OPR\//.test(userAgent) && 'Opera') ||
    (/Firefox\//.test(userAgent) && 'Firefox') ||
    (/(Chrome|Chromium|CriOS)\//.test(userAgent) && 'Chrome') ||
    (/Safari\//.test(userAgent) && 'Safari') ||
    null;
  const system =
    (/iPhone|iPad|iPod/.test(userAgent) && 'iOS') ||
    (/Android/.test(userAgent) && 'Android') ||
    (/Windows/.test(userAgent) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(userAgent) && 'macOS') ||
    (/CrOS/.test(userAgent) && 'ChromeOS') ||
    (/Linux/.test(userAgent) && 'Linux') ||
    null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
