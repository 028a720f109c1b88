const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const numberFormat = new Intl.NumberFormat('en-US');

export function formatDate(iso: string) {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string) {
  return dateTimeFormat.format(new Date(iso));
}

export function formatCount(value: number) {
  return numberFormat.format(value);
}

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

const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

export function formatRelative(iso: string, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}
