export type SectionInput = {
  text: string;
  heading?: string;
  // Outer headings first, when the parser knows the document's outline.
  headingPath?: string[];
  page?: number;
  url?: string;
};

export type Chunk = {
  ordinal: number;
  text: string;
  heading: string | null;
  page: number | null;
  url: string | null;
};

export type ChunkOptions = {
  targetChars?: number;
  maxChars?: number;
  overlapRatio?: number;
};

export const headingSeparator = ' › ';

const defaults = { targetChars: 1000, maxChars: 1200, overlapRatio: 0.15 };

// Chinese and Japanese end a sentence with these (and the chunker with "；" too), and write no
// space after them.
export const fullWidthStops = '。！？．｡';

// A line that reads as a title, not a sentence: short, without a sentence's or a clause's ending,
// not a list item or a table row. A text file's first such line heads its passages (extraction),
// and an answer does not quote one as a sentence: both ask this, so they cannot disagree.
export const titleLength = 120;
const notTitle = new RegExp(`[.!?:;,…؟${fullWidthStops}]$|^([-*+•]|\\d+[.)]|\\|)\\s`, 'u');

export function looksLikeTitle(line: string): boolean {
  const title = line.trim();
  return title.length > 0 && title.length <= titleLength && !notTitle.test(title);
}

// Sentence ends in Latin and CJK punctuation; CJK full stops need no following space.
const sentenceEnd = new RegExp(`(?<=[.!?…;])\\s+(?=\\S)|(?<=[${fullWidthStops}；])`, 'u');

let wordSegmenter: Intl.Segmenter | undefined;

// Cut points where a word ends: spaces for most scripts, ICU word boundaries for Thai or CJK.
function wordBreaks(text: string): number[] {
  const breaks: number[] = [];
  if (/\s/.test(text)) {
    for (const match of text.matchAll(/\s+/g)) breaks.push(match.index);
  }
  if (breaks.length === 0 || text.length / (breaks.length + 1) > 40) {
    wordSegmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
    for (const part of wordSegmenter.segment(text)) if (part.index > 0) breaks.push(part.index);
    breaks.sort((a, b) => a - b);
  }
  return breaks;
}

// A unit longer than the limit is cut at the last word boundary that fits.
function splitLong(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const breaks = wordBreaks(text);
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > maxChars) {
    let cut = -1;
    for (const point of breaks) {
      if (point <= start) continue;
      if (point - start > maxChars) break;
      cut = point;
    }
    // A single "word" over the limit (a long URL, a base64 blob) is the only forced cut.
    if (cut === -1) cut = start + maxChars;
    const piece = text.slice(start, cut).trim();
    if (piece) pieces.push(piece);
    start = cut;
    while (start < text.length && /\s/.test(text[start]!)) start++;
  }
  const rest = text.slice(start).trim();
  if (rest) pieces.push(rest);
  return pieces;
}

type Unit = { text: string; paragraphEnd: boolean };

// Separators count as two characters, the most join() adds, so a chunk never exceeds its limit.
const cost = (unit: Unit) => unit.text.length + 2;

function units(text: string, maxChars: number): Unit[] {
  const out: Unit[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph
      .replace(/[ \t\f\v]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim();
    if (!clean) continue;
    for (const sentence of clean.split(sentenceEnd)) {
      for (const piece of splitLong(sentence.trim(), maxChars)) {
        if (piece) out.push({ text: piece, paragraphEnd: false });
      }
    }
    if (out.length > 0) out[out.length - 1]!.paragraphEnd = true;
  }
  return out;
}

// A chunk keeps Chinese and Japanese sentences as written, with no space between them.
const fullWidthStop = new RegExp(`[${fullWidthStops}；]$`, 'u');

function join(parts: Unit[]): string {
  const separator = (part: Unit) =>
    part.paragraphEnd ? '\n\n' : fullWidthStop.test(part.text) ? '' : ' ';
  return parts
    .map((part, index) => (index === parts.length - 1 ? part.text : part.text + separator(part)))
    .join('');
}

// The tail of the previous chunk that starts the next one: whole sentences when they fit the
// budget, else the last words of the last sentence.
function overlapTail(parts: Unit[], budget: number): Unit[] {
  const tail: Unit[] = [];
  let length = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (length + cost(part) > budget) {
      if (tail.length === 0) {
        const from = wordBreaks(part.text).find((point) => part.text.length - point <= budget);
        const words = from === undefined ? '' : part.text.slice(from).trim();
        if (words) tail.unshift({ text: words, paragraphEnd: part.paragraphEnd });
      }
      break;
    }
    tail.unshift(part);
    length += cost(part);
  }
  return tail;
}

function headingOf(section: SectionInput): string | null {
  const path = (section.headingPath ?? []).map((h) => h.trim()).filter(Boolean);
  const heading = section.heading?.trim();
  if (heading && path[path.length - 1] !== heading) path.push(heading);
  return path.length > 0 ? path.join(headingSeparator) : null;
}

/**
 * Packs sentences into chunks of about targetChars (never more than maxChars), each starting with
 * about overlapRatio of the previous chunk so that a fact cut at a boundary is still whole in one.
 * Chunks never cross a change of heading, page or URL; consecutive sections that share all three
 * are packed together, so a parser that emits one section per paragraph still gets full chunks.
 */
export function chunkSections(sections: SectionInput[], options: ChunkOptions = {}): Chunk[] {
  const maxChars = options.maxChars ?? defaults.maxChars;
  const targetChars = Math.min(options.targetChars ?? defaults.targetChars, maxChars);
  const overlapBudget = Math.floor(targetChars * (options.overlapRatio ?? defaults.overlapRatio));
  const chunks: Chunk[] = [];

  type Group = { heading: string | null; page: number | null; url: string | null; text: string[] };
  const groups: Group[] = [];
  for (const section of sections) {
    const heading = headingOf(section);
    const page = section.page ?? null;
    const url = section.url ?? null;
    const last = groups[groups.length - 1];
    if (last && last.heading === heading && last.page === page && last.url === url) {
      last.text.push(section.text);
    } else {
      groups.push({ heading, page, url, text: [section.text] });
    }
  }

  for (const group of groups) {
    const pending = units(group.text.join('\n\n'), maxChars);
    let current: Unit[] = [];
    let length = 0;
    let fresh = 0;
    const emit = () => {
      if (fresh === 0) return;
      chunks.push({
        ordinal: chunks.length,
        text: join(current),
        heading: group.heading,
        page: group.page,
        url: group.url,
      });
      current = overlapTail(current, overlapBudget);
      length = current.reduce((sum, part) => sum + cost(part), 0);
      fresh = 0;
    };
    for (const unit of pending) {
      const size = cost(unit);
      if (fresh > 0 && length + size > targetChars) emit();
      while (current.length > 0 && length + size > maxChars) {
        length -= cost(current.shift()!);
      }
      current.push(unit);
      length += size;
      fresh++;
    }
    emit();
  }
  return chunks;
}

/**
 * A chunk's word count (what a chunk row stores beside its text). The bot's index tokenises chunk
 * text when it loads, with the code that tokenises questions, so the two never disagree; storing
 * terms at ingestion as well cost more than the tokenising itself.
 */
export function countWords(text: string) {
  let words = 0;
  let inWord = false;
  for (let at = 0; at < text.length; at++) {
    const space = text.charCodeAt(at) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
