import { widgetLanguageOfTag } from '@askwell/shared';
import { guessLanguage, vietnameseLetters } from '../retrieval';

// Scripts that name their language (or nearly) on their own; checked before the stop-word guess.
const scripts: Array<[RegExp, string]> = [
  [/[\u3040-\u30ff]/u, 'ja'],
  [/[\uac00-\ud7af]/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Greek}/u, 'el'],
  // Only Spanish opens a question or an exclamation with ¿ or ¡ (Galician may, and reads close).
  [/[¿¡]/u, 'es'],
];

const notLetter = '(?![\\p{L}])';

// Scripts that several languages write: the stop-word guess comes first ("Коли ви відкриваєтесь у
// суботу?" is Ukrainian, "Кога отваряте в събота?" Bulgarian), then letters or a question word
// only one of them writes, then the script's most widely used language. Naming the wrong one
// matters: the model is told to answer in it.
const sharedScripts: Array<[RegExp, string]> = [
  // і ї є ґ: Ukrainian, not Russian or Bulgarian.
  [/[іїєґІЇЄҐ]/u, 'uk'],
  // ђ ј љ њ ћ џ: Serbian.
  [/[ђјљњћџЂЈЉЊЋЏ]/u, 'sr'],
  // Serbian Cyrillic; not "где" or "как", which Russian writes too.
  [
    new RegExp(
      `^[^\\p{L}]*(колико|колика|када|зашто|шта|ко|који|која|које|чији|чија|чије|како)${notLetter}`,
      'iu',
    ),
    'sr',
  ],
  [/\p{Script=Cyrillic}/u, 'ru'],
  // ٹ ڈ ڑ ں ے: Urdu; پ چ ژ گ and the Persian forms of kaf and yeh: Persian (Arabic writes none).
  [/[ٹڈڑںےۓ]/u, 'ur'],
  [/[پچژگکی]/u, 'fa'],
  [/\p{Script=Arabic}/u, 'ar'],
  // Nepali asks with कति, कहिले, कसरी, कुन and ends on a form of "to be" (छ, छन्, हो); Hindi with
  // कितना, कब, कैसे, कौन and है.
  [/(^|\s)(कति|कहिले|कसरी|कुन)(?![\p{L}\p{M}])|((\s|्)(छ|छन्)|\sहो)\s*\?\s*$/u, 'ne'],
  // Marathi writes it too.
  [/\p{Script=Devanagari}/u, 'hi'],
  [vietnameseLetters, 'vi'],
];

// A short question ("¿En qué año murió Tesla?", "Wer sang die Nationalhymne?") holds too few stop
// words for the guess, yet its question word names its language. Only words that belong to one
// language are listed: not "was", and "wie" only before a word Dutch does not share; Spanish "qué",
// "cómo", "por qué" only with their accent, since Portuguese writes "que", "como", "por que"; not
// Polish "co" and "jak", which Czech writes too. Turkish puts its question word anywhere ("Teslimat
// kaç gün sürüyor?") and may end with the particle mı/mi/mu/mü or with "kim" (who).
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
  [
    new RegExp(
      `^\\W*(hoeveel|waar(om|door|mee|voor|van|in|op|aan)?|wanneer|welke?|hoe(lang|veel)?)${notLetter}`,
      'iu',
    ),
    'nl',
  ],
  [
    new RegExp(
      `(^|\\s)(kaç|nedir|nerede|nereye|nereden|nasıl|neden|niçin|niye|hangi|kimdir|ne zaman|ne kadar)${notLetter}|\\s(mı|mi|mu|mü|kim)\\s*\\?\\s*$`,
      'iu',
    ),
    'tr',
  ],
  [
    new RegExp(
      `^\\W*(ile|ilu|gdzie|kiedy|dlaczego|czy|któr(y|a|e|zy|ego|ej)|jaki(e|ego|ej)?)${notLetter}`,
      'iu',
    ),
    'pl',
  ],
  [new RegExp(`^\\W*(who|whom|whose|when|where|why|which|how|what)${notLetter}`, 'iu'), 'en'],
];

// Common characters that traditional and simplified Chinese write apart, each at the same place
// in both strings. Characters the two share, and simplified forms that traditional text also
// writes for another word (里 in 公里, 系 in 系統), are not listed.
const traditionalOnly = new Set(
  '們這說對會與從國學點關營區號單價錢氣發經樣實體應當讓寫聯嗎沒賣麼絡費買運貨問題過現務員設計該請謝網頁線機場館個為還後換給訂預優時間開門電話東車',
);
const simplifiedOnly = new Set(
  '们这说对会与从国学点关营区号单价钱气发经样实体应当让写联吗没卖么络费买运货问题过现务员设计该请谢网页线机场馆个为还后换给订预优时间开门电话东车',
);

// Forms only Japanese writes (営 for 營 and 营, 駅 for 驛 and 驿).
const japaneseOnly = /[営駅広売読変図楽様気発経単価実応対従関円辺鉄転払帰県沢蔵戸歩乗済続込働渋]/u;

// Han characters alone. Japanese writes questions without kana too ("営業時間", opening hours;
// "東京駅 行き方", the way to Tokyo Station): its own character forms, or a browser set to
// Japanese, say so. Otherwise Chinese, in the script the characters show, else the one the
// visitor's browser names.
function readHan(text: string, visitorLanguage: string | null | undefined) {
  if (visitorLanguage === 'ja' || japaneseOnly.test(text)) return 'ja';
  let traditional = 0;
  let simplified = 0;
  for (const character of text) {
    if (traditionalOnly.has(character)) traditional += 1;
    else if (simplifiedOnly.has(character)) simplified += 1;
  }
  if (traditional !== simplified) return traditional > simplified ? 'zh-Hant' : 'zh';
  return visitorLanguage === 'zh-Hant' ? 'zh-Hant' : 'zh';
}

/**
 * The language a question is written in, or null when it does not tell. `visitorLanguage` (the
 * browser's, as `primaryLanguage` reads it) decides only between languages the text cannot tell
 * apart: a question of Han characters alone from a browser set to Japanese is Japanese.
 */
export function detectLanguage(text: string, visitorLanguage?: string | null): string | null {
  for (const [pattern, language] of scripts) {
    if (pattern.test(text)) return language === 'zh' ? readHan(text, visitorLanguage) : language;
  }
  const guessed = guessLanguage(text);
  if (guessed && guessed !== 'other') return guessed;
  for (const [pattern, language] of sharedScripts) if (pattern.test(text)) return language;
  for (const [pattern, language] of questionWords) if (pattern.test(text)) return language;
  return null;
}

// "de-CH,de;q=0.9,en;q=0.8" → "de"; Chinese keeps its script: "zh-TW" → "zh-Hant".
export function primaryLanguage(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  if (!first || first === '*') return null;
  const base = first.split('-')[0]!;
  if (!/^[a-z]{2,3}$/.test(base)) return null;
  return widgetLanguageOfTag(first) === 'zh-Hant' ? 'zh-Hant' : base;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language' });

// Serbian and Bosnian in Latin letters are read as Croatian (one stop list and stemmer serve the
// three, and their grammar words are the same): the model is not told "Croatian" for a Serbian
// visitor's question.
const readAlike: Record<string, string> = {
  hr: 'Croatian, Serbian or Bosnian, as the visitor writes it',
};

/**
 * The English name of a language code ("uk" → "Ukrainian"; "hr" names the three read alike), or
 * null for a code ICU does not know.
 */
export function languageName(code: string): string | null {
  if (Object.hasOwn(readAlike, code)) return readAlike[code]!;
  try {
    const name = englishNames.of(code);
    return name && name !== code ? name : null;
  } catch {
    // Not a well-formed language code.
    return null;
  }
}
