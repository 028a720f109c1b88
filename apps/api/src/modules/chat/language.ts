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
  // Only Spanish opens a question or an exclamation with ¿ or ¡ (Galician may, and reads close).
  [/[¿¡]/u, 'es'],
];

// A short question ("¿En qué año murió Tesla?", "Wer sang die Nationalhymne?") holds too few stop
// words for the guess, yet its question word names its language. Only words that belong to one of
// the languages the widget speaks are listed: not "was", and "wie" only before a word Dutch does
// not share; Spanish "qué", "cómo", "por qué" only with their accent, since Portuguese writes
// "que", "como", "por que".
const notLetter = '(?![\\p{L}])';
const questionWords: Array<[RegExp, string]> = [
  [
    new RegExp(
      `^\\W*(wer|wen|wem|wessen|wann|warum|wieso|weshalb|woher|wohin|womit|wozu|worum|wodurch|wof(ü|ue)r|welche[rsmn]?|wieviele?|in welche[mrn]?|wor?(an|auf|aus|bei|durch|gegen|in|nach|(ü|ue)ber|um|unter|von|vor)|wie (viele?|oft|lange|alt|hoch|gro(ß|ss)|weit|hie(ß|ss)|hei(ß|ss)t|nennt|lautet|wird|wurden?|ist|sind|kann|k(ö|oe)nnen))${notLetter}`,
      'iu',
    ),
    'de',
  ],
  [
    new RegExp(
      `^\\W*(qué|qui[ée]n(es)?|cu[áa]ndo|d[óo]nde|cómo|cu[áa]l(es)?|cu[áa]nt[oa]s?|por qué|en qu[ée])${notLetter}`,
      'iu',
    ),
    'es',
  ],
  [
    new RegExp(
      `^\\W*(quand|pourquoi|combien|quel(le)?s?|lesquel(le)?s|est-ce que|qu['’]est-ce|o[ùu] (est|se|sont|trouve))${notLetter}`,
      'iu',
    ),
    'fr',
  ],
  [new RegExp(`^\\W*(who|whom|whose|when|where|why|which|how|what)${notLetter}`, 'iu'), 'en'],
];

export function detectLanguage(text: string): string | null {
  for (const [pattern, language] of scripts) if (pattern.test(text)) return language;
  const guessed = guessLanguage(text);
  if (guessed && guessed !== 'other') return guessed;
  for (const [pattern, language] of questionWords) if (pattern.test(text)) return language;
  return null;
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
