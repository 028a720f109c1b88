const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

export function formatDateTime(iso: string) {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string) {
  return date.format(new Date(iso));
}

export function formatTime(iso: string) {
  return time.format(new Date(iso));
}
