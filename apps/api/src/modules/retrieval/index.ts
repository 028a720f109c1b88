// What the rest of the API may use of retrieval: the Retriever that ranks a bot's passages, the
// tokenizer and language guess that rank them (so an answer is built from the same words), the
// full-width stops the chunker ends sentences at (so a quote ends them at the same ones), what
// reads as a title (so a quote skips what extraction made a heading), and the Q&A passage format.
// Only knowledge, which writes the index, reaches further in.
export { createRetriever, type Retriever } from './retriever';
export {
  guessLanguage,
  invisibleInWords,
  tokenize,
  vietnameseLetters,
  type Language,
} from './tokenize';
export { qaAnswerOf } from './qa-chunk';
export { fullWidthStops, looksLikeTitle } from './chunk-sections';
