import type { ChatSource, KnowledgeHit } from '@askwell/shared';
import { tokenize } from '../knowledge/retrieval/tokenize';

// A retrieved passage ready to be quoted or given to a model: `number` is its citation marker,
// shared by passages of the same document page or web page.
export type Passage = KnowledgeHit & {
  number: number;
  title: string;
  matchedTerms: number;
};

export function queryTerms(text: string) {
  return new Set(tokenize(text));
}

function countMatches(terms: Set<string>, present: Set<string>) {
  let matched = 0;
  for (const term of terms) if (present.has(term)) matched++;
  return matched;
}

type Sentence = { index: number; text: string; terms: Set<string> };
type ChunkAnalysis = { terms: Set<string>; sentences: Sentence[] | null };

// Chunk rows never change (re-indexing writes new ids), so their terms and sentences are worked
// out once per process: tokenising every retrieved passage on every question was most of the
// cost of an answer.
const analyses = new Map<string, ChunkAnalysis>();
const maxAnalyses = 20_000;

export type ChunkTermsLookup = (hit: KnowledgeHit) => Set<string> | null;

function analyse(hit: KnowledgeHit, indexTerms?: ChunkTermsLookup): ChunkAnalysis {
  let analysis = analyses.get(hit.chunkId);
  if (!analysis) {
    const terms = indexTerms?.(hit) ?? new Set(tokenize(`${hit.heading ?? ''}\n${hit.text}`));
    analysis = { terms, sentences: null };
    analyses.set(hit.chunkId, analysis);
    if (analyses.size > maxAnalyses) analyses.delete(analyses.keys().next().value!);
  }
  return analysis;
}

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

function sentencesOf(passage: Passage, text: string) {
  const analysis = analyse(passage);
  analysis.sentences ??= text
    .split(/\n+/)
    .flatMap((line) => Array.from(sentenceSegmenter.segment(line), (part) => part.segment.trim()))
    // The heading line a chunk starts with is a title, not something to quote.
    .filter(
      (sentence, index) => sentence.length > 0 && !(index === 0 && sentence === passage.heading),
    )
    .map((sentence, index) => ({ index, text: sentence, terms: new Set(tokenize(sentence)) }));
  return analysis.sentences;
}

// BM25 ranks anything sharing one word with the question; a passage is relevant only when it
// covers enough of the question's content words, and is not far below the best one.
function requiredMatches(termCount: number) {
  if (termCount <= 2) return 1;
  if (termCount <= 4) return 2;
  return Math.max(2, Math.ceil(termCount * 0.35));
}

// The passages found for a model that also cover the question well enough to be quoted.
export function quotable(question: string, passages: Passage[]) {
  const required = requiredMatches(queryTerms(question).size);
  return passages.filter((passage) => passage.matchedTerms >= required);
}

export function relevantPassages(
  question: string,
  hits: KnowledgeHit[],
  titles: Map<string, string>,
  limit: number,
  // The index already holds each chunk's terms; without it they are worked out from the text.
  indexTerms?: ChunkTermsLookup,
  // A model judges relevance itself and can say it does not know, so it is given any passage
  // sharing a content word with the question, or among the closest in meaning (a paraphrase);
  // quoting needs passages that cover the question.
  coverage: 'quote' | 'model' = 'quote',
): Passage[] {
  const terms = queryTerms(question);
  if (terms.size === 0 || hits.length === 0) return [];
  const required = coverage === 'quote' ? requiredMatches(terms.size) : 1;
  const best = hits[0]!.score;
  const numbers = new Map<string, number>();
  const passages: Passage[] = [];
  for (const hit of hits) {
    if (passages.length >= limit) break;
    if (hit.score < best * 0.35) continue;
    const matched = countMatches(terms, analyse(hit, indexTerms).terms);
    if (matched < required && !(coverage === 'model' && hit.semantic)) continue;
    const key = `${hit.sourceId}|${hit.page ?? ''}|${hit.url ?? ''}`;
    let number = numbers.get(key);
    if (number === undefined) {
      number = numbers.size + 1;
      numbers.set(key, number);
    }
    passages.push({
      ...hit,
      number,
      title: titles.get(hit.sourceId) ?? 'Knowledge base',
      matchedTerms: matched,
    });
  }
  return passages;
}

export function toSources(passages: Passage[]): ChatSource[] {
  const seen = new Set<number>();
  const sources: ChatSource[] = [];
  for (const passage of passages) {
    if (seen.has(passage.number)) continue;
    seen.add(passage.number);
    sources.push({
      sourceId: passage.sourceId,
      title: passage.title,
      page: passage.page,
      url: passage.url,
      snippet: snippetOf(passage.text),
    });
  }
  return sources;
}

function snippetOf(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 240 ? flat : `${flat.slice(0, 237).trimEnd()}…`;
}

// The sentences of a passage that carry the question's words, in their original order, so a
// quote holds the answer and not the rest of the chunk (nor any stray text a document carries).
export function excerpt(passage: Passage, terms: Set<string>, maxChars = 480) {
  let text = passage.text.trim();
  if (passage.question) text = text.replace(/^Q:[\s\S]*?\nA:\s*/, '');
  const sentences = sentencesOf(passage, text).map((sentence) => ({
    ...sentence,
    matched: countMatches(terms, sentence.terms),
  }));
  if (sentences.length <= 1 || (passage.question && text.length <= maxChars)) {
    const flat = text.replace(/\s+/g, ' ');
    return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars).trimEnd()}…`;
  }
  const ranked = [...sentences].sort((x, y) => y.matched - x.matched || x.index - y.index);
  const chosen = new Set<number>();
  let length = 0;
  for (const sentence of ranked) {
    if (sentence.matched === 0 && chosen.size > 0) break;
    if (length + sentence.text.length > maxChars && chosen.size > 0) continue;
    chosen.add(sentence.index);
    length += sentence.text.length + 1;
    if (length >= maxChars) break;
  }
  const parts: string[] = [];
  let previous = -1;
  for (const sentence of sentences.filter((item) => chosen.has(item.index))) {
    if (previous !== -1 && sentence.index !== previous + 1) parts.push('…');
    parts.push(sentence.text);
    previous = sentence.index;
  }
  const joined = parts.join(' ');
  return joined.length <= maxChars + 40 ? joined : `${joined.slice(0, maxChars).trimEnd()}…`;
}
