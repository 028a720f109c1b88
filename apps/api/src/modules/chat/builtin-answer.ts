import { botDefaults, type BotGoal } from '@askwell/shared';
import {
  fullWidthStops,
  guessLanguage,
  invisibleInWords,
  looksLikeTitle,
  tokenize,
} from '../retrieval';
import { answerTexts, defaultFallbackIn, widgetConfigFor } from '../widget/widget-texts';
import { coveredTerms } from './coverage';
import { queryTerms, type Passage } from './passages';
import { plainBlocks, splitSentences } from './sentences';

export type BuiltinAnswer = { text: string; passages: Passage[]; answeredFromKnowledge: boolean };

// The owner's message for unanswered questions; a bot that kept the default (or has none) gets the
// default in the visitor's language.
export function fallbackMessage(
  bot: { fallbackMessage: string; goal: string },
  language: string | null = null,
) {
  const own = bot.fallbackMessage.trim();
  if (own && own !== botDefaults.fallbackMessage) return own;
  if (own) return defaultFallbackIn(language);
  const texts = answerTexts(language).noAnswer;
  return texts[bot.goal as BotGoal] ?? texts.information;
}

// Spanish opens an exclamation with ¡.
const greeting =
  /^\s*¡?(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|hallo|guten (tag|morgen|abend)|servus|hola|buen(os|as) (d[ií]as|tardes|noches)|bonjour|bonsoir|salut|ciao|ol[aá])\b[\s!.,?]*$/i;

// A question that asks for several things at once gets room for them.
const asksForList =
  /\b(list|lists|steps|options|which (ones|are)|what are (the|all|your)|all (the|of)|enumerate|types of|kinds of)\b|\b(lista|pasos|opciones|cuáles son|qué tipos)\b|\b(liste|schritte|optionen|welche (sind|gibt es)|was sind die|arten von)\b|\b(liste|étapes|options|quels sont|quelles sont|quels types)\b/iu;

// Room for the quoted sentences: about 600 characters of reply, twice that for a list.
const replyBudget = 600;
const listBudget = 1200;
// A sentence right next to a quoted one that belongs with it may take the reply this much further:
// it is where the answer most often is when the quoted ones miss it (below).
const besideRoom = 100;
// A sentence this much less relevant than the best one only fills space; it is left out.
const keepShare = 0.3;
// Passages after the first are quoted only for question terms the first does not cover, with
// a sentence at least this relevant.
const secondShare = 0.5;
// ...and only when the ranking scored the passage itself at least this share of the first. Below
// it, a later passage is quoted for one shared word ("Van Nuys Airport is the busiest airport for
// general aviation" under a question on problems a computer can generally solve): of the later
// passages XQuAD's replies quoted (88, 108 and 84 in en, de, es), the 18 that held the answer
// all had about half of the first's score or more. This share left out a quarter of them and lost
// no answer there or in the 15 small sets; 0.7 left out two thirds but lost two small-set answers
// (a phone number and a price, where the ranking's first passage was the wrong one).
const laterRankShare = 0.5;
const maxPassages = 3;

type Candidate = {
  passage: number;
  position: number;
  // The paragraph (or list, or table) of the passage the sentence is in.
  block: number;
  text: string;
  // What stands between the sentence and the one before it in the paragraph: a space, or nothing
  // after a Chinese or Japanese full stop. A quote of both gives it back as written.
  separator: string;
  // The sentence ends in a colon and list items follow: they come with it.
  leadsList: boolean;
  kind: 'item' | 'row' | 'text';
  covered: Set<string>;
  score: number;
  // Only in a chunk of the same document next to the ranked one (below): quoted when it answers,
  // but it neither leads nor changes how much a question word weighs.
  beside: boolean;
};

function questionless(passage: Passage) {
  const text = passage.text.trim();
  return passage.question ? text.replace(/^Q:[\s\S]*?\nA:\s*/, '') : text;
}

type Sentence = Omit<Candidate, 'passage' | 'score' | 'beside'>;

// Chunk rows never change (re-indexing writes new ids), and the same chunks answer visitor after
// visitor: splitting and tokenising their sentences again on every answer was about 7 % of the
// server's time under chat load. Bounded like the passages' own analysis cache.
const sentencesByChunk = new Map<string, Sentence[]>();
const maxCachedChunks = 5_000;

function sentencesOf(passage: Passage, index: number): Candidate[] {
  let sentences = sentencesByChunk.get(passage.chunkId);
  if (!sentences) {
    sentences = readSentences(passage);
    sentencesByChunk.set(passage.chunkId, sentences);
    if (sentencesByChunk.size > maxCachedChunks) {
      sentencesByChunk.delete(sentencesByChunk.keys().next().value!);
    }
  }
  return sentences.map((sentence) => ({ ...sentence, passage: index, score: 0, beside: false }));
}

// The chunker starts each chunk with the end of the one before, so that a sentence cut at a
// boundary is whole in one of them: two chunks of a document continue each other when one ends
// with the other's beginning (the shared part is at most about 150 characters; 20 or more are not
// shared by chance).
const minimumOverlap = 20;
const maximumOverlap = 400;

function overlapLength(before: string, after: string) {
  const longest = Math.min(before.length, after.length, maximumOverlap);
  for (let length = longest; length >= minimumOverlap; length--) {
    if (before.endsWith(after.slice(0, length))) return length;
  }
  return 0;
}

// The ranking's first passage is read together with the chunks of its document that the search
// also found and that continue it, before or after. Of XQuAD's replies that cited the right
// document but missed the answer, a fifth to a quarter had it in such a chunk: the sentence cut
// at the boundary ("…stellte der Oberste Gerichtshof" without its "Im Jahr 1943"), or the next
// one. The joined text is what is cited (and what a model reads): every quote is in its source.
function withNeighbours(first: Passage, passages: Passage[]): Passage {
  if (first.question) return first;
  const others = passages.filter(
    (other) => other.number === first.number && other.chunkId !== first.chunkId && !other.question,
  );
  let text = first.text;
  const chunkIds = [first.chunkId];
  const joined = new Set<Passage>();
  for (let grown = true; grown;) {
    grown = false;
    for (const other of others) {
      if (joined.has(other) || chunkIds.includes(other.chunkId)) continue;
      const before = overlapLength(other.text, text);
      const after = before > 0 ? 0 : overlapLength(text, other.text);
      if (before > 0) {
        text = other.text + text.slice(before);
        chunkIds.unshift(other.chunkId);
      } else if (after > 0) {
        text += other.text.slice(after);
        chunkIds.push(other.chunkId);
      } else {
        continue;
      }
      joined.add(other);
      grown = true;
    }
  }
  return joined.size === 0 ? first : { ...first, chunkId: chunkIds.join(' '), text };
}

const fullWidthStop = new RegExp(`[${fullWidthStops}]["'”’」』）)】]*$`, 'u');

function readSentences(passage: Passage): Sentence[] {
  const text = questionless(passage);
  const language = guessLanguage(text);
  const fallbackLanguage = language === null ? undefined : language;
  const blocks = plainBlocks(text);
  const candidates: Sentence[] = [];
  blocks.forEach((block, blockIndex) => {
    if (block.kind === 'heading') return;
    // A first line with no sentence ending, followed by more text, is a title.
    if (
      blockIndex === 0 &&
      blocks.length > 1 &&
      block.kind === 'text' &&
      looksLikeTitle(block.text)
    ) {
      return;
    }
    if (passage.heading && block.text === passage.heading.trim()) return;
    const parts = block.kind === 'text' ? splitSentences(block.text, language) : [block.text];
    const nextIsItem =
      blocks[blockIndex + 1]?.kind === 'item' || blocks[blockIndex + 1]?.kind === 'row';
    let read = 0;
    parts.forEach((part, partIndex) => {
      const at = block.text.indexOf(part, read);
      let separator = partIndex > 0 && at >= 0 ? block.text.slice(read, at) : ' ';
      // Chinese and Japanese leave no space after a full stop; chunks stored before the chunker
      // kept that (retrieval's chunk-sections) have one there, and the quote leaves it out.
      if (partIndex > 0 && fullWidthStop.test(parts[partIndex - 1]!)) separator = '';
      if (at >= 0) read = at + part.length;
      // A passage after a document's first starts with the end of the one before, which may begin
      // within a sentence ("also suffered damage…"): the quote shows that it does.
      const continues =
        candidates.length === 0 && block.kind === 'text' && /^\p{Ll}\p{Ll}/u.test(part);
      candidates.push({
        position: candidates.length,
        block: blockIndex,
        text: continues ? `…${part}` : part,
        separator,
        leadsList: nextIsItem && partIndex === parts.length - 1 && part.endsWith(':'),
        kind: block.kind === 'heading' ? 'text' : block.kind,
        covered: new Set(tokenize(part, { fallbackLanguage })),
      });
    });
  });
  return candidates;
}

// What a factual question asks for. A sentence that holds that kind of thing (a year for "when",
// a number for "how many") is likelier the answer than one that only repeats the question's words:
// XQuAD's misses were mostly a sentence with the question's words next to the one with the date.
type Expected = 'time' | 'quantity';
const notLetter = '(?![\\p{L}\\p{N}])';
// Each language asks the same things in its own ways ("in what year", "für welches Jahr", "¿en qué
// década?"; "how many", "in wie vielen", "welcher Prozentsatz", "¿con qué frecuencia?"): a kind
// of question recognised in English only would quote the date or number less often elsewhere.
const asksTime = new RegExp(
  `^\\W*((ab|seit|bis|f[uü]r|von|desde|hasta|depuis|since|until) )?(when|wann|cu[aá]ndo|quand)${notLetter}|(what|which|welche[mnrs]?|qu[eé]|quelle|quale) (year|date|century|decade|jahr|datum|jahrhundert|jahrzehnt|a[nñ]o|fecha|siglo|d[eé]cada|ann[ée]e|si[eè]cle|d[ée]cennie|anno|ano|decennio)${notLetter}`,
  'iu',
);
// Unaccented "cuanto" is also "en cuanto a" (as for), not a question.
const asksQuantity = new RegExp(
  `(how (many|much|long|old|far|big|large|tall|high|often)|what (percentage|percent|amount|number|proportion|share)|wie (viel(e|en|er)?|lange?|langer|alt|weit|gro(ß|ss)|hoch|oft)|wievielfache|wieviele?n?|welche[mnrs]? (prozentsatz|prozentzahl|anteil|anzahl|menge|mengen)|cu[aá]nt[oa]s?(?<!en cuant[oa]s?)|qu[eé] (porcentaje|cantidad|edad|n[uú]mero|proporci[oó]n|distancia|frecuencia)|combien|quel (pourcentage|nombre|[aâ]ge))${notLetter}`,
  'iu',
);
// "May" is left out: it is as often a verb.
const months =
  'jan(uary|uar)?|feb(ruary|ruar)?|m(ä|ae)rz|march|apr(il)?|mai|june?|juni|july|juli|aug(ust)?|sep(tember)?|oct(ober)?|okt(ober)?|nov(ember)?|dec(ember)?|dez(ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janvier|f[ée]vrier|mars|avril|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre';
const holdsTime = new RegExp(
  `(?<![\\p{L}\\p{N}])(1\\d{3}|20\\d{2}|\\d{1,2}(st|nd|rd|th|\\.)? (century|jahrhundert)|siglo [ivxl]+|${months})${notLetter}`,
  'iu',
);
const holdsQuantity = new RegExp(
  `\\p{N}|(?<![\\p{L}])(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundreds?|thousands?|millions?|billions?|half|zwei|drei|vier|f[uü]nf|sechs|sieben|acht|neun|zehn|elf|zw[oö]lf|zwanzig|hundert|tausend|million(en)?|milliarden?|h[aä]lfte|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|veinte|cien(tos?)?|mil|millón|millones|mitad|deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze|vingt|cent|mille|moiti[ée])${notLetter}`,
  'iu',
);

// Zero-width characters pasted in with a question ("In welchem\u200b Jahr") are not there for
// the reader; they are not for the patterns either.
function expectedAnswer(text: string): Expected | null {
  const question = text.replace(invisibleInWords, '');
  if (asksTime.test(question)) return 'time';
  if (asksQuantity.test(question)) return 'quantity';
  return null;
}

function holds(text: string, expected: Expected) {
  return expected === 'time' ? holdsTime.test(text) : holdsQuantity.test(text);
}

// A sentence that points back ("this network type", "Dieses Vorgehen", "Él") needs the sentence
// before it to be understood, and that sentence often holds the very answer. So does one that
// opens with a possessive ("His Liber servitoris…", "Sein…", "Su…": whose is in the sentence
// before), with a contrast ("However", "Dennoch gelang es ihnen…", "Sin embargo"), or with a
// word that stands for what came before ("Dazu gehören…", "Por ello", "Therefore").
const pointsBack =
  /(?<![\p{L}])(this|these|those|such(?! as)|dies(e[rsmn]?)?|jene[rsmn]?|solche[rsmn]?|est[ea]s?|esto|dich[oa]s?|es[ae]s?|cet(te)?|ces)(?![\p{L}])|^(it|they|he|she|er|sie|es|él|ella|ellos|ellas|il|elle|ils|elles|his|her|its|their|sein(e[mnrs]?)?|ihr(e[mnrs]?)?|su|sus|son|sa|ses|leurs?|however|nevertheless|but|thus|therefore|hence|dennoch|jedoch|trotzdem|allerdings|dazu|dafür|dadurch|daher|davon|darauf|darin|dabei|danach|dagegen|darüber(?! hinaus)|darunter|deshalb|deswegen|somit|sin embargo|no obstante|pero|por (ello|eso|lo tanto)|entre (ellos|ellas)|cependant|toutefois|mais|parmi eux|c'est pourquoi)(?![\p{L}])/iu;

// A question in the passage (an FAQ's entry, "How much does shipping cost?") opens what follows
// it: the quote does not run on into the next entry's question, nor back from a quoted question
// into the entry before. Greek asks with ";".
const asksQuestion = /([?？؟]|(?<=\p{Script=Greek}.*)[;\u037e])["'”’»)\]]*$/u;

// Words of the question that most sentences share (the topic) say less about where the answer is
// than the rare ones: each term weighs by how few of the candidate sentences hold it.
function score(candidates: Candidate[], terms: Set<string>, expected: Expected | null) {
  const holders = new Map<string, number>();
  let total = 0;
  for (const candidate of candidates) {
    candidate.covered = coveredTerms(terms, candidate.covered);
    if (candidate.beside) continue;
    total++;
    for (const term of candidate.covered) holders.set(term, (holders.get(term) ?? 0) + 1);
  }
  const weight = (term: string) => Math.log(1 + total / (holders.get(term) ?? 1));
  // As much as an average word of the question: enough to choose between sentences that hold
  // the question's words about equally, never enough to quote one that holds none of them.
  const typeWeight = expected ? averageWeight(terms, weight) : 0;
  for (const candidate of candidates) {
    let sum = 0;
    for (const term of candidate.covered) sum += weight(term);
    if (sum > 0 && expected && holds(candidate.text, expected)) sum += typeWeight;
    candidate.score = sum;
  }
}

function averageWeight(terms: Set<string>, weight: (term: string) => number) {
  let sum = 0;
  for (const term of terms) sum += weight(term);
  return terms.size > 0 ? sum / terms.size : 0;
}

// A run of text without spaces (Chinese, Japanese, Thai) too long for the reply is cut after its
// clause marks ("，", "；"), and a clause still too long in pieces of this many characters.
const pieceLength = 20;
const clauseEnd = /(?<=[，、；：,;:])/u;

// Where a long sentence may be cut: at spaces, and within a run without them that could not be
// quoted whole.
function pieces(text: string, room: number) {
  const fits = (part: string) => part.length <= room - 2;
  return text.split(/(\s+)/).flatMap((word) => {
    if (fits(word)) return [word];
    return word.split(clauseEnd).flatMap((clause) => {
      if (fits(clause)) return [clause];
      const characters = Array.from(clause);
      const parts: string[] = [];
      for (let start = 0; start < characters.length; start += pieceLength) {
        parts.push(characters.slice(start, start + pieceLength).join(''));
      }
      return parts;
    });
  });
}

// A sentence longer than the whole budget is shown around the question's words, cut at spaces or,
// in text without them, at clause marks.
function fit(text: string, terms: Set<string>, room: number) {
  if (text.length <= room) return text;
  const words = pieces(text, room);
  const hits = words.map((word) => (word.trim() ? coveredTerms(tokenize(word), terms).size : 0));
  let best = 0;
  let bestStart = 0;
  let start = 0;
  let length = 0;
  let inside = 0;
  for (let end = 0; end < words.length; end++) {
    length += words[end]!.length;
    inside += hits[end]!;
    while (length > room - 2 && start < end) {
      length -= words[start]!.length;
      inside -= hits[start]!;
      start++;
    }
    if (inside > best) {
      best = inside;
      bestStart = start;
    }
  }
  let out = '';
  let index = bestStart;
  while (index < words.length && out.length + words[index]!.length <= room - 2) {
    out += words[index]!;
    index++;
  }
  out = out.trim();
  return `${bestStart > 0 ? '…' : ''}${out}${index < words.length ? '…' : ''}`;
}

function pick(question: string, passages: Passage[]) {
  const terms = queryTerms(question, guessLanguage(passages[0]?.text ?? ''));
  const byNumber = new Map<number, Passage>();
  for (const passage of passages) {
    if (byNumber.size >= maxPassages && !byNumber.has(passage.number)) continue;
    if (!byNumber.has(passage.number)) byNumber.set(passage.number, passage);
  }
  const ordered = [...byNumber.values()];
  const ranked = ordered[0];
  if (ranked) ordered[0] = withNeighbours(ranked, passages);
  const candidates = ordered.flatMap((passage, index) => sentencesOf(passage, index));
  if (ranked && ordered[0] !== ranked) {
    // The ranked chunk's own sentences; its first may be the end of one the chunk before holds.
    const own = sentencesOf(ranked, 0).map((sentence) => sentence.text.replace(/^…/, ''));
    for (const candidate of candidates) {
      if (candidate.passage !== 0) continue;
      const text = candidate.text.replace(/^…/, '');
      candidate.beside = !own.some((part) => text === part || text.endsWith(part));
    }
  }
  const expected = expectedAnswer(question);
  score(candidates, terms, expected);
  const budget = asksForList.test(question) ? listBudget : replyBudget;
  const chosen: Candidate[] = [];
  let used = 0;
  const room = () => budget - used;
  const take = (candidate: Candidate, cost: number) => {
    chosen.push(candidate);
    used += cost;
  };
  // A sentence costs its length and its quote's marks ("“”", " [1]", a line), or only a space
  // when it runs on from a quoted one (below, the quotes). One between two quoted sentences joins
  // their quotes into one: it adds its length and two spaces, and gives back the 7 characters of
  // the marks that closed the first quote and opened the second ("” [1]", a line, "“").
  const quotedBeside = (candidate: Candidate, offset: number) =>
    candidate.kind === 'text' &&
    chosen.some(
      (quoted) =>
        quoted.passage === candidate.passage &&
        quoted.block === candidate.block &&
        quoted.kind === 'text' &&
        quoted.position === candidate.position + offset,
    );
  const cost = (candidate: Candidate) => {
    const before = quotedBeside(candidate, -1);
    const after = quotedBeside(candidate, 1);
    if (before && after) return candidate.text.length + 2 - 7;
    return candidate.text.length + (before || after ? 1 : 8);
  };

  // The ranking's first passage leads: its most relevant sentences, best first.
  const first = candidates.filter((candidate) => candidate.passage === 0);
  const byScore = [...first].sort((x, y) => y.score - x.score || x.position - y.position);
  // The ranking chose this chunk: its best sentence leads, a neighbouring chunk's may follow.
  const top = byScore.find((candidate) => !candidate.beside) ?? byScore[0];
  if (!top) return { chosen, terms };
  // A best sentence that points back ("These include abortion…") is read with the one before it,
  // which often names what it points to: that one keeps its room when the best one is cut to fit.
  const previous = first.find((candidate) => candidate.position === top.position - 1);
  const antecedent =
    previous && previous.kind === 'text' && pointsBack.test(top.text) ? previous : undefined;
  const reserved = antecedent && cost(antecedent) <= budget / 2 ? cost(antecedent) : 0;
  const fitted = { ...top, text: fit(top.text, terms, budget - reserved) };
  take(fitted, cost(fitted));
  if (antecedent && reserved > 0 && fitted.text !== top.text) take(antecedent, reserved);
  for (const candidate of byScore) {
    if (candidate === top) continue;
    if (candidate.score <= 0 || candidate.score < top.score * keepShare) break;
    if (cost(candidate) <= room()) take(candidate, cost(candidate));
  }
  // The sentence after the best one often completes it ("It opened in 1990."): it comes along
  // while there is room. The one before comes here only when the best one points back to it (it
  // is as often the end of another topic); room left at the end may still bring it (below).
  const following = first.find((candidate) => candidate.position === top.position + 1);
  if (
    following &&
    !chosen.includes(following) &&
    !asksQuestion.test(following.text) &&
    cost(following) <= room()
  ) {
    take(following, cost(following));
  }
  if (antecedent && !chosen.includes(antecedent) && cost(antecedent) <= room()) {
    take(antecedent, cost(antecedent));
  }
  // A lead-in that ends with a colon brings the items it introduces.
  for (const lead of [...chosen]) {
    if (!lead.leadsList) continue;
    for (const item of first.filter((candidate) => candidate.position > lead.position)) {
      if (item.kind === 'text') break;
      if (chosen.includes(item)) continue;
      if (cost(item) > room()) break;
      take(item, cost(item));
    }
  }

  // Other passages only when they answer a part of the question the first one does not.
  const said = new Set(chosen.flatMap((candidate) => [...candidate.covered]));
  for (let index = 1; index < ordered.length; index++) {
    const best = candidates
      .filter((candidate) => candidate.passage === index)
      .sort((x, y) => y.score - x.score || x.position - y.position)[0];
    if (!best || best.score < top.score * secondShare) continue;
    if (ordered[index]!.score < ordered[0]!.score * laterRankShare) continue;
    if (![...best.covered].some((term) => !said.has(term))) continue;
    if (cost(best) > room()) continue;
    take(best, cost(best));
    for (const term of best.covered) said.add(term);
  }
  // Room left over goes to the sentences around the quoted ones, in the same paragraph, when they
  // belong with them: they hold a word of the question or what it asks for (a year, a number), or
  // the later of the two points back to the earlier. Of XQuAD's replies that quoted the right
  // passage but missed the answer, most had it in the sentence right after or before a quoted one;
  // this found 4 to 6 more answers per 1,190 questions in en, de and es. Without the link, 8 to 9,
  // but a sentence that says nothing about the question (in a test, a planted "ignore all
  // previous instructions") was quoted for filling the room. With 100 characters more for them
  // (besideRoom), 8 to 10 more; with 50, 2 to 7, and with 150 the Spanish median reply passed 600.
  // A sentence between two quoted ones belongs with them as well: the quote then runs on through
  // it as the paragraph does, instead of skipping it (3 more answers in German and Spanish, one
  // fewer in English).
  const linked = (near: Candidate, later: Candidate) =>
    near.score > 0 ||
    pointsBack.test(later.text) ||
    (expected !== null && holds(near.text, expected));
  const quotedFirst = chosen
    .filter((candidate) => candidate.passage === 0)
    .sort((x, y) => y.score - x.score);
  for (const quoted of quotedFirst) {
    for (const offset of [1, -1]) {
      const near = first.find((candidate) => candidate.position === quoted.position + offset);
      if (
        near &&
        near.block === quoted.block &&
        !asksQuestion.test(offset === 1 ? near.text : quoted.text) &&
        (linked(near, offset === 1 ? near : quoted) || quotedBeside(near, offset)) &&
        !chosen.some(
          (candidate) => candidate.passage === 0 && candidate.position === near.position,
        ) &&
        cost(near) <= room() + besideRoom
      ) {
        take(near, cost(near));
      }
    }
  }
  return { chosen, ordered, terms };
}

// Sentences that follow each other in a paragraph are one quote, as they stand in the document: a
// reader sees where the text runs on, and an answer that runs from one sentence into the next
// ("…über sein eigenes Volk zu erlangen. Sie waren geneigt…") is quoted as written.
function quotes(sentences: Candidate[]) {
  const runs: string[] = [];
  let last: Candidate | undefined;
  for (const sentence of [...sentences].sort((x, y) => x.position - y.position)) {
    const continues =
      last !== undefined &&
      sentence.kind === 'text' &&
      last.kind === 'text' &&
      sentence.block === last.block &&
      sentence.position === last.position + 1;
    if (continues) runs[runs.length - 1] += sentence.separator + sentence.text;
    else runs.push(sentence.text);
    last = sentence;
  }
  return runs;
}

// Without a model the answer is the knowledge itself: the sentences of the best passages that
// answer the question, each quoted as written and cited, under a line in the visitor's language
// that says where they come from.
export function builtinAnswer(
  question: string,
  passages: Passage[],
  bot: { fallbackMessage: string; goal: string; widgetConfig: Record<string, string> },
  language: string | null,
): BuiltinAnswer {
  if (passages.length > 0) {
    const { chosen, ordered } = pick(question, passages);
    if (chosen.length > 0 && ordered) {
      const cited = [...new Set(chosen.map((candidate) => candidate.passage))].sort(
        (x, y) => x - y,
      );
      // Markers count the cited passages from 1, as the sources listed under the answer do.
      const groups = cited.map((index, order) =>
        quotes(chosen.filter((candidate) => candidate.passage === index))
          .map((quote) => `“${quote}” [${order + 1}]`)
          .join('\n'),
      );
      return {
        text: [answerTexts(language).frame, ...groups].join('\n\n'),
        passages: cited.map((index, order) => ({ ...ordered[index]!, number: order + 1 })),
        answeredFromKnowledge: true,
      };
    }
  }
  const welcome = widgetConfigFor(bot.widgetConfig, language).welcomeMessage;
  if (greeting.test(question) && welcome) {
    return { text: welcome, passages: [], answeredFromKnowledge: false };
  }
  return { text: fallbackMessage(bot, language), passages: [], answeredFromKnowledge: false };
}
