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

// Marathi, which has no stemmer here, inflects a word by its last vowel sign as Hindi does ("पैसा",
// "पैसे"; Hindi's stemmer removes it), which the prefix rule above cannot see in words of four code
// units: the same letters before it are the same word.
const devanagari = /^\p{Script=Devanagari}+$/u;
const trailingVowelSigns = /\p{M}+$/u;

function sameDevanagariWord(asked: string, present: string) {
  const base = asked.replace(trailingVowelSigns, '');
  return base.length >= 3 && present.replace(trailingVowelSigns, '') === base;
}

export function covers(term: string, present: Set<string>) {
  if (present.has(term)) return true;
  if (devanagari.test(term)) {
    for (const candidate of present) if (sameDevanagariWord(term, candidate)) return true;
  }
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
// Korean is indexed by syllables and syllable pairs too, but its particles and verb endings are
// syllables that also spell content words (가 in 가격, price), so only a term that is wholly a
// particle or an ending is dropped: "주말 영업시간 알려주세요" shares 주, 세, 요 and 세요 with any
// "보내 주세요".
const koreanGrammar = new Set(
  (
    '은 는 이 가 을 를 에 의 도 로 와 과 요 세 수 있 나 까 니 다 고 서 게 면 만 께 해 하 어 아 지 죠 ' +
    '네 데 인 입 습 됩 되 돼 예 야 ' +
    '세요 어요 아요 나요 가요 까요 니까 니다 습니 합니 입니 됩니 해요 주세 있나 있어 있습 한가 인가 ' +
    '는지 은지 할까 될까 되나 려면 으면 으로 에서 에게 까지 부터 보다 이나 예요 에요 이에 이요 돼요 되요 하나'
  ).split(' '),
);
const hangul = /\p{Script=Hangul}/u;

function meaningful(term: string) {
  if (thai.test(term)) return term.length > 1 && !thaiFunctionWords.has(term);
  if (hangul.test(term)) return !koreanGrammar.has(term);
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
