import { describe, expect, test } from 'vitest';
import { plainBlocks, splitSentences } from './sentences';

describe('splitting a passage into sentences', () => {
  test('when a sentence holds "e.g." or an initial, then it is not cut there', () => {
    expect(
      splitSentences(
        'Bring an ID, e.g. a passport. The desk was founded by John C. Smith in 1990. It opens at 9. After Brown v. Board of Education schools changed.',
      ),
    ).toEqual([
      'Bring an ID, e.g. a passport.',
      'The desk was founded by John C. Smith in 1990.',
      'It opens at 9.',
      'After Brown v. Board of Education schools changed.',
    ]);
  });

  test('when a sentence holds a decimal number or a web address, then it stays whole', () => {
    expect(splitSentences('The fee is 3.5 % of the order. See shop.example.com for more.')).toEqual(
      ['The fee is 3.5 % of the order.', 'See shop.example.com for more.'],
    );
  });

  test('when German writes a date with an ordinal, then the sentence goes on', () => {
    expect(
      splitSentences('Die Mauer fiel am 9. November 1989. Danach kam die Einheit.', 'de'),
    ).toEqual(['Die Mauer fiel am 9. November 1989.', 'Danach kam die Einheit.']);
    expect(
      splitSentences('Im 19. Jahrhundert wuchs die Stadt. Sie belegte den 3. Platz.', 'de'),
    ).toEqual(['Im 19. Jahrhundert wuchs die Stadt.', 'Sie belegte den 3. Platz.']);
  });

  test('when a German sentence ends with a number, then the next one starts there', () => {
    expect(
      splitSentences('Die Strecke endet als Interstate 9. Derzeit wird sie ausgebaut.', 'de'),
    ).toEqual(['Die Strecke endet als Interstate 9.', 'Derzeit wird sie ausgebaut.']);
    // The nouns an ordinal counts keep it whatever comes before ("bis weit ins 19. Jahrhundert").
    expect(
      splitSentences('Sie behielten ihre Namen bis Ende 19. Jahrhundert. Dann nicht mehr.', 'de'),
    ).toEqual(['Sie behielten ihre Namen bis Ende 19. Jahrhundert.', 'Dann nicht mehr.']);
    // A number that opens a line is a list's, and stays with its item.
    expect(splitSentences('1. Schritt: Öffnen Sie die App.', 'de')).toEqual([
      '1. Schritt: Öffnen Sie die App.',
    ]);
  });

  test('when Spanish, German and French abbreviations appear, then they do not end a sentence', () => {
    expect(splitSentences('Hay opciones, p.ej. Visa. Pague con la Sra. López. Fin.')).toEqual([
      'Hay opciones, p.ej. Visa.',
      'Pague con la Sra. López.',
      'Fin.',
    ]);
    expect(splitSentences('Wir liefern z.B. Möbel. Bzw. Lampen.')).toEqual([
      'Wir liefern z.B. Möbel.',
      'Bzw. Lampen.',
    ]);
  });

  test('when an abbreviation is written with a space ("z. B."), then the sentence is quoted whole', () => {
    expect(
      splitSentences(
        'Viele Moleküle (z. B. Immunglobuline) gibt es nur dort. Das heißt d. h. Kiefer. Ende.',
        'de',
      ),
    ).toEqual([
      'Viele Moleküle (z. B. Immunglobuline) gibt es nur dort.',
      'Das heißt d. h. Kiefer.',
      'Ende.',
    ]);
    expect(splitSentences('Nació en el 63 a. C. en Roma. Murió joven.', 'es')).toEqual([
      'Nació en el 63 a. C. en Roma.',
      'Murió joven.',
    ]);
    expect(
      splitSentences('Gira a 3600 RPM en EE. UU. con 60 Hertz. Las FF. AA. Lo usan.', 'es'),
    ).toEqual(['Gira a 3600 RPM en EE. UU. con 60 Hertz.', 'Las FF. AA.', 'Lo usan.']);
    // A unit's letter after a slash still ends the sentence.
    expect(splitSentences('Subió a 100 Gbit/s. En 2007 cambió.', 'es')).toEqual([
      'Subió a 100 Gbit/s.',
      'En 2007 cambió.',
    ]);
  });

  test('when Polish, Russian, Turkish or Italian abbreviations appear, then they do not end a sentence', () => {
    expect(
      splitSentences(
        'Zameldowanie jest możliwe od godz. 14:00, a wymeldowanie do godz. 11:00. Dojedziesz tam w ok. 15 minut. Hotel Pod Wawelem, ul. Grodzka 48.',
        'pl',
      ),
    ).toEqual([
      'Zameldowanie jest możliwe od godz. 14:00, a wymeldowanie do godz. 11:00.',
      'Dojedziesz tam w ok. 15 minut.',
      'Hotel Pod Wawelem, ul. Grodzka 48.',
    ]);
    expect(splitSentences('Наш магазин на ул. Рубинштейна работает ежедневно. Ждём вас!')).toEqual([
      'Наш магазин на ул. Рубинштейна работает ежедневно.',
      'Ждём вас!',
    ]);
    expect(splitSentences('Genel merkezimiz Bağdat Cad. No: 215, Kadıköy adresindedir.')).toEqual([
      'Genel merkezimiz Bağdat Cad. No: 215, Kadıköy adresindedir.',
    ]);
    expect(
      splitSentences('Fu fondata dal sig. Giuseppe Ferrero. Contatta il dott. Marco Bianchi.'),
    ).toEqual(['Fu fondata dal sig. Giuseppe Ferrero.', 'Contatta il dott. Marco Bianchi.']);
    // "ok." is an abbreviation only before a number; a sentence can end in a word in capitals.
    expect(splitSentences('It is ok. Then we studied patients with CAD. Most were men.')).toEqual([
      'It is ok.',
      'Then we studied patients with CAD.',
      'Most were men.',
    ]);
  });

  test('when Ukrainian or Swedish abbreviations appear, then they do not end a sentence', () => {
    expect(
      splitSentences(
        'Гарантійний ремонт виконує наш сервісний центр на вул. Городоцькій, 120. Для звернення потрібні чек або номер замовлення.',
        'uk',
      ),
    ).toEqual([
      'Гарантійний ремонт виконує наш сервісний центр на вул. Городоцькій, 120.',
      'Для звернення потрібні чек або номер замовлення.',
    ]);
    expect(
      splitSentences('Бібліотека ім. Стефаника, пров. Крива Липа, буд. 8. Вхід вільний.'),
    ).toEqual(['Бібліотека ім. Стефаника, пров. Крива Липа, буд. 8.', 'Вхід вільний.']);
    expect(
      splitSentences(
        'Vi har öppet kl. 9 till 18. Turen tar ca. 45 minuter och passerar bl.a. Skansen. Ring tfn. 031-15 22 40.',
        'sv',
      ),
    ).toEqual([
      'Vi har öppet kl. 9 till 18.',
      'Turen tar ca. 45 minuter och passerar bl.a. Skansen.',
      'Ring tfn. 031-15 22 40.',
    ]);
  });

  test('when Greek asks with ";", then the question is a sentence of its own, and elsewhere ";" goes on', () => {
    expect(
      splitSentences('Πότε είστε ανοιχτά; Από Δευτέρα έως Σάββατο, 9:00 – 21:00.', 'el'),
    ).toEqual(['Πότε είστε ανοιχτά;', 'Από Δευτέρα έως Σάββατο, 9:00 – 21:00.']);
    expect(splitSentences('We open at 9; Saturdays at 10.', 'en')).toEqual([
      'We open at 9; Saturdays at 10.',
    ]);
  });

  test('when a unit or an era after a number ends a sentence, then the next one starts there', () => {
    expect(splitSentences('Nous ouvrons de 9 h à 19 h. Le samedi, de 10 h à 18 h.', 'fr')).toEqual([
      'Nous ouvrons de 9 h à 19 h.',
      'Le samedi, de 10 h à 18 h.',
    ]);
    expect(splitSentences('Kamienica zbudowana w 1894 r. Budynek był drukarnią.', 'pl')).toEqual([
      'Kamienica zbudowana w 1894 r.',
      'Budynek był drukarnią.',
    ]);
    expect(splitSentences('Пуэр стоит 1 250 руб. за 100 г. Зелёный чай дешевле.')).toEqual([
      'Пуэр стоит 1 250 руб. за 100 г.',
      'Зелёный чай дешевле.',
    ]);
    expect(
      splitSentences('Iniziò nel 72 d.C. e finì nell’80 d.C. Poteva ospitare 50.000 persone.'),
    ).toEqual(['Iniziò nel 72 d.C. e finì nell’80 d.C.', 'Poteva ospitare 50.000 persone.']);
    // The capital that goes on with the abbreviation does not start a sentence.
    expect(
      splitSentences('Ein Kopf aus der Zeit um 750 n. Chr., einer der ältesten.', 'de'),
    ).toEqual(['Ein Kopf aus der Zeit um 750 n. Chr., einer der ältesten.']);
  });

  test('when Thai writes an abbreviation with a stop ("10.00 น."), then the sentence goes on', () => {
    const hours = 'สปาเปิดให้บริการทุกวันตั้งแต่เวลา 10.00 น. ถึง 22.00 น. ลูกค้าสามารถจองคิวล่วงหน้าได้';
    expect(splitSentences(hours)).toEqual([hours]);
    const oil = 'ขวดขนาด 100 มล. ราคา 390 บาท';
    expect(splitSentences(oil)).toEqual([oil]);
  });

  test('when Arabic asks with "؟" or Japanese ends with "．", then the sentence ends there', () => {
    expect(splitSentences('هل وصلك منتج تالف؟ تواصل معنا وسنستبدله مجاناً.')).toEqual([
      'هل وصلك منتج تالف؟',
      'تواصل معنا وسنستبدله مجاناً.',
    ]);
    expect(splitSentences('重さは約１．５ｋｇです．水曜日は定休日です．')).toEqual([
      '重さは約１．５ｋｇです．',
      '水曜日は定休日です．',
    ]);
  });

  test('when Hindi ends a sentence with the danda "।", then the sentence ends there', () => {
    expect(splitSentences('रिफंड 5 कार्यदिवसों में आता है। खुली मिठाई वापस नहीं ली जाती।')).toEqual([
      'रिफंड 5 कार्यदिवसों में आता है।',
      'खुली मिठाई वापस नहीं ली जाती।',
    ]);
  });

  test('when a question or exclamation ends in a quote, then the quote stays with it', () => {
    expect(splitSentences('He asked “Is it free?” Then he paid! ¿Cómo? Así.')).toEqual([
      'He asked “Is it free?”',
      'Then he paid!',
      '¿Cómo?',
      'Así.',
    ]);
  });

  test('when Chinese or Japanese text uses full-width stops, then sentences end there', () => {
    expect(splitSentences('iPhone的价格是999美元。我们每天发货。')).toEqual([
      'iPhone的价格是999美元。',
      '我们每天发货。',
    ]);
  });
});

describe('turning document markup into plain text', () => {
  test('when a passage holds a Markdown table, then each row reads as named values and no pipe remains', () => {
    const blocks = plainBlocks(
      ['| Plan | Price |', '| :--- | :---: |', '| Basic | 10 € |', '| Pro | 20 € |'].join('\n'),
    );
    expect(blocks).toEqual([
      { text: 'Plan, Price', kind: 'heading' },
      { text: 'Plan: Basic; Price: 10 €', kind: 'row' },
      { text: 'Plan: Pro; Price: 20 €', kind: 'row' },
    ]);
  });

  test('when a passage has headings, bullets, emphasis and links, then only their words remain', () => {
    const blocks = plainBlocks(
      [
        '## Shipping',
        'We ship **worldwide** with [DHL](https://dhl.example) and `UPS`.',
        '',
        '- Free over 50 €',
        '* Express in *one* day',
        '1. Pay online',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { text: 'Shipping', kind: 'heading' },
      { text: 'We ship worldwide with DHL and UPS.', kind: 'text' },
      { text: 'Free over 50 €', kind: 'item' },
      { text: 'Express in one day', kind: 'item' },
      { text: 'Pay online', kind: 'item' },
    ]);
  });

  test('when a paragraph is wrapped over several lines, then it is one block', () => {
    expect(plainBlocks('Returns are free\nwithin 30 days.')).toEqual([
      { text: 'Returns are free within 30 days.', kind: 'text' },
    ]);
  });
});
