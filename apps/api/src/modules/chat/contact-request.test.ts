import { describe, expect, it } from 'vitest';
import { contactRequestReply, isContactRequest } from './contact-request';

const leadBot = { goal: 'lead_generation', leadCapture: null };

describe('isContactRequest', () => {
  it('when a visitor asks to be contacted in a widget language, then it is recognised', () => {
    for (const message of [
      'Please contact me about pricing',
      'Can someone call me tomorrow?',
      'I would like to talk to a human',
      'Could your team email me a quote?',
      '¿Pueden contactarme sobre los precios?',
      'Quiero hablar con una persona',
      'Bitte kontaktieren Sie mich wegen der Preise',
      'Ich hätte gern einen Rückruf',
      'Bitte rufen Sie mich wegen der Preise an',
      'Pouvez-vous me contacter au sujet des tarifs ?',
      'Je voudrais être rappelé',
      'Potete contattarmi per un preventivo?',
      'Vorrei parlare con una persona',
      'Podem me ligar amanhã?',
      'Quero falar com um atendente',
      'Kunt u mij morgen terugbellen?',
      'Neem alstublieft contact met mij op',
      'Wil je me bellen over de prijzen?',
      'Proszę o kontakt w sprawie cennika',
      'Czy możecie zadzwonić do mnie jutro?',
      'Benimle iletişime geçin lütfen',
      'Beni arayabilir misiniz?',
      'Свяжитесь со мной по поводу цен',
      'Перезвоните мне, пожалуйста',
      'أريد التحدث مع شخص',
      'من فضلك اتصلوا بي',
      '请联系我，我想了解价格',
      '可以给我打电话吗？',
      '請聯絡我，我想了解價格',
      '可以給我回個電話嗎？',
      '価格について連絡してください',
      '折り返しご連絡をお願いします',
      '가격에 대해 연락 주세요',
      '상담원 연결해 주세요',
    ]) {
      expect(isContactRequest(message), message).toBe(true);
    }
  });

  it('when the words appear without the request, then it is not one', () => {
    for (const message of [
      'What are your prices?',
      "Please don't contact me, just tell me the opening hours",
      'Where is your contact page?',
      'Ne me contactez pas',
      'Non contattatemi, ditemi solo gli orari',
      'Não me liguem, só quero saber o preço',
      'Bel me niet, ik wil alleen de openingstijden weten',
      'Do you offer callbacks on weekends? I mean for customers',
      'Nie dzwońcie do mnie, podajcie tylko godziny otwarcia',
      'Beni aramayın, sadece fiyatı öğrenmek istiyorum',
      'Не звоните мне, просто скажите часы работы',
      'لا تتصلوا بي، أريد معرفة السعر فقط',
      '不要联系我，告诉我营业时间就行',
      '联系我们的电话是多少？',
      '連絡しないでください',
      '연락하지 마세요',
      '상담원 근무 시간은 언제인가요?',
    ]) {
      expect(isContactRequest(message), message).toBe(false);
    }
  });
});

describe('contactRequestReply', () => {
  it('when the bot collects leads, then the reply invites the form in the visitor’s language', () => {
    expect(contactRequestReply(leadBot, 'Please contact me about pricing', 'en')).toBe(
      'Of course! Leave your name and email address below and our team will contact you.',
    );
    expect(contactRequestReply(leadBot, 'Rufen Sie mich an', 'de-DE')).toContain('Hinterlassen');
    expect(contactRequestReply(leadBot, 'Contactez-moi', 'fr')).toContain('Laissez votre nom');
    expect(contactRequestReply(leadBot, 'Llámame', 'es')).toContain('Deja tu nombre');
    expect(contactRequestReply(leadBot, 'Chiamatemi', 'it-IT')).toContain('Lascia qui sotto');
    expect(contactRequestReply(leadBot, 'Me liguem', 'pt-BR')).toContain('Deixe seu nome');
    expect(contactRequestReply(leadBot, 'Bel me terug', 'nl')).toContain('Laat hieronder');
    expect(contactRequestReply(leadBot, 'Proszę o kontakt', 'pl')).toContain('Zostaw poniżej');
    expect(contactRequestReply(leadBot, 'Перезвоните мне', 'ru')).toContain('Оставьте ниже');
    expect(contactRequestReply(leadBot, 'اتصلوا بي', 'ar')).toContain('اترك اسمك');
    expect(contactRequestReply(leadBot, '请联系我', 'zh-CN')).toContain('请在下方留下');
    expect(contactRequestReply(leadBot, '請聯絡我', 'zh-Hant')).toContain('請在下方留下');
    expect(contactRequestReply(leadBot, '連絡してください', 'ja')).toContain(
      'お名前とメールアドレス',
    );
    // Not a widget language: English.
    expect(contactRequestReply(leadBot, 'Please contact me', 'sv')).toContain('Of course!');
  });

  it('when the bot does not collect leads, then the question goes the usual way', () => {
    expect(
      contactRequestReply({ goal: 'support', leadCapture: false }, 'Please contact me', 'en'),
    ).toBeNull();
  });
});
