// How much of a question a passage (or a sentence) covers, counted on the question's index terms
// so that it means the same in every script: a share of the question's meaningful terms, not a
// BM25 score whose scale moves with the language, the corpus and the question's length.

// The share of the question's terms a passage must hold to be answered from, the same in every
// language and script. Calibrated on XQuAD en/de/es (each question against its own passage, and
// against the other passages with its own removed): at a quarter, 0.7 / 1.3 / 0.7 % of answerable
// questions fall back (a third: 2.6 / 5.8 / 2.6 %, too many in German, whose translated questions
// paraphrase more); the relative score gate in relevantPassages does the rest.
export const minimumCoverage = 0.25;

// Two words of an alphabetic script that share a long enough beginning are one word inflected
// ("umowy" / "umowa", "Verteidigung" / "Verteidigungen"): where the index has no stemmer for the
// language, or the question was too short to tell its language, this still meets the passage.
function sameWord(asked: string, present: string) {
  const shorter = Math.min(asked.length, present.length);
  if (shorter < 4) return false;
  const needed = Math.max(4, Math.ceil(shorter * 0.75));
  if (Math.max(asked.length, present.length) - needed > 5) return false;
  for (let index = 0; index < needed; index++) {
    if (asked[index] !== present[index]) return false;
  }
  return true;
}

// German, Dutch and the Nordic languages join words: "Sportmannschaft" holds "Mannschaft", and a
// passage's "Gültigkeit" answers a question's "Gültigkeitsdauer". A long enough word at the start or
// the end of the other counts as the same.
function compoundPart(asked: string, present: string) {
  const [part, whole] = asked.length < present.length ? [asked, present] : [present, asked];
  if (part.length < 5 || part.length * 5 < whole.length * 2) return false;
  return whole.startsWith(part) || whole.endsWith(part);
}

const alphabetic = /^[\p{L}\p{M}]+$/u;
const ideographic = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function covers(term: string, present: Set<string>) {
  if (present.has(term)) return true;
  // CJK terms are characters and character pairs; Thai words come from a dictionary: exact only.
  if (term.length < 4 || !alphabetic.test(term) || ideographic.test(term)) return false;
  for (const candidate of present) {
    if (sameWord(term, candidate) || compoundPart(term, candidate)) return true;
  }
  return false;
}

// Scripts written without spaces are indexed by characters (Chinese, Japanese) or dictionary words
// (Thai), so their grammar words are terms too: a passage about Mount Fuji held the で, て, も, す
// and か of "食洗機で洗っても大丈夫ですか？", a quarter of its terms, and was quoted as an answer. A
// term of those scripts means something only when none of its characters is one of these
// particles, pronouns and question words (hiragana is Japanese grammar as a rule), and a Thai
// term when it is not one of these function words.
const hiragana = /^\p{Script=Hiragana}$/u;
const chineseFunctionChars = new Set(
  Array.from(
    '的了是在有和与及或吗呢吧啊么什怎哪谁几多这那个们我你您他她它也都就还又把被对从到给为以之其而且但所如可能会要想请问不没何',
  ),
);
const thaiFunctionWords = new Set(
  'ของ คือ อะไร ที่ และ ใน มี ได้ ไหม หรือ เป็น จะ ให้ กับ ไม่ ครับ ค่ะ คะ บ้าง เท่าไหร่ เท่าไร อย่างไร ยังไง เมื่อไหร่ เมื่อไร ที่ไหน ใคร นี้ นั้น แล้ว ก็ ว่า ต้อง ถ้า ซึ่ง โดย จาก ถึง ไป มา อยู่ หรือไม่ ไหน'.split(
    ' ',
  ),
);
const thai = /\p{Script=Thai}/u;

function meaningful(term: string) {
  if (thai.test(term)) return term.length > 1 && !thaiFunctionWords.has(term);
  if (!ideographic.test(term)) return true;
  for (const char of term) {
    if (hiragana.test(char) || chineseFunctionChars.has(char)) return false;
  }
  return true;
}

/** The question's terms that say what it is about; all of them when none does. */
export function meaningfulTerms(terms: Set<string>): Set<string> {
  const kept = new Set([...terms].filter(meaningful));
  return kept.size > 0 ? kept : terms;
}

export function coveredTerms(terms: Iterable<string>, present: Set<string>) {
  const covered = new Set<string>();
  for (const term of terms) if (covers(term, present)) covered.add(term);
  return covered;
}

// The fewest covered terms that make a passage an answer to a question of `termCount` terms: one
// of up to four, two of five to eight, then a quarter.
export function requiredCoverage(termCount: number) {
  return Math.max(1, Math.ceil(termCount * minimumCoverage));
}
