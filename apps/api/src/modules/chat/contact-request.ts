import { leadCaptureEnabled, type WidgetLanguage } from '@askwell/shared';
import { widgetLanguageOf } from '../widget/widget-texts';

// A visitor asking to be contacted, in the widget's languages. Letters, not \b, mark the edges:
// \b does not know that "é" or "ü" are letters. German separable verbs come apart ("rufen Sie
// mich morgen an"), so a few words may sit between them.
const request = new RegExp(
  '(?<!\\p{L})(' +
    [
      // English
      'contact (me|us)|get in touch|(call|ring|phone|email|e-mail|text) me|call me back|callback|call back|reach (me|out to me)|be (contacted|called)|(someone|somebody|sales|your team) (to )?(contact|call|email|reach) me|(talk|speak|chat) (to|with) (a |an |your )?(human|person|someone|somebody|agent|sales|salesperson|representative|rep)',
      // Spanish
      'contáctame|contáctenme|contactadme|contactarme|contacten conmigo|ponerse en contacto conmigo|póngase en contacto|llámame|llámenme|llamadme|que me llamen|que me contacten|hablar con (una persona|alguien|ventas|un agente|un humano|un asesor)',
      // German
      'kontaktieren sie mich|kontaktiert mich|kontaktier mich|melden sie sich|meldet euch|(ruf|ruft|rufen sie) mich( [^.?!]{0,40})? an|rückruf|kontakt aufnehmen|mit (einem menschen|jemandem|dem vertrieb|einem mitarbeiter) sprechen',
      // French
      "contactez-moi|contacte-moi|me contacter|me recontacter|rappelez-moi|appelez-moi|être contacté|être rappelé|parler à (un humain|quelqu'un|quelqu’un|une personne|un conseiller|un commercial)",
      // Italian
      'contattatemi|contattami|mi contatti|mi contattate|contattarmi|ricontattarmi|richiamatemi|richiamami|richiamarmi|mi richiami|chiamatemi|chiamami|chiamarmi|essere (contattat[oa]|ricontattat[oa]|richiamat[oa])|parlare con (una persona|qualcuno|un operatore|un consulente|un commerciale)',
      // Portuguese
      'entr(e|em) em contato comigo|me contat(e|em|ar)|me contact(e|em|ar)|contate-me|contatem-me|contactem-me|me lig(ue|uem|ar)|ligue-me|liguem-me|ser (contatad[oa]|contactad[oa])|falar com (uma pessoa|algu[ée]m|um atendente|um humano|um consultor|vendas)',
      // Dutch
      'neem( [^.?!]{0,20})? contact met (mij|me) op|contact met (mij|me) opnemen|bel (mij|me)|(mij|me) (terug)?bellen|terugbellen|teruggebeld worden|gecontacteerd worden|(spreken|praten) met (een mens|iemand|een medewerker|verkoop)',
      // Polish: the perfective verbs only; the negated imperative takes the imperfective
      // ("nie dzwońcie do mnie"), which is not listed.
      'skontaktuj(cie)? się ze mną|skontaktować się ze mną|proszę o kontakt|zadzwo(ń|ńcie|nić) do mnie|oddzwo(ń|ńcie|nić)|(po)?rozmawiać z (człowiekiem|konsultantem|doradcą|kimś)',
      // Turkish: negation is a suffix ("aramayın"), which the letter edge already rules out.
      'benimle iletişime geç(in|ebilir misiniz)?|beni (geri )?ara(yın|yabilir misiniz)?|geri arama|(bir )?(insanla|temsilciyle|yetkiliyle|müşteri temsilcisiyle) (görüşmek|konuşmak)',
      // Russian: likewise perfective ("не звоните" is another verb than "позвоните").
      'свяжитесь со мной|свяжись со мной|связаться со мной|перезвоните|перезвони|позвоните мне|позвони мне|(поговорить|связаться) с (человеком|оператором|менеджером|консультантом)',
      // Arabic
      'تواصلوا معي|تواصل معي|التواصل معي|اتصلوا بي|اتصل بي|الاتصال بي|[أا]ريد التحدث (مع|إلى) (شخص|موظف|إنسان|ممثل)',
    ].join('|') +
    ')(?!\\p{L})',
  'iu',
);

// "Please don't call me", "ne me contactez pas", "rufen Sie mich nicht an", "bel me niet": the
// words are there, the request is not.
const negation =
  /(?<!\p{L})(don'?t|don’t|do not|never|no need to|no|ne|n’|n'|pas|nicht|kein|keine|nunca|non|mai|não|nao|niet|geen|nooit)(?!\p{L})/iu;

// Chinese, Japanese and Korean write requests with no space before or after, so they have no
// letter edges; their negations come before ("不要联系我", "别给我打电话") or are other verb forms
// ("連絡しないで", "연락하지 마세요").
const requestWithoutSpaces = new RegExp(
  [
    // Chinese ("联系我们" is the site's own "contact us", not a request)
    '联系我(?!们)|聯繫我(?!們)|聯絡我(?!們)|给我打电话|給我打電話|打电话给我|打電話給我|(给我)?回(个)?电话|(給我)?回(個)?電話|(转|轉|找|要|接)(人工|真人)',
    // Japanese
    '連絡(して|を)(ください|下さい|ほしい|欲しい|もらえ)|電話(して|を)(ください|下さい|ほしい|欲しい|もらえ)|折り返し(連絡|電話|ご連絡)|担当者と話|人と話したい',
    // Korean
    '연락(해)? ?주(세요|시|실|십)|전화(해)? ?주(세요|시|실|십)|(상담원|상담사|사람)(과|이랑|하고|와)? ?(연결|통화|대화|이야기)',
  ].join('|'),
  'u',
);
const negationBefore = /(不要|别|不用|不必|別)[^。？！?!]{0,4}$/u;

export function isContactRequest(message: string) {
  const spaceless = requestWithoutSpaces.exec(message);
  if (spaceless) return !negationBefore.test(message.slice(0, spaceless.index));
  const match = request.exec(message);
  if (!match) return false;
  const around = message.slice(Math.max(0, match.index - 16), match.index + match[0].length + 10);
  return !negation.test(around);
}

const replies: Record<WidgetLanguage, string> = {
  en: 'Of course! Leave your name and email address below and our team will contact you.',
  es: '¡Por supuesto! Deja tu nombre y tu correo electrónico abajo y nuestro equipo se pondrá en contacto contigo.',
  de: 'Gern! Hinterlassen Sie unten Ihren Namen und Ihre E-Mail-Adresse, dann meldet sich unser Team bei Ihnen.',
  fr: 'Bien sûr ! Laissez votre nom et votre adresse e-mail ci-dessous et notre équipe vous contactera.',
  it: 'Certo! Lascia qui sotto il tuo nome e il tuo indirizzo email e il nostro team ti contatterà.',
  pt: 'Claro! Deixe seu nome e seu e-mail abaixo e nossa equipe entrará em contato com você.',
  nl: 'Natuurlijk! Laat hieronder je naam en e-mailadres achter, dan neemt ons team contact met je op.',
  pl: 'Oczywiście! Zostaw poniżej swoje imię i adres e-mail, a nasz zespół się z Tobą skontaktuje.',
  tr: 'Elbette! Adınızı ve e-posta adresinizi aşağıya bırakın, ekibimiz sizinle iletişime geçecek.',
  ru: 'Конечно! Оставьте ниже своё имя и адрес электронной почты, и наша команда свяжется с вами.',
  ar: 'بالتأكيد! اترك اسمك وبريدك الإلكتروني أدناه وسيتواصل معك فريقنا.',
  zh: '当然可以！请在下方留下您的姓名和电子邮箱，我们的团队会与您联系。',
  'zh-Hant': '當然可以！請在下方留下您的姓名和電子郵件，我們的團隊會與您聯絡。',
  ja: 'かしこまりました。下のフォームにお名前とメールアドレスをご入力いただければ、担当者よりご連絡いたします。',
  ko: '물론입니다! 아래에 이름과 이메일 주소를 남겨 주시면 담당자가 연락드리겠습니다.',
};

// The answer to a request to be contacted, when the bot collects leads: the widget shows its lead
// form with it at once. Not a question for the knowledge, so it is never a knowledge gap.
export function contactRequestReply(
  bot: { goal: string; leadCapture: boolean | null },
  message: string,
  language: string | null,
): string | null {
  if (!leadCaptureEnabled(bot) || !isContactRequest(message)) return null;
  return replies[widgetLanguageOf(language)];
}

export const contactRequestAnswerer = 'contact_request';
