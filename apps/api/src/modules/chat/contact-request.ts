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
    ].join('|') +
    ')(?!\\p{L})',
  'iu',
);

// "Please don't call me", "ne me contactez pas", "rufen Sie mich nicht an", "bel me niet": the
// words are there, the request is not.
const negation =
  /(?<!\p{L})(don'?t|don’t|do not|never|no need to|no|ne|n’|n'|pas|nicht|kein|keine|nunca|non|mai|não|nao|niet|geen|nooit)(?!\p{L})/iu;

export function isContactRequest(message: string) {
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
