// A question's word that no passage holds is most often a compound the passages write apart
// ("Funkwellen", "superbowl"), a word typed without its accents ("declaracion"), or a typo or a
// form the stemmer did not reduce ("ctenphores", "Maastrich", "Marconis"): the ranking reads it as
// the word with its accents, else as the two indexed words it is made of, else as the indexed word
// one edit away (two for long words), else as the indexed word it begins with, so the passage that
// holds the right spelling is still found.
// A word the index knows is never changed, and whether a passage answers the question is still
// decided on the question's own words (chat/coverage), so a correction can rank a passage but not
// make the bot answer a question its knowledge does not cover.

const alphabetic = /^\p{L}+$/u;
const minimumPart = 4;
const minimumCompound = 8;
const minimumHead = 5;
const minimumHeadShare = 0.4;
const ideographic = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const mayBeCompound = (term: string) =>
  term.length >= minimumCompound && alphabetic.test(term) && !ideographic.test(term);

/** How many edits a word of this length may be away from its correction. */
export function allowedEdits(length: number): number {
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}

// Three rows of the distance table, reused: a question's unknown word is compared with hundreds of
// indexed words, and a search must not allocate for each.
const longestCompared = 64;
const noStandIns: readonly number[] = [];
const rows = new Int32Array(3 * (longestCompared + 1));

/**
 * How many edits a and b are apart (insertions, deletions, substitutions and swaps of neighbours:
 * the optimal string alignment distance), or null when more than `limit`, found out early.
 */
export function editsApart(a: string, b: string, limit: number): number | null {
  if (Math.abs(a.length - b.length) > limit) return null;
  if (a.length > longestCompared || b.length > longestCompared) return a === b ? 0 : null;
  const width = b.length + 1;
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    const asked = a.charCodeAt(i - 1);
    const askedBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    rows[current] = i;
    let rowBest = i;
    for (let j = 1; j < width; j++) {
      const present = b.charCodeAt(j - 1);
      let value = Math.min(
        rows[previous + j]! + 1,
        rows[current + j - 1]! + 1,
        rows[previous + j - 1]! + (asked === present ? 0 : 1),
      );
      if (j > 1 && asked === b.charCodeAt(j - 2) && askedBefore === present) {
        value = Math.min(value, rows[before + j - 2]! + 1);
      }
      rows[current + j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > limit) return null;
    [before, previous, current] = [previous, current, before];
  }
  const distance = rows[previous + b.length]!;
  return distance <= limit ? distance : null;
}

// Stand-ins from one vocabulary for the unknown words asked. Typo candidates share the word's first letter
// (a typo seldom falls there) and are found by first letter and length, so a question's unknown
// word is compared with a few hundred indexed words, not the whole vocabulary.
export class UnknownWords {
  private readonly buckets = new Map<string, number[]>();
  private bucketed = 0;
  private readonly corrections = new Map<string, readonly number[]>();
  private correctionsOf = -1;

  constructor(
    // The index's term names by id and ids by name; ids are only ever added.
    private readonly vocabulary: () => readonly string[],
    private readonly termIds: () => ReadonlyMap<string, number>,
    // How many passages hold a term now (0 once all that held it are removed).
    private readonly frequency: (termId: number) => number,
    // A folded word as the index stores it (its stem; null for a stop word or without a stemmer),
    // for a compound's first part.
    private readonly termOf?: (word: string) => string | null,
    // The stems the word may have had with its accents (tokenize.ts, accentedReadings); null when
    // they are not read for this search.
    private readonly accentedReadingsOf?: (term: string) => string[] | null,
  ) {}

  /**
   * The ids of the indexed terms an unknown `term` most likely stands for: the word as written
   * with its accents, else the two parts of a compound, else the closest spelling, else a
   * compound's beginning, else none.
   * `version` changes whenever passages are added or removed, which may make an earlier answer
   * wrong.
   */
  standIns(term: string, version: number): readonly number[] {
    // No language writes a word this long; a visitor's 4,000-letter "word" would cost a search
    // about 20 ms of splitting (each cut's part hashed whole) and sit in the memo.
    if (term.length > longestCompared) return noStandIns;
    if (version !== this.correctionsOf) {
      this.corrections.clear();
      this.correctionsOf = version;
    }
    const known = this.corrections.get(term);
    if (known !== undefined) return known;
    // Null: not read this time (the search's allowance is spent), so the answer is not kept.
    const readings = this.accentedReadingsOf?.(term) ?? null;
    const found = this.accentedForm(readings ?? []) ?? this.partsOrSpelling(term);
    if (readings !== null || !this.accentedReadingsOf) {
      if (this.corrections.size >= 10_000) this.corrections.clear();
      this.corrections.set(term, found);
    }
    return found;
  }

  private accentedForm(readings: string[]): number[] | null {
    const ids = this.termIds();
    for (const reading of readings) {
      const id = this.present(ids, reading);
      if (id >= 0) return [id];
    }
    return null;
  }

  private partsOrSpelling(term: string): number[] {
    const parts = this.compoundParts(term);
    if (parts.length > 0) return parts;
    const spelling = this.closestSpelling(term);
    if (spelling >= 0) return [spelling];
    const head = this.compoundHead(term);
    return head >= 0 ? [head] : [];
  }

  // Two indexed words of at least four letters that make up the word, the split with the
  // shorter part longest ("funkwell" is "funk" + "well"); a linking "s" between them is dropped.
  // The word is a stem, so its last part is one, but its first part is a word as written: it is
  // looked up as the index stores it too ("bevolkerungsgross" is "bevolker" + "gross", where the
  // index holds "Bevölkerung" as "bevolker"; "wikingersiedl" is "wiking" + "siedl").
  private compoundParts(term: string): number[] {
    if (!mayBeCompound(term)) return [];
    const ids = this.termIds();
    const present = (part: string) => this.present(ids, part);
    let best: number[] = [];
    let bestShorter = 0;
    for (let cut = minimumPart; cut <= term.length - minimumPart; cut++) {
      let left: number | undefined;
      for (const start of term[cut] === 's' ? [cut, cut + 1] : [cut]) {
        const rightPart = term.slice(start);
        if (rightPart.length < minimumPart) continue;
        const shorter = Math.min(cut, rightPart.length);
        if (shorter <= bestShorter) continue;
        const right = present(rightPart);
        if (right < 0) continue;
        // The first part's stem only once a last part is found: stemming every cut of a
        // visitor's made-up long words took a search from under a millisecond to tens.
        left ??= this.presentWord(ids, term.slice(0, cut), minimumPart);
        if (left < 0) break;
        best = [left, right];
        bestShorter = shorter;
      }
    }
    return best;
  }

  // The longest beginning of the word that is an indexed word of at least five letters and
  // at least two fifths of it, as written or as the index stores it: a compound whose last part
  // no passage holds ("telefonnumm", Swedish for phone number, against a contact page's
  // "Telefon:"). Only a beginning: a word's end read alone ("nummer" of "Telefonnummer") lost
  // German questions on XQuAD, where the beginnings changed no figure.
  private compoundHead(term: string): number {
    if (!mayBeCompound(term)) return -1;
    const ids = this.termIds();
    const shortest = Math.max(minimumHead, Math.ceil(term.length * minimumHeadShare));
    for (let cut = term.length - minimumPart; cut >= shortest; cut--) {
      const id = this.presentWord(ids, term.slice(0, cut), shortest);
      if (id >= 0) return id;
    }
    return -1;
  }

  // The id of an indexed term that some passage still holds, else -1.
  private present(ids: ReadonlyMap<string, number>, term: string): number {
    const id = ids.get(term);
    return id !== undefined && this.frequency(id) > 0 ? id : -1;
  }

  // A word as written, else as the index stores it, when that stem is `shortestStem` letters or
  // more.
  private presentWord(ids: ReadonlyMap<string, number>, word: string, shortestStem: number) {
    const id = this.present(ids, word);
    if (id >= 0 || !this.termOf) return id;
    const stored = this.termOf(word);
    return stored && stored !== word && stored.length >= shortestStem
      ? this.present(ids, stored)
      : -1;
  }

  private closestSpelling(term: string): number {
    const limit = allowedEdits(term.length);
    if (limit === 0 || !alphabetic.test(term) || ideographic.test(term)) return -1;
    const names = this.vocabulary();
    this.bucketNewTerms(names);
    let best = -1;
    let bestDistance = limit + 1;
    let bestFrequency = 0;
    for (let length = term.length - limit; length <= term.length + limit; length++) {
      for (const termId of this.buckets.get(bucketKey(term[0]!, length)) ?? []) {
        const frequency = this.frequency(termId);
        if (frequency === 0) continue;
        const distance = editsApart(term, names[termId]!, limit);
        if (distance === null) continue;
        // Ties go to the alphabetically first word, so every instance reads a word alike whatever
        // order its index met the words in.
        const better =
          distance < bestDistance ||
          (distance === bestDistance &&
            (frequency > bestFrequency ||
              (frequency === bestFrequency && names[termId]! < names[best]!)));
        if (better) {
          best = termId;
          bestDistance = distance;
          bestFrequency = frequency;
        }
      }
    }
    return best;
  }

  // A removed passage's terms keep their ids (their frequency drops), so new terms are only ever
  // added to the buckets.
  private bucketNewTerms(names: readonly string[]) {
    for (; this.bucketed < names.length; this.bucketed++) {
      const name = names[this.bucketed]!;
      if (allowedEdits(name.length + 2) === 0 || !alphabetic.test(name)) continue;
      const key = bucketKey(name[0]!, name.length);
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = []));
      bucket.push(this.bucketed);
    }
  }
}

function bucketKey(first: string, length: number) {
  return `${first}${length}`;
}
