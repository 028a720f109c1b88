import type { KnowledgeHit } from '@askwell/shared';
import { describe, expect, test } from 'vitest';
import { covers, requiredCoverage } from './coverage';
import { relevantPassages } from './passages';

let nextId = 0;
function hit(text: string, score = 5): KnowledgeHit {
  nextId++;
  return {
    chunkId: `coverage-${nextId}`,
    sourceId: `source-${nextId}`,
    score,
    heading: null,
    text,
    page: null,
    url: null,
    question: null,
  };
}

const answered = (question: string, text: string) =>
  relevantPassages(question, [hit(text)], new Map(), 5).length > 0;

describe('deciding whether a passage answers a question', () => {
  test('when the share of the question’s terms is counted, then one of up to four, two of five to eight and a quarter beyond are enough', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 12].map(requiredCoverage)).toEqual([1, 1, 1, 1, 2, 2, 3, 3]);
  });

  test('when a word is inflected differently in a language without a stemmer, then it still counts', () => {
    expect(covers('umowy', new Set(['umowa', 'najmu']))).toBe(true);
    expect(covers('договора', new Set(['договор']))).toBe(true);
    expect(covers('sportmannschaft', new Set(['mannschaft']))).toBe(true);
    expect(covers('bike', new Set(['bikini']))).toBe(false);
    // Marathi, like Hindi, changes a word's last vowel sign: पैसा (money), पैसे.
    expect(covers('पैसे', new Set(['पैसा', 'वापस']))).toBe(true);
    expect(covers('पैसे', new Set(['पानी']))).toBe(false);
  });

  const scripts: Array<[string, string, string, string]> = [
    [
      'Latin (Polish)',
      'Jaki jest termin wypowiedzenia umowy najmu?',
      'Termin wypowiedzenia umowa najmu wynosi trzy miesiące.',
      'Sklep jest otwarty od poniedziałku do piątku.',
    ],
    [
      'Cyrillic',
      'Какой срок расторжения договора аренды?',
      'Срок расторжения договор аренды составляет три месяца.',
      'Магазин открыт с понедельника по пятницу.',
    ],
    [
      'Arabic',
      'ما هي مدة ضمان الجهاز؟',
      'مدة ضمان الجهاز سنتان من تاريخ الشراء.',
      'المتجر مفتوح من الاثنين إلى الجمعة.',
    ],
    ['Chinese', 'iPhone的价格是多少？', 'iPhone 的价格是999美元。', '我们的商店周一至周五营业。'],
    [
      'Japanese',
      '返品の期限はいつですか？',
      '返品の期限は購入から30日です。',
      '店舗は月曜日から金曜日まで営業しています。',
    ],
    ['Thai', 'ค่าจัดส่งสินค้าเท่าไหร่', 'ค่าจัดส่งสินค้าคือ 50 บาท', 'ร้านเปิดวันจันทร์ถึงวันศุกร์'],
  ];
  // Particles and function words of scripts without spaces are terms of the index, not of what a
  // question is about: an unrelated passage that shares only them is not an answer.
  const sharingOnlyGrammar: Array<[string, string, string, string]> = [
    [
      'Japanese',
      '食洗機で洗っても大丈夫ですか？',
      '本体は食洗機で洗っても大丈夫です。',
      '富士山は標高3,776mで、日本で最も高い山です。静岡県と山梨県にまたがっています。',
    ],
    ['Chinese', '游泳池有多长？', '我们的游泳池长25米。', '我们的商店有多种颜色可以选择。'],
    [
      'Korean',
      '주말 영업시간 알려주세요',
      '주말 영업시간은 오전 11시부터 오후 6시까지입니다.',
      '이메일 문의는 help@nuri.kr 로 보내 주세요.',
    ],
    [
      'Thai',
      'เบอร์โทรของสปาคืออะไร',
      'โทร 053 123 456 หรือไลน์ไอดี @baansabai',
      'ราคาของห้องพักคือ 1,500 บาทต่อคืน',
    ],
  ];
  for (const [script, question, answer, unrelated] of sharingOnlyGrammar) {
    test(`when an unrelated ${script} passage shares only the question’s grammar words, then it is not an answer and the one that shares its subject is`, () => {
      expect(answered(question, answer)).toBe(true);
      expect(answered(question, unrelated)).toBe(false);
    });
  }

  for (const [script, question, answer, unrelated] of scripts) {
    test(`when the question is in ${script}, then the passage that answers it is relevant and an unrelated one is not`, () => {
      expect(answered(question, answer)).toBe(true);
      expect(answered(question, unrelated)).toBe(false);
    });
  }
});
