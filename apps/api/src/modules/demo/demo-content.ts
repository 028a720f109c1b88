import { randomUUID } from 'node:crypto';
import { botDefaults, type LeadStatus, type WidgetEventType } from '@askwell/shared';
import type { NewDemoBot } from '../bots/bots.repository';
import { contactRequestAnswerer } from '../chat/contact-request';
import type {
  ImportedConversation,
  ImportedMessage,
} from '../conversations/conversations.repository';
import type { ImportedLead } from '../leads/leads.repository';

// The sample month a new account starts with: the assistant of Harbor Coffee, a made-up roaster
// with an online shop and a café. Everything is invented (the shop, its .example site, the
// visitors, the example.com addresses and the 555-01xx numbers); the texts are fixed and the
// choices come from a seeded generator, so every account gets the same story, ending at its own
// "now".

export const demoDays = 30;
const seed = 0x4a52_b07;
const site = 'https://harborcoffee.example';

export const demoBot: NewDemoBot = {
  name: 'Demo: Harbor Coffee assistant',
  description:
    "Sample data: a made-up coffee roaster's assistant with 30 days of example conversations, leads and analytics. It never answers on a website; 'Clear Demo Data' on the dashboard removes it.",
  tone: 'friendly',
  goal: 'lead_generation',
  instructions:
    "Answer questions about Harbor Coffee's beans, subscriptions, shipping and café. Offer the contact form to cafés and offices that ask about wholesale.",
  starterQuestions: [
    'How long does shipping take?',
    'How does the coffee subscription work?',
    'Do you have decaf?',
  ],
  fallbackMessage: botDefaults.fallbackMessage,
  widgetConfig: {
    primaryColor: '#7A4B2A',
    buttonColor: '#7A4B2A',
    textColor: '#1F2937',
    fontFamily: 'Inter, sans-serif',
    welcomeMessage:
      "Hi! I'm the Harbor Coffee assistant. Ask me about our coffee, subscriptions or shipping.",
    placeholderText: 'Type your message...',
  },
  enabled: true,
  allowedDomains: ['harborcoffee.example'],
};

type Language = 'en' | 'de' | 'es' | 'fr';

type Topic = {
  page: string;
  // Null: the bot did not know, and answered with its fallback.
  answer: Record<Language, string> | null;
  questions: Partial<Record<Language, string[]>>;
};

const topics: Topic[] = [
  {
    page: '/shipping',
    questions: {
      en: ['How long does shipping take?', 'When will my order arrive?', 'Do you ship to Canada?'],
      de: ['Wie lange dauert der Versand?', 'Liefert ihr auch nach Österreich?'],
      es: ['¿Cuánto tarda el envío?', '¿Enviáis a España?'],
      fr: ['Combien de temps prend la livraison ?', 'Livrez-vous en France ?'],
    },
    answer: {
      en: 'Orders leave our roastery within 1–2 business days. Standard shipping takes 3–5 business days in the US; Canada and the EU take 7–10 days.',
      de: 'Bestellungen verlassen unsere Rösterei innerhalb von 1–2 Werktagen. In die EU, auch nach Österreich, dauert der Versand 7–10 Tage.',
      es: 'Los pedidos salen de nuestro tostadero en 1–2 días laborables. Los envíos a la UE, incluida España, tardan de 7 a 10 días.',
      fr: 'Les commandes quittent notre torréfacteur sous 1 à 2 jours ouvrés. Vers l’UE, France comprise, comptez 7 à 10 jours.',
    },
  },
  {
    page: '/subscriptions',
    questions: {
      en: [
        'How does the coffee subscription work?',
        'Can I pause my subscription?',
        'Can I skip a delivery?',
      ],
      de: ['Wie funktioniert das Kaffee-Abo?', 'Kann ich mein Abo pausieren?'],
      es: ['¿Cómo funciona la suscripción?', '¿Puedo pausar mi suscripción?'],
      fr: ["Comment fonctionne l'abonnement ?", 'Puis-je suspendre mon abonnement ?'],
    },
    answer: {
      en: 'Pick a coffee, a bag size and how often it comes (every 1, 2 or 4 weeks). You can pause, skip or cancel any time from your account before the next roast date.',
      de: 'Wähle Kaffee, Beutelgröße und Rhythmus (alle 1, 2 oder 4 Wochen). Pausieren, überspringen oder kündigen kannst du jederzeit vor dem nächsten Röstdatum in deinem Konto.',
      es: 'Elige un café, el tamaño de la bolsa y la frecuencia (cada 1, 2 o 4 semanas). Puedes pausar, saltar o cancelar cuando quieras desde tu cuenta antes del próximo tueste.',
      fr: 'Choisissez un café, un format et une fréquence (toutes les 1, 2 ou 4 semaines). Vous pouvez suspendre, sauter ou annuler à tout moment depuis votre compte avant la prochaine torréfaction.',
    },
  },
  {
    page: '/shop',
    questions: {
      en: ['Do you have decaf?', 'Is your decaf Swiss Water processed?'],
      de: ['Habt ihr entkoffeinierten Kaffee?'],
      es: ['¿Tenéis café descafeinado?'],
      fr: ['Avez-vous du café décaféiné ?'],
    },
    answer: {
      en: 'Yes: Night Harbor Decaf, a Colombian coffee decaffeinated with the Swiss Water process, so no chemicals are used.',
      de: 'Ja: Night Harbor Decaf, ein kolumbianischer Kaffee, schonend mit dem Swiss-Water-Verfahren entkoffeiniert, ganz ohne Chemie.',
      es: 'Sí: Night Harbor Decaf, un café colombiano descafeinado con el método Swiss Water, sin productos químicos.',
      fr: 'Oui : Night Harbor Decaf, un café colombien décaféiné par le procédé Swiss Water, sans solvant chimique.',
    },
  },
  {
    page: '/shop/harbor-espresso',
    questions: {
      en: [
        'Can you grind the beans for my French press?',
        'Which grind should I pick for espresso?',
      ],
      de: ['Könnt ihr die Bohnen für meine French Press mahlen?'],
      es: ['¿Podéis moler el café para cafetera italiana?'],
      fr: ['Pouvez-vous moudre le café pour une cafetière à piston ?'],
    },
    answer: {
      en: 'Yes. Choose whole bean or one of five grinds at checkout: espresso, moka pot, filter, pour-over or French press.',
      de: 'Ja. Wähle an der Kasse ganze Bohne oder einen von fünf Mahlgraden: Espresso, Mokka-Kanne, Filter, Handfilter oder French Press.',
      es: 'Sí. Al pagar puedes elegir grano entero o una de cinco moliendas: espresso, italiana, filtro, pour-over o prensa francesa.',
      fr: 'Oui. Au paiement, choisissez grains entiers ou l’une de cinq moutures : espresso, italienne, filtre, pour-over ou piston.',
    },
  },
  {
    page: '/shop/harbor-espresso',
    questions: {
      en: ['What does the Harbor Espresso taste like?', 'Is Harbor Espresso good with milk?'],
      de: ['Wie schmeckt der Harbor Espresso?'],
      fr: ['Quel goût a le Harbor Espresso ?'],
    },
    answer: {
      en: 'Harbor Espresso blends Brazil and Ethiopia: milk chocolate, hazelnut and a hint of red berries. It shines as espresso and in milk drinks.',
      de: 'Harbor Espresso verbindet Brasilien und Äthiopien: Milchschokolade, Haselnuss und ein Hauch roter Beeren. Ideal pur und mit Milch.',
      es: 'Harbor Espresso mezcla Brasil y Etiopía: chocolate con leche, avellana y un toque de frutos rojos. Perfecto solo y con leche.',
      fr: 'Harbor Espresso assemble Brésil et Éthiopie : chocolat au lait, noisette et une touche de fruits rouges. Parfait seul ou avec du lait.',
    },
  },
  {
    page: '/shop',
    questions: {
      en: ['How fresh are the beans?', 'When were the beans roasted?'],
      de: ['Wie frisch sind die Bohnen?'],
      es: ['¿Qué tan fresco es el café?'],
    },
    answer: {
      en: 'Every bag is roasted to order and carries its roast date; we ship within 48 hours of roasting. Coffee is at its best 5 to 30 days after roasting.',
      de: 'Jeder Beutel wird auf Bestellung geröstet und trägt sein Röstdatum; wir versenden binnen 48 Stunden nach dem Rösten.',
      es: 'Cada bolsa se tuesta bajo pedido y lleva su fecha de tueste; enviamos en las 48 horas siguientes.',
      fr: 'Chaque sachet est torréfié à la commande et porte sa date de torréfaction ; nous expédions sous 48 heures.',
    },
  },
  {
    page: '/shipping',
    questions: {
      en: ['What is your return policy?', 'My bag arrived damaged, what now?'],
      de: ['Was ist, wenn meine Bestellung beschädigt ankommt?'],
      es: ['¿Cuál es vuestra política de devoluciones?'],
      fr: ['Quelle est votre politique de retour ?'],
    },
    answer: {
      en: "If something is wrong with your order, write to us within 30 days and we'll send a replacement or refund you. No need to send the coffee back.",
      de: 'Wenn mit deiner Bestellung etwas nicht stimmt, schreib uns innerhalb von 30 Tagen: Wir schicken Ersatz oder erstatten den Betrag.',
      es: 'Si algo va mal con tu pedido, escríbenos en un plazo de 30 días y te enviamos otro o te devolvemos el dinero.',
      fr: 'Si votre commande pose problème, écrivez-nous sous 30 jours : nous la remplaçons ou vous remboursons.',
    },
  },
  {
    page: '/',
    questions: {
      en: ["What are the café's opening hours?", 'Is the café open on Sunday?'],
      de: ['Wann hat das Café geöffnet?'],
      fr: ['Quels sont les horaires du café ?'],
    },
    answer: {
      en: 'Our café at 12 Pier Street is open Monday to Friday 7:00–18:00 and on weekends 8:00–16:00.',
      de: 'Unser Café in der Pier Street 12 hat Montag bis Freitag 7–18 Uhr und am Wochenende 8–16 Uhr geöffnet.',
      es: 'Nuestra cafetería de 12 Pier Street abre de lunes a viernes de 7:00 a 18:00 y los fines de semana de 8:00 a 16:00.',
      fr: 'Notre café du 12 Pier Street est ouvert du lundi au vendredi de 7 h à 18 h et le week-end de 8 h à 16 h.',
    },
  },
  {
    page: '/shop',
    questions: { en: ['Do you sell gift cards?', 'Can I send a gift card by email?'] },
    answer: {
      en: 'Yes: digital gift cards from $15 to $150, delivered by email on the date you choose.',
      de: 'Ja: digitale Gutscheine von 15 bis 150 $, per E-Mail zum Wunschtermin.',
      es: 'Sí: tarjetas regalo digitales de 15 a 150 $, enviadas por correo el día que elijas.',
      fr: 'Oui : des cartes cadeaux numériques de 15 à 150 $, envoyées par e-mail à la date choisie.',
    },
  },
  {
    page: '/wholesale',
    questions: {
      en: ['Do you supply cafés and offices?', 'Do you offer wholesale prices?'],
      de: ['Beliefert ihr auch Büros?'],
      es: ['¿Servís café a oficinas?'],
      fr: ['Fournissez-vous les cafés et les bureaux ?'],
    },
    answer: {
      en: 'Yes, we roast for cafés, restaurants and offices, with equipment and barista training. Tell us about your business and our wholesale team will send a price list.',
      de: 'Ja, wir rösten für Cafés, Restaurants und Büros, inklusive Technik und Barista-Schulung. Erzähl uns von deinem Betrieb, dann schickt unser Team eine Preisliste.',
      es: 'Sí, tostamos para cafeterías, restaurantes y oficinas, con equipos y formación de baristas. Cuéntanos sobre tu negocio y te enviaremos una lista de precios.',
      fr: 'Oui, nous torréfions pour des cafés, restaurants et bureaux, avec matériel et formation barista. Parlez-nous de votre activité et nous vous enverrons nos tarifs.',
    },
  },
  // What the bot was never taught: these fill the 'Unanswered questions' list.
  {
    page: '/shop',
    questions: {
      en: ['Can I pay with Bitcoin?', 'Do you accept crypto?'],
      de: ['Kann ich mit Bitcoin bezahlen?'],
      fr: ['Puis-je payer en bitcoin ?'],
    },
    answer: null,
  },
  {
    page: '/',
    questions: {
      en: ['Do you have oat milk at the café?'],
      de: ['Gibt es im Café Hafermilch?'],
      es: ['¿Tenéis leche de avena en la cafetería?'],
    },
    answer: null,
  },
  {
    page: '/shop',
    questions: {
      en: ['Are your capsules compatible with Nespresso machines?'],
      es: ['¿Tenéis cápsulas compatibles con Nespresso?'],
      fr: ['Vos capsules sont-elles compatibles Nespresso ?'],
    },
    answer: null,
  },
  {
    page: '/',
    questions: { en: ['Is there parking near the café?', 'Where can I park?'] },
    answer: null,
  },
];

const fallback: Record<Language, string> = {
  en: botDefaults.fallbackMessage,
  de: 'Dazu habe ich leider noch keine Informationen. Magst du die Frage anders stellen oder deine E-Mail hinterlassen, damit sich unser Team meldet?',
  es: 'Lo siento, todavía no tengo información sobre eso. ¿Puedes reformular la pregunta o dejar tu correo para que el equipo te responda?',
  fr: 'Désolé, je n’ai pas encore d’information à ce sujet. Pouvez-vous reformuler, ou laisser votre e-mail pour que l’équipe vous réponde ?',
};

const contactRequests: Record<Language, string[]> = {
  en: [
    'Could someone from your team contact me about wholesale prices?',
    'Please call me back about a coffee order for our office.',
    'Can I talk to a person about corporate gifts?',
  ],
  de: ['Können Sie mich wegen eines Angebots für unser Büro kontaktieren?'],
  es: ['¿Podéis contactarme para un pedido para nuestra oficina?'],
  fr: ['Pouvez-vous me contacter pour une offre pour notre bureau ?'],
};

const contactAnswers: Record<Language, string> = {
  en: 'Of course! Leave your name and email in the form below and the Harbor Coffee team will get back to you within one business day.',
  de: 'Sehr gern! Hinterlasse Name und E-Mail im Formular, dann meldet sich das Team von Harbor Coffee innerhalb eines Werktags.',
  es: '¡Por supuesto! Deja tu nombre y tu correo en el formulario y el equipo de Harbor Coffee te responderá en un día laborable.',
  fr: 'Bien sûr ! Laissez votre nom et votre e-mail dans le formulaire et l’équipe Harbor Coffee vous répondra sous un jour ouvré.',
};

const people: Record<Language, { first: string[]; last: string[] }> = {
  en: {
    first: ['Ava', 'Liam', 'Noah', 'Mia', 'Ethan', 'Grace', 'Owen', 'Ruby', 'Priya', 'Marcus'],
    last: ['Turner', 'Brooks', 'Hayes', 'Porter', 'Quinn', 'Walsh', 'Patel', 'Reed'],
  },
  de: {
    first: ['Lena', 'Jonas', 'Hannah', 'Lukas', 'Marie', 'Felix'],
    last: ['Fischer', 'Becker', 'Hartmann', 'Vogel', 'Krause'],
  },
  es: {
    first: ['Lucía', 'Mateo', 'Sofía', 'Diego', 'Carmen'],
    last: ['García', 'Ruiz', 'Navarro', 'Ortega', 'Molina'],
  },
  fr: {
    first: ['Chloé', 'Hugo', 'Camille', 'Louis', 'Manon'],
    last: ['Moreau', 'Laurent', 'Girard', 'Lefèvre', 'Bonnet'],
  },
};

const praise = ['Quick and clear, thanks!', 'Exactly what I needed.', null, null];
const complaints = ["That didn't answer my question.", null];

const languageWeights: [Language, number][] = [
  ['en', 0.58],
  ['de', 0.16],
  ['es', 0.14],
  ['fr', 0.12],
];

// Visitors per hour of the day (UTC), busiest in the morning and early evening.
const hourWeights = [1, 1, 1, 1, 1, 2, 3, 5, 8, 9, 9, 8, 7, 7, 6, 6, 7, 8, 8, 6, 4, 3, 2, 1];

// mulberry32: small, fast and the same on every machine.
function generator(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: readonly (readonly [T, number])[]) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    hex: (length: number) =>
      Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
}

function ascii(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export type DemoHistory = {
  conversations: ImportedConversation[];
  messages: ImportedMessage[];
  ratings: { messageId: string; rating: 'up' | 'down'; comment: string | null }[];
  leads: ImportedLead[];
  questions: { question: string; answered: boolean; at: Date }[];
  widgetEvents: { type: WidgetEventType; page: string | null; at: Date }[];
};

const minute = 60_000;
const day = 24 * 60 * minute;

// The month up to `now`: a few conversations a day, more on weekdays and lately; every one of them
// over (the last starts at least 20 minutes before now and lasts a few minutes), so nobody is
// chatting.
export function buildDemoHistory(bot: { id: string; userId: string }, now: Date): DemoHistory {
  const random = generator(seed);
  const history: DemoHistory = {
    conversations: [],
    messages: [],
    ratings: [],
    leads: [],
    questions: [],
    widgetEvents: [],
  };
  const emails = new Set<string>();
  const today = Math.floor(now.getTime() / day) * day;
  const latest = now.getTime() - 20 * minute;

  for (let daysAgo = demoDays - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = today - daysAgo * day;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // A shop that is slowly getting busier.
    const growth = 1 + (demoDays - daysAgo) / demoDays;
    const planned = Math.round((weekend ? 3.5 : 5.5) * growth) + random.int(-1, 2);

    for (let index = 0; index < planned; index += 1) {
      const hour = random.weighted(hourWeights.map((weight, value) => [value, weight] as const));
      const startedAt = dayStart + hour * 60 * minute + random.int(0, 59) * minute;
      if (startedAt > latest) continue;
      addConversation(history, random, bot, new Date(startedAt), { now, emails });
    }

    // Visitors who saw the widget and never wrote.
    const idleLoads = random.int(8, 20);
    for (let index = 0; index < idleLoads; index += 1) {
      const at = dayStart + random.int(0, 24 * 60 - 1) * minute;
      if (at > latest) continue;
      const page = `${site}${random.pick(topics).page}`;
      history.widgetEvents.push({ type: 'loaded', page, at: new Date(at) });
      if (random.chance(0.15))
        history.widgetEvents.push({ type: 'opened', page, at: new Date(at) });
    }
  }

  // Two in the last hours, so the owner's 'today' (answers, response time) is not empty.
  for (const minutesAgo of [random.int(25, 70), random.int(80, 170)]) {
    addConversation(history, random, bot, new Date(now.getTime() - minutesAgo * minute), {
      now,
      emails,
    });
  }
  return history;
}

function addConversation(
  history: DemoHistory,
  random: ReturnType<typeof generator>,
  bot: { id: string; userId: string },
  startedAt: Date,
  { now, emails }: { now: Date; emails: Set<string> },
) {
  const language = random.weighted(languageWeights);
  const withLead = random.chance(0.11);
  const turns = withLead
    ? random.int(1, 2)
    : random.weighted([
        [1, 0.45],
        [2, 0.4],
        [3, 0.15],
      ] as const);
  const available = topics.filter((topic) => topic.questions[language]);
  const chosen: Topic[] = [];
  while (chosen.length < turns) {
    // A bot that knows its shop: most questions are answered.
    const left = available.filter((topic) => !chosen.includes(topic));
    chosen.push(random.weighted(left.map((topic) => [topic, topic.answer ? 1 : 0.45] as const)));
  }
  const first = chosen[0]!;
  const page = `${site}${withLead ? '/wholesale' : first.page}`;
  const conversationId = randomUUID();
  const visitorId = `demo${random.hex(16)}`;
  let at = startedAt.getTime();
  let messageCount = 0;
  let totalLatencyMs = 0;
  let anyAnswered = false;

  const ask = (content: string) => {
    history.messages.push({
      id: randomUUID(),
      conversationId,
      role: 'user',
      content,
      createdAt: new Date(at),
    });
    messageCount += 1;
  };
  const reply = (content: string, answered: boolean, answerer = 'builtin') => {
    const latencyMs = answerer === 'builtin' ? random.int(700, 2600) : random.int(120, 400);
    at += latencyMs;
    const id = randomUUID();
    history.messages.push({
      id,
      conversationId,
      role: 'assistant',
      content,
      answerer,
      answeredFromKnowledge: answered,
      latencyMs,
      firstTokenMs: Math.round(latencyMs * 0.35),
      createdAt: new Date(at),
    });
    messageCount += 1;
    totalLatencyMs += latencyMs;
    anyAnswered ||= answered;
    return id;
  };

  history.widgetEvents.push({ type: 'loaded', page, at: startedAt });
  history.widgetEvents.push({ type: 'opened', page, at: startedAt });
  for (let extra = random.int(2, 5); extra > 0; extra -= 1) {
    history.widgetEvents.push({ type: 'loaded', page, at: startedAt });
  }
  if (random.chance(0.3)) history.widgetEvents.push({ type: 'opened', page, at: startedAt });

  for (const topic of chosen) {
    const question = random.pick(topic.questions[language]!);
    ask(question);
    const answered = topic.answer !== null;
    const messageId = reply(answered ? topic.answer![language] : fallback[language], answered);
    history.questions.push({ question, answered, at: new Date(at) });
    if (answered && random.chance(0.16)) {
      history.ratings.push({
        messageId,
        rating: 'up',
        comment: language === 'en' ? random.pick(praise) : null,
      });
    } else if (!answered && random.chance(0.25)) {
      history.ratings.push({
        messageId,
        rating: 'down',
        comment: language === 'en' ? random.pick(complaints) : null,
      });
    } else if (answered && random.chance(0.02)) {
      history.ratings.push({ messageId, rating: 'down', comment: null });
    }
    at += random.int(15, 90) * 1000;
  }

  if (withLead) {
    ask(random.pick(contactRequests[language]));
    reply(contactAnswers[language], false, contactRequestAnswerer);
    at += random.int(30, 120) * 1000;
    const { first: firstNames, last: lastNames } = people[language];
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    let email = `${ascii(firstName)}.${ascii(lastName)}@example.com`;
    for (let suffix = 2; emails.has(email); suffix += 1) {
      email = `${ascii(firstName)}.${ascii(lastName)}${suffix}@example.com`;
    }
    emails.add(email);
    const ageDays = (now.getTime() - at) / day;
    const status: LeadStatus =
      ageDays > 14
        ? random.weighted([
            ['contacted', 3],
            ['qualified', 2],
            ['converted', 2],
            ['new', 1],
          ] as const)
        : random.weighted([
            ['new', 4],
            ['contacted', 2],
            ['qualified', 1],
          ] as const);
    history.leads.push({
      botId: bot.id,
      userId: bot.userId,
      conversationId,
      name: `${firstName} ${lastName}`,
      email,
      phone: language === 'en' && random.chance(0.5) ? `+1 555 01${random.int(10, 99)}` : null,
      consent: true,
      status,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
  }

  const lastMessageAt = history.messages[history.messages.length - 1]!.createdAt!;
  history.conversations.push({
    id: conversationId,
    botId: bot.id,
    userId: bot.userId,
    sessionId: `demo-${conversationId}`,
    visitorId,
    channel: 'widget',
    pageUrl: page,
    language,
    messageCount,
    answeredFromKnowledge: anyAnswered,
    totalLatencyMs,
    startedAt,
    lastMessageAt,
    endedAt: lastMessageAt,
  });
}
