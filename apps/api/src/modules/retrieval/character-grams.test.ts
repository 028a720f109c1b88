import { describe, expect, it } from 'vitest';
import { gramScores } from './character-grams';

describe('character four-grams', () => {
  it('when a question and a passage write a word in other forms, then they still meet', () => {
    const [funding, weather] = gramScores('Warum wurde die Massenhochzeit gefördert?', [
      'Die Förderung kostengünstiger Massenhochzeiten durch die Muslimbrüder.',
      'Das Wetter war im Sommer heiß und trocken.',
    ]);
    expect(funding).toBeGreaterThan(0);
    expect(weather).toBe(0);
  });

  it('when words differ only in case and accents, then they count as the same', () => {
    const [accented] = gramScores('CAFÉ CRÈME', ['un café crème, s’il vous plaît']);
    const [plain] = gramScores('cafe creme', ['un café crème, s’il vous plaît']);
    expect(accented).toBeGreaterThan(0);
    expect(accented).toBe(plain);
  });

  it('when a passage hyphenates a word invisibly, then its grams are those of the whole word', () => {
    const passages = ['Die Datenschutz\u00aderklärung gilt.', 'Die Datenschutzerklärung gilt.'];
    const [hyphenated, whole] = gramScores('Datenschutzerklärung', passages);
    expect(hyphenated).toBeGreaterThan(0);
    expect(hyphenated).toBe(whole);
  });

  it('when the only shared words are four letters or shorter and stand beside other words, then nothing is counted', () => {
    expect([...gramScores('Wann ging Sky los?', ['Sky ging 1998 los.', 'Nichts.'])]).toEqual([
      0, 0,
    ]);
  });

  it('when two five-letter words share only their first four letters, then they still meet', () => {
    const [shared, other] = gramScores('Parix', ['Paris', 'Madrid']);
    expect(shared).toBeGreaterThan(0);
    expect(other).toBe(0);
  });

  it("when a passage holds two of the question's words side by side, then it counts for more than one that holds them apart", () => {
    const [together, apart] = gramScores('Harvard Medical', [
      'Report: Harvard Medical School',
      'Report: Medical staff at Harvard',
    ]);
    expect(together).toBeGreaterThan(apart!);
  });

  it('when every passage holds a gram, then it counts for less than one that sets a passage apart', () => {
    const [common, rare] = gramScores('satellite launch', [
      'The satellite was built in 1990.',
      'The satellite launch was delayed twice.',
      'Another satellite.',
    ]);
    expect(rare).toBeGreaterThan(common!);
  });
});
