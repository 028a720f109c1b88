import {
  accentedReadings,
  compoundHeadMark,
  storedStem,
  termEpoch,
  termName,
  tokenize,
  tokenizeChunk,
} from './tokenize';
import type { Language } from './tokenize';
import { UnknownWords } from './typo-tolerance';
import { gramScores } from './character-grams';

export type IndexedChunk = { id: string; text: string; heading?: string | null };
export type SearchHit = { id: string; score: number };
type Ranked = { slot: number; score: number };

export type LexicalIndexOptions = {
  k1?: number;
  b?: number;
  headingWeight?: number;
  headingB?: number;
  // How much the sentence that holds most of the query adds, as a share of the best score.
  sentenceWeight?: number;
  // How many of the best chunks are read sentence by sentence.
  sentenceDepth?: number;
  // What a question's German compound beginning ("bevolke~" beside the stem "bevolker") counts
  // for, against 1 for each of its words.
  compoundHeadWeight?: number;
  // How much the passage sharing most of the question's character four-grams adds (see
  // character-grams.ts), as a share of the best score, and among how many of the best chunks.
  gramWeight?: number;
  gramDepth?: number;
};

const defaultOptions = {
  k1: 1.2,
  // Chunks are short and of similar length, so full length normalisation over-penalises.
  b: 0.6,
  headingWeight: 2,
  headingB: 0.5,
  // A question is usually answered by one sentence: among chunks that match its words about as
  // well, the one with a sentence holding most of them leads. At 0.1, every figure of
  // `npm run bench -- retrieval` held or rose (SciFact nDCG@10 0.7020 → 0.7027, MRR@10 0.6715 →
  // 0.6722; XQuAD es MRR@10 0.9592 → 0.9599) and chat's first citation on XQuAD en went 0.944 →
  // 0.947; 0.2 and more lifted XQuAD a little further but cost SciFact.
  sentenceWeight: 0.1,
  sentenceDepth: 10,
  // A long German word is indexed by its stem and by its first seven letters, so at full weight it
  // counted twice against a short word beside it ("Bezeichnung" outweighed "Rotoren"). At half, on
  // XQuAD de: `npm run bench -- retrieval` MRR@10 0.9472 → 0.9515; `npm run eval:answers` first
  // citation right 0.9202 → 0.9218, answer in the reply 0.8992 → 0.9017. 0.4 and 0.6 did less.
  // Other languages hold no such term.
  compoundHeadWeight: 0.5,
  // Words that differ in form still share most of their letters ("startete" and "Start",
  // "Muslimbruderschaft" and "Muslimbrüder"), which stems miss and languages without a stemmer
  // never get. Read among the twenty best chunks only, with the texts the bot's index keeps.
  // At 0.3, `npm run bench -- retrieval` first result right: XQuAD en 0.9487 → 0.9546, de 0.9277 →
  // 0.9403, es 0.9378 → 0.9412; SciFact nDCG@10 0.7027 → 0.7040. Among the ten best, or at 0.2 or
  // 0.4, the sets together did less: at 0.2 Spanish and SciFact a little better (0.9420, 0.7076)
  // but English and German less (0.9521, 0.9345). Since each word of four letters or more also
  // gives a gram bridging from the word before (stop 52), 0.35: first result right of 1,190 en
  // 1,136 → 1,140, de 1,123 → 1,124, es 1,128 → 1,132, SciFact nDCG@10 0.704 → 0.709; with the
  // bridge at 0.3, en 1,136, de 1,123, es 1,132; at 0.25 or 0.4, less in English or German.
  gramWeight: 0.35,
  gramDepth: 20,
} satisfies Required<LexicalIndexOptions>;

const accentedReadingsPerSearch = 8;

// Growable typed arrays: the index holds no object per posting, per term or per chunk.
function grownInt32(array: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  if (needed <= array.length) return array;
  const bigger = new Int32Array(Math.max(needed, array.length * 2, 16));
  bigger.set(array);
  return bigger;
}

function grownUint16(array: Uint16Array<ArrayBuffer>, needed: number): Uint16Array<ArrayBuffer> {
  if (needed <= array.length) return array;
  const bigger = new Uint16Array(Math.max(needed, array.length * 2, 16));
  bigger.set(array);
  return bigger;
}

function grownFloat64(array: Float64Array<ArrayBuffer>, needed: number): Float64Array<ArrayBuffer> {
  if (needed <= array.length) return array;
  const bigger = new Float64Array(Math.max(needed, array.length * 2, 16));
  bigger.set(array);
  return bigger;
}

// Heading and body counts share one 16-bit cell; a word more than 255 times in a chunk is rare,
// and BM25 saturates long before.
const packCounts = (heading: number, body: number) =>
  (Math.min(heading, 255) << 8) | Math.min(body, 255);

/**
 * In-memory BM25F index: heading and body are separate fields with their own length
 * normalisation, combined before BM25 saturation so a term in both is not counted twice over.
 *
 * Every chunk's terms are kept once, in slot order (the forward store); the postings of each term
 * (what a search reads) are derived from it by a counting sort. A chunk added later is searched
 * through the forward store until the postings are rebuilt, which happens once those late chunks
 * hold an eighth of the postings, so adding or replacing one document costs about its own size.
 * Removal leaves a tombstone; slots are compacted once a quarter of them are dead.
 */
export class LexicalIndex {
  private readonly options: Required<LexicalIndexOptions>;
  private readonly slotOf = new Map<string, number>();
  private ids: (string | null)[] = [];
  private languageOf: (Language | null)[] = [];

  // Vocabulary.
  private readonly termIds = new Map<string, number>();
  private termNames: string[] = [];
  // The tokenizer's term number → this index's term id + 1 (0: not met yet), for the epoch in
  // numbersEpoch; kept only while chunks are being added, and dropped by prepare().
  private idOfNumber = new Int32Array(0);
  private numbersEpoch = -1;
  private documentFrequency = new Int32Array(1024);

  // Forward store: slot → [termStart[slot], termStart[slot + 1]) in forwardTerms/forwardCounts.
  private termStart = new Int32Array(1024);
  private forwardTerms = new Int32Array(16_384);
  private forwardCounts = new Uint16Array(16_384);
  // Bit n set: the term is in the chunk's sentence n (the 16th bit stands for the rest).
  private forwardSentences = new Uint16Array(16_384);
  private headingLength = new Int32Array(1024);
  private bodyLength = new Int32Array(1024);
  private slots = 0;
  private dead = 0;
  private totalHeading = 0;
  private totalBody = 0;

  // Postings of the slots below postedSlots: postingStart[term] .. postingStart[term + 1].
  private postedSlots = 0;
  private postedTerms = 0;
  private postingStart = new Int32Array(1);
  private postingSlots = new Int32Array(0);
  private postingCounts = new Uint16Array(0);

  private readonly languages = new Map<Language, number>();
  // The question being searched, whose words an unknown term's accented readings come from, and
  // how many more of its unknown terms may be read so: a question has a few unknown words, and a
  // 4,000-character message of made-up ones would otherwise cost a search tens of milliseconds.
  private asked = '';
  private readingsLeft = 0;
  // Counts every add and remove: what the index knows has changed.
  private changes = 0;
  private readonly unknownWords = new UnknownWords(
    () => this.termNames,
    () => this.termIds,
    (termId) => this.documentFrequency[termId] ?? 0,
    (word) => storedStem(word, this.corpusLanguage() ?? 'en'),
    (term) => {
      if (this.readingsLeft === 0) return null;
      this.readingsLeft--;
      return accentedReadings(term, this.asked, this.corpusLanguage() ?? 'en');
    },
  );
  private norms: { heading: Float64Array; body: Float64Array } | null = null;

  // Per-search scratch, reused: searches run synchronously.
  private scores = new Float64Array(1024);
  private touched = new Int32Array(1024);
  private queryWeight = new Float64Array(1024);
  private heapScores = new Float64Array(16);
  private heapSlots = new Int32Array(16);
  private counting = new Int32Array(1024);
  private sentenceMask = new Int32Array(1024);
  private sentenceScores = new Float64Array(16);
  private seenTerms = new Int32Array(64);
  private queryPosition = new Int32Array(1024);
  private lateParts = new Float64Array(64);

  // `textOf` gives a chunk's text (heading first) for the character four-grams; without it they
  // are not read.
  constructor(
    options: LexicalIndexOptions = {},
    private readonly textOf?: (id: string) => string | undefined,
  ) {
    this.options = { ...defaultOptions, ...options };
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** The distinct terms of a chunk (what a match needs), or null when it is not indexed. */
  termSet(id: string): Set<string> | null {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return null;
    const terms = new Set<string>();
    for (let at = this.termStart[slot]!; at < this.termStart[slot + 1]!; at++) {
      terms.add(this.termNames[this.forwardTerms[at]!]!);
    }
    return terms;
  }

  /** Bytes held by the index's arrays (strings and maps estimated), for the memory report. */
  memoryBytes(): number {
    const arrays =
      this.documentFrequency.byteLength +
      this.termStart.byteLength +
      this.forwardTerms.byteLength +
      this.forwardCounts.byteLength +
      this.forwardSentences.byteLength +
      this.headingLength.byteLength +
      this.bodyLength.byteLength +
      this.postingStart.byteLength +
      this.postingSlots.byteLength +
      this.postingCounts.byteLength +
      this.scores.byteLength +
      this.touched.byteLength +
      this.queryWeight.byteLength +
      this.counting.byteLength +
      (this.norms ? this.norms.heading.byteLength + this.norms.body.byteLength : 0);
    let strings = 0;
    for (const name of this.termNames) strings += 40 + name.length * 2;
    // A Map entry and an array cell per term and per chunk id (uuid strings ~ 100 bytes).
    return arrays + strings + this.termNames.length * 40 + this.ids.length * 150;
  }

  add(chunks: Iterable<IndexedChunk>): void {
    for (const chunk of chunks) this.addText(chunk.id, chunk.text, chunk.heading ?? null);
  }

  /** Tokenises and indexes a chunk (replacing one of the same id). */
  addText(
    id: string,
    text: string,
    heading: string | null,
    fallbackLanguage: Language | null = null,
  ): void {
    const terms = tokenizeChunk(heading, text, fallbackLanguage);
    if (this.numbersEpoch !== termEpoch()) {
      this.idOfNumber.fill(0);
      this.numbersEpoch = termEpoch();
    }
    this.addTokens(id, terms.language, terms.heading, terms.body, terms.bodySentences);
  }

  private termIdOfNumber(number: number): number {
    if (number >= this.idOfNumber.length) {
      this.idOfNumber = grownInt32(this.idOfNumber, Math.max(number + 1, 4096));
    }
    const known = this.idOfNumber[number]!;
    if (known !== 0) return known - 1;
    const id = this.termId(termName(number));
    this.idOfNumber[number] = id + 1;
    return id;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termNames.length;
      this.termIds.set(term, id);
      this.termNames.push(term);
      if (id >= this.documentFrequency.length) {
        this.documentFrequency = grownInt32(this.documentFrequency, id + 1);
        this.counting = grownInt32(this.counting, this.documentFrequency.length);
        this.sentenceMask = grownInt32(this.sentenceMask, this.documentFrequency.length);
      }
    }
    return id;
  }

  private addTokens(
    id: string,
    language: Language | null,
    // Term numbers of the tokenizer's current epoch.
    heading: readonly number[],
    body: readonly number[],
    // The sentence of each body term.
    bodySentences: readonly number[],
  ): void {
    this.remove(id);
    const slot = this.slots++;
    this.slotOf.set(id, slot);
    this.ids[slot] = id;
    this.languageOf[slot] = language;
    if (language) this.languages.set(language, (this.languages.get(language) ?? 0) + 1);

    // counting[term] holds (heading << 16 | body) while the chunk is read; seenTerms lists them
    // in first-seen order (body first), which is the order the chunk's terms are stored in.
    let distinct = 0;
    const note = (term: number, increment: number) => {
      const termId = this.termIdOfNumber(term);
      const counting = this.counting;
      if (counting[termId] === 0) {
        if (distinct === this.seenTerms.length)
          this.seenTerms = grownInt32(this.seenTerms, distinct + 1);
        this.seenTerms[distinct++] = termId;
      }
      counting[termId]! += increment;
      return termId;
    };
    for (let n = 0; n < body.length; n++) {
      const termId = note(body[n]!, 1);
      this.sentenceMask[termId]! |= 1 << Math.min(bodySentences[n]!, 15);
    }
    for (const term of heading) note(term, 1 << 16);

    const start = this.termStart[slot]!;
    this.termStart = grownInt32(this.termStart, this.slots + 1);
    this.termStart[slot] = start;
    this.forwardTerms = grownInt32(this.forwardTerms, start + distinct);
    this.forwardCounts = grownUint16(this.forwardCounts, start + distinct);
    this.forwardSentences = grownUint16(this.forwardSentences, start + distinct);
    for (let n = 0; n < distinct; n++) {
      const termId = this.seenTerms[n]!;
      const counts = this.counting[termId]!;
      this.counting[termId] = 0;
      this.forwardTerms[start + n] = termId;
      this.forwardCounts[start + n] = packCounts(counts >>> 16, counts & 0xffff);
      this.forwardSentences[start + n] = this.sentenceMask[termId]!;
      this.sentenceMask[termId] = 0;
      this.documentFrequency[termId]!++;
    }
    this.termStart[slot + 1] = start + distinct;
    this.headingLength = grownInt32(this.headingLength, this.slots);
    this.bodyLength = grownInt32(this.bodyLength, this.slots);
    this.headingLength[slot] = heading.length;
    this.bodyLength[slot] = body.length;
    this.totalHeading += heading.length;
    this.totalBody += body.length;
    this.norms = null;
    this.changes++;
  }

  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    for (let at = this.termStart[slot]!; at < this.termStart[slot + 1]!; at++) {
      this.documentFrequency[this.forwardTerms[at]!]!--;
    }
    const language = this.languageOf[slot];
    if (language) this.languages.set(language, (this.languages.get(language) ?? 1) - 1);
    this.totalHeading -= this.headingLength[slot]!;
    this.totalBody -= this.bodyLength[slot]!;
    this.slotOf.delete(id);
    this.ids[slot] = null;
    this.languageOf[slot] = null;
    this.dead++;
    this.norms = null;
    this.changes++;
    if (this.dead > 64 && this.dead * 4 > this.slots) this.compact();
    return true;
  }

  // Drops dead slots from the forward store (live chunks keep their order, so ties still go to
  // the chunk added first) and rebuilds the postings.
  private compact(): void {
    let write = 0;
    let writeAt = 0;
    for (let slot = 0; slot < this.slots; slot++) {
      const id = this.ids[slot];
      if (id === null || id === undefined) continue;
      const from = this.termStart[slot]!;
      const to = this.termStart[slot + 1]!;
      this.forwardTerms.copyWithin(writeAt, from, to);
      this.forwardCounts.copyWithin(writeAt, from, to);
      this.forwardSentences.copyWithin(writeAt, from, to);
      this.termStart[write] = writeAt;
      writeAt += to - from;
      this.ids[write] = id;
      this.languageOf[write] = this.languageOf[slot]!;
      this.headingLength[write] = this.headingLength[slot]!;
      this.bodyLength[write] = this.bodyLength[slot]!;
      this.slotOf.set(id, write);
      write++;
    }
    this.termStart[write] = writeAt;
    this.ids.length = write;
    this.languageOf.length = write;
    this.slots = write;
    this.dead = 0;
    this.postedSlots = 0;
    this.norms = null;
    this.buildPostings();
  }

  // Counting sort of the forward store by term: each term's postings in slot order.
  private buildPostings(): void {
    const terms = this.termNames.length;
    const end = this.termStart[this.slots] ?? 0;
    const start = new Int32Array(terms + 1);
    for (let at = 0; at < end; at++) start[this.forwardTerms[at]! + 1]!++;
    for (let term = 0; term < terms; term++) start[term + 1]! += start[term]!;
    const slots = new Int32Array(end);
    const counts = new Uint16Array(end);
    const next = start.slice(0, terms);
    for (let slot = 0; slot < this.slots; slot++) {
      for (let at = this.termStart[slot]!; at < this.termStart[slot + 1]!; at++) {
        const position = next[this.forwardTerms[at]!]!++;
        slots[position] = slot;
        counts[position] = this.forwardCounts[at]!;
      }
    }
    this.postingStart = start;
    this.postingSlots = slots;
    this.postingCounts = counts;
    // Growth doubles the forward store; what is left over is given back here.
    if (this.forwardTerms.length > end * 1.25 + 1024) {
      this.forwardTerms = this.forwardTerms.slice(0, end + 1024);
      this.forwardCounts = this.forwardCounts.slice(0, end + 1024);
      this.forwardSentences = this.forwardSentences.slice(0, end + 1024);
    }
    this.postedSlots = this.slots;
    this.postedTerms = terms;
  }

  /** Builds what searches read (postings, length norms) now rather than on the first search. */
  prepare(): void {
    this.idOfNumber = new Int32Array(0);
    this.numbersEpoch = -1;
    this.refreshPostings();
    this.lengthNorms();
  }

  // Rebuilt when the chunks added since hold an eighth of all postings (and some thousands).
  private refreshPostings(): void {
    const total = this.termStart[this.slots] ?? 0;
    const late = total - (this.termStart[this.postedSlots] ?? 0);
    if (this.postedSlots === 0 ? this.slots > 0 : late > 20_000 && late * 8 > total) {
      this.buildPostings();
    }
  }

  // The language queries default to when they are too short to tell: the corpus's own.
  private corpusLanguage(): Language | null {
    let best: Language | null = null;
    let bestCount = 0;
    for (const [language, count] of this.languages) {
      if (count > bestCount) {
        best = language;
        bestCount = count;
      }
    }
    return best;
  }

  private lengthNorms(): { heading: Float64Array; body: Float64Array } {
    if (this.norms) return this.norms;
    const live = Math.max(1, this.slotOf.size);
    const averageHeading = Math.max(1e-9, this.totalHeading / live);
    const averageBody = Math.max(1e-9, this.totalBody / live);
    const { b, headingB } = this.options;
    const heading = new Float64Array(this.slots);
    const body = new Float64Array(this.slots);
    for (let slot = 0; slot < this.slots; slot++) {
      heading[slot] = 1 / (1 - headingB + (headingB * this.headingLength[slot]!) / averageHeading);
      body[slot] = 1 / (1 - b + (b * this.bodyLength[slot]!) / averageBody);
    }
    this.norms = { heading, body };
    return this.norms;
  }

  private idf(termId: number): number {
    const df = this.documentFrequency[termId]!;
    const n = this.slotOf.size;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** A query's terms as search() reads them: its own language, else the corpus's. */
  queryTerms(query: string): string[] {
    return tokenize(query, { fallbackLanguage: this.corpusLanguage() });
  }

  search(query: string, k = 10): SearchHit[] {
    if (this.slotOf.size === 0 || k <= 0) return [];
    // Distinct known terms in first-seen order, with their count in the query as weight.
    const order: number[] = [];
    this.queryWeight = grownFloat64(this.queryWeight, this.termNames.length);
    this.queryPosition = grownInt32(this.queryPosition, this.termNames.length);
    const weight = this.queryWeight;
    const ask = (termId: number, termWeight: number) => {
      if (weight[termId] === 0) {
        this.queryPosition[termId] = order.length;
        order.push(termId);
      }
      weight[termId]! += termWeight;
    };
    this.asked = query;
    this.readingsLeft = accentedReadingsPerSearch;
    for (const term of this.queryTerms(query)) {
      const termWeight = term.endsWith(compoundHeadMark) ? this.options.compoundHeadWeight : 1;
      const termId = this.termIds.get(term);
      if (termId !== undefined && this.documentFrequency[termId]! > 0) ask(termId, termWeight);
      else {
        // An unknown word counts as one word, whatever stands in for it: a compound read as its
        // two parts at full weight each counted twice against the words beside it. Halved, on
        // XQuAD de the first result is right for 1,120 → 1,122 of 1,190 questions (0.4 to 0.75
        // alike); en and es the same.
        const standIns = this.unknownWords.standIns(term, this.changes);
        for (const standIn of standIns) ask(standIn, termWeight / standIns.length);
      }
    }
    if (order.length === 0) return [];
    if (this.lateParts.length < order.length) this.lateParts = new Float64Array(order.length * 2);
    this.refreshPostings();
    const touched = this.score(order, weight);
    // As deep as the gains read, whatever k: a search for fewer passages ranks its first alike.
    const { sentenceDepth, gramDepth } = this.options;
    const ranked = this.top(touched, Math.max(k, sentenceDepth, gramDepth));
    this.rerankBySentence(ranked, order, weight);
    this.rerankByGrams(ranked, query);
    for (const termId of order) weight[termId] = 0;
    const hits: SearchHit[] = new Array<SearchHit>(Math.min(k, ranked.length));
    for (let n = 0; n < hits.length; n++) {
      hits[n] = { id: this.ids[ranked[n]!.slot]!, score: ranked[n]!.score };
    }
    return hits;
  }

  // The best chunks gain by their best sentence: the share of the query's weight (inverse
  // document frequency of each distinct term) that one sentence holds, times sentenceWeight and
  // the best score. Only gains, so the chunks below the depth stay below.
  private rerankBySentence(ranked: Ranked[], order: number[], weight: Float64Array): void {
    const { sentenceWeight, sentenceDepth } = this.options;
    const depth = Math.min(sentenceDepth, ranked.length);
    if (sentenceWeight <= 0 || depth < 2) return;
    let total = 0;
    for (const termId of order) total += this.idf(termId);
    const bonus = (sentenceWeight * ranked[0]!.score) / total;
    const sentences = this.sentenceScores;
    for (let n = 0; n < depth; n++) {
      const slot = ranked[n]!.slot;
      sentences.fill(0);
      for (let at = this.termStart[slot]!; at < this.termStart[slot + 1]!; at++) {
        const termId = this.forwardTerms[at]!;
        if (weight[termId] === 0) continue;
        const idf = this.idf(termId);
        for (let mask = this.forwardSentences[at]!; mask !== 0; mask &= mask - 1) {
          sentences[31 - Math.clz32(mask & -mask)]! += idf;
        }
      }
      let best = 0;
      for (const score of sentences) if (score > best) best = score;
      ranked[n]!.score += bonus * best;
    }
    resortHead(ranked, depth);
  }

  // The best chunks gain by the question's character four-grams they hold, scored among them (a
  // share gramWeight of the best score for the chunk with most). Only gains, as above.
  private rerankByGrams(ranked: Ranked[], query: string): void {
    const { gramWeight, gramDepth } = this.options;
    const depth = Math.min(gramDepth, ranked.length);
    if (gramWeight <= 0 || depth < 2 || !this.textOf) return;
    const texts: string[] = [];
    for (let n = 0; n < depth; n++) texts.push(this.textOf(this.ids[ranked[n]!.slot]!) ?? '');
    const grams = gramScores(query, texts);
    let best = 0;
    for (const score of grams) if (score > best) best = score;
    if (best === 0) return;
    const bonus = (gramWeight * ranked[0]!.score) / best;
    for (let n = 0; n < depth; n++) ranked[n]!.score += bonus * grams[n]!;
    resortHead(ranked, depth);
  }

  // Term at a time over the query's postings, into dense per-slot accumulators; chunks added
  // since the postings were built are scored from the forward store.
  private score(order: number[], weight: Float64Array): number {
    const { heading, body } = this.lengthNorms();
    const { k1, headingWeight } = this.options;
    if (this.scores.length < this.slots) {
      this.scores = new Float64Array(this.slots * 2);
      this.touched = new Int32Array(this.slots * 2);
    }
    const scores = this.scores;
    const touched = this.touched;
    const ids = this.ids;
    let count = 0;
    const k1Plus = k1 + 1;
    for (const termId of order) {
      const factor = this.idf(termId) * weight[termId]!;
      if (termId >= this.postedTerms) continue;
      const end = this.postingStart[termId + 1]!;
      for (let at = this.postingStart[termId]!; at < end; at++) {
        const slot = this.postingSlots[at]!;
        if (ids[slot] === null) continue;
        const counts = this.postingCounts[at]!;
        const tf = headingWeight * (counts >> 8) * heading[slot]! + (counts & 255) * body[slot]!;
        if (scores[slot] === 0) touched[count++] = slot;
        scores[slot]! += (factor * tf * k1Plus) / (k1 + tf);
      }
    }
    // Summed in query-term order, as above, so a late chunk scores to the bit as a posted one.
    const position = this.queryPosition;
    for (let slot = this.postedSlots; slot < this.slots; slot++) {
      if (ids[slot] === null) continue;
      let matched = 0;
      for (let at = this.termStart[slot]!; at < this.termStart[slot + 1]!; at++) {
        const termId = this.forwardTerms[at]!;
        const termWeight = weight[termId]!;
        if (termWeight === 0) continue;
        const counts = this.forwardCounts[at]!;
        const tf = headingWeight * (counts >> 8) * heading[slot]! + (counts & 255) * body[slot]!;
        this.lateParts[position[termId]!] =
          (this.idf(termId) * termWeight * tf * k1Plus) / (k1 + tf);
        matched++;
      }
      if (matched === 0) continue;
      let score = 0;
      for (let n = 0; n < order.length; n++) {
        const part = this.lateParts[n]!;
        if (part === 0) continue;
        score += part;
        this.lateParts[n] = 0;
      }
      touched[count++] = slot;
      scores[slot] = score;
    }
    return count;
  }

  // The k best of the touched slots by score, ties to the lower slot, through a bounded heap
  // whose root is the weakest kept; the accumulators are cleared on the way.
  private top(count: number, k: number): Ranked[] {
    const scores = this.scores;
    const touched = this.touched;
    if (this.heapScores.length < k) {
      this.heapScores = new Float64Array(k);
      this.heapSlots = new Int32Array(k);
    }
    const heapScores = this.heapScores;
    const heapSlots = this.heapSlots;
    // a is weaker than b: lower score, or the same score and a later slot.
    const weaker = (scoreA: number, slotA: number, scoreB: number, slotB: number) =>
      scoreA < scoreB || (scoreA === scoreB && slotA > slotB);
    let size = 0;
    for (let n = 0; n < count; n++) {
      const slot = touched[n]!;
      const score = scores[slot]!;
      scores[slot] = 0;
      if (size < k) {
        let at = size++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (!weaker(score, slot, heapScores[parent]!, heapSlots[parent]!)) break;
          heapScores[at] = heapScores[parent]!;
          heapSlots[at] = heapSlots[parent]!;
          at = parent;
        }
        heapScores[at] = score;
        heapSlots[at] = slot;
      } else if (weaker(heapScores[0]!, heapSlots[0]!, score, slot)) {
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          if (left >= size) break;
          const right = left + 1;
          const child =
            right < size &&
            weaker(heapScores[right]!, heapSlots[right]!, heapScores[left]!, heapSlots[left]!)
              ? right
              : left;
          if (!weaker(heapScores[child]!, heapSlots[child]!, score, slot)) break;
          heapScores[at] = heapScores[child]!;
          heapSlots[at] = heapSlots[child]!;
          at = child;
        }
        heapScores[at] = score;
        heapSlots[at] = slot;
      }
    }
    const ranked: Ranked[] = new Array<Ranked>(size);
    for (let n = 0; n < size; n++) ranked[n] = { slot: heapSlots[n]!, score: heapScores[n]! };
    ranked.sort((x, y) => y.score - x.score || x.slot - y.slot);
    return ranked;
  }
}

/** A chunk's text as the four-grams read it: its heading first. */
export function gramText(heading: string | null | undefined, text: string): string {
  return heading ? `${heading}\n${text}` : text;
}

// Sorts the first `depth` chunks again after they gained; ties keep the order they had.
function resortHead(ranked: Ranked[], depth: number): void {
  const head = ranked.slice(0, depth).map((item, position) => ({ item, position }));
  head.sort((x, y) => y.item.score - x.item.score || x.position - y.position);
  for (let n = 0; n < depth; n++) ranked[n] = head[n]!.item;
}

/**
 * Ranks documents when each was indexed as several chunks: "max" keeps a document's best chunk,
 * "top2" adds its second best at half weight so a document that matches in two places wins ties.
 */
export function aggregateByDocument(
  hits: SearchHit[],
  documentOf: (chunkId: string) => string,
  mode: 'max' | 'top2' = 'max',
): SearchHit[] {
  const best = new Map<string, number[]>();
  for (const hit of hits) {
    const document = documentOf(hit.id);
    const scores = best.get(document);
    if (!scores) best.set(document, [hit.score]);
    else if (scores.length < 2) scores.push(hit.score);
  }
  const ranked = Array.from(best, ([id, scores]) => ({
    id,
    score: mode === 'top2' ? scores[0]! + 0.5 * (scores[1] ?? 0) : scores[0]!,
  }));
  return ranked.sort((x, y) => y.score - x.score);
}
