import { qaAnswerOf } from '../retrieval';
import { queryTerms, type Passage } from './passages';

// How much of each side's content words the other must contain for a visitor's message to count
// as asking a stored Q&A question: word order, filler words and small additions may differ.
const storedQuestionCoverage = 0.75;
const messageCoverage = 0.6;

export type StoredAnswer = { passage: Passage; answer: string };

// A visitor who asks one of the owner's Q&A questions, or nearly the same words, gets the answer
// the owner wrote, as written: no model rewording it and no quoting around it.
export function storedAnswer(message: string, passages: Passage[]): StoredAnswer | null {
  const asked = queryTerms(message);
  if (asked.size === 0) return null;
  for (const passage of passages.slice(0, 3)) {
    if (!passage.question) continue;
    const stored = queryTerms(passage.question);
    if (stored.size === 0) continue;
    let shared = 0;
    for (const term of stored) if (asked.has(term)) shared++;
    if (shared / stored.size < storedQuestionCoverage || shared / asked.size < messageCoverage) {
      continue;
    }
    const answer = qaAnswerOf(passage.text);
    if (answer === null) continue;
    return { passage, answer };
  }
  return null;
}
