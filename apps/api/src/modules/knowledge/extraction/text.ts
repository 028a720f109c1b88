import { looksLikeTitle, titleLength } from '../../retrieval/chunk-sections';
import { ExtractionError } from './extraction-error';

// Plain text and encodings.

export function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

// A plain-text file often opens with its title on a line of its own: short, without a sentence's
// ending, a blank line after it. It heads every chunk of the file, as a Markdown file's heading
// would, so a question naming the subject finds the file's passages and the answer does not quote
// the title as a sentence. It leaves the text, as a Markdown heading does: kept there too, the
// ranking counted its words twice in the file's first chunk (heading and text), and on XQuAD
// uploaded as one titled file per passage the chat's first citation was right for 4 German and 6
// Spanish questions fewer (`npm run eval:answers`, 2026-12-03).
// Read by lines rather than one expression: a pattern for "a line, then a blank one" backtracks
// over a long first line of spaces from every position, which a file of them turns into hours.
const visible = /\S/gu;

export function plainTextSections(text: string): { text: string; heading?: string }[] {
  const titleEnd = text.indexOf('\n');
  if (titleEnd < 0 || titleEnd > titleLength * 4) return [{ text }];
  const blankEnd = text.indexOf('\n', titleEnd + 1);
  if (blankEnd < 0 || text.slice(titleEnd + 1, blankEnd).trim() !== '') return [{ text }];
  const title = text.slice(0, titleEnd).trim();
  if (!looksLikeTitle(title)) return [{ text }];
  // Searched in place: a copy of the rest would be the whole file again.
  visible.lastIndex = blankEnd;
  if (!visible.test(text)) return [{ text }];
  return [{ text: text.slice(blankEnd + 1), heading: title }];
}

export const unrecognisedEncodingMessage = "We couldn't recognise this file's text encoding";

const singleByteCandidates = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-874',
  'koi8-r',
  'koi8-u',
  'ibm866',
  'x-mac-cyrillic',
  'iso-8859-2',
  'iso-8859-7',
];
const multiByteCandidates = ['gbk', 'big5', 'euc-kr', 'shift_jis', 'euc-jp'];

export function decodeText(bytes: Uint8Array): string {
  const decoded = decodeWithDetectedEncoding(bytes);
  const text = decodeTextOrNull(bytes, decoded);
  if (text === null) throw new ExtractionError('unsupported_format');
  // A guessed code page that still reads as garbage would fill the index with noise.
  if (decoded?.guessed && looksLikeMojibake(text)) {
    throw new ExtractionError('unsupported_format', unrecognisedEncodingMessage);
  }
  return text;
}

export function decodeTextOrNull(
  bytes: Uint8Array,
  decoded = decodeWithDetectedEncoding(bytes),
): string | null {
  const text = decoded?.text ?? null;
  if (text === null || text.includes('\u0000')) return null;
  const limit = Math.min(text.length, 65_536);
  const bad = (limit < text.length ? text.slice(0, limit) : text).match(notTextCharacters);
  return (bad?.length ?? 0) <= limit * 0.02 ? text : null;
}

// Control characters other than tab, line feed, form feed and carriage return, and the
// replacement character. A regular expression, not a loop over the characters: every uploaded
// text is checked twice (its type when it arrives, its text when it is read), and the loop cost
// the server about 100 ms of an archive benchmark's 5,183 abstracts, three times the expression.
const notTextCharacters = /[\u0000-\u0008\u000B\u000E-\u001F\uFFFD]/g;

// `guessed`: no byte order mark or UTF-8 validity vouches for the text; the most plausible legacy
// code page was picked.
export function decodeWithDetectedEncoding(
  bytes: Uint8Array,
): { text: string; guessed: boolean } | null {
  const known = decodeUnicode(bytes);
  if (known !== undefined) return known === null ? null : { text: known, guessed: false };
  const text = decodeLegacy(bytes);
  return text === null ? null : { text, guessed: true };
}

// undefined: not Unicode.
function decodeUnicode(bytes: Uint8Array): string | null | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe, 0, 0])) return decodeUtf32(bytes.subarray(4), true);
  if (startsWith(bytes, [0, 0, 0xfe, 0xff])) return decodeUtf32(bytes.subarray(4), false);
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf16 = guessUtf16WithoutBom(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeLegacy(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  const sample = bytes.subarray(0, 65_536);
  let best = { encoding: 'windows-1252', score: -Infinity };
  for (const encoding of [...singleByteCandidates, ...multiByteCandidates]) {
    const score = plausibility(new TextDecoder(encoding).decode(sample));
    // Strictly greater keeps the earlier, more common encoding on a tie.
    if (score > best.score) best = { encoding, score };
  }
  return new TextDecoder(best.encoding).decode(bytes);
}

function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const code = view.getUint32(i, littleEndian);
    if (code > 0x10ffff) return null;
    chunk.push(code);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

// Text in UTF-16 without a BOM shows NULs in every other byte for Latin-script content.
function guessUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const limit = Math.min(bytes.length, 8192) & ~1;
  if (limit < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < limit; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = limit / 2;
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  return null;
}

// Common characters of Chinese (both scripts) and Korean: a wrong CJK decoding still yields
// valid ideographs or syllables, but rarely the everyday ones.
const commonHan = new Set(
  '的一是不了在人有我他这這个個们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子那得于於着著下自之年过過发發后後作里裡用道行所然家种種事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還进進好小部其些主样樣理心她本前开開但因只从從想实實日月文化名与與及或者等被由此外内內最新所基典维維科百全书書世界语語言历歷史市公司高长長区區',
);
const commonHangul = new Set(
  '이의다는에하고을를가지서한기로사으도리자들나수대인어있적구정게시해일주상전부국아생내과보오제라거만여요소우와성연장경비원문동화면학것등되년했없중모말까결방위개물세분때교미조그입히진공터며던음운선실신관역예수',
);

// Higher is more plausible: letters of one script in word-shaped runs, few controls or stray
// symbols, no case flips inside Cyrillic or Greek words (the mark of a wrong code page), and Latin
// text that is mostly ASCII (Cyrillic read as windows-1252 is all accented letters). CJK
// characters count double because each one stands for two bytes.
function plausibility(text: string): number {
  let score = 0;
  let latinAscii = 0;
  let latinOther = 0;
  for (const word of text.split(/[\s\d.,;:!?'"()[\]{}<>/\\|@#$%^&*+=_~`-]+/)) {
    if (!word) continue;
    let foreign = 0;
    let asciiLetters = 0;
    let previous: 'upper' | 'lower' | null = null;
    let uppers = 0;
    for (const char of word) {
      const code = char.codePointAt(0)!;
      if (code < 0x80) {
        if (/[A-Za-z]/.test(char)) asciiLetters++;
        continue;
      }
      if (code === 0xfffd || code <= 0x9f) score -= 10;
      else if (/\p{Script=Han}/u.test(char)) score += commonHan.has(char) ? 2 : 0.4;
      else if (/\p{Script=Hangul}/u.test(char)) {
        score += commonHangul.has(char) ? 2 : code >= 0xac00 ? 0.8 : -1;
      } else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) score += 1.6;
      else if (/\p{Script=Latin}/u.test(char)) {
        latinOther++;
        score += /[ðþýÐÞÝ]/.test(char) ? 0.2 : code < 0x100 ? 1 : 0.9;
      } else if (/[\u0400-\u040f\u0450-\u045f]/.test(char) && !/[ЁёІіЇїЄєЎў]/.test(char)) {
        score -= 0.5;
      } else if (/\p{L}/u.test(char)) {
        foreign++;
        score += 0.9;
        if (/[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(char)) {
          const upper = /\p{Lu}/u.test(char);
          if (upper && previous === 'lower') score -= 1.5;
          if (!upper && uppers >= 2) score -= 1.5;
          uppers = upper ? uppers + 1 : 0;
          previous = upper ? 'upper' : 'lower';
        }
      } else if (/\p{M}/u.test(char)) score += 0.5;
      else if (!/[«»“”‘’„–—…€°§©®·¿¡\u00a0]/.test(char)) score -= 1;
    }
    latinAscii += asciiLetters;
    if (foreign > 0 && asciiLetters > 0) score -= 2 * foreign;
  }
  if (latinOther > latinAscii) score -= latinOther * 0.7;
  return score;
}

// Text read through the wrong code page (an EBCDIC file read as a Latin or Cyrillic one) has no
// word structure: no spaces or line breaks between runs of letters, many symbols, or for the
// scripts written without spaces, rare ideographs mixed with half-width katakana.
const unspacedScript =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const ordinaryPunctuation =
  /[.,;:!?'"()[\]{}\-–—«»“”‘’„/&…·،؛؟。、，：；！？「」『』（）《》〈〉・]/;

export function looksLikeMojibake(text: string): boolean {
  const sample = text.slice(0, 20_000);
  let spaces = 0;
  let symbols = 0;
  let visible = 0;
  let spacedLetters = 0;
  let unspacedLetters = 0;
  let han = 0;
  let commonIdeographs = 0;
  let halfWidthKana = 0;
  for (const char of sample) {
    if (/\s/.test(char)) {
      spaces++;
      continue;
    }
    visible++;
    if (/\p{L}/u.test(char)) {
      if (unspacedScript.test(char)) {
        unspacedLetters++;
        if (/\p{Script=Han}/u.test(char)) {
          han++;
          if (commonHan.has(char)) commonIdeographs++;
        }
        if (/[\uff61-\uff9f]/.test(char)) halfWidthKana++;
      } else spacedLetters++;
    } else if (!/[\p{M}\p{N}]/u.test(char) && !ordinaryPunctuation.test(char)) symbols++;
  }
  if (visible < 40) return false;
  if (symbols > visible * 0.25) return true;
  if (spacedLetters >= unspacedLetters) return spaces < (spaces + visible) * 0.03;
  if (halfWidthKana > unspacedLetters * 0.1) return true;
  return han > unspacedLetters * 0.5 && commonIdeographs < han * 0.08;
}

// Trailing blanks are trimmed line by line: a regex like /[ \t]+\n/ rescans a long run of spaces
// from every position, which turns a file padded with blanks into minutes of work.
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
