const answerMarker = '\nA: ';

// A Q&A pair is indexed as one passage; chat reads the answer back out of it word for word.
export function qaChunkText(question: string, answer: string) {
  return `Q: ${question}${answerMarker}${answer}`;
}

export function qaAnswerOf(text: string) {
  const at = text.indexOf(answerMarker);
  return at < 0 ? null : text.slice(at + answerMarker.length).trim();
}
