// Turning a stored passage into sentences a person can read in a chat bubble: document markup
// (Markdown tables, headings, list bullets, emphasis, links) becomes plain text, and sentences end
// only where a sentence ends, not at "e.g.", "John C." or "3.5".
import { fullWidthStops } from '../retrieval';

export type PlainBlock = {
  text: string;
  // A heading or a table header names what follows; it is not something to quote on its own.
  kind: 'heading' | 'item' | 'row' | 'text';
};

const tableRule = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const tableRow = /^\s*\|.*\|\s*$/;
const headingLine = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const setextRule = /^\s{0,3}(=+|-+)\s*$/;
const bullet = /^\s*(?:[-*+•▪◦‣]|\d{1,3}[.)]|[a-z][.)])\s+(?=\S)/i;

function cells(row: string) {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => inline(cell.trim()));
}

// Inline Markdown: the words stay, the symbols go.
export function inline(text: string) {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^)\s]+)(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])([*_])(?=\S)([^*_\n]*?\S)\2(?=[\s).,;:!?]|$)/g, '$1$3')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

// Lines of a passage as plain blocks. A table becomes one readable line per row that names each
// value by its column ("Plan: Pro; Price: 20 €"), so a quoted row still says what it means.
export function plainBlocks(text: string): PlainBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: PlainBlock[] = [];
  let header: string[] | null = null;
  let paragraph: string[] = [];
  const flush = () => {
    const joined = inline(paragraph.join(' '));
    if (joined) blocks.push({ text: joined, kind: 'text' });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (tableRow.test(line) || (header && line.includes('|') && !tableRule.test(line))) {
      flush();
      const next = lines[index + 1] ?? '';
      if (!header && tableRule.test(next)) {
        header = cells(line);
        blocks.push({ text: header.filter(Boolean).join(', '), kind: 'heading' });
        index++;
        continue;
      }
      const values = cells(line);
      const named = values
        .map((value, column) => {
          if (!value) return '';
          const name = header?.[column];
          return name && name !== value ? `${name}: ${value}` : value;
        })
        .filter(Boolean);
      if (named.length > 0) blocks.push({ text: named.join('; '), kind: 'row' });
      continue;
    }
    header = null;
    if (tableRule.test(line) && !line.trim().match(/^-+$/)) continue;
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = headingLine.exec(line);
    if (heading) {
      flush();
      const title = inline(heading[1]!);
      if (title) blocks.push({ text: title, kind: 'heading' });
      continue;
    }
    if (setextRule.test(line) && paragraph.length === 1) {
      const title = inline(paragraph[0]!);
      paragraph = [];
      if (title) blocks.push({ text: title, kind: 'heading' });
      continue;
    }
    if (bullet.test(line)) {
      flush();
      const item = inline(line.replace(bullet, ''));
      if (item) blocks.push({ text: item, kind: 'item' });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

// Words that end in a full stop without ending the sentence, per language the product speaks
// and a few more; compared in lower case without the final dot.
const abbreviations = new Set(
  [
    // English
    'e.g',
    'i.e',
    'etc',
    'vs',
    // "versus" in case names ("Brown v. Board of Education").
    'v',
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'jr',
    'sr',
    'no',
    'nos',
    'fig',
    'figs',
    'approx',
    'ca',
    'cf',
    'al',
    'inc',
    'ltd',
    'co',
    'corp',
    'dept',
    'est',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'mt',
    'ft',
    'u.s',
    'u.k',
    'a.m',
    'p.m',
    'ph.d',
    'vol',
    'pp',
    'ed',
    'eds',
    'rev',
    'gen',
    'gov',
    'sen',
    'rep',
    'lt',
    'col',
    'sgt',
    'capt',
    'op',
    'nr',
    // German
    'z.b',
    'bzw',
    'd.h',
    'usw',
    'u.a',
    'ggf',
    'evtl',
    'inkl',
    'zzgl',
    'ca',
    'bspw',
    'vgl',
    'sog',
    'str',
    'hr',
    'fr',
    'jh',
    'jhd',
    'mio',
    'mrd',
    'abs',
    'v.a',
    'u.ä',
    'o.ä',
    's.o',
    's.u',
    // Spanish
    'p.ej',
    'ej',
    'sra',
    'srta',
    'dra',
    'ud',
    'uds',
    'núm',
    'pág',
    'aprox',
    'av',
    'avda',
    'etc',
    'ee.uu',
    'a.c',
    'd.c',
    'a. c',
    'd. c',
    // French
    'p.ex',
    'mme',
    'mlle',
    'm',
    'env',
    'cf',
    'av. j.-c',
    'j.-c',
    'bd',
    // Polish
    'godz',
    'tel',
    'ul',
    'pl',
    'np',
    'tzw',
    'm.in',
    'tj',
    'itd',
    'itp',
    'mgr',
    'inż',
    'hab',
    'św',
    'wg',
    'zob',
    'ks',
    'płk',
    // Russian
    'ул',
    'пр',
    'просп',
    'пер',
    'пл',
    'наб',
    'корп',
    'стр',
    'св',
    'см',
    'напр',
    'проф',
    'акад',
    'тел',
    'обл',
    // Ukrainian (beside the Russian ones it shares: "просп.", "пл.", "тел.", "обл.")
    'вул',
    'пров',
    'бульв',
    'буд',
    'кв',
    'ім',
    'див',
    // Swedish
    'bl.a',
    'kl',
    'ca',
    'tfn',
    'inkl',
    'exkl',
    'fr.o.m',
    // Turkish
    'cad',
    'sok',
    'sk',
    'mah',
    'bul',
    'blv',
    'doç',
    'yrd',
    'örn',
    'bkz',
    'vb',
    'vd',
    // Italian
    'sig',
    'sigg',
    'sig.ra',
    'sig.na',
    'dott',
    'dott.ssa',
    'prof.ssa',
    'ing',
    'avv',
    'geom',
    'egr',
    'spett',
    'ecc',
    'pag',
    'pagg',
    'p.zza',
    'c.so',
    'v.le',
    'p.es',
    // Portuguese
    'profa',
    'exmo',
    'exma',
    'ltda',
    'n.º',
    // Dutch
    'bijv',
    'dhr',
    'mevr',
    'drs',
    'ir',
    'ong',
    'resp',
    'incl',
    'excl',
    'enz',
    'evt',
    'blz',
  ].map((word) => word.toLowerCase()),
);

// Arabic, Persian and Urdu ask with "؟", Hindi and Marathi end a sentence with the danda (। ॥);
// Chinese and Japanese also end one with the full-width "．" and the half-width "｡".
const terminal = new RegExp(`[.!?…‼⁇⁈⁉؟।॥${fullWidthStops}]`, 'u');
// Greek asks with ";" (U+037E, which Unicode normalises to the semicolon); it writes its semicolon
// as the raised dot "·", so in Greek ";" always ends a question.
const greekQuestionMark = /[;\u037e]/u;
const closing = /["'”’»)\]」』】]/u;
const fullWidthEnd = new RegExp(`[${fullWidthStops}]`, 'u');

// The word that ends right before position `dot` (a full stop), with inner dots ("e.g", "U.S")
// and the vowel signs of scripts that write them as marks (Thai, Hindi).
function wordBefore(text: string, dot: number) {
  let start = dot;
  while (start > 0 && /[\p{L}\p{M}\p{N}.\-]/u.test(text[start - 1]!)) start--;
  return text.slice(start, dot);
}

// The words after which a German number with a stop is an ordinal ("am 3. Oktober", "den 2.
// Platz", "ins 19. Jahrhundert"); after any other word ("als Interstate 9. Derzeit …") the stop
// ends the sentence.
const germanOrdinalLeads = new Set(
  (
    'am im vom zum zur ins ans aufs fürs ums bis ab seit um vor nach zu für beim der die das den ' +
    'dem des ein eine einem einen einer eines sein seine seinem seinen seiner seines ihr ihre ' +
    'ihrem ihren ihrer ihres jeden jedem jeder jedes dieser diesem diesen dieses'
  ).split(' '),
);
// Months and the nouns an ordinal most often counts, whatever comes before it.
const germanOrdinalNoun =
  /^(januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jahrhunderts?|jahrtausends?|jahrestag|geburtstag|todestag|lebensjahr|platz|mal|stock|klasse|liga|runde|kapitel)(?!\p{L})/iu;

// Abbreviations that are words of their own elsewhere ("It is ok."): only before a number
// ("ok. 15 minut", "ref. 4", "art. 5").
const numberLeads = new Set(['ok', 'ок', 'ref', 'refs', 'art', 'ust', 'poz', 'ст']);

// Thai, Lao, Khmer and Burmese write no space between words and do not end sentences with a full
// stop: one there ends an abbreviation ("10.00 น." for o'clock, "100 มล." for millilitres).
const unspacedScript = /^[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+$/u;

function isAbbreviation(
  word: string,
  next: string,
  language: string | null,
  before: string,
  alone: boolean,
) {
  const lower = word.toLowerCase();
  if (!lower) return false;
  // A unit or an era after a number ("19 h.", "1894 r.", "100 г.", "80 d.C.") ends the sentence
  // when a capital follows, unless that capital goes on with the abbreviation ("63 a. C. en Roma").
  if (
    /^[\p{N}.,]*\p{N}$/u.test(before) &&
    /^\p{Ll}(\.\p{L})*$/u.test(word) &&
    /^\p{Lu}/u.test(next) &&
    !/^\p{Lu}\p{Ll}{0,3}\./u.test(next)
  ) {
    return false;
  }
  // Spanish writes a plural with its letters doubled, spaced: "EE. UU.", "FF. AA.", "RR. HH.".
  if (/^(\p{Lu})\1$/u.test(word) && /^(\p{Lu})\1\./u.test(next)) return true;
  // A word in capitals is an acronym ("patients with CAD."), not the abbreviation it spells.
  if (abbreviations.has(lower) && !/^\p{Lu}{2,}$/u.test(word)) return true;
  if (numberLeads.has(lower) && /^\p{N}/u.test(next)) return true;
  // A letter of a script without capitals is an initial or an abbreviation (Arabic "د." for
  // doctor), and so is a word of two letters where a stop never ends a sentence.
  const letters = [...word.replace(/[\p{M}.]/gu, '')];
  if (letters.every((letter) => /\p{Lo}/u.test(letter))) {
    if (letters.length === 1) return true;
    if (letters.length <= 2 && unspacedScript.test(letters.join(''))) return true;
  }
  // An initial ("John C. Smith") or a letter-dot chain ("U.S.A", "e.g").
  if (/^\p{Lu}$/u.test(word)) return true;
  // A spaced chain's first letter: German writes "z. B.", "d. h.", "u. a." and Spanish "a. C."
  // with a space. A letter after a slash is a unit ("100 Gbit/s.") and may end a sentence.
  if (/^\p{Ll}$/u.test(word) && alone) return true;
  if (/^(\p{L}\.)+\p{L}$/u.test(word)) return true;
  if (/^\d+$/.test(word)) {
    // Any number followed by a lower-case word.
    if (/^\p{Ll}/u.test(next)) return true;
    // German ordinals (a year ends a sentence); a number that opens a line is a list's.
    if (language !== 'de' || word.length > 2) return false;
    return (
      germanOrdinalNoun.test(next) ||
      before === '' ||
      terminal.test(before.at(-1)!) ||
      germanOrdinalLeads.has(before.toLowerCase())
    );
  }
  return false;
}

// The word before the one that starts at `start`, across the space between them.
function precedingWord(text: string, start: number) {
  let end = start;
  while (end > 0 && /\s/u.test(text[end - 1]!)) end--;
  return wordBefore(text, end);
}

// Sentences of one plain line of text. A full stop ends a sentence when what follows starts like a
// sentence (a capital, a digit, an opening quote or bracket) and what precedes is not an
// abbreviation or an initial; CJK full stops end one whatever follows.
export function splitSentences(text: string, language: string | null = null): string[] {
  const sentences: string[] = [];
  let start = 0;
  let index = 0;
  const ends = (at: number) =>
    terminal.test(text[at]!) || (language === 'el' && greekQuestionMark.test(text[at]!));
  while (index < text.length) {
    const char = text[index]!;
    if (!ends(index)) {
      index++;
      continue;
    }
    let end = index + 1;
    while (end < text.length && (ends(end) || closing.test(text[end]!))) end++;
    // The full-width "．" is also the decimal point of full-width numbers ("３．５").
    const decimal =
      char === '．' && /\p{N}/u.test(text[index - 1] ?? '') && /\p{N}/u.test(text[end] ?? '');
    if (fullWidthEnd.test(char) && !decimal) {
      sentences.push(text.slice(start, end).trim());
      start = end;
      index = end;
      continue;
    }
    const gap = /^\s+/.exec(text.slice(end));
    if (!gap) {
      // "3.5", "example.com", "e.g.," : no space, no sentence end.
      index = end;
      continue;
    }
    const nextStart = end + gap[0].length;
    const next = text.slice(nextStart, nextStart + 20);
    const startsSentence = /^["'“‘«¿¡(\[]?[\p{Lu}\p{N}\p{Lo}]/u.test(next);
    const word = wordBefore(text, index);
    const wordStart = index - word.length;
    const abbreviated =
      char === '.' &&
      isAbbreviation(
        word,
        next,
        language,
        precedingWord(text, wordStart),
        wordStart === 0 || /[\s(\[«"“„‘']/u.test(text[wordStart - 1]!),
      );
    if (startsSentence && !abbreviated) {
      sentences.push(text.slice(start, end).trim());
      start = nextStart;
    }
    index = nextStart;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter(Boolean);
}
