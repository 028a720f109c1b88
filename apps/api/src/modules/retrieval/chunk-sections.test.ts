import { describe, expect, it } from 'vitest';
import { chunkSections } from './chunk-sections';

const sentence = (n: number) =>
  `Sentence number ${n} explains one more detail about the retrieval pipeline in plain words.`;
const longText = Array.from({ length: 60 }, (_, n) => sentence(n)).join(' ');

describe('chunkSections', () => {
  it('when a section is long, then no chunk exceeds the limit and none cuts a word', () => {
    const chunks = chunkSections([{ text: longText }], { targetChars: 400, maxChars: 500 });
    expect(chunks.length).toBeGreaterThan(5);
    const words = new Set(longText.split(' '));
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(500);
      for (const word of chunk.text.split(/\s+/)) expect(words).toContain(word);
    }
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
  });

  it('when Chinese sentences are packed into a chunk, then they stand as written, with no space after 。', () => {
    const text =
      '周一至周五的营业时间为早上6:30至晚上10:00。周六、周日营业时间为早上8:00至晚上9:00。春节期间闭馆。';
    expect(chunkSections([{ text }]).map((chunk) => chunk.text)).toEqual([text]);
  });

  it('when Japanese ends its sentences with the half-width ｡, then chunks end there too', () => {
    const sentences = Array.from(
      { length: 30 },
      (_, n) => `東京店は第${n + 1}営業日の午前10時に開店します｡`,
    );
    const chunks = chunkSections([{ text: sentences.join('') }], {
      targetChars: 120,
      maxChars: 150,
    });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text).toMatch(/｡$/u);
  });

  it('when chunks follow each other, then each starts with the end of the previous one', () => {
    const chunks = chunkSections([{ text: longText }], { targetChars: 400, maxChars: 500 });
    for (let i = 1; i < chunks.length; i++) {
      const firstSentence = chunks[i]!.text.split('. ')[0]!;
      expect(chunks[i - 1]!.text).toContain(firstSentence);
    }
  });

  it('when sections have headings and pages, then every chunk keeps its own', () => {
    const chunks = chunkSections([
      { text: longText, headingPath: ['Guide'], heading: 'Install', page: 3 },
      { text: 'Short closing words.', heading: 'Support', page: 4, url: 'https://x.test/a' },
    ]);
    expect(chunks.at(0)).toMatchObject({ heading: 'Guide › Install', page: 3, url: null });
    expect(chunks.at(-1)).toMatchObject({
      heading: 'Support',
      page: 4,
      url: 'https://x.test/a',
      text: 'Short closing words.',
    });
    expect(
      chunks.filter((chunk) => chunk.page === 3).every((c) => c.heading === 'Guide › Install'),
    ).toBe(true);
  });

  it('when one word is longer than the limit, then it is the only forced cut', () => {
    const chunks = chunkSections([{ text: `start ${'x'.repeat(900)} end` }], { maxChars: 400 });
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(400);
    expect(chunks.map((chunk) => chunk.text).join('')).toContain('end');
  });

  it('when Thai text has no spaces, then it is cut between words', () => {
    const thai = 'สวัสดีครับผมชื่อสมชาย'.repeat(40);
    const chunks = chunkSections([{ text: thai }], { targetChars: 100, maxChars: 120 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(120);
      expect(
        chunk.text.startsWith('สวัสดี') ||
          chunk.text.startsWith('ครับ') ||
          chunk.text.startsWith('ผม') ||
          chunk.text.startsWith('ชื่อ') ||
          chunk.text.startsWith('สมชาย'),
      ).toBe(true);
    }
  });
});
