import { createRequire } from 'node:module';
import { stopWords } from './stop-words';

type Stemmer = { stem(word: string): string };

// snowball-stemmers is CommonJS with no types; requiring it here, typed at the one call we use,
// also keeps it compiling from every tsconfig that reaches this file (bench/ includes no .d.ts).
const { newStemmer } = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer: (algorithm: string) => Stemmer;
};

export type StemmedLanguage = 'en' | 'de' | 'es' | 'fr';
export type Language = StemmedLanguage | 'other';

export type TokenizeOptions = {
  // Skips the guess: the caller already knows (or has guessed) the language.
  language?: Language;
  // Used when the text itself is too short or too mixed to tell its language.
  fallbackLanguage?: Language | null;
};

const stemmerNames: Record<StemmedLanguage, string> = {
  en: 'english',
  de: 'german',
  es: 'spanish',
  fr: 'french',
};
const stemmedLanguages = Object.keys(stemmerNames) as StemmedLanguage[];

const stemmers = new Map<StemmedLanguage, Stemmer>();
// Bounds the memo of word → term below, which saves the Snowball and Unicode work on repeats.
const stemCacheLimit = 200_000;

function stem(word: string, language: StemmedLanguage): string {
  let stemmer = stemmers.get(language);
  if (!stemmer) stemmers.set(language, (stemmer = newStemmer(stemmerNames[language])));
  return stemmer.stem(word);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const latinWithMarks = /^[\p{Script=Latin}\p{N}\p{M}'.]+$/u;
const marks = /\p{M}/gu;
const hasMark = /[\u0300-\u036f]/;

// Only Latin script is folded: in Thai, Devanagari and others the combining marks are letters.
function fold(token: string): string {
  if (isAscii(token) || !latinWithMarks.test(token)) return token;
  const decomposed = token.normalize('NFD');
  const folded = hasMark.test(decomposed) ? decomposed.replace(marks, '') : token;
  return folded.includes('ß') ? folded.replaceAll('ß', 'ss') : folded;
}

/*
 * One pass splits text into three kinds of runs:
 *  1. Han, kana and Hangul: indexed as overlapping character bigrams plus single characters,
 *     which beats dictionary word segmentation for BM25 and needs no dictionary.
 *  2. Thai, Lao, Khmer and Myanmar: no spaces and no useful bigram unit, so ICU word segmentation.
 *  3. Everything else: letters and digits, possibly joined by hyphens, slashes, dots, commas or
 *     apostrophes ("IL-6", "COVID-19", "3.5", "1,000", "cell's").
 */
const runPattern =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+)|([\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+)|([\p{L}\p{N}\p{M}]+(?:[-‐‑/.,'’][\p{L}\p{N}\p{M}]+)*)/gu;
const digit = /\p{N}/u;
const allDigits = /^\p{N}+$/u;
const separator = /[-‐‑/.,'’]/u;

let wordSegmenter: Intl.Segmenter | undefined;

function segmentWords(run: string): string[] {
  wordSegmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
  const words: string[] = [];
  for (const part of wordSegmenter.segment(run)) if (part.isWordLike) words.push(part.segment);
  return words;
}

function pushBigrams(run: string, out: string[]): void {
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) {
    out.push(chars[i]!);
    if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
  }
}

type Word = { text: string; stemmable: boolean };

// Splits a joined group into the words to index; hyphenated codes with a digit are also indexed
// joined, so "IL-6" and "IL6" meet on "il6" while "IL" and "6" still match alone. Joining word
// compounds too ("antiinflammatory") measured slightly worse on SciFact.
function splitGroup(group: string, out: Word[]): void {
  if (!separator.test(group)) {
    out.push({ text: group, stemmable: !digit.test(group) });
    return;
  }
  const pieces = group.split(/([-‐‑/.,'’])/u);
  const parts: string[] = [];
  let current = pieces[0]!;
  for (let i = 1; i < pieces.length; i += 2) {
    const sep = pieces[i]!;
    const next = pieces[i + 1]!;
    const numeric = allDigits.test(current.slice(-1)) && allDigits.test(next.slice(0, 1));
    if (numeric && (sep === '.' || sep === ',')) {
      // 3.5 stays a decimal; 1,000 becomes 1000.
      current = sep === '.' ? `${current}.${next}` : current + next;
    } else if ((sep === "'" || sep === '’') && next === 's') {
      // English possessive: "cell's" is "cell".
    } else {
      parts.push(current);
      current = next;
    }
  }
  parts.push(current);
  for (const part of parts) out.push({ text: part, stemmable: !digit.test(part) });
  if (parts.length > 1 && parts.length <= 4 && /[-‐‑/]/u.test(group) && digit.test(group)) {
    const joined = parts.join('');
    out.push({ text: joined, stemmable: !digit.test(joined) });
  }
}

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

// Word → index term (null for a stop word), per language: the same few thousand words recur.
const termCache = new Map<Language, Map<string, string | null>>();

function termOf(word: Word, language: Language): string | null {
  let cache = termCache.get(language);
  if (!cache) termCache.set(language, (cache = new Map()));
  const key = word.stemmable ? word.text : `#${word.text}`;
  let term = cache.get(key);
  if (term !== undefined) return term;
  const folded = fold(word.text);
  if (language !== 'other' && stopWords[language].has(folded)) term = null;
  else if (!word.stemmable || language === 'other') term = folded;
  else term = stem(folded, language) || null;
  if (cache.size >= stemCacheLimit) cache.clear();
  cache.set(key, term);
  return term;
}

// Stop word → bit mask of the languages that list it.
let stopLanguages: Map<string, number> | undefined;

function stopMask(): Map<string, number> {
  if (stopLanguages) return stopLanguages;
  stopLanguages = new Map();
  stemmedLanguages.forEach((language, bit) => {
    for (const word of stopWords[language]) {
      stopLanguages!.set(word, (stopLanguages!.get(word) ?? 0) | (1 << bit));
    }
  });
  return stopLanguages;
}

/** Guesses the language from stop-word counts; null when the text gives too little evidence. */
export function guessLanguage(text: string): Language | null {
  const masks = stopMask();
  const counts = new Array<number>(stemmedLanguages.length).fill(0);
  let words = 0;
  let nonLatin = 0;
  for (const match of normalise(text.slice(0, 2000)).matchAll(runPattern)) {
    if (!match[3]) {
      nonLatin++;
      continue;
    }
    words++;
    const mask = masks.get(fold(match[3]));
    if (mask) for (let bit = 0; bit < counts.length; bit++) if (mask & (1 << bit)) counts[bit]!++;
    if (words >= 200) break;
  }
  if (nonLatin > words) return 'other';
  let best = -1;
  let bestCount = 0;
  let tie = false;
  counts.forEach((count, bit) => {
    if (count > bestCount) {
      best = bit;
      bestCount = count;
      tie = false;
    } else if (count === bestCount && count > 0) tie = true;
  });
  if (best === -1 || tie) return null;
  // One stop word is no evidence: the "d" of "vitamin D" would make a claim French.
  return bestCount >= 2 ? stemmedLanguages[best]! : null;
}

/**
 * Index terms of a text: NFKC, lower case, Latin diacritics folded, stop words removed and Snowball
 * stems for the guessed language, CJK bigrams and ICU words for scripts without spaces. Folding
 * comes before stemming so that "escribió" and a visitor's "escribio" get the same stem.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const language = options.language ?? guessLanguage(text) ?? options.fallbackLanguage ?? 'en';
  const stops = language === 'other' ? undefined : stopWords[language];
  const terms: string[] = [];
  const words: Word[] = [];
  for (const match of normalise(text).matchAll(runPattern)) {
    if (match[1]) {
      pushBigrams(match[1], terms);
      continue;
    }
    if (match[2]) {
      for (const word of segmentWords(match[2])) terms.push(word);
      continue;
    }
    const group = match[3]!;
    // "don't" is a stop word as a whole, though its parts are not.
    if (stops && /['’]/.test(group) && stops.has(fold(group.replaceAll('’', "'")))) continue;
    words.length = 0;
    splitGroup(group, words);
    for (const word of words) {
      const term = termOf(word, language);
      if (term) terms.push(term);
    }
  }
  return terms;
}
