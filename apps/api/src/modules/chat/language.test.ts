import { describe, expect, test } from 'vitest';
import { detectLanguage, languageName, primaryLanguage } from './language';

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

  test('when a question is written in Han characters alone, then Japanese forms or a Japanese browser make it Japanese', () => {
    // "東京駅" (Tokyo Station) and "営業時間" (opening hours) hold no kana; 駅 and 営 are Japanese forms.
    expect(detectLanguage('東京駅')).toBe('ja');
    expect(detectLanguage('営業時間', 'zh')).toBe('ja');
    // "東京" (Tokyo) is how Japanese and traditional Chinese write it; simplified writes "东京".
    expect(detectLanguage('東京')).toBe('zh-Hant');
    expect(detectLanguage('东京')).toBe('zh');
    expect(detectLanguage('東京', 'ja')).toBe('ja');
    expect(detectLanguage('营业时间', 'en')).toBe('zh');
    // The text decides when it can: kana are Japanese, hangul Korean, whatever the browser says.
    expect(detectLanguage('営業時間は何時までですか', 'zh')).toBe('ja');
    expect(detectLanguage('영업시간', 'ja')).toBe('ko');
  });

  test('when a Chinese question is written in traditional characters, then it is read as traditional Chinese', () => {
    expect(detectLanguage('你們的營業時間是幾點？')).toBe('zh-Hant');
    expect(detectLanguage('退貨需要多少錢？', 'zh')).toBe('zh-Hant');
    expect(detectLanguage('你们的营业时间是几点？', 'zh-Hant')).toBe('zh');
    // Characters both scripts write ("台北", Taipei) leave it to the browser.
    expect(detectLanguage('台北', 'zh-Hant')).toBe('zh-Hant');
    expect(detectLanguage('台北', 'en')).toBe('zh');
  });

  test.each([
    ['zh-TW,zh;q=0.9', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-CN', 'zh-Hant'],
    ['zh-Hans-HK', 'zh'],
    ['zh-CN', 'zh'],
    ['de-CH,de;q=0.9', 'de'],
  ])('when the browser sends "%s", then the visitor language is %s', (header, language) => {
    expect(primaryLanguage(header)).toBe(language);
  });

  test('when a stop word is written with a letter a language never writes, then it does not count for that language', () => {
    // "què" is Catalan's "what"; Spanish writes "qué", with no è.
    expect(detectLanguage('Què inclou el preu?')).toBe('ca');
    // Czech "má" (has) is Danish "ma" only with its accent folded away; Danish writes no á.
    expect(detectLanguage('Má to záruku?')).toBe('cs');
  });

  test.each([
    ['Můžu si objednat dort na zítra?', 'cs'],
    ['Kaip galiu sumokėti?', 'lt'],
    ['Cik maksā piegāde?', 'lv'],
  ])(
    'when "%s" holds a letter only its language writes, then it is read as %s',
    (question, language) => {
      expect(detectLanguage(question)).toBe(language);
    },
  );

  test('when a question could be Spanish or Portuguese, then it is not taken for Spanish', () => {
    // Portuguese writes "por que" and "como" without the accents Spanish puts on them.
    expect(detectLanguage('Por que o céu é azul?')).not.toBe('es');
    expect(detectLanguage('Como se faz?')).not.toBe('es');
    expect(detectLanguage('Cómo se hace')).toBe('es');
  });

  test.each([
    ['Hoeveel korting krijgen studenten?', 'nl'],
    ['Waar is Rembrandt geboren?', 'nl'],
    ['Teslimat kaç gün sürüyor?', 'tr'],
    ['Şirketin kurucusu kim?', 'tr'],
    ['Ile kosztuje dostawa?', 'pl'],
  ])('when a short question is "%s", then its question word tells %s', (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });

  test.each([
    ['Коли ви відкриваєтесь у суботу?', 'uk'],
    ['Скільки коштує доставка?', 'uk'],
    ['Кога отваряте в събота?', 'bg'],
    ['Сколько стоит доставка?', 'ru'],
    ['Колико кошта достава?', 'sr'],
    ['Ко је основао продавницу?', 'sr'],
    ['У ком року могу да вратим производ?', 'sr'],
    ['Где находится магазин?', 'ru'],
    ['पसल कति बजे खुल्छ?', 'ne'],
    ['डेलिभरी निःशुल्क हो?', 'ne'],
    ['दुकान कितने बजे खुलती है?', 'hi'],
    ['هزینه ارسال چقدر است؟', 'fa'],
    ['ڈیلیوری کی قیمت کیا ہے؟', 'ur'],
    ['شحن الطلب كم يكلف؟', 'ar'],
    ['Giao hàng mất bao lâu? Phí vận chuyển là bao nhiêu?', 'vi'],
  ])(
    'when "%s" is in a script several languages write, then it is told apart (%s)',
    (question, language) => {
      expect(detectLanguage(question)).toBe(language);
    },
  );

  test('when a language code is named for the model, then ICU names it and unknown codes get no name', () => {
    expect(languageName('uk')).toBe('Ukrainian');
    expect(languageName('tr')).toBe('Turkish');
    expect(languageName('sr')).toBe('Serbian');
    expect(languageName('hr')).toBe('Croatian, Serbian or Bosnian, as the visitor writes it');
    expect(languageName('ne')).toBe('Nepali');
    // The model is told the script, not only the language.
    expect(languageName('zh-Hant')).toBe('Traditional Chinese');
    expect(languageName('qq')).toBeNull();
    expect(languageName('not a code')).toBeNull();
  });

  test('when the question words are shared by other languages, then nothing is claimed', () => {
    expect(detectLanguage('Was Tesla rich')).not.toBe('de');
    expect(detectLanguage('Wie is Tesla')).not.toBe('de');
    expect(detectLanguage('X.25 ARPANET')).toBeNull();
  });
});
