import {
  botDefaults,
  widgetLanguages,
  type BotGoal,
  type WidgetConfig,
  type WidgetLanguage,
  type WidgetTexts,
} from '@askwell/shared';

const texts: Record<WidgetLanguage, WidgetTexts> = {
  en: {
    online: 'Online',
    close: 'Close chat',
    newConversation: 'New conversation',
    send: 'Send',
    messageLabel: 'Your message',
    typing: 'Typing…',
    sources: 'Sources',
    helpful: 'Helpful',
    notHelpful: 'Not helpful',
    feedbackThanks: 'Thanks for your feedback!',
    feedbackCommentLabel: 'What could be better? (optional)',
    feedbackCommentSend: 'Send feedback',
    leadTitle: 'Leave your details',
    leadIntro: 'Our team will get back to you.',
    leadName: 'Name',
    leadEmail: 'Email',
    leadPhone: 'Phone (optional)',
    leadConsent: 'I agree to be contacted about my request.',
    leadSubmit: 'Send details',
    leadSkip: 'Not now',
    leadThanks: 'Thank you! We will be in touch soon.',
    leadNameRequired: 'Please enter your name.',
    leadEmailInvalid: 'Please enter a valid email address.',
    leadPhoneInvalid: 'Please enter a valid phone number.',
    leadConsentRequired: 'Please agree to be contacted.',
    contactUs: 'Contact us',
    error: 'Something went wrong. Please try again.',
    rateLimited: 'You are sending messages too quickly. Please wait a moment.',
    poweredBy: 'Powered by Askwell',
  },
  es: {
    online: 'En línea',
    close: 'Cerrar chat',
    newConversation: 'Nueva conversación',
    send: 'Enviar',
    messageLabel: 'Tu mensaje',
    typing: 'Escribiendo…',
    sources: 'Fuentes',
    helpful: 'Útil',
    notHelpful: 'No útil',
    feedbackThanks: '¡Gracias por tu opinión!',
    feedbackCommentLabel: '¿Qué podríamos mejorar? (opcional)',
    feedbackCommentSend: 'Enviar opinión',
    leadTitle: 'Déjanos tus datos',
    leadIntro: 'Nuestro equipo se pondrá en contacto contigo.',
    leadName: 'Nombre',
    leadEmail: 'Correo electrónico',
    leadPhone: 'Teléfono (opcional)',
    leadConsent: 'Acepto que me contacten sobre mi consulta.',
    leadSubmit: 'Enviar datos',
    leadSkip: 'Ahora no',
    leadThanks: '¡Gracias! Te contactaremos pronto.',
    leadNameRequired: 'Introduce tu nombre.',
    leadEmailInvalid: 'Introduce un correo electrónico válido.',
    leadPhoneInvalid: 'Introduce un número de teléfono válido.',
    leadConsentRequired: 'Acepta que te contactemos.',
    contactUs: 'Contactar',
    error: 'Algo salió mal. Inténtalo de nuevo.',
    rateLimited: 'Estás enviando mensajes demasiado rápido. Espera un momento.',
    poweredBy: 'Con la tecnología de Askwell',
  },
  de: {
    online: 'Online',
    close: 'Chat schließen',
    newConversation: 'Neues Gespräch',
    send: 'Senden',
    messageLabel: 'Ihre Nachricht',
    typing: 'Schreibt…',
    sources: 'Quellen',
    helpful: 'Hilfreich',
    notHelpful: 'Nicht hilfreich',
    feedbackThanks: 'Danke für Ihr Feedback!',
    feedbackCommentLabel: 'Was können wir besser machen? (optional)',
    feedbackCommentSend: 'Feedback senden',
    leadTitle: 'Hinterlassen Sie Ihre Kontaktdaten',
    leadIntro: 'Unser Team meldet sich bei Ihnen.',
    leadName: 'Name',
    leadEmail: 'E-Mail',
    leadPhone: 'Telefon (optional)',
    leadConsent: 'Ich bin einverstanden, zu meiner Anfrage kontaktiert zu werden.',
    leadSubmit: 'Daten senden',
    leadSkip: 'Jetzt nicht',
    leadThanks: 'Vielen Dank! Wir melden uns bald.',
    leadNameRequired: 'Bitte geben Sie Ihren Namen ein.',
    leadEmailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    leadPhoneInvalid: 'Bitte geben Sie eine gültige Telefonnummer ein.',
    leadConsentRequired: 'Bitte stimmen Sie der Kontaktaufnahme zu.',
    contactUs: 'Kontakt',
    error: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    rateLimited: 'Sie senden Nachrichten zu schnell. Bitte warten Sie einen Moment.',
    poweredBy: 'Bereitgestellt von Askwell',
  },
  fr: {
    online: 'En ligne',
    close: 'Fermer le chat',
    newConversation: 'Nouvelle conversation',
    send: 'Envoyer',
    messageLabel: 'Votre message',
    typing: 'Rédaction…',
    sources: 'Sources',
    helpful: 'Utile',
    notHelpful: 'Pas utile',
    feedbackThanks: 'Merci pour votre avis !',
    feedbackCommentLabel: 'Que pourrions-nous améliorer ? (facultatif)',
    feedbackCommentSend: 'Envoyer l’avis',
    leadTitle: 'Laissez vos coordonnées',
    leadIntro: 'Notre équipe vous recontactera.',
    leadName: 'Nom',
    leadEmail: 'E-mail',
    leadPhone: 'Téléphone (facultatif)',
    leadConsent: 'J’accepte d’être contacté au sujet de ma demande.',
    leadSubmit: 'Envoyer',
    leadSkip: 'Plus tard',
    leadThanks: 'Merci ! Nous vous contacterons bientôt.',
    leadNameRequired: 'Veuillez saisir votre nom.',
    leadEmailInvalid: 'Veuillez saisir une adresse e-mail valide.',
    leadPhoneInvalid: 'Veuillez saisir un numéro de téléphone valide.',
    leadConsentRequired: 'Veuillez accepter d’être contacté.',
    contactUs: 'Nous contacter',
    error: 'Une erreur est survenue. Veuillez réessayer.',
    rateLimited: 'Vous envoyez des messages trop vite. Patientez un instant.',
    poweredBy: 'Propulsé par Askwell',
  },
  it: {
    online: 'Online',
    close: 'Chiudi chat',
    newConversation: 'Nuova conversazione',
    send: 'Invia',
    messageLabel: 'Il tuo messaggio',
    typing: 'Sta scrivendo…',
    sources: 'Fonti',
    helpful: 'Utile',
    notHelpful: 'Non utile',
    feedbackThanks: 'Grazie per il tuo feedback!',
    feedbackCommentLabel: 'Cosa potremmo migliorare? (facoltativo)',
    feedbackCommentSend: 'Invia feedback',
    leadTitle: 'Lasciaci i tuoi dati',
    leadIntro: 'Il nostro team ti ricontatterà.',
    leadName: 'Nome',
    leadEmail: 'Email',
    leadPhone: 'Telefono (facoltativo)',
    leadConsent: 'Accetto di essere contattato in merito alla mia richiesta.',
    leadSubmit: 'Invia dati',
    leadSkip: 'Non ora',
    leadThanks: 'Grazie! Ti contatteremo presto.',
    leadNameRequired: 'Inserisci il tuo nome.',
    leadEmailInvalid: 'Inserisci un indirizzo email valido.',
    leadPhoneInvalid: 'Inserisci un numero di telefono valido.',
    leadConsentRequired: 'Accetta di essere contattato.',
    contactUs: 'Contattaci',
    error: 'Qualcosa è andato storto. Riprova.',
    rateLimited: 'Stai inviando messaggi troppo velocemente. Attendi un momento.',
    poweredBy: 'Con la tecnologia di Askwell',
  },
  pt: {
    online: 'Online',
    close: 'Fechar chat',
    newConversation: 'Nova conversa',
    send: 'Enviar',
    messageLabel: 'Sua mensagem',
    typing: 'Digitando…',
    sources: 'Fontes',
    helpful: 'Útil',
    notHelpful: 'Não foi útil',
    feedbackThanks: 'Obrigado pelo seu feedback!',
    feedbackCommentLabel: 'O que podemos melhorar? (opcional)',
    feedbackCommentSend: 'Enviar feedback',
    leadTitle: 'Deixe seus dados',
    leadIntro: 'Nossa equipe entrará em contato com você.',
    leadName: 'Nome',
    leadEmail: 'E-mail',
    leadPhone: 'Telefone (opcional)',
    leadConsent: 'Concordo em ser contatado sobre a minha solicitação.',
    leadSubmit: 'Enviar dados',
    leadSkip: 'Agora não',
    leadThanks: 'Obrigado! Entraremos em contato em breve.',
    leadNameRequired: 'Digite seu nome.',
    leadEmailInvalid: 'Digite um endereço de e-mail válido.',
    leadPhoneInvalid: 'Digite um número de telefone válido.',
    leadConsentRequired: 'Concorde em ser contatado.',
    contactUs: 'Fale conosco',
    error: 'Algo deu errado. Tente novamente.',
    rateLimited: 'Você está enviando mensagens rápido demais. Aguarde um momento.',
    poweredBy: 'Desenvolvido por Askwell',
  },
  nl: {
    online: 'Online',
    close: 'Chat sluiten',
    newConversation: 'Nieuw gesprek',
    send: 'Versturen',
    messageLabel: 'Je bericht',
    typing: 'Aan het typen…',
    sources: 'Bronnen',
    helpful: 'Nuttig',
    notHelpful: 'Niet nuttig',
    feedbackThanks: 'Bedankt voor je feedback!',
    feedbackCommentLabel: 'Wat kan er beter? (optioneel)',
    feedbackCommentSend: 'Feedback versturen',
    leadTitle: 'Laat je gegevens achter',
    leadIntro: 'Ons team neemt contact met je op.',
    leadName: 'Naam',
    leadEmail: 'E-mail',
    leadPhone: 'Telefoon (optioneel)',
    leadConsent: 'Ik ga ermee akkoord dat er over mijn vraag contact met mij wordt opgenomen.',
    leadSubmit: 'Gegevens versturen',
    leadSkip: 'Niet nu',
    leadThanks: 'Bedankt! We nemen snel contact met je op.',
    leadNameRequired: 'Vul je naam in.',
    leadEmailInvalid: 'Vul een geldig e-mailadres in.',
    leadPhoneInvalid: 'Vul een geldig telefoonnummer in.',
    leadConsentRequired: 'Geef toestemming om contact met je op te nemen.',
    contactUs: 'Contact',
    error: 'Er ging iets mis. Probeer het opnieuw.',
    rateLimited: 'Je verstuurt te snel berichten. Wacht even.',
    poweredBy: 'Mogelijk gemaakt door Askwell',
  },
};

// The visitor's browser language (sent by the widget), else Accept-Language, else English.
export function pickLanguage(requested: string | undefined, acceptLanguage: string | undefined) {
  const candidates = [
    requested,
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]),
  ];
  for (const candidate of candidates) {
    const base = candidate?.trim().toLowerCase().split('-')[0];
    const match = widgetLanguages.find((language) => language === base);
    if (match) return match;
  }
  return 'en' as WidgetLanguage;
}

export function widgetTexts(language: WidgetLanguage) {
  return texts[language];
}

// The built-in answerer's own words around the quoted passages (which stay as written), in the
// widget's languages; any other language gets English.
export type AnswerTexts = {
  frame: string;
  // Said when nothing in the knowledge answers, per bot goal, unless the owner wrote their own.
  noAnswer: Record<BotGoal, string>;
};

const answerTextsByLanguage: Record<WidgetLanguage, AnswerTexts> = {
  en: {
    frame: 'From our documents:',
    noAnswer: {
      lead_generation:
        "I'm sorry, I don't have information about that yet. If you leave your email address, our team will get back to you.",
      product_recommendation:
        "I'm sorry, I couldn't find that in our catalogue information. Could you tell me a little more about what you are looking for?",
      support:
        "I'm sorry, I couldn't find an answer to that. Could you rephrase your question, or contact our support team?",
      information:
        "I'm sorry, I don't have information about that yet. Could you rephrase your question?",
    },
  },
  es: {
    frame: 'Según nuestros documentos:',
    noAnswer: {
      lead_generation:
        'Lo siento, todavía no tengo información sobre eso. Si nos dejas tu correo electrónico, nuestro equipo se pondrá en contacto contigo.',
      product_recommendation:
        'Lo siento, no lo he encontrado en la información de nuestro catálogo. ¿Podrías contarme un poco más sobre lo que buscas?',
      support:
        'Lo siento, no he encontrado una respuesta a eso. ¿Podrías reformular tu pregunta o contactar con nuestro equipo de soporte?',
      information:
        'Lo siento, todavía no tengo información sobre eso. ¿Podrías reformular tu pregunta?',
    },
  },
  de: {
    frame: 'Aus unseren Dokumenten:',
    noAnswer: {
      lead_generation:
        'Dazu habe ich leider noch keine Informationen. Wenn Sie uns Ihre E-Mail-Adresse hinterlassen, meldet sich unser Team bei Ihnen.',
      product_recommendation:
        'Das habe ich in unseren Katalogangaben leider nicht gefunden. Können Sie mir etwas mehr darüber sagen, wonach Sie suchen?',
      support:
        'Dazu habe ich leider keine Antwort gefunden. Können Sie Ihre Frage anders formulieren oder sich an unser Support-Team wenden?',
      information:
        'Dazu habe ich leider noch keine Informationen. Können Sie Ihre Frage anders formulieren?',
    },
  },
  fr: {
    frame: 'D’après nos documents :',
    noAnswer: {
      lead_generation:
        'Désolé, je n’ai pas encore d’informations à ce sujet. Si vous nous laissez votre adresse e-mail, notre équipe vous recontactera.',
      product_recommendation:
        'Désolé, je ne l’ai pas trouvé dans les informations de notre catalogue. Pourriez-vous m’en dire un peu plus sur ce que vous cherchez ?',
      support:
        'Désolé, je n’ai pas trouvé de réponse à cela. Pourriez-vous reformuler votre question ou contacter notre équipe d’assistance ?',
      information:
        'Désolé, je n’ai pas encore d’informations à ce sujet. Pourriez-vous reformuler votre question ?',
    },
  },
  it: {
    frame: 'Dai nostri documenti:',
    noAnswer: {
      lead_generation:
        'Mi dispiace, non ho ancora informazioni su questo. Se ci lasci il tuo indirizzo email, il nostro team ti ricontatterà.',
      product_recommendation:
        'Mi dispiace, non l’ho trovato nelle informazioni del nostro catalogo. Potresti dirmi qualcosa di più su ciò che cerchi?',
      support:
        'Mi dispiace, non ho trovato una risposta. Potresti riformulare la domanda o contattare il nostro team di assistenza?',
      information:
        'Mi dispiace, non ho ancora informazioni su questo. Potresti riformulare la domanda?',
    },
  },
  pt: {
    frame: 'Segundo nossos documentos:',
    noAnswer: {
      lead_generation:
        'Desculpe, ainda não tenho informações sobre isso. Se você deixar seu e-mail, nossa equipe entrará em contato.',
      product_recommendation:
        'Desculpe, não encontrei isso nas informações do nosso catálogo. Pode me contar um pouco mais sobre o que está procurando?',
      support:
        'Desculpe, não encontrei uma resposta para isso. Pode reformular sua pergunta ou falar com nossa equipe de suporte?',
      information:
        'Desculpe, ainda não tenho informações sobre isso. Pode reformular sua pergunta?',
    },
  },
  nl: {
    frame: 'Uit onze documenten:',
    noAnswer: {
      lead_generation:
        'Sorry, daar heb ik nog geen informatie over. Als je je e-mailadres achterlaat, neemt ons team contact met je op.',
      product_recommendation:
        'Sorry, dat heb ik niet gevonden in onze catalogusinformatie. Kun je iets meer vertellen over wat je zoekt?',
      support:
        'Sorry, daar heb ik geen antwoord op gevonden. Kun je je vraag anders formuleren of contact opnemen met ons supportteam?',
      information:
        'Sorry, daar heb ik nog geen informatie over. Kun je je vraag anders formuleren?',
    },
  },
};

// What a new bot is created with and a visitor reads (the message for unanswered questions, the
// welcome message, the placeholder), in the widget's languages: a bot whose owner left them as they
// came speaks the visitor's language; words the owner wrote are used as written.
type VisitorWords = Pick<WidgetConfig, 'welcomeMessage' | 'placeholderText'>;
const newBotWordsByLanguage: Record<WidgetLanguage, VisitorWords & { fallbackMessage: string }> = {
  en: {
    fallbackMessage: botDefaults.fallbackMessage,
    welcomeMessage: botDefaults.widgetConfig.welcomeMessage,
    placeholderText: botDefaults.widgetConfig.placeholderText,
  },
  es: {
    fallbackMessage:
      'Lo siento, todavía no tengo información sobre eso. ¿Podrías reformular la pregunta o dejarnos tu correo electrónico para que nuestro equipo te responda?',
    welcomeMessage: '¡Hola! ¿En qué puedo ayudarte hoy?',
    placeholderText: 'Escribe tu mensaje...',
  },
  de: {
    fallbackMessage:
      'Dazu habe ich leider noch keine Informationen. Können Sie die Frage anders formulieren oder uns Ihre E-Mail-Adresse hinterlassen, damit sich unser Team meldet?',
    welcomeMessage: 'Hallo! Wie kann ich Ihnen heute helfen?',
    placeholderText: 'Ihre Nachricht...',
  },
  fr: {
    fallbackMessage:
      'Désolé, je n’ai pas encore d’informations à ce sujet. Pourriez-vous reformuler, ou nous laisser votre e-mail pour que notre équipe vous réponde ?',
    welcomeMessage: 'Bonjour ! Comment puis-je vous aider aujourd’hui ?',
    placeholderText: 'Votre message...',
  },
  it: {
    fallbackMessage:
      'Mi dispiace, non ho ancora informazioni su questo. Potresti riformulare la domanda o lasciarci il tuo indirizzo email, così il nostro team ti risponderà?',
    welcomeMessage: 'Ciao! Come posso aiutarti oggi?',
    placeholderText: 'Scrivi il tuo messaggio...',
  },
  pt: {
    fallbackMessage:
      'Desculpe, ainda não tenho informações sobre isso. Pode reformular a pergunta ou deixar seu e-mail para que nossa equipe responda?',
    welcomeMessage: 'Olá! Como posso ajudar você hoje?',
    placeholderText: 'Digite sua mensagem...',
  },
  nl: {
    fallbackMessage:
      'Sorry, daar heb ik nog geen informatie over. Kun je de vraag anders formuleren of je e-mailadres achterlaten, zodat ons team je antwoordt?',
    welcomeMessage: 'Hallo! Waarmee kan ik je vandaag helpen?',
    placeholderText: 'Typ je bericht...',
  },
};

/** The widget's settings as a visitor in `language` sees them: defaults in their language. */
export function widgetConfigFor<Config extends Partial<VisitorWords>>(
  config: Config,
  language: string | null,
): Config {
  const words = newBotWordsByLanguage[widgetLanguageOf(language)];
  const shown = { ...config };
  for (const key of ['welcomeMessage', 'placeholderText'] as const) {
    if (config[key] === botDefaults.widgetConfig[key]) shown[key] = words[key];
  }
  return shown;
}

/** The widget language a language code ("pt", "pt-BR") is written in, else English. */
export function widgetLanguageOf(language: string | null): WidgetLanguage {
  const base = language?.toLowerCase().split('-')[0];
  return widgetLanguages.find((known) => known === base) ?? 'en';
}

export function answerTexts(language: string | null): AnswerTexts {
  return answerTextsByLanguage[widgetLanguageOf(language)];
}

export function defaultFallbackIn(language: string | null) {
  return newBotWordsByLanguage[widgetLanguageOf(language)].fallbackMessage;
}
