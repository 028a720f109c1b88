import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stem as porter2 } from 'porter2';
import { describe, expect, it } from 'vitest';
import {
  fold,
  guessLanguage,
  storedStem,
  termEpoch,
  termName,
  tokenize,
  tokenizeChunk,
  tokenizerMemory,
} from './tokenize';

const { newStemmer } = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer: (algorithm: string) => { stem(word: string): string };
};
const retrievalData = new URL('../../../../../../shared/testdata/retrieval/', import.meta.url);

describe('tokenize', () => {
  it('when Chinese text has no spaces, then it yields characters and character bigrams', () => {
    const terms = tokenize('我喜欢苹果');
    expect(terms).toContain('苹果');
    expect(terms).toContain('喜欢');
    expect(terms).toContain('我');
  });

  it('when Chinese is written in traditional characters, then it meets the same words in simplified ones', () => {
    expect(tokenize('台北門市的營業時間')).toEqual(tokenize('台北门市的营业时间'));
    expect(tokenize('退貨須在七天內辦理')).toEqual(tokenize('退货须在七天内办理'));
  });

  it('when Japanese mixes kanji and kana, then a query word is found among the text terms', () => {
    const text = tokenize('東京都に住んでいます');
    for (const term of tokenize('東京')) expect(text).toContain(term);
  });

  it('when Thai text has no spaces, then ICU splits it into words', () => {
    expect(tokenize('สวัสดีครับ ผมชื่อสมชาย')).toEqual(['สวัสดี', 'ครับ', 'ผม', 'ชื่อ', 'สมชาย']);
  });

  it('when German words differ in inflection and umlauts, then they share a term', () => {
    expect(tokenize('Die Häuser der Stadt', { language: 'de' })).toEqual(
      tokenize('das Haus in der Stadt', { language: 'de' }),
    );
    expect(guessLanguage('Wie viele Punkte gab die Verteidigung der Panthers ab?')).toBe('de');
  });

  it('when a German visitor spells umlauts as "ae", "oe", "ue", or names the feminine form, then the words meet', () => {
    const de = (text: string) => tokenize(text, { language: 'de' });
    expect(de('Oeffnungszeiten und Gebuehren fuer die Rueckgabe')).toEqual(
      de('Öffnungszeiten und Gebühren für die Rückgabe'),
    );
    // "ue" after "q" and a "u" between vowels spell no umlaut.
    expect(de('Quelle Feuer neue')).not.toEqual(de('Qulle Fur nu'));
    expect(de('Quelle Feuer neue')).toEqual(de('Quellen Feuers neuen'));
    expect(de('Unsere Beraterinnen und die Mitarbeiterin')).toEqual(
      de('Unsere Berater und die Mitarbeiter'),
    );
    // The index reads a word asked for (typo-tolerance.ts) as the tokenizer does.
    expect(storedStem('oeffnungszeiten', 'de')).toBe(storedStem('offnungszeiten', 'de'));
    expect(storedStem('fuer', 'de')).toBeNull();
  });

  it('when Romanian writes ș and ț with a comma below, then verb and noun endings are still removed', () => {
    const ro = (text: string) => tokenize(text, { language: 'ro' });
    expect(ro('deschideți plătiți studenții universității orașe')).toEqual(
      ro('deschide plătesc studentul universitate orașul'),
    );
    // The cedilla letters older Romanian text was typed with read the same.
    expect(ro('deschideţi oraşe')).toEqual(ro('deschideți orașe'));
    // A visitor who types without diacritics meets the same stems where the ending has none.
    expect(ro('universitatii orasul studentii')).toEqual(ro('universității orașul studenții'));
  });

  it('when a Portuguese noun in "-ão" is in its plural "-ões", then it meets the singular', () => {
    const pt = (text: string) => tokenize(text, { language: 'pt' });
    expect(pt('informações devoluções promoções cartões')).toEqual(
      pt('informação devolução promoção cartão'),
    );
    // Typed without accents, as Brazilian visitors often do.
    expect(pt('informacoes devolucoes')).toEqual(pt('informação devolução'));
  });

  it('when Russian writes "ё" as "е", as most texts do, then the words meet and are stemmed', () => {
    const ru = (text: string) => tokenize(text, { language: 'ru' });
    expect(ru('Как оплатить счёт? Объём бака и приём заказов')).toEqual(
      ru('Как оплатить счета? Объем бака и прием заказов'),
    );
    expect(ru('всё')).toEqual([]);
  });

  it('when an Arabic visitor types without vowel marks, hamza or the dotless final yeh, then the words meet', () => {
    const ar = (text: string) => tokenize(text, { language: 'ar' });
    // "مستشفى" (hospital) and "مستشفي", as Egyptian print and much typing write it.
    expect(ar('المستشفى')).toEqual(ar('المستشفي'));
    expect(ar('مَدْرَسَةٌ')).toEqual(ar('مدرسة'));
    // "أين" (where) is a stop word typed either way.
    expect(ar('أين')).toEqual([]);
    expect(ar('اين')).toEqual([]);
    // "على" (on) is one, the name "علي" is not.
    expect(ar('على')).toEqual([]);
    expect(ar('علي')).not.toEqual([]);
    // Days and times are what visitors ask about; the packaged list, made from news, held them.
    expect(ar('أيام')).not.toEqual([]);
    expect(ar('مساءً')).toEqual(ar('مساء'));
    expect(ar('مساء')).not.toEqual([]);
  });

  it('when a Hebrew word takes a joined "the", "in" or "and", or a suffix after a final letter, then it still meets its other forms', () => {
    const he = (text: string) => tokenize(text, { language: 'he' });
    const shared = (a: string, b: string) => he(a).filter((term) => he(b).includes(term));
    // "בטלפון" (by phone) and "הטלפון" (the phone); "המשלוח" (the shipping) and "משלוח".
    expect(shared('בטלפון', 'הטלפון')).not.toEqual([]);
    expect(shared('המשלוח', 'משלוח')).not.toEqual([]);
    // Four letters stay whole: "מספר" (number) is not read as "ספר" (book).
    expect(shared('מספר', 'ספר')).toEqual([]);
    // "כסף" (money) ends in the final form of the letter "כספי" (of money) writes in the middle.
    expect(fold('כסף')).toBe(fold('כספ'));
    expect(fold('שָׁלוֹם')).toBe(fold('שלום'));
  });

  it('when a Persian visitor types yeh and kaf on an Arabic keyboard, then the words meet', () => {
    const fa = (text: string) => tokenize(text, { language: 'fa' });
    // "کتاب فروشی" (bookshop) as a Persian site writes it and as ي and ك type it.
    expect(fa('كتاب فروشي')).toEqual(fa('کتاب فروشی'));
    expect(fa('كتاب فروشي')).not.toEqual(fa('کتاب'));
    expect(guessLanguage('این کتاب فروشی در تهران است و هر روز باز است')).toBe('fa');
  });

  it('when a Polish, French or Vietnamese visitor types "ł", "œ" or "đ" as plain letters, then the words meet', () => {
    expect(tokenize('Jak zapłacić? Płatność kartą', { language: 'pl' })).toEqual(
      tokenize('Jak zaplacic? Platnosc karta', { language: 'pl' }),
    );
    expect(tokenize('ma sœur', { language: 'fr' })).toEqual(
      tokenize('ma soeur', { language: 'fr' }),
    );
    expect(tokenize('Đặt hàng được không', { language: 'vi' })).toEqual(
      tokenize('dat hang duoc khong', { language: 'vi' }),
    );
    // Polish is still told by the letters only it writes.
    expect(guessLanguage('Jak mogę zapłacić za zamówienie?')).toBe('pl');
  });

  it('when a German question opens with a question adverb, then only its content words are terms', () => {
    expect(tokenize('Worauf verlassen sich Apotheker?', { language: 'de' })).toEqual(
      tokenize('verlassen sich Apotheker', { language: 'de' }),
    );
    expect(tokenize('Wofür und wohin?', { language: 'de' })).toEqual([]);
  });

  it('when Spanish text carries accents, then the same words without them share its terms', () => {
    expect(tokenize('¿Cuántas canciones tenía la banda?')).toEqual(
      tokenize('cuantas canciones tenia la banda', { language: 'es' }),
    );
  });

  it('when a Spanish text names the State, then "Estado" is a word of it, as "Estados" is', () => {
    expect(tokenize('¿Quién dirige el Estado Islámico?', { language: 'es' })).toEqual([
      'dirig',
      'estad',
      'islam',
    ]);
    expect(tokenize('los Estados Unidos', { language: 'es' })).toEqual(['estad', 'unid']);
  });

  it('when a Spanish verb is in the preterite or imperfect, then it meets its other forms', () => {
    const stems = (words: string[]) => words.map((word) => tokenize(word, { language: 'es' }));
    const decidir = tokenize('decidir', { language: 'es' });
    expect(stems(['decidió', 'decidieron', 'decidía', 'decidimos'])).toEqual(
      Array(4).fill(decidir),
    );
    expect(tokenize('recibió', { language: 'es' })).toEqual(
      tokenize('recibir', { language: 'es' }),
    );
    // Without the accent, the form is not known for a verb's: the index reads it as the word one
    // edit away (lexical-index.test.ts).
    expect(tokenize('decidio', { language: 'es' })).not.toEqual(decidir);
  });

  it('when English text has stop words and inflections, then only stems of content words remain', () => {
    expect(tokenize('The studies of the patients')).toEqual(['studi', 'patient']);
  });

  it('when a code joins letters and digits, then the joined form and its parts are indexed', () => {
    const terms = tokenize('IL-6 and p53 in COVID-19, 3.5 mg and 1,000 cells');
    expect(terms).toEqual(
      expect.arrayContaining(['il6', 'il', '6', 'p53', 'covid19', '3.5', '1000']),
    );
    expect(tokenize('IL6')).toEqual(['il6']);
  });

  it('when a hyphenated word has a one-letter part, then it also meets the word written joined', () => {
    expect(tokenize('Send an e-mail')).toEqual(['send', 'e', 'mail', 'email']);
    expect(tokenize('E-Mail-Adresse', { language: 'de' })).toContain(
      tokenize('Emailadresse', { language: 'de' })[0],
    );
    // Longer parts stay apart: a compound is written either way, and joined it counts twice.
    expect(tokenize('the state-of-the-art WLAN-Passwort')).not.toContain('stateoftheart');
  });

  it('when text uses full-width letters, then NFKC makes them plain', () => {
    expect(tokenize('Ｃａｆé')).toEqual(tokenize('cafe'));
  });
});

describe('tokenize in every language', () => {
  it('when a word holds an invisible soft hyphen, zero-width space or joiner, then it is read whole', () => {
    const whole = tokenize('Die Datenschutzerklärung und die Kundendaten', { language: 'de' });
    for (const mark of ['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']) {
      const marked = `Die Datenschutz${mark}erklärung und die Kunden${mark}daten`;
      expect(tokenize(marked, { language: 'de' })).toEqual(whole);
    }
    // A byte-order mark before the first word, as a text file saved with one starts.
    expect(tokenize('\ufeffThai ไทย')).toEqual(tokenize('Thai ไทย'));
  });

  it('when Chinese glues Latin letters or digits to its characters, then they are words of their own', () => {
    const terms = tokenize('iPhone的价格是多少');
    expect(terms).toContain('iphon');
    expect(terms).toContain('价格');
    expect(terms).not.toContain('iphone的价格是多少');
    expect(tokenize('iPhone 15的电池')).toEqual(expect.arrayContaining(['iphon', '15', '电池']));
    // The same product name in an English passage meets the Chinese question.
    expect(tokenize('The iPhone costs 999 dollars')).toContain('iphon');
  });

  it.each([
    ['it', 'I contratti sono stati firmati dalle parti', 'il contratto firmato', 'contratt'],
    ['pt', 'Os contratos foram assinados pelas partes', 'o contrato assinado', 'contrat'],
    ['nl', 'De contracten zijn door de partijen getekend', 'het contract', 'contract'],
    ['sv', 'Bilarna har sålts av företaget och de är nya', 'bilen', 'bil'],
    ['ru', 'Договоры были подписаны сторонами в этом году', 'договор', 'договор'],
  ] as const)(
    'when a %s passage and question inflect a word differently, then Snowball gives them one stem',
    (language, passage, question, shared) => {
      expect(guessLanguage(passage)).toBe(language);
      expect(tokenize(passage)).toContain(shared);
      expect(tokenize(question, { fallbackLanguage: language })).toContain(shared);
    },
  );

  it('when a French question uses an accented form of être, then it is a stop word', () => {
    expect(tokenize("Jusqu'à quelle heure êtes-vous ouverts en semaine ?")).toEqual([
      'heur',
      'ouvert',
      'semain',
    ]);
  });

  it.each(['Combien coûte une livraison express ?', 'Comment retourner un article ?'])(
    'when a short French question is "%s", then its question word makes it French',
    (question) => {
      expect(guessLanguage(question)).toBe('fr');
    },
  );

  it('when Spanish and Portuguese stop words tie, then neither is guessed', () => {
    expect(guessLanguage('Por que o céu é azul?')).toBeNull();
    expect(guessLanguage('Até que horas a livraria fica aberta durante a semana?')).toBe('pt');
    expect(guessLanguage('¿Hasta qué hora está abierta la librería durante la semana?')).toBe('es');
  });

  it('when a Turkish or Polish text has few stop words, then the letters only its language writes tell it', () => {
    const contact =
      'İletişim\nGenel merkezimiz Bağdat Cad. No: 215, Kadıköy/İstanbul adresindedir. Müşteri ' +
      'hizmetlerine 0850 222 33 44 numarasından ulaşabilirsiniz. Kurumsal satışlar için ' +
      'kurumsal@teknopark.com.tr adresine yazabilirsiniz.';
    expect(guessLanguage(contact)).toBe('tr');
    expect(guessLanguage('Cumartesi günü mağaza kaçta açılıyor?')).toBe('tr');
    expect(guessLanguage("TeknoWatch 3'ün pili kaç gün dayanıyor?")).toBe('tr');
    expect(guessLanguage('Do kiedy mogę odwołać rezerwację bez opłat?')).toBe('pl');
    // One such name among English words is not enough.
    expect(guessLanguage('When did Erdoğan first visit Łódź and the Kadıköy district?')).toBe('en');
    // Folded, "mì" and "ổ" are Spanish stop words and "là" French.
    expect(guessLanguage('Một ổ bánh mì thịt nướng bao nhiêu tiền?')).toBe('vi');
    expect(guessLanguage('Ai là người sáng lập Hương Lúa?')).toBe('vi');
  });

  it('when a language has no Snowball stemmer, then its words also match by their first letters', () => {
    const passage = 'Umowa najmu jest zawarta na czas określony i nie może być wypowiedziana';
    expect(guessLanguage(passage)).toBe('pl');
    const question = tokenize('Czy umowy najmu można wypowiedzieć?', { fallbackLanguage: 'pl' });
    const passageTerms = new Set(tokenize(passage));
    expect(question).toContain('umow*');
    expect(passageTerms.has('umow*')).toBe(true);
    // Stop words of the language are gone, whole words stay for exact matches.
    expect(passageTerms.has('najmu')).toBe(true);
    expect(passageTerms.has('nie')).toBe(false);
  });

  it('when a Greek, Hindi or Lithuanian question inflects a word of the passage, then both carry its stem', () => {
    const cases = [
      {
        language: 'el',
        passage:
          'Οι κάτοχοι της κάρτας μέλους κερδίζουν έκπτωση. Ανοιγμένα τρόφιμα δεν επιστρέφονται.',
        question: 'Τι έκπτωση έχουν τα μέλη; Επιστρέφεται ανοιγμένο τρόφιμο;',
        shared: ['μελ', 'ανοιγμεν', 'τροφιμ', 'επιστρεφ'],
      },
      {
        language: 'hi',
        passage: 'सभी कीमतों में जीएसटी शामिल है और दुकानें रविवार को खुलती हैं।',
        question: 'क्या कीमत में जीएसटी है? दुकान कब खुलता है?',
        shared: ['कीमत', 'दुकान', 'खुल'],
      },
      {
        language: 'lt',
        passage: 'Mūsų parduotuvėje knygos kainuoja nuo penkių eurų, o pristatymas yra nemokamas.',
        question: 'Kiek kainuoja knyga parduotuvė pristatymui?',
        shared: ['knyg', 'parduotuv', 'pristatym'],
      },
    ] as const;
    for (const { language, passage, question, shared } of cases) {
      expect(guessLanguage(passage)).toBe(language);
      const passageTerms = tokenize(passage);
      const questionTerms = tokenize(question, { fallbackLanguage: language });
      for (const stem of shared) {
        expect(passageTerms).toContain(stem);
        expect(questionTerms).toContain(stem);
      }
      // Stemmed, a word is no longer also indexed by its first letters.
      expect(passageTerms.some((term) => term.endsWith('*'))).toBe(false);
    }
  });

  it('when Serbian is written in Cyrillic and in Latin letters, or Croatian spells its long "ije", then they share stems', () => {
    const cyrillic =
      'Наша продавница у Београду ради од понедељка до суботе. Доставу плаћате поузећем.';
    const latin =
      'Naša prodavnica u Beogradu radi od ponedeljka do subote. Dostavu plaćate pouzećem.';
    expect(guessLanguage(cyrillic)).toBe('sr');
    // Latin Serbian reads as Croatian, whose stems are Serbian's.
    expect(guessLanguage(latin)).toBe('hr');
    expect(guessLanguage('Naša trgovina u Zagrebu radi od ponedjeljka do subote.')).toBe('hr');
    const shared = ['prodavnic', 'beograd', 'ponedeljk', 'subot', 'dostav', 'pouzec'];
    expect(tokenize(cyrillic)).toEqual(expect.arrayContaining(shared));
    expect(tokenize(latin)).toEqual(expect.arrayContaining(shared));
    // A short question typed in the other script is read in the passages' language.
    expect(tokenize('Колико кошта достава?', { fallbackLanguage: 'hr' })).toContain('dostav');
    expect(tokenize('Koliko kosta dostava?', { fallbackLanguage: 'sr' })).toContain('dostav');
    expect(tokenize('Svježe mlijeko', { language: 'hr' })).toEqual(
      tokenize('Sveže mleko', { language: 'hr' }),
    );
    // Its neighbours keep their own languages.
    expect(guessLanguage('Наш магазин работает с понедельника по субботу с 9 до 20 часов.')).toBe(
      'ru',
    );
    expect(guessLanguage('Нашият магазин работи от понеделник до събота, от 9 до 20 часа.')).toBe(
      'bg',
    );
    expect(guessLanguage('Naše prodejna v Praze je otevřena od pondělí do soboty.')).toBe('cs');
  });

  it('when Nepali joins its postpositions to a word, then the word is stemmed and the text is not read as Hindi', () => {
    const passage =
      'इलामको अर्थोडक्स चियाको २५० ग्रामको प्याकेटको मूल्य ६५० रुपैयाँ हो। एक किलोको प्याकेटको मूल्य २,२०० रुपैयाँ हो।';
    expect(guessLanguage(passage)).toBe('ne');
    expect(tokenize(passage)).toContain('प्याकेट');
    expect(tokenize('हाम्रो पसलमा चिया', { language: 'ne' })).toEqual(
      tokenize('पसलको चियाहरू', { language: 'ne' }),
    );
    // Hindi joins "को" only to pronouns.
    expect(guessLanguage('आपको कितने दिन में पैसा वापस मिलेगा? उसको बताइए।')).toBe('hi');
  });

  it('when a Greek or Hindi question asks with a question word or a pronoun, then only what it asks about is a term', () => {
    // Stemmed, "आपका" (your) would meet any sentence's "आपके".
    expect(tokenize('आपका फ़ोन नंबर क्या है', { language: 'hi' })).toEqual(['फ़ोन', 'नंबर']);
    expect(tokenize('Πόσο κοστίζει η αποστολή στη Θεσσαλονίκη;', { language: 'el' })).toEqual([
      'κοστιζ',
      'αποστολ',
      'θεσσαλονικ',
    ]);
  });

  it('when a word is longer than any language has, then it is kept whole rather than stemmed', () => {
    // nlp.js's Greek stemmer takes time quadratic in the word's length.
    const made = 'ισ'.repeat(5000);
    expect(tokenize(`Η αποστολή κοστίζει ${made}`, { language: 'el' })).toEqual([
      'αποστολ',
      'κοστιζ',
      made,
    ]);
    // Kept whole, it is still folded, as every word is.
    expect(tokenize(`decidió ${'ó'.repeat(70)}`, { language: 'es' })).toEqual([
      'decid',
      'o'.repeat(70),
    ]);
  });

  it('when Indonesian or Malay adds affixes, then the word and its affixed forms share a stem', () => {
    // Passages in Indonesian are often guessed Malay, questions Indonesian: both stem alike.
    const passage = tokenize(
      'Toko kami beralamat di Jalan Malioboro. Pembelian grosir mendapat potongan.',
      {
        language: 'ms',
      },
    );
    const question = tokenize('Di mana alamat tokonya? Kalau beli banyak ada potongan?', {
      language: 'id',
    });
    for (const stem of ['alamat', 'toko', 'beli', 'potong']) {
      expect(passage).toContain(stem);
      expect(question).toContain(stem);
    }
  });

  it('when a German question names a compound the passage forms differently, then they share its first letters', () => {
    const question = tokenize('Wo wurden die Schmalspurbahnen gebaut?', { language: 'de' });
    const passage = tokenize('Zwei Touristenstrecken fahren auf Schmalspurschienen.', {
      language: 'de',
    });
    expect(question).toContain('schmals~');
    expect(passage).toContain('schmals~');
    // Short words and other languages keep their stems alone.
    expect(tokenize('Das Haus', { language: 'de' })).toEqual(['haus']);
    expect(tokenize('internationalisation', { language: 'en' })).toEqual(['internationalis']);
  });

  it('when a Greek letter names something in an English abstract, then it stays a term', () => {
    expect(tokenize('Activation of β-cells by κ-opioid receptors')).toEqual(
      expect.arrayContaining(['β', 'cell', 'κ', 'opioid']),
    );
  });

  it('when a Russian passage uses words the Bulgarian list holds too, then it is still Russian and stemmed so', () => {
    const passage =
      'Наш магазин на ул. Рубинштейна работает ежедневно с 10:00 до 21:00. В праздничные дни ' +
      'магазин открыт с 12:00 до 18:00.';
    expect(guessLanguage(passage)).toBe('ru');
    const question = tokenize('До скольки работает магазин?', { fallbackLanguage: 'ru' });
    expect(question).toContain('работа');
    expect(tokenize(passage)).toContain('работа');
    expect(
      guessLanguage('Нашият магазин работи всеки ден от 10 до 21 часа, освен в почивните дни.'),
    ).toBe('bg');
  });

  it('when an English passage labels its parts with single letters, then it is still English', () => {
    // From a SciFact abstract: the Slovene list held every letter, so it was read as Slovene.
    const passage =
      'Connective tissue (TVT a, 37 µm; b, 36 µm; c, 43 µm; d, 41 µm; PVDF a, 25 µm; b, 22 µm; ' +
      'c, 22 µm; d, 24 µm) and macrophage infiltration (TVT a, 36%; b, 33%; c, 23%; d, 20%) ' +
      'revealed comparable ranking characteristics. The in vivo performance of these meshes in ' +
      'a sheep model was predictable.';
    expect(guessLanguage(passage)).toBe('en');
    // So its words meet an English question's: stemmed as English, its stop words left out.
    const terms = tokenize(passage);
    expect(terms).toEqual(expect.arrayContaining(['connect', 'mesh', 'perform', 'predict']));
    expect(terms).not.toContain('the');
  });

  it('when a short question gives no clue, then the corpus language of its script applies', () => {
    expect(tokenize('Договоры', { fallbackLanguage: 'en' })).toEqual(['договор']);
    expect(tokenize('contracts', { fallbackLanguage: 'ru' })).toEqual(['contract']);
  });
});

describe('storedStem', () => {
  it('when a folded word is asked for, then it gives the stem the index stores, and nothing for a stop word or a language without a stemmer', () => {
    expect(storedStem('bevolkerung', 'de')).toBe(tokenize('Bevölkerung', { language: 'de' })[0]);
    expect(storedStem('wikinger', 'de')).toBe('wiking');
    expect(storedStem('shipping', 'en')).toBe('ship');
    expect(storedStem('einen', 'de')).toBeNull();
    expect(storedStem('umowa', 'pl')).toBeNull();
    expect(storedStem('価格', 'other')).toBeNull();
  });

  it('when words are stemmed this way, then the tokenizer keeps none of them', () => {
    const before = tokenizerMemory().bytes;
    for (let n = 0; n < 2_000; n++) storedStem(`madeupword${n}`, 'de');
    expect(tokenizerMemory().bytes).toBe(before);
  });
});

describe('tokenizeChunk', () => {
  it('when a chunk has several sentences, then each body term carries its sentence, and abbreviations and decimals end none', () => {
    const chunk = tokenizeChunk(
      'Refunds',
      'Refunds take 3.5 days. Dr. Smith signs them, e.g. on Mondays, by 9. June.\nShipping is free!',
    );
    const sentenceOf = new Map(
      chunk.body.map((term, n) => [termName(term), chunk.bodySentences[n]]),
    );
    expect(chunk.body).toHaveLength(chunk.bodySentences.length);
    expect(sentenceOf.get('refund')).toBe(0);
    expect(sentenceOf.get('3.5')).toBe(0);
    expect(sentenceOf.get('smith')).toBe(1);
    expect(sentenceOf.get('monday')).toBe(1);
    expect(sentenceOf.get('june')).toBe(1);
    expect(sentenceOf.get('ship')).toBe(2);
    expect(sentenceOf.get('free')).toBe(2);
  });

  it('when Hindi ends a sentence with the danda, then the next sentence starts after it', () => {
    const chunk = tokenizeChunk(null, 'रिफंड पांच दिनों में आता है। मिठाई वापस नहीं ली जाती।');
    const sentenceOf = new Map(
      chunk.body.map((term, n) => [termName(term), chunk.bodySentences[n]]),
    );
    expect(sentenceOf.get('रिफंड')).toBe(0);
    // मिठाई (sweets) as its Hindi stem.
    expect(sentenceOf.get('मिठ')).toBe(1);
  });
});

describe('tokenize remembers words', () => {
  it('when a word or a joined group recurs in another language, then it gets that language’s terms', () => {
    // The same words, met first in one language, then asked in another: what is remembered of
    // a word is kept apart per language and mode.
    expect(tokenize('die Häuser, IL-6 and don’t', { language: 'de' })).toEqual([
      'haus',
      'il',
      '6',
      'il6',
      'and',
      'don',
      't',
    ]);
    expect(tokenize('die Häuser, IL-6 and don’t', { language: 'en' })).toEqual([
      'die',
      'hauser',
      'il',
      '6',
      'il6',
    ]);
    expect(tokenize('die Häuser, IL-6 and don’t', { language: 'de' })).toEqual([
      'haus',
      'il',
      '6',
      'il6',
      'and',
      'don',
      't',
    ]);
  });

  it('when more distinct words pass than the first table holds, then earlier words keep their terms', () => {
    const before = tokenize('The patients were studied in running trials');
    const many = Array.from({ length: 40_000 }, (_, n) => `w${n.toString(36)}x`).join(' ');
    expect(tokenize(many, { language: 'en' })).toHaveLength(40_000);
    expect(tokenize('The patients were studied in running trials')).toEqual(before);
  });

  it('when texts of long made-up words pass, then the shared tables stay within a few tens of megabytes and still work', () => {
    const before = tokenize('The patients were studied in running trials');
    const epoch = termEpoch();
    // 10,000 words of 1,000 letters each: held whole, the words, their terms and the stem memo
    // would take about 80 MB by the same estimate, beside what earlier tests left in the tables;
    // within the character limits, at most about 40 MB.
    let largest = 0;
    for (let n = 0; n < 10_000; n++) {
      const word = `${n.toString(36)}q`.repeat(200).slice(0, 1000);
      tokenizeChunk(null, `${word} ${word}`);
      largest = Math.max(largest, tokenizerMemory().bytes);
    }
    expect(termEpoch()).toBeGreaterThan(epoch);
    expect(largest).toBeLessThan(60e6);
    expect(largest).toBeLessThan(tokenizerMemory().limitBytes);
    expect(tokenize('The patients were studied in running trials')).toEqual(before);
  });

  // Stemming 40,000 words twice takes 3 s beside the API tests and 6 s on a busier machine.
  it('when English words are stemmed, then porter2 gives the Snowball English stem of every word in the test data', () => {
    const text = ['scifact', 'xquad/beir/en', 'xquad/beir/de', 'xquad/beir/es']
      .map((set) => readFileSync(new URL(`${set}/corpus.jsonl`, retrievalData), 'utf8'))
      .join('\n')
      .toLowerCase();
    const words = new Set(text.match(/\p{Script=Latin}+/gu)?.map(fold));
    expect(words.size).toBeGreaterThan(40_000);
    const snowball = newStemmer('english');
    const differing = [...words].filter((word) => porter2(word) !== snowball.stem(word));
    expect(differing).toEqual([]);
  }, 30_000);
});
