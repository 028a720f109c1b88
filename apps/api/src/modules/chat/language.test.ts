import { describe, expect, test } from 'vitest';
import { detectLanguage } from './language';

describe('the language of a visitor question', () => {
  test.each([
    ['Wer sang die Nationalhymne beim Super Bowl 50?', 'de'],
    ['Wie viele Bälle fing Josh Norman ab?', 'de'],
    ['Worauf basiert Victorias Verfassung?', 'de'],
    ['¿En qué año murió Tesla?', 'es'],
    ['¿Qué cantó Lady Gaga?', 'es'],
    ['Cuándo abre la tienda', 'es'],
    ['Combien coûte la livraison ?', 'fr'],
    ['Who won Super Bowl XLIX?', 'en'],
  ])(
    'when a short question is "%s", then its question word tells its language (%s)',
    (question, language) => {
      expect(detectLanguage(question)).toBe(language);
    },
  );

  test.each([
    'Até que horas a livraria fica aberta durante a semana?',
    'Quanto custa o frete para o Rio de Janeiro?',
    'Onde nasce o rio Amazonas?',
  ])('when a Portuguese question is "%s", then it is read as Portuguese', (question) => {
    expect(detectLanguage(question)).toBe('pt');
  });

  test('when a question could be Spanish or Portuguese, then it is not taken for Spanish', () => {
    // Portuguese writes "por que" and "como" without the accents Spanish puts on them.
    expect(detectLanguage('Por que o céu é azul?')).not.toBe('es');
    expect(detectLanguage('Como se faz?')).not.toBe('es');
    expect(detectLanguage('Cómo se hace')).toBe('es');
  });

  test('when the question words are shared by other languages, then nothing is claimed', () => {
    expect(detectLanguage('Was Tesla rich')).not.toBe('de');
    expect(detectLanguage('Wie is Tesla')).not.toBe('de');
    expect(detectLanguage('X.25 ARPANET')).toBeNull();
  });
});
