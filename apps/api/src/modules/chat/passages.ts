import type { ChatSource, KnowledgeHit } from '@askwell/shared';
import { guessLanguage, tokenize, type Language } from '../retrieval';
import { coveredTerms, meaningfulTerms, requiredCoverage } from './coverage';

// A retrieved passage ready to be quoted or given to a model: `number` is its citation marker,
// shared by passages of the same document page or web page.
export type Passage = KnowledgeHit & {
  number: number;
  title: string;
  matchedTerms: number;
};

// A question too short to tell its language is read in the language of the passage it is matched
// against, so that its stop words drop out and its words get the passage's stems.
export function queryTerms(text: string, fallbackLanguage?: Language | null) {
  return meaningfulTerms(new Set(tokenize(text, fallbackLanguage ? { fallbackLanguage } : {})));
}

type ChunkAnalysis = { terms: Set<string>; language: Language | null };

// Chunk rows never change (re-indexing writes new ids), so their terms are worked out once per
// process: tokenising every retrieved passage on every question was most of the cost of an answer.
const analyses = new Map<string, ChunkAnalysis>();
const maxAnalyses = 20_000;

export type ChunkTermsLookup = (hit: KnowledgeHit) => Set<string> | null;

function analyse(hit: KnowledgeHit, indexTerms?: ChunkTermsLookup): ChunkAnalysis {
  let analysis = analyses.get(hit.chunkId);
  if (!analysis) {
    const terms = indexTerms?.(hit) ?? new Set(tokenize(`${hit.heading ?? ''}\n${hit.text}`));
    analysis = { terms, language: guessLanguage(hit.text) };
    analyses.set(hit.chunkId, analysis);
    if (analyses.size > maxAnalyses) analyses.delete(analyses.keys().next().value!);
  }
  return analysis;
}

export function relevantPassages(
  question: string,
  hits: KnowledgeHit[],
  titles: Map<string, string>,
  limit: number,
  // The index already holds each chunk's terms; without it they are worked out from the text.
  indexTerms?: ChunkTermsLookup,
): Passage[] {
  if (hits.length === 0) return [];
  const termsIn = new Map<Language | null, Set<string>>();
  const termsFor = (language: Language | null) => {
    let terms = termsIn.get(language);
    if (!terms) termsIn.set(language, (terms = queryTerms(question, language)));
    return terms;
  };
  const best = hits[0]!.score;
  const numbers = new Map<string, number>();
  const passages: Passage[] = [];
  for (const hit of hits) {
    if (passages.length >= limit) break;
    if (hit.score < best * 0.35) continue;
    // One decision for the built-in answer and a model: a passage is relevant when it covers
    // enough of the question's terms, or is among the closest in meaning (a paraphrase).
    const analysis = analyse(hit, indexTerms);
    const terms = termsFor(analysis.language);
    if (terms.size === 0) continue;
    const matched = coveredTerms(terms, analysis.terms).size;
    if (matched < requiredCoverage(terms.size) && !hit.semantic) continue;
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

// A follow-up is answered with the previous question's help only from passages that hold at least
// one of its own words ("and to Sevilla?" meets the shipping passage by "Sevilla"): a new subject
// the knowledge base knows nothing about ("do you sell e-bikes?") must not re-answer the previous
// question. A message of stop words only ("and then?") leans on the previous question entirely.
export function touchingFollowUp(
  followUp: string,
  passages: Passage[],
  indexTerms?: ChunkTermsLookup,
): Passage[] {
  return passages.filter((passage) => {
    const analysis = analyse(passage, indexTerms);
    const own = queryTerms(followUp, analysis.language);
    return own.size === 0 || coveredTerms(own, analysis.terms).size > 0;
  });
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
