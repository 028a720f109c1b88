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
    expect(contactRequestReply(leadBot, 'Please contact me', 'ja')).toContain('Of course!');
  });

  it('when the bot does not collect leads, then the question goes the usual way', () => {
    expect(
      contactRequestReply({ goal: 'support', leadCapture: false }, 'Please contact me', 'en'),
    ).toBeNull();
  });
});
