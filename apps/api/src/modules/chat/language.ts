import { guessLanguage } from '../retrieval';

// Scripts that name their language (or nearly) on their own; checked before the stop-word guess,
// which only knows the Latin-script languages the index stems.
const scripts: Array<[RegExp, string]> = [
  [/[\u3040-\u30ff]/u, 'ja'],
  [/[\uac00-\ud7af]/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Devanagari}/u, 'hi'],
];

export function detectLanguage(text: string): string | null {
  for (const [pattern, language] of scripts) if (pattern.test(text)) return language;
  const guessed = guessLanguage(text);
  return guessed && guessed !== 'other' ? guessed : null;
}

// "de-CH,de;q=0.9,en;q=0.8" → "de"
export function primaryLanguage(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  if (!first || first === '*') return null;
  const base = first.split('-')[0]!;
  return /^[a-z]{2,3}$/.test(base) ? base : null;
}

export const languageNames: Record<string, string> = {
  en: 'English',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  th: 'Thai',
  ru: 'Russian',
  ar: 'Arabic',
  he: 'Hebrew',
  el: 'Greek',
  hi: 'Hindi',
};
