import { invisibleInWords } from './tokenize';

// Character four-grams of words, folded to lower case without diacritics: what a question and a
// passage share when their words differ in form ("startete" and "Start", "Muslimbruderschaft" and
// "Muslimbrüder", "gefördert" and "Förderung"), in any language, with no stemmer.

const gramLength = 4;
const k1 = 1.2;
const b = 0.75;

// Each UTF-16 code unit's folded form, 0 when it is not part of a word, `unseen` for the invisible
// characters that stand inside words (the tokenizer's invisibleInWords), which are skipped. Built
// on first use (about 65,000 characters, once per process).
let foldTable: Uint16Array | null = null;
const unseen = 0xffff;

function folded(): Uint16Array {
  if (foldTable) return foldTable;
  const table = new Uint16Array(65_536);
  const wordCharacter = /[\p{L}\p{N}]/u;
  for (let code = 0; code < 65_536; code++) {
    // Halves of characters outside the basic plane are left out: they are rare in text.
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCharCode(code);
    if (character.replace(invisibleInWords, '') === '') table[code] = unseen;
    if (!wordCharacter.test(character)) continue;
    const base = character.normalize('NFD').charAt(0).toLowerCase();
    table[code] = base.length === 1 ? base.charCodeAt(0) : code;
  }
  foldTable = table;
  return table;
}

// A four-gram's key from its letters packed two by two (each a UTF-16 code unit). Two grams share
// a key only when their first pairs' products differ in exactly the bits their second pairs
// differ in, about one chance in four billion, and would only lend a passage a sliver of another
// gram's weight. The last steps mix the high bits into the low ones, which the table indexes by.
function gramKey(firstPair: number, secondPair: number): number {
  let hash = Math.imul(firstPair, 0x9e3779b1) ^ secondPair;
  hash = Math.imul(hash ^ (hash >>> 15), 0x85ebca6b);
  return hash ^ (hash >>> 13);
}

// The keys of the four-grams of the text's words of five letters or more, in order, in `gramKeys`
// (from 0); returns how many. A four-letter word is its own only four-gram, which the word match
// already counts: with them, short words (a Vietnamese syllable is one) added noise, and the
// Portuguese and Vietnamese sets in bench/multilingual each lost a question that they now keep.
// Every word of four letters or more also gives one gram that bridges from the word before it:
// that word's last letter and this word's first three ("de Harvard" gives "e" + "har"), a trace of
// which words stand side by side that no stem gives (figures in lexical-index.ts, gramWeight).
// Written into one array rather than handed to a callback: the passages' grams are most of a
// search's time.
let gramKeys = new Int32Array(4096);

function collectGrams(text: string): number {
  const table = folded();
  if (gramKeys.length < text.length) gramKeys = new Int32Array(text.length * 2);
  const keys = gramKeys;
  // The three letters before this one, the first two packed as one number; at a word's first
  // letters, the last ones of the word before.
  let firstPair = 0;
  let third = 0;
  let run = 0;
  let bridge = 0;
  let firstGram = 0;
  let count = 0;
  for (let at = 0; at < text.length; at++) {
    const code = table[text.charCodeAt(at)]!;
    if (code === unseen) continue;
    if (code === 0) {
      run = 0;
      continue;
    }
    run++;
    if (run >= gramLength - 1) {
      const key = gramKey(firstPair, (third << 16) | code);
      // Held until the word proves long enough: the bridge for four letters, its first gram for five.
      if (run === gramLength - 1) bridge = key;
      else if (run === gramLength) {
        keys[count++] = bridge;
        firstGram = key;
      } else {
        if (run === gramLength + 1) keys[count++] = firstGram;
        keys[count++] = key;
      }
    }
    firstPair = ((firstPair << 16) | third) >>> 0;
    third = code;
  }
  return count;
}

/**
 * BM25 over the question's distinct four-grams, among a few passages only: their frequency and
 * length are counted in those passages (no corpus-wide table to hold), so a gram that all of them
 * share counts for little and one that sets a passage apart counts most. Returns a score per
 * passage, in the order given.
 */
export function gramScores(question: string, passages: string[]): Float64Array {
  const questionGrams = new GramTable();
  const asked = collectGrams(question);
  for (let n = 0; n < asked; n++) questionGrams.add(gramKeys[n]!);
  const grams = questionGrams.size;
  const scores = new Float64Array(passages.length);
  if (grams === 0 || passages.length === 0) return scores;
  const counts = new Uint16Array(grams * passages.length);
  const lengths = new Float64Array(passages.length);
  const passagesWith = new Int32Array(grams);
  passages.forEach((text, passage) => {
    const row = passage * grams;
    const length = collectGrams(text);
    lengths[passage] = length;
    for (let n = 0; n < length; n++) {
      const gram = questionGrams.find(gramKeys[n]!);
      if (gram < 0) continue;
      if (counts[row + gram] === 0) passagesWith[gram]!++;
      if (counts[row + gram]! < 65_535) counts[row + gram]!++;
    }
  });
  let totalLength = 0;
  for (const length of lengths) totalLength += length;
  const averageLength = Math.max(1, totalLength / passages.length);
  for (let gram = 0; gram < grams; gram++) {
    const having = passagesWith[gram]!;
    if (having === 0) continue;
    const idf = Math.log(1 + (passages.length - having + 0.5) / (having + 0.5));
    for (let passage = 0; passage < passages.length; passage++) {
      const tf = counts[passage * grams + gram]!;
      if (tf === 0) continue;
      const norm = 1 - b + (b * lengths[passage]!) / averageLength;
      scores[passage]! += (idf * tf * (k1 + 1)) / (tf + k1 * norm);
    }
  }
  return scores;
}

// The question's distinct grams, numbered in first-seen order: open addressing over typed arrays,
// since every gram of the passages read is looked up (a Map took most of a search's time).
class GramTable {
  private keys = new Int32Array(64);
  private numbers = new Int32Array(64).fill(-1);
  size = 0;

  // At most a quarter full, so that a passage's gram the question lacks (most of them) is mostly
  // told apart by the first slot it looks at.
  add(key: number): void {
    if ((this.size + 1) * 4 > this.keys.length) this.grow();
    const slot = this.slotOf(key);
    if (this.numbers[slot] === -1) {
      this.keys[slot] = key;
      this.numbers[slot] = this.size++;
    }
  }

  // The gram's number, or -1.
  find(key: number): number {
    return this.numbers[this.slotOf(key)]!;
  }

  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    let slot = key & mask;
    while (this.numbers[slot] !== -1 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { keys, numbers } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.numbers = new Int32Array(keys.length * 2).fill(-1);
    for (let slot = 0; slot < keys.length; slot++) {
      if (numbers[slot] === -1) continue;
      const at = this.slotOf(keys[slot]!);
      this.keys[at] = keys[slot]!;
      this.numbers[at] = numbers[slot]!;
    }
  }
}
