import { createRequire } from 'node:module';
import { to as toSimplifiedTables } from 'opencc-js/preset/t2cn';
import { stem as englishStem } from 'porter2';
import { stopWordsOf } from './stop-words';

type Stemmer = { stem(word: string): string };

// snowball-stemmers is CommonJS with no types; requiring it here, typed at the one call we use,
// also keeps it compiling from every tsconfig that reaches this file (bench/ includes no .d.ts).
const requireCommonJs = createRequire(import.meta.url);
const { newStemmer } = requireCommonJs('snowball-stemmers') as {
  newStemmer: (algorithm: string) => Stemmer;
};
// Stemmers of languages Snowball covers and snowball-stemmers lacks, from nlp.js's language
// packages (required by file: their index pulls in the rest of nlp.js): Snowball's Indonesian,
// Lithuanian, Serbian and Nepali (generated from the Snowball source), and ports of the
// algorithms Snowball's Greek (Ntais's) and Hindi (Ramanathan and Rao's light stemmer) implement.
type NlpStemmer = { setCurrent(word: string): void; innerStem(): void; getCurrent(): string };
const nlpStemmerFiles = {
  indonesian: '@nlpjs/lang-id/src/stemmer-id',
  greek: '@nlpjs/lang-el/src/stemmer-el',
  hindi: '@nlpjs/lang-hi/src/stemmer-hi',
  lithuanian: '@nlpjs/lang-lt/src/stemmer-lt',
  serbian: '@nlpjs/lang-sr/src/stemmer-sr',
  nepali: '@nlpjs/lang-ne/src/stemmer-ne',
} as const;

function newNlpStemmer(algorithm: keyof typeof nlpStemmerFiles): Stemmer {
  const NlpStemmerClass = requireCommonJs(nlpStemmerFiles[algorithm]) as new () => NlpStemmer;
  const stemmer = new NlpStemmerClass();
  return {
    stem: (word) => {
      stemmer.setCurrent(word);
      stemmer.innerStem();
      return stemmer.getCurrent();
    },
  };
}

type Script =
  | 'none'
  | 'latin'
  | 'cyrillic'
  | 'greek'
  | 'arabic'
  | 'hebrew'
  | 'armenian'
  | 'devanagari'
  | 'bengali'
  | 'gujarati'
  | 'tamil';

const scripts: Array<{ script: Script; pattern: RegExp }> = [
  { script: 'latin', pattern: /\p{Script=Latin}/u },
  { script: 'cyrillic', pattern: /\p{Script=Cyrillic}/u },
  { script: 'greek', pattern: /\p{Script=Greek}/u },
  { script: 'arabic', pattern: /\p{Script=Arabic}/u },
  { script: 'hebrew', pattern: /\p{Script=Hebrew}/u },
  { script: 'armenian', pattern: /\p{Script=Armenian}/u },
  { script: 'devanagari', pattern: /\p{Script=Devanagari}/u },
  { script: 'bengali', pattern: /\p{Script=Bengali}/u },
  { script: 'gujarati', pattern: /\p{Script=Gujarati}/u },
  { script: 'tamil', pattern: /\p{Script=Tamil}/u },
];
// Index 0 is 'none' (digits, marks, symbols).
const scriptNames: Script[] = ['none', ...scripts.map((entry) => entry.script)];

/**
 * The languages told apart by their stop words (and, outside the Latin script, by their script),
 * with the Snowball stemmer of snowball-stemmers (or nlp.js's, above) where one exists; Croatian
 * takes Serbian's, which reads its spelling too. A language without one is matched on whole
 * words plus a four-letter prefix (see termsOf).
 */
const languageTable = {
  en: { script: 'latin', stemmer: 'english' },
  de: { script: 'latin', stemmer: 'german' },
  es: { script: 'latin', stemmer: 'spanish' },
  fr: { script: 'latin', stemmer: 'french' },
  it: { script: 'latin', stemmer: 'italian' },
  pt: { script: 'latin', stemmer: 'portuguese' },
  nl: { script: 'latin', stemmer: 'dutch' },
  sv: { script: 'latin', stemmer: 'swedish' },
  da: { script: 'latin', stemmer: 'danish' },
  no: { script: 'latin', stemmer: 'norwegian' },
  fi: { script: 'latin', stemmer: 'finnish' },
  hu: { script: 'latin', stemmer: 'hungarian' },
  ro: { script: 'latin', stemmer: 'romanian' },
  tr: { script: 'latin', stemmer: 'turkish' },
  ca: { script: 'latin', stemmer: 'catalan' },
  eu: { script: 'latin', stemmer: 'basque' },
  ga: { script: 'latin', stemmer: 'irish' },
  // Croatian, and Serbian or Bosnian in Latin letters: more speakers than Czech, so first on a tie.
  hr: { script: 'latin', stemmer: 'serbian' },
  cs: { script: 'latin', stemmer: 'czech' },
  sl: { script: 'latin', stemmer: 'slovene' },
  pl: { script: 'latin', stemmer: null },
  sk: { script: 'latin', stemmer: null },
  lt: { script: 'latin', stemmer: 'lithuanian' },
  lv: { script: 'latin', stemmer: null },
  et: { script: 'latin', stemmer: null },
  id: { script: 'latin', stemmer: 'indonesian' },
  ms: { script: 'latin', stemmer: 'indonesian' },
  vi: { script: 'latin', stemmer: null },
  tl: { script: 'latin', stemmer: null },
  sw: { script: 'latin', stemmer: null },
  af: { script: 'latin', stemmer: null },
  gl: { script: 'latin', stemmer: null },
  ru: { script: 'cyrillic', stemmer: 'russian' },
  uk: { script: 'cyrillic', stemmer: null },
  bg: { script: 'cyrillic', stemmer: null },
  sr: { script: 'cyrillic', stemmer: 'serbian' },
  el: { script: 'greek', stemmer: 'greek' },
  ar: { script: 'arabic', stemmer: 'arabic' },
  fa: { script: 'arabic', stemmer: null },
  ur: { script: 'arabic', stemmer: null },
  he: { script: 'hebrew', stemmer: null },
  hy: { script: 'armenian', stemmer: 'armenian' },
  hi: { script: 'devanagari', stemmer: 'hindi' },
  mr: { script: 'devanagari', stemmer: null },
  ne: { script: 'devanagari', stemmer: 'nepali' },
  bn: { script: 'bengali', stemmer: null },
  gu: { script: 'gujarati', stemmer: null },
  ta: { script: 'tamil', stemmer: 'tamil' },
} as const satisfies Record<string, { script: Script; stemmer: string | null }>;

export type KnownLanguage = keyof typeof languageTable;
// 'other': Chinese, Japanese, Korean, Thai and the like, indexed by characters or ICU words.
export type Language = KnownLanguage | 'other';

const knownLanguages = Object.keys(languageTable) as KnownLanguage[];
// en, de, es and fr: their stop lists were tuned on the evaluation sets.
const tunedLanguages = 4;

// The language a word of a script belongs to when the text around it is in another script: an
// English product name in a Russian or Chinese passage is stemmed as English in both.
const scriptDefault: Partial<Record<Script, KnownLanguage>> = {
  latin: 'en',
  cyrillic: 'ru',
  greek: 'el',
  arabic: 'ar',
  hebrew: 'he',
  armenian: 'hy',
  devanagari: 'hi',
  bengali: 'bn',
  gujarati: 'gu',
  tamil: 'ta',
};

/** The languages whose words get Snowball stems (the rest are matched by word and prefix). */
export const stemmedLanguages = knownLanguages.filter(
  (language) => languageTable[language].stemmer !== null,
);

export type TokenizeOptions = {
  // Skips the guess: the caller already knows (or has guessed) the language.
  language?: Language;
  // Used when the text itself is too short or too mixed to tell its language (and is in the
  // fallback's script).
  fallbackLanguage?: Language | null;
};

const stemmers = new Map<KnownLanguage, Stemmer>();
// Bound the memo of word → terms below (all languages together), which saves the Snowball and
// Unicode work on repeats. The characters are bounded too: a text of long made-up words would
// otherwise fill 200,000 entries with up to a chunk's length each.
const stemCacheLimit = 200_000;
const stemCacheCharLimit = stemCacheLimit * 48;
// Words of a language without a stemmer are also indexed by this many leading letters, so that
// Polish "umowy" meets "umowa"; the whole word is indexed too, so an exact match still ranks first.
const prefixLength = 4;
// German joins words into compounds the stemmer leaves whole ("Schmalspurbahnen" against
// "Schmalspurschienen", "Bevölkerungsgröße" against "Bevölkerung"): its long words are also
// indexed by their first seven letters. On XQuAD de: nDCG@10 0.9516 → 0.9575 and chat's first
// citation right for 0.910 → 0.920 of the questions; six or eight letters, or shorter words, did
// less.
const compoundPrefix = { languages: new Set<KnownLanguage>(['de']), minLength: 9, length: 7 };
// A compound's beginning ends in this mark, a stemless language's word beginning in '*': no word
// holds either. The ranking weighs a compound's beginning less than the stem beside it.
export const compoundHeadMark = '~';

const longestStemmedWord = 64;

// English, the language most passages are in, goes through porter2: the same Snowball English
// stems (tokenize.test.ts compares the two on every word of the shared test data) at a tenth of
// snowball-stemmers' cost, which was a third of building SciFact's index from cold.
function stem(word: string, language: KnownLanguage): string {
  // No language's word is this long; nlp.js's Greek stemmer takes time quadratic in a word's
  // length (20,000 letters: 0.37 s), which a visitor's message or an upload could exploit.
  if (word.length > longestStemmedWord) return word;
  if (language === 'en') return englishStem(word);
  let stemmer = stemmers.get(language);
  if (!stemmer) {
    const algorithm = languageTable[language].stemmer!;
    stemmer =
      algorithm in nlpStemmerFiles
        ? newNlpStemmer(algorithm as keyof typeof nlpStemmerFiles)
        : newStemmer(algorithm);
    stemmers.set(language, stemmer);
  }
  return stemmer.stem(word);
}

// Snowball's stemmers read a word as it is spelled: the Spanish one removes the preterite's "-ió"
// and the imperfect's "-ía" only with their accents, so "decidió", folded first, kept "decidi"
// where "decidir" and "decidieron" give "decid". A Spanish word with diacritics is stemmed as
// written and its stem folded; a visitor's "decidio" keeps "decidi", which the index reads as
// "decid", the indexed word one edit away (typo-tolerance.ts). XQuAD es first result right 1,120 →
// 1,127 of 1,190 questions (1,123 with every question's accents taken away, 1,120 before);
// stripping a final "i" from every Spanish stem instead gave 1,125 either way, but made "estadio"
// "estado". In every language, German's XQuAD and the small sets gave the same figures, but French
// questions typed without accents lost 2 of 15 (`bench/multilingual/fr`). Lithuanian's stemmer
// likewise removes the locative "-ėje" only with its accent ("parduotuvėje" kept "parduotuvej").
// Serbian's reads Cyrillic and Latin ("продавници", "prodavnici": "prodavnic") and Croatian's
// long "ije" ("mlijeko", "mleko": "mlek"), and ends such suffixes as "-ošću" and "-čki" in their
// letters; its stems are folded too, so that "čokolada", "чоколада" and a visitor's "cokolada" meet.
// Romanian's stemmer in snowball-stemmers removes "-ți", "-ați", "-eți", "-ității" only with the
// cedilla letters ş and ţ that Romanian was typed with before Unicode gave it ș and ț (comma
// below, what text is written with today); folded first, "deschideți" kept "deschidet" and
// "orașe" became "ora" beside "orașul"'s "oras". It is stemmed as written, in the cedilla letters.
const accentedStems: ReadonlySet<KnownLanguage> = new Set(['es', 'lt', 'sr', 'hr', 'ro']);
const commaBelow = /[șț]/g;
function stemAsWritten(word: string, folded: string, language: KnownLanguage): string {
  if (language === 'ar') return stem(arabicSpelling(fold(word)), language);
  if (!accentedStems.has(language)) return stem(folded, language);
  const written =
    language === 'ro' ? word.replace(commaBelow, (letter) => (letter === 'ș' ? 'ş' : 'ţ')) : word;
  return fold(stem(written, language));
}

// Arabic keeps a final alef maqsura (ى) apart from yeh (ي) in standard spelling, but Egyptian
// print and much typing write one for the other. Snowball's Arabic reads ى as ي only after removing
// suffixes, so "مستشفى" and a visitor's "مستشفي" (hospital) stemmed as "مستشفي" and "مستشف". It is
// read as ي before the stemmer, on both sides, and after the stop-word check: the list holds "على"
// (on) and "فى", not the name "علي". "ة" typed as "ه" is left: read so, it stopped the stemmer
// removing it ("الإدارة" stemmed "اداره" beside "إدارة"'s "ادار").
function arabicSpelling(folded: string): string {
  return folded.replaceAll('ى', 'ي');
}

// A visitor who types without accents gives a word whose ending the stemmer removes only with its
// accents: Spanish "declaracion" and "creian" stay "declaracion" and "crei" where the index holds
// "declaración" and "creían" as "declar" and "cre"; Romanian "deschideti" stays "deschidet" beside
// "deschideți"'s "deschid". For such a word of the question that the index does not hold, the
// stems of the word with one letter accented, or two of its last six (where those endings are),
// are what the index then looks for (typo-tolerance.ts). XQuAD es with every question's accents
// taken away: first result right 1,129 → 1,131 of 1,190; chat's first citation 0.9471 → 0.9496,
// answer in reply 0.9269 → 0.9286; with the accents, the same figures. Read from the stem alone
// (not the word), 1,130 and 0.9487, and nothing for Romanian, whose stemmer has taken the "-i"
// that "-ți" needs. French and Portuguese, stemmed as written, then lost two of the French set's
// questions typed without accents: their unaccented stems ("lumier", "fonde") were words the
// index held already, which are never read again.
const accentsOf: Partial<Record<KnownLanguage, Readonly<Record<string, string>>>> = {
  es: { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', n: 'ñ' },
  ro: { a: 'ăâ', i: 'î', s: 'ș', t: 'ț' },
  // Hamza on alef, which most typing leaves off (above, at stopForm).
  ar: { ا: 'أإ' },
};
const longestAccentedWord = 24;
const accentedEnding = 6;
const questionWord = /\p{L}+/gu;

// The question's unaccented words by their stems, for the last question asked: each of its unknown
// terms looks up its words here rather than reading the question again.
let wordsByStem: {
  question: string;
  language: KnownLanguage;
  words: Map<string, string[]>;
} | null = null;
function unaccentedWordsOf(question: string, language: KnownLanguage): Map<string, string[]> {
  if (wordsByStem?.question === question && wordsByStem.language === language) {
    return wordsByStem.words;
  }
  const words = new Map<string, string[]>();
  for (const word of question.toLowerCase().match(questionWord) ?? []) {
    if (word.length > longestAccentedWord || !(isAscii(word) || arabicLetter.test(word))) continue;
    const stemmed = stemAsWritten(word, word, language);
    const same = words.get(stemmed);
    if (!same) words.set(stemmed, [word]);
    else if (!same.includes(word)) same.push(word);
  }
  wordsByStem = { question, language, words };
  return words;
}

/** The stems `term` may have had with its accents, for the question's words it was stemmed from. */
export function accentedReadings(term: string, question: string, language: Language): string[] {
  if (language === 'other') return [];
  const accents = accentsOf[language];
  if (!accents) return [];
  const readings: string[] = [];
  const read = (written: string, word: string) => {
    const reading = stemAsWritten(written, word, language);
    if (reading && reading !== term && !readings.includes(reading)) readings.push(reading);
  };
  for (const word of unaccentedWordsOf(question, language).get(term) ?? []) {
    const accentable = [...word].flatMap((letter, at) =>
      [...(accents[letter] ?? '')].map((accented) => ({ at, accented })),
    );
    // The word is ASCII or Arabic, and each accented letter one code unit: positions stay put.
    const written = (changes: { at: number; accented: string }[]) =>
      changes.reduce(
        (text, { at, accented }) => text.slice(0, at) + accented + text.slice(at + 1),
        word,
      );
    for (const change of accentable) read(written([change]), word);
    const ending = accentable.filter((change) => change.at >= word.length - accentedEnding);
    for (const [n, first] of ending.entries()) {
      for (const second of ending.slice(n + 1)) {
        if (second.at !== first.at) read(written([first, second]), word);
      }
    }
  }
  return readings;
}

// Two readings of today's Snowball German that snowball-stemmers' older German lacks, applied to
// the folded word before it:
// - "ae", "oe" and "ue" are the umlauts a keyboard without them spells ("Oeffnungszeiten",
//   "Gebuehren", "Rueckgabe"), except "ue" after "q" and a "u" between vowels ("Quelle",
//   "Feuer", "neue"); Snowball's German took this from its german2 variant;
// - a noun's feminine "-erin" and "-erinnen" ("Mitarbeiterin", "Beraterinnen") reads as "-er", so
//   that it meets the masculine form a site or a visitor uses beside it.
const germanVowels = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
function germanSpelling(folded: string): string {
  let word = folded;
  if (word.includes('e')) {
    let out = '';
    for (let at = 0; at < word.length; at++) {
      const letter = word[at]!;
      out += letter;
      if (word[at + 1] !== 'e') continue;
      const spellsUmlaut =
        letter === 'a' ||
        letter === 'o' ||
        (letter === 'u' && word[at - 1] !== 'q' && !germanVowels.has(word[at - 1] ?? ''));
      if (spellsUmlaut) at++;
    }
    word = out;
  }
  if (word.length >= 7 && word.endsWith('erin')) return word.slice(0, -2);
  if (word.length >= 10 && word.endsWith('erinnen')) return word.slice(0, -5);
  return word;
}

// Portuguese nouns in "-ão" make their plural in "-ões" ("informação", "informações"), which
// Snowball's Portuguese stems apart ("informaca", "informaco"): the folded plural is read as its
// singular. Not "-ães" ("pães", and "mães" is no plural of "mão") nor "-ãos" ("caos" is not "cão").
function portugueseSpelling(folded: string): string {
  return folded.length > 4 && folded.endsWith('oes') ? `${folded.slice(0, -3)}ao` : folded;
}

// A word folded as the language's stems and stop words read it.
function foldedFor(language: KnownLanguage, folded: string): string {
  if (language === 'de') return germanSpelling(folded);
  return language === 'pt' ? portugueseSpelling(folded) : folded;
}

/**
 * A folded word as the index stores it in `language`: its stem; null for a stop word or in a
 * language without a stemmer. Nothing is kept in the tokenizer's tables, so the made-up words of a
 * visitor's question cannot fill them.
 */
export function storedStem(folded: string, language: Language): string | null {
  if (language === 'other' || !languageTable[language].stemmer) return null;
  const read = foldedFor(language, folded);
  if (stopWordsOf(language, foldForStops).has(stopForm(read))) return null;
  return stemAsWritten(read, read, language) || null;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const foldable = /^[\p{Script=Latin}\p{Script=Greek}\p{N}\p{M}'.]+$/u;
const marks = /\p{M}/gu;
const hasMark = /[\u0300-\u036f]/;

const arabicLetter = /[\u0600-\u06ff]/u;
// Persian and Urdu write yeh and kaf as ی and ک, which an Arabic keyboard types as ي and ك: a
// Persian visitor's "كتاب" is the site's "کتاب". Arabic itself writes neither of the first two.
// Vowel marks and the tatweel that stretches a word are optional, and read as nothing.
const persianForms: Record<string, string> = { ی: 'ي', ک: 'ك' };
const persianLetters = /[یک]/gu;
const arabicMarks = /[\u0640\u064b-\u065f\u0670]/gu;
function foldArabicScript(token: string): string {
  return token.replace(arabicMarks, '').replace(persianLetters, (letter) => persianForms[letter]!);
}

const hebrewLetter = /[\u0590-\u05ff]/u;
// Hebrew writes five letters differently at a word's end (ך ם ן ף ץ), and the same letter takes its
// other form when a suffix follows ("כסף", money; "כספי", of money): read as one letter. Vowel
// points and cantillation are optional, and read as nothing.
const hebrewFinals: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const hebrewFinalLetters = /[ךםןףץ]/gu;
const hebrewPoints = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]/gu;
function foldHebrew(token: string): string {
  return token
    .replace(hebrewPoints, '')
    .replace(hebrewFinalLetters, (letter) => hebrewFinals[letter]!);
}
// Hebrew joins "and", "the", "in", "to", "from", "that" and "as" to the next word as one letter
// (ו ה ב ל מ ש כ): "בטלפון" (by phone) and "הטלפון" (the phone) share no beginning. A word of a
// language without a stemmer is also indexed by its first four letters; in Hebrew, by the four
// after such letters, as long as four remain ("המשלוח", the shipping, and "משלוח" both give
// "שלוח"). A word that only looks so ("מספר", number, is no "ספר") meets more words by its
// beginning, and its whole form still ranks an exact match first.
const hebrewClitics = new Set(['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ']);
function beginningOf(folded: string, language: KnownLanguage): string {
  let from = 0;
  if (language === 'he') {
    while (from < 2 && folded.length - from > prefixLength && hebrewClitics.has(folded[from]!)) {
      from++;
    }
  }
  return folded.slice(from, from + prefixLength);
}

// Most typing leaves hamza off alef, and the Arabic stop list holds "أين" (where) but not "اين":
// words are looked up in the stop lists without it. The stemmer still reads it, to tell a word's
// own "إل" from the article: "إلغاء" (cancellation) without it stems as "غاء", its "ال" read as the
// article, where "إلغاء" and "الإلغاء" give "الغاء" (a visitor's "الغاء" is read as "إلغاء" by the
// accent readings below).
const hamzaOnAlef = /[أإآٱ]/gu;
function stopForm(folded: string): string {
  return arabicLetter.test(folded) ? folded.replace(hamzaOnAlef, 'ا') : folded;
}
const foldForStops = (word: string) => stopForm(fold(word));

// Only Latin, Greek, Arabic and Hebrew letters are folded (and Russian "ё", below): in Thai,
// Devanagari and others the combining marks are letters.
export function fold(token: string): string {
  if (isAscii(token)) return token;
  // Russian writes "ё" or, as most texts and keyboards do, "е" ("счёт", "счет"); the stemmer in
  // snowball-stemmers stems neither "счёта" nor "объём" (today's Snowball Russian reads ё as е).
  if (token.includes('ё')) return token.replaceAll('ё', 'е');
  if (arabicLetter.test(token)) return foldArabicScript(token);
  if (hebrewLetter.test(token)) return foldHebrew(token);
  if (!foldable.test(token)) return token;
  const decomposed = token.normalize('NFD');
  let folded = hasMark.test(decomposed) ? decomposed.replace(marks, '') : token;
  if (folded.includes('ß')) folded = folded.replaceAll('ß', 'ss');
  // Letters no accent is taken off, typed as their plain forms: Polish "ł" ("płatność" typed
  // "platnosc", as Polish visitors often do), French "œ" ("sœur", "soeur"), and the "đ" of
  // Vietnamese and of Serbian and Croatian ("đặt hàng", "dat hang"). The Polish and Vietnamese sets
  // with their questions typed so: citation@1 0.87 → 0.93 (fallback 0.07 → 0) and 0.93 → 1.
  if (folded.includes('ł')) folded = folded.replaceAll('ł', 'l');
  if (folded.includes('œ')) folded = folded.replaceAll('œ', 'oe');
  if (folded.includes('đ')) folded = folded.replaceAll('đ', 'd');
  // Greek final sigma: stop lists and mid-word forms use σ.
  if (folded.includes('ς')) folded = folded.replaceAll('ς', 'σ');
  return folded;
}

/*
 * One pass over the code units splits text into three kinds of runs:
 *  1. Han, kana and Hangul: indexed as overlapping character bigrams plus single characters,
 *     which beats dictionary word segmentation for BM25 and needs no dictionary.
 *  2. Thai, Lao, Khmer and Myanmar: no spaces and no useful bigram unit, so ICU word segmentation.
 *  3. Everything else: letters and digits, possibly joined by hyphens, slashes, dots, commas or
 *     apostrophes ("IL-6", "COVID-19", "3.5", "1,000", "cell's").
 * A run of one kind ends where another starts, so "iPhone的价格" is "iphone" and Chinese.
 */
const kindOther = 0;
const kindWord = 1;
const kindCjk = 2;
const kindSea = 3;
const kindSeparator = 4;
const digitFlag = 8;
const scriptShift = 4;
const unknown = 255;

const cjkChar = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]$/u;
const seaChar = /^[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]$/u;
const wordChar = /^[\p{L}\p{N}\p{M}]$/u;
const digitChar = /^\p{N}$/u;
const separatorChar = /^[-‐‑/.,'’]$/u;

function classify(char: string): number {
  if (cjkChar.test(char)) return kindCjk;
  if (seaChar.test(char)) return kindSea;
  if (separatorChar.test(char)) return kindSeparator;
  if (!wordChar.test(char)) return kindOther;
  if (digitChar.test(char)) return kindWord | digitFlag;
  const script = scripts.findIndex((entry) => entry.pattern.test(char)) + 1;
  return kindWord | (script << scriptShift);
}

// Classes of the Basic Multilingual Plane, worked out on first sight of each code unit.
const classes = new Uint8Array(0x10000).fill(unknown);
for (let code = 0; code < 0x80; code++) classes[code] = classify(String.fromCharCode(code));
const astralClasses = new Map<number, number>();

function classAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length) {
    const point = text.codePointAt(at)!;
    let value = astralClasses.get(point);
    if (value === undefined) {
      value = classify(String.fromCodePoint(point));
      if (astralClasses.size < 10_000) astralClasses.set(point, value);
    }
    return value;
  }
  let value = classes[code]!;
  if (value === unknown) classes[code] = value = classify(String.fromCharCode(code));
  return value;
}

const width = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? 2 : 1;
};

// The runs of the last scan, kept between calls (tokenising is synchronous) so a text costs no
// allocation beyond its terms.
let runStart = new Int32Array(1024);
let runEnd = new Int32Array(1024);
// Kind, digit flag and the script of the run's first letter.
let runInfo = new Int32Array(1024);
const hasSeparatorFlag = 1 << 12;

// The word-table entry of each run the guess looked up, reused for the terms of the same scan.
let runEntry = new Int32Array(1024);
let runEntryScan = new Int32Array(1024);
let scanNumber = 0;

function scan(text: string, limit = text.length): number {
  scanNumber++;
  // Only between texts: entries found for this one stay valid until its terms are out.
  if (
    wordText.length >= wordLimit ||
    termNames.length >= termLimit ||
    wordChars >= wordCharLimit ||
    termChars >= termCharLimit
  ) {
    clearWords();
  }
  let count = 0;
  let at = 0;
  const end = Math.min(limit, text.length);
  while (at < end) {
    const info = classAt(text, at);
    const kind = info & 7;
    if (kind === kindOther || kind === kindSeparator) {
      at += width(text, at);
      continue;
    }
    const start = at;
    let flags = info;
    at += width(text, at);
    if (kind === kindCjk || kind === kindSea) {
      while (at < text.length && (classAt(text, at) & 7) === kind) at += width(text, at);
    } else {
      for (;;) {
        while (at < text.length) {
          const next = classAt(text, at);
          if ((next & 7) !== kindWord) break;
          flags |= next & digitFlag;
          at += width(text, at);
        }
        if (
          at + 1 < text.length &&
          (classAt(text, at) & 7) === kindSeparator &&
          (classAt(text, at + 1) & 7) === kindWord
        ) {
          flags |= hasSeparatorFlag;
          at += 1;
          continue;
        }
        break;
      }
    }
    if (count === runStart.length) {
      runStart = doubled(runStart);
      runEnd = doubled(runEnd);
      runInfo = doubled(runInfo);
      runEntry = doubled(runEntry);
      runEntryScan = doubled(runEntryScan);
    }
    runStart[count] = start;
    runEnd[count] = at;
    runInfo[count] = flags;
    count++;
  }
  return count;
}

/*
 * The words met so far, found by their code units in the normalised text, so that a word that
 * recurs (most do) is neither cut out as a string nor looked up by one, twice (stop words, terms):
 * an open-addressing table of FNV-1a hashes. Each entry keeps the languages that list it as a stop
 * word and its terms for the language and mode they were last asked in (a text's words nearly
 * always are in the one); a joined group ("IL-6", "1,000") keeps the terms of its parts. The table
 * doubles as it fills (a small one stays in the processor's cache) and is cleared, like termCache,
 * when it holds wordLimit words or their characters reach wordCharLimit (an average word is under
 * 12; only made-up words reach 24).
 */
const wordLimit = 200_000;
const wordCharLimit = wordLimit * 24;
let wordChars = 0;
const largestTable = 1 << 19;
let tableMask = (1 << 14) - 1;
let wordSlots = new Int32Array(tableMask + 1).fill(-1);
const wordText: string[] = [];
let wordHash = new Int32Array(1024);
// undefined: not looked up yet.
const wordStops: Array<readonly number[] | null | undefined> = [];
// What wordFirstTerm and wordSecondTerm (a word) or wordGroupTerms (a joined group) hold the term
// numbers for; -1: nothing yet.
let wordTermsKey = new Int32Array(1024);
// A word's first and second term numbers; -1 where it has none (a stop word has neither, most
// words no second).
let wordFirstTerm = new Int32Array(1024);
let wordSecondTerm = new Int32Array(1024);
const wordGroupTerms: Array<readonly number[] | undefined> = [];

/*
 * Terms travel as numbers from here to the index: a chunk's terms are mostly words met before,
 * whose numbers the word table keeps, so an index maps them to its own ids through an array
 * instead of hashing each term's string again (a seventh of a cold build's tokenising). Numbers
 * hold until the word table is cleared, which starts a new epoch; an index drops its mapping when
 * the epoch moves.
 */
const termLimit = 400_000;
const termCharLimit = termLimit * 24;
const termNumbers = new Map<string, number>();
const termNames: string[] = [];
let termChars = 0;
let epoch = 0;

function termNumber(term: string): number {
  let number = termNumbers.get(term);
  if (number === undefined) {
    number = termNames.length;
    termNumbers.set(term, number);
    termNames.push(term);
    termChars += term.length;
  }
  return number;
}

/** The term a number from tokenizeChunk stands for, in the current epoch. */
export function termName(number: number): string {
  return termNames[number]!;
}

/** Changes whenever term numbers are reassigned: a number is valid only in the epoch it came in. */
export function termEpoch(): number {
  return epoch;
}

function clearWords(): void {
  wordSlots.fill(-1);
  wordText.length = 0;
  wordStops.length = 0;
  wordGroupTerms.length = 0;
  termNumbers.clear();
  termNames.length = 0;
  wordChars = 0;
  termChars = 0;
  epoch++;
}

// Sizes in V8 with compressed pointers, rounded up: a string's header, an array slot with the
// array's spare room, a Map entry with its share of the hash table. Characters count two bytes
// (Latin text takes one) and a string two tables share counts in each. Against the heap measured
// while tokenising the shared test data from a fresh process, the estimate came 2 to 16 % short
// (the stemmers' own tables and compiled code are not in it); on long made-up words it errs high.
const stringBytes = (chars: number, strings: number) => strings * 16 + chars * 2;
const slotBytes = 8;
const mapEntryBytes = 32;
const typedTableBytes = (slots: number, perWordArrays: number) => slots * 4 + 4 * perWordArrays * 4;

/**
 * The tokenizer's tables, shared by every bot this process searches or indexes: what they hold
 * now (estimated) and the most their limits let them hold.
 */
export function tokenizerMemory(): { bytes: number; limitBytes: number } {
  const estimate = (
    typed: number,
    words: number,
    wordCharCount: number,
    terms: number,
    termCharCount: number,
    cached: number,
    cachedChars: number,
  ) =>
    typed +
    words * 3 * slotBytes +
    stringBytes(wordCharCount, words) +
    terms * (mapEntryBytes + slotBytes) +
    stringBytes(termCharCount, terms) +
    cached * mapEntryBytes +
    stringBytes(cachedChars, cached * 2);
  const bytes = estimate(
    typedTableBytes(wordSlots.length, wordHash.length),
    wordText.length,
    wordChars,
    termNames.length,
    termChars,
    termCacheEntries,
    termCacheChars,
  );
  // A table is cleared between texts once over its limit, so a text's words can pass it by one
  // chunk's worth; the limits are far larger than a chunk.
  const limitBytes = estimate(
    typedTableBytes(largestTable, 2 ** Math.ceil(Math.log2(wordLimit))),
    wordLimit,
    wordCharLimit,
    termLimit,
    termCharLimit,
    stemCacheLimit,
    stemCacheCharLimit,
  );
  return { bytes, limitBytes };
}

// V8 shares the characters of a slice of 13 or more with the text it was cut from, so a word kept
// in the table would keep its whole passage alive; joined to a space and cut again, it is a copy.
function ownCopy(slice: string): string {
  return slice.length < 13 ? slice : ` ${slice}`.slice(1);
}

function growTable(): void {
  tableMask = tableMask * 2 + 1;
  wordSlots = new Int32Array(tableMask + 1).fill(-1);
  for (let entry = 0; entry < wordText.length; entry++) {
    let slot = wordHash[entry]! & tableMask;
    while (wordSlots[slot] !== -1) slot = (slot + 1) & tableMask;
    wordSlots[slot] = entry;
  }
}

// The entry of text[start, end), added if new; -1 once the table is full (one huge text past the
// limit), when the caller slices as before.
function findWord(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  const length = end - start;
  let slot = hash & tableMask;
  for (let entry = wordSlots[slot]!; entry !== -1; entry = wordSlots[slot]!) {
    if (wordHash[entry] === hash) {
      const word = wordText[entry]!;
      let at = 0;
      if (word.length === length) {
        while (at < length && word.charCodeAt(at) === text.charCodeAt(start + at)) at++;
        if (at === length) return entry;
      }
    }
    slot = (slot + 1) & tableMask;
  }
  const entry = wordText.length;
  if (entry * 2 >= tableMask) {
    if (tableMask + 1 === largestTable) return -1;
    growTable();
    slot = hash & tableMask;
    while (wordSlots[slot] !== -1) slot = (slot + 1) & tableMask;
  }
  if (entry === wordHash.length) {
    wordHash = doubled(wordHash);
    wordTermsKey = doubled(wordTermsKey);
    wordFirstTerm = doubled(wordFirstTerm);
    wordSecondTerm = doubled(wordSecondTerm);
  }
  wordText.push(ownCopy(text.slice(start, end)));
  wordChars += length;
  wordStops.push(undefined);
  wordGroupTerms.push(undefined);
  wordHash[entry] = hash;
  wordTermsKey[entry] = -1;
  wordSlots[slot] = entry;
  return entry;
}

const scriptOfInfo = (info: number): Script => scriptNames[(info >> scriptShift) & 15]!;

let wordSegmenter: Intl.Segmenter | undefined;

function segmentWords(run: string, out: number[]): void {
  wordSegmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
  for (const part of wordSegmenter.segment(run)) {
    if (part.isWordLike) out.push(termNumber(part.segment));
  }
}

// Chinese in traditional characters is read as simplified Chinese, character by character (OpenCC's
// table), in passages and questions alike, so a visitor in Taipei who asks for 營業時間 meets a
// page that writes 营业时间, and the other way round. OpenCC's phrase tables (乾隆 stays, 乾淨
// becomes 干净; Taiwan's 軟體 becomes 软件) are left out: a phrase converts or not by the characters
// around it, so a passage and a question could read the same word apart.
const simplifiedOf = new Map<string, string>();
for (const group of toSimplifiedTables.cn ?? []) {
  for (const table of group) {
    const entries =
      typeof table === 'string' ? table.split('|').map((entry) => entry.split(' ')) : table;
    for (const [traditional, simplified] of entries) {
      if (traditional?.length === 1 && simplified?.length === 1)
        simplifiedOf.set(traditional, simplified);
    }
  }
}

function pushBigrams(run: string, out: number[]): void {
  const chars = Array.from(run, (char) => simplifiedOf.get(char) ?? char);
  for (let i = 0; i < chars.length; i++) {
    out.push(termNumber(chars[i]!));
    if (i + 1 < chars.length) out.push(termNumber(chars[i]! + chars[i + 1]!));
  }
}

type Word = { text: string; stemmable: boolean };
const digit = /\p{N}/u;
const allDigits = /^\p{N}+$/u;

// Hyphenated codes with a digit are also indexed joined, so "IL-6" and "IL6" meet on "il6" while
// "IL" and "6" still match alone; so are hyphenated words with a one-letter part, which are written
// joined as often ("e-mail" and "email", "T-shirt", "E-Bike", "U-Bahn"). Joining every word
// compound ("antiinflammatory") measured slightly worse on SciFact; these: SciFact nDCG@10 0.7089
// → 0.7092, XQuAD's first result right the same in en, de and es. With parts of two letters too
// ("Wi-Fi"), SciFact 0.7099 but XQuAD de one question fewer ("Öl-Produzent" read also as
// "Ölproduzent" counted the oil three times).
const hyphenOrSlash = /[-‐‑/]/u;
const lettersAndHyphens = /^[\p{L}\-‐‑]+$/u;
function joinsAsOneWord(group: string, parts: string[]): boolean {
  if (digit.test(group)) return hyphenOrSlash.test(group);
  return lettersAndHyphens.test(group) && parts.some((part) => part.length === 1);
}

// Splits a joined group into the words to index (and, see joinsAsOneWord, the group joined).
function splitGroup(group: string, out: Word[]): void {
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
  if (parts.length > 1 && parts.length <= 4 && joinsAsOneWord(group, parts)) {
    const joined = parts.join('');
    out.push({ text: joined, stemmable: !digit.test(joined) });
  }
}

function doubled(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Characters that are not seen and stand inside words: a soft hyphen (a web page's `&shy;`, which
 * German sites put in long compounds, "Datenschutz&shy;erklärung"), zero-width spaces and joiners,
 * a word joiner and a byte-order mark. Read as a break, they cut the page's word in two and a
 * visitor who types it whole did not meet it; they are read as nothing.
 */
export const invisibleInWords = /[\u00ad\u200b-\u200d\u2060\ufeff]/gu;

function normalise(text: string): string {
  // NFKC leaves ASCII as it is, and most texts are.
  if (isAscii(text)) return text.toLowerCase();
  return text.replace(invisibleInWords, '').normalize('NFKC').toLowerCase();
}

// Word → index terms (null for a stop word), per language: the same few thousand words recur.
type Terms = string | readonly [string, string] | null;
const termCache = new Map<KnownLanguage, Map<string, Terms>>();
let termCacheEntries = 0;
let termCacheChars = 0;

function termsOf(
  text: string,
  stemmable: boolean,
  language: KnownLanguage,
  dropStopWords: boolean,
): Terms {
  let cache = termCache.get(language);
  if (!cache) termCache.set(language, (cache = new Map()));
  const key = stemmable ? (dropStopWords ? text : `!${text}`) : `#${text}`;
  let terms = cache.get(key);
  if (terms !== undefined) return terms;
  const folded = stemmable ? foldedFor(language, fold(text)) : fold(text);
  const { stemmer } = languageTable[language];
  if (dropStopWords && stemmable && stopWordsOf(language, foldForStops).has(stopForm(folded)))
    terms = null;
  else if (!stemmable) terms = folded;
  else if (
    stemmer &&
    compoundPrefix.languages.has(language) &&
    folded.length >= compoundPrefix.minLength
  ) {
    terms = [
      stemAsWritten(text, folded, language) || folded,
      `${folded.slice(0, compoundPrefix.length)}${compoundHeadMark}`,
    ];
  } else if (stemmer) terms = stemAsWritten(text, folded, language) || null;
  else if (folded.length > prefixLength) {
    // The star keeps prefixes apart from words (no word contains one).
    terms = [folded, `${beginningOf(folded, language)}*`];
  } else terms = folded;
  if (termCacheEntries >= stemCacheLimit || termCacheChars >= stemCacheCharLimit) {
    for (const each of termCache.values()) each.clear();
    termCacheEntries = 0;
    termCacheChars = 0;
  }
  cache.set(key, terms);
  termCacheEntries++;
  termCacheChars += key.length + termsLength(terms);
  return terms;
}

function termsLength(terms: Terms): number {
  if (terms === null) return 0;
  return typeof terms === 'string' ? terms.length : terms[0].length + terms[1].length;
}

function push(terms: Terms, out: number[]): void {
  if (terms === null) return;
  if (typeof terms === 'string') out.push(termNumber(terms));
  else out.push(termNumber(terms[0]), termNumber(terms[1]));
}

// Stop word → the languages (indexes into knownLanguages) that list it.
let stopIndex: Map<string, number[]> | undefined;

let longestStopWord = 0;

function stopLanguages(): Map<string, number[]> {
  if (stopIndex) return stopIndex;
  stopIndex = new Map();
  knownLanguages.forEach((language, position) => {
    for (const word of stopWordsOf(language, foldForStops)) {
      const list = stopIndex!.get(word);
      if (list) list.push(position);
      else stopIndex!.set(word, [position]);
      // Folding can only shorten a word (marks dropped), NFKC of a ligature lengthen it: margin.
      longestStopWord = Math.max(longestStopWord, word.length + 2);
    }
  });
  return stopIndex;
}

// ơ ư and the letters with a hook or a dot below: Vietnamese only (but Yoruba's ẹ and ọ; ă is
// Romanian too, đ Croatian). Folded, "mì" and "là" would vote Spanish and French.
export const vietnameseLetters = /[ơưƠƯ\u1ea0-\u1eb7\u1eba-\u1ecb\u1ece-\u1ef9]/u;

// Letters (for Nepali, word endings) that, among the languages of their script listed here, one
// alone writes: a word with one counts as a stop word of that language. A short Turkish or Polish
// question holds one stop word or none ("Cumartesi günü mağaza kaçta açılıyor?"), yet most of its
// words show ı or ğ, ł or ś; Polish "do", "bez" are Czech stop words too. Letters shared, as ã
// with Vietnamese or ş with Romanian, are left out.
const distinctiveLetters: Array<[RegExp, number]> = [
  [/[ığ]/u, knownLanguages.indexOf('tr')],
  [/[łńśźż]/u, knownLanguages.indexOf('pl')],
  [/[ěřů]/u, knownLanguages.indexOf('cs')],
  [/[ĺľŕ]/u, knownLanguages.indexOf('sk')],
  [/[őű]/u, knownLanguages.indexOf('hu')],
  // Romanian's comma-below letters (the cedilla ş is Turkish too).
  [/[șț]/u, knownLanguages.indexOf('ro')],
  [/[ėįų]/u, knownLanguages.indexOf('lt')],
  [/[āēģīķļņ]/u, knownLanguages.indexOf('lv')],
  // Serbian Cyrillic's own letters (Macedonian writes ј љ њ џ too, and is read as Serbian).
  [/[ђјљњћџ]/u, knownLanguages.indexOf('sr')],
  // Nepali joins its plural and postpositions to the word ("चियाको", "पसलहरू", "बिहानदेखि"), which
  // Hindi writes apart but for "को" after a pronoun ("उसको", "आपको"); its stop words alone left a
  // price list read as Hindi for "हो" and "एक".
  [
    /^(?!(उस|इस|आप|उन|इन|मुझ|तुझ|किस|जिस|सब|हम|तुम|किन|जिन|तिन|उन्ह|इन्ह|जिन्ह|किन्ह|तिन्ह)को$)\p{L}[\p{L}\p{M}]*(को|हरू|हरु|लाई|बाट|देखि|सम्म)$/u,
    knownLanguages.indexOf('ne'),
  ],
  [vietnameseLetters, knownLanguages.indexOf('vi')],
];

// The letters beyond a to z that each language of the Latin script writes, its loanwords' included
// ("Café" in German, "idé" in Swedish). Stop words are compared with their accents folded, so a
// Czech question's "dá" was Italian's "da" and, with "se", read the question as Italian: a word
// that holds a letter a language never writes does not count for it. English, Vietnamese and
// languages written with none are not listed (nothing is ruled out for them).
const lettersWritten: Partial<Record<KnownLanguage, string>> = {
  de: 'äöüßéè',
  es: 'áéíóúüñ',
  fr: 'àâæçéèêëîïôœùûüÿ',
  it: 'àèéìíîòóùú',
  pt: 'áâãàçéêíóôõúü',
  nl: 'áéèëïíóöúüàäç',
  sv: 'åäöéü',
  da: 'æøåé',
  no: 'æøåéèêóòô',
  fi: 'äöåšž',
  hu: 'áéíóöőúüű',
  ro: 'ăâîșțşţ',
  tr: 'çğıöşüâîû',
  ca: 'àçéèíïòóúü',
  pl: 'ąćęłńóśźż',
  cs: 'áčďéěíňóřšťúůýž',
  sk: 'áäčďéíĺľňóôŕšťúýž',
  sl: 'čšžćđ',
  hr: 'čćđšž',
  lt: 'ąčęėįšųūž',
  lv: 'āčēģīķļņšūž',
  et: 'äöõüšž',
  af: 'áéèêëíîïóôöúûü',
  gl: 'áéíóúñü',
  ga: 'áéíóú',
};
// By position in knownLanguages: the Latin letters beyond a to z the language does not write.
const lettersNotWritten = knownLanguages.map((language) => {
  const letters = lettersWritten[language];
  return letters === undefined ? null : new RegExp(`[[\\u00c0-\\u024f]--[${letters}]]`, 'v');
});

// The languages of `listed` that write every letter of `word`.
function writtenBy(word: string, listed: number[]): number[] {
  return listed.filter((position) => !lettersNotWritten[position]?.test(word));
}

// The languages (indexes into knownLanguages) a word counts for: the stop lists that hold it and
// the language of a distinctive letter in it.
function votersOf(word: string, stops: Map<string, number[]>): readonly number[] | null {
  const found = word.length <= longestStopWord ? stops.get(foldForStops(word)) : undefined;
  const listed = found && writtenBy(word, found);
  for (const [letters, position] of distinctiveLetters) {
    if (!letters.test(word)) continue;
    if (listed?.includes(position)) break;
    return listed ? [...listed, position] : [position];
  }
  return listed ?? null;
}

const guessWindow = 2000;
const spanish = knownLanguages.indexOf('es');
const portuguese = knownLanguages.indexOf('pt');

type Guess = { language: Language | null; script: Script };
const votes = new Int32Array(knownLanguages.length);
const scriptCounts = new Int32Array(scriptNames.length);

// Reads the runs of the last scan: the main script of its words, then the stop words of that
// script's languages; null language when the text gives too little evidence.
// At least 12 stop words, a third or fewer for any other language, and nearly all in one script.
function clearLead(words: number, nonWord: number): boolean {
  if (words < 48 || nonWord * 2 > words) return false;
  let first = 0;
  let second = 0;
  let leader = -1;
  for (let position = 0; position < knownLanguages.length; position++) {
    const count = votes[position]!;
    if (count > first) {
      second = first;
      first = count;
      leader = position;
    } else if (count > second) second = count;
  }
  if (leader === -1 || first < 12 || second * 3 > first) return false;
  const script = scriptNames.indexOf(languageTable[knownLanguages[leader]!].script);
  return scriptCounts[script]! * 10 >= words * 9;
}

function guessFromRuns(text: string, count: number, prior?: Language | null): Guess {
  const stops = stopLanguages();
  votes.fill(0);
  scriptCounts.fill(0);
  let words = 0;
  let nonWord = 0;
  for (let run = 0; run < count && words < 200 && runStart[run]! < guessWindow; run++) {
    const info = runInfo[run]!;
    const kind = info & 7;
    if (kind !== kindWord) {
      nonWord++;
      continue;
    }
    words++;
    const wordScript = (info >> scriptShift) & 15;
    scriptCounts[wordScript]!++;
    // Enough evidence: a long passage need not be read to its 200th word.
    if ((words & 31) === 0 && clearLead(words, nonWord)) break;
    // No stop word holds a digit.
    if (info & digitFlag) continue;
    const entry = findWord(text, runStart[run]!, runEnd[run]!);
    runEntry[run] = entry;
    runEntryScan[run] = scanNumber;
    let languages: readonly number[] | null | undefined;
    if (entry === -1) languages = votersOf(text.slice(runStart[run]!, runEnd[run]!), stops);
    else {
      languages = wordStops[entry];
      if (languages === undefined) wordStops[entry] = languages = votersOf(wordText[entry]!, stops);
    }
    if (languages) for (const language of languages) votes[language]!++;
  }
  if (nonWord > words) return { language: 'other', script: 'none' };
  // The corpus's language counts as one stop word more: "Pol V in vivo" in an English corpus is
  // not Slovene for its "v" and "in".
  if (prior && prior !== 'other') votes[knownLanguages.indexOf(prior)]!++;
  let script = 1;
  for (let index = 2; index < scriptCounts.length; index++) {
    if (scriptCounts[index]! > scriptCounts[script]!) script = index;
  }
  const scriptName = scriptNames[script]!;
  // Languages are listed most widely used first, and a tie goes to the first: Galician lists
  // most Spanish stop words, Dutch "wie die der". A tie between two of the four tuned languages is
  // no evidence either way, as before the others were added; nor is one between Spanish and
  // Portuguese, as widely used and sharing "que", "a", "o", "para": a Portuguese question read
  // as Spanish gets a Spanish reply.
  let best = -1;
  let undecided = false;
  for (let position = 0; position < knownLanguages.length; position++) {
    if (languageTable[knownLanguages[position]!].script !== scriptName) continue;
    const count = votes[position]!;
    if (best === -1 ? count > 0 : count > votes[best]!) {
      best = position;
      undecided = false;
    } else if (
      best !== -1 &&
      count === votes[best]! &&
      (position < tunedLanguages || (best === spanish && position === portuguese))
    ) {
      undecided = true;
    }
  }
  // One stop word is no evidence: the "d" of "vitamin D" would make a claim French.
  const language = best === -1 || undecided || votes[best]! < 2 ? null : knownLanguages[best]!;
  return { language, script: scriptName };
}

/** Guesses the language from its script and stop words; null when the text gives too little evidence. */
export function guessLanguage(text: string): Language | null {
  const normal = normalise(text.slice(0, guessWindow));
  return guessFromRuns(normal, scan(normal)).language;
}

// Serbian is written in Cyrillic and in Latin letters (read here as Croatian, whose stemmer is
// Serbian's): a question too short to tell, typed in the other script than the passages, is read
// as their language too, and meets them through the stems both scripts share.
const otherScript: Partial<Record<KnownLanguage, KnownLanguage>> = { sr: 'hr', hr: 'sr' };

function chooseLanguage(guess: Guess, fallback: Language | null | undefined): Language {
  if (guess.language) return guess.language;
  if (!fallback) return scriptDefault[guess.script] ?? 'en';
  if (fallback === 'other' || guess.script === 'none') return fallback;
  if (languageTable[fallback].script === guess.script) return fallback;
  const twin = otherScript[fallback];
  if (twin && languageTable[twin].script === guess.script) return twin;
  return scriptDefault[guess.script] ?? 'en';
}

// A word in the text's own script takes the text's language; a word of another script ("α" or
// "β-cells" in an English abstract, "iPhone" in Chinese) takes its script's usual language, without
// stop-word removal, which belongs to the text's language.
function pushWord(
  word: string,
  stemmable: boolean,
  info: number,
  known: KnownLanguage | null,
  textScript: Script,
  out: number[],
): void {
  const { language, dropStopWords } = wordLanguage(info, known, textScript);
  push(termsOf(word, stemmable, language, dropStopWords), out);
}

function wordLanguage(info: number, known: KnownLanguage | null, textScript: Script) {
  const script = scriptOfInfo(info);
  const own = known !== null && (script === textScript || script === 'none');
  const language: KnownLanguage = own ? known : (scriptDefault[script] ?? 'en');
  return { language, dropStopWords: own || known === null };
}

const languageNumber = Object.fromEntries(
  knownLanguages.map((language, position) => [language, position]),
) as Record<KnownLanguage, number>;

// pushWord for a word-table entry: its terms are kept on the entry for the language and mode.
function pushEntry(
  entry: number,
  stemmable: boolean,
  info: number,
  known: KnownLanguage | null,
  textScript: Script,
  out: number[],
): void {
  const { language, dropStopWords } = wordLanguage(info, known, textScript);
  const key = (languageNumber[language] << 2) | (dropStopWords ? 2 : 0) | (stemmable ? 1 : 0);
  if (wordTermsKey[entry] !== key) {
    const terms = termsOf(wordText[entry]!, stemmable, language, dropStopWords);
    wordTermsKey[entry] = key;
    wordFirstTerm[entry] =
      terms === null ? -1 : termNumber(typeof terms === 'string' ? terms : terms[0]);
    wordSecondTerm[entry] = terms === null || typeof terms === 'string' ? -1 : termNumber(terms[1]);
  }
  const first = wordFirstTerm[entry]!;
  if (first !== -1) out.push(first);
  const second = wordSecondTerm[entry]!;
  if (second !== -1) out.push(second);
}

const apostrophe = /['’]/;
const words: Word[] = [];

/**
 * Index terms of a text: NFKC, lower case, Latin and Greek diacritics folded, stop words removed
 * and Snowball stems for the guessed language (whole words plus a four-letter prefix where
 * Snowball has no stemmer), CJK bigrams and ICU words for scripts without spaces. A word of a
 * language whose stemmer reads diacritics (Spanish, Lithuanian, Serbian, Croatian) is stemmed as
 * written, then folded (stemAsWritten).
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const normal = normalise(text);
  const count = scan(normal);
  // The guess reads the runs of this scan, so the text is scanned once.
  const language =
    options.language ??
    chooseLanguage(
      guessFromRuns(normal, count, options.fallbackLanguage),
      options.fallbackLanguage,
    );
  const terms: number[] = [];
  emitTerms(normal, 0, count, language, terms);
  return terms.map(termName);
}

/**
 * A chunk's heading and body terms in the one language guessed from both (what the index stores),
 * from a single scan of the two, as term numbers of the current termEpoch (termName reads them).
 */
export function tokenizeChunk(
  heading: string | null,
  text: string,
  fallbackLanguage: Language | null = null,
): { language: Language | null; heading: number[]; body: number[]; bodySentences: number[] } {
  const normal = normalise(`${heading ?? ''}\n${text}`);
  const count = scan(normal);
  const headingEnd = normal.indexOf('\n');
  let split = 0;
  while (split < count && runStart[split]! < headingEnd) split++;
  const guessed = guessFromRuns(normal, count).language ?? fallbackLanguage;
  const language = guessed ?? 'en';
  const headingTerms: number[] = [];
  const body: number[] = [];
  const bodySentences: number[] = [];
  if (heading) emitTerms(normal, 0, split, language, headingTerms);
  emitTerms(normal, split, count, language, body, bodySentences);
  return { language: guessed, heading: headingTerms, body, bodySentences };
}

// The text is NFKC by now, which turns full-width ！ and ？ into ! and ?; 。 stays itself. Hindi
// and Marathi end a sentence with the danda (। ॥), Arabic, Persian and Urdu a question with ؟.
const sentenceEnd = /[.!?。।॥؟]/u;
// Stops no abbreviation or number writes: they end a sentence whatever follows.
const certainEnd = /[。।॥]/u;

// Whether a sentence ends between two runs of the last scan: a line break, 。 or a danda, or a full
// stop (or ! ? ؟) then a space. A stop after a word of one or two letters ("Dr.", "z. B.",
// "9. Mai") or inside a joined group ("e.g.") is taken for an abbreviation, since a missed break
// costs a passage less than a sentence cut in two.
function endsSentence(normal: string, before: number, after: number): boolean {
  const gapStart = runEnd[before]!;
  const gapEnd = runStart[after]!;
  let stop = -1;
  for (let at = gapStart; at < gapEnd; at++) {
    const char = normal[at]!;
    if (char === '\n') return true;
    if (stop === -1 && sentenceEnd.test(char)) stop = at;
  }
  if (stop === -1) return false;
  if (certainEnd.test(normal[stop]!)) return true;
  if (stop + 1 >= gapEnd || !/\s/u.test(normal.slice(stop + 1, gapEnd))) return false;
  const previous = runEnd[before]! - runStart[before]!;
  return previous > 2 && !(runInfo[before]! & hasSeparatorFlag);
}

function emitTerms(
  normal: string,
  from: number,
  to: number,
  language: Language,
  terms: number[],
  // When given, the number of the sentence each term comes from (counted from `from`).
  sentences?: number[],
): void {
  const base = terms.length;
  let sentence = 0;
  const known = language === 'other' ? null : language;
  const textScript = known ? languageTable[known].script : 'none';
  const stops = known ? stopWordsOf(known, foldForStops) : undefined;
  for (let run = from; run < to; run++) {
    if (sentences) {
      // The terms of the runs before this one belong to the sentence they were read in.
      while (base + sentences.length < terms.length) sentences.push(sentence);
      if (run > from && endsSentence(normal, run - 1, run)) sentence++;
    }
    const info = runInfo[run]!;
    const kind = info & 7;
    if (kind === kindCjk) {
      pushBigrams(normal.slice(runStart[run]!, runEnd[run]!), terms);
      continue;
    }
    if (kind === kindSea) {
      segmentWords(normal.slice(runStart[run]!, runEnd[run]!), terms);
      continue;
    }
    const entry =
      runEntryScan[run] === scanNumber
        ? runEntry[run]!
        : findWord(normal, runStart[run]!, runEnd[run]!);
    if (!(info & hasSeparatorFlag)) {
      if (entry !== -1) pushEntry(entry, !(info & digitFlag), info, known, textScript, terms);
      else {
        const word = normal.slice(runStart[run]!, runEnd[run]!);
        pushWord(word, !(info & digitFlag), info, known, textScript, terms);
      }
      continue;
    }
    // A group's terms depend on its text and the text's language alone.
    const key = known === null ? -2 : languageNumber[known];
    if (entry !== -1 && wordTermsKey[entry] === key) {
      for (const term of wordGroupTerms[entry]!) terms.push(term);
      continue;
    }
    const first = terms.length;
    const slice = entry !== -1 ? wordText[entry]! : normal.slice(runStart[run]!, runEnd[run]!);
    // "don't" is a stop word as a whole, though its parts are not.
    if (!(stops && apostrophe.test(slice) && stops.has(foldForStops(slice.replaceAll('’', "'"))))) {
      words.length = 0;
      splitGroup(slice, words);
      for (const word of words) {
        pushWord(word.text, word.stemmable, classAt(word.text, 0), known, textScript, terms);
      }
    }
    if (entry !== -1) {
      wordTermsKey[entry] = key;
      wordGroupTerms[entry] = terms.slice(first);
    }
  }
  if (sentences) while (base + sentences.length < terms.length) sentences.push(sentence);
}
