// The one place dates and numbers are written for people. `undefined` as the locale is the
// browser's own, so an owner in Germany reads 24.11.2026 and 1.234 while one in the US reads
// Nov 24, 2026 and 1,234. Plural forms follow the language of the words (the interface is
// English), chosen through Intl.PluralRules rather than `count === 1`.
const locale: string | undefined = undefined;

const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(locale);
const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
const englishPlurals = new Intl.PluralRules('en');

type DateInput = string | number | Date;

export function formatDate(value: DateInput) {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: DateInput) {
  return dateTimeFormat.format(new Date(value));
}

export function formatTime(value: DateInput) {
  return timeFormat.format(new Date(value));
}

const monthDayFormat = new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric' });

// "November 1": a day of the year without the year.
export function formatMonthDay(value: DateInput) {
  return monthDayFormat.format(new Date(value));
}

export function formatNumber(value: number) {
  return numberFormat.format(value);
}

const oneDecimalFormat = new Intl.NumberFormat(locale, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

// Always one decimal: 12.5, 0.0, 1.4 (figures the spec gives "with one decimal").
export function formatOneDecimal(value: number) {
  return oneDecimalFormat.format(value);
}

// Model prices are fractions of a cent, so up to four decimals are kept: $0.0031.
const usdFormat = new Intl.NumberFormat(locale, {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

export function formatUsd(value: number) {
  return usdFormat.format(value);
}

// "just now", "5 minutes ago", "yesterday"; older than a month, the date itself.
export function formatRelative(value: DateInput, now = Date.now()) {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return formatDate(value);
}

// The noun for `count` without the number: pluralWord(1, 'page') is 'page', pluralWord(2, 'page')
// is 'pages'. Irregular plurals are given: pluralWord(n, 'entry', 'entries').
export function pluralWord(count: number, one: string, other = `${one}s`) {
  return englishPlurals.select(count) === 'one' ? one : other;
}

// "1 page", "1,234 pages".
export function countOf(count: number, one: string, other = `${one}s`) {
  return `${formatNumber(count)} ${pluralWord(count, one, other)}`;
}
