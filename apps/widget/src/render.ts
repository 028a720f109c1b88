import type { ChatSource, WidgetMessage, WidgetTexts } from '@askwell/shared';
import { h, icons, svg } from './dom';
import { renderMarkdown } from './markdown';

export type Rating = 'up' | 'down';

export type FeedbackSender = (
  messageId: string,
  feedback: { rating: Rating; comment?: string },
) => Promise<unknown>;

export type ShownMessage = Pick<WidgetMessage, 'role' | 'content'> & Partial<WidgetMessage>;

// Owners pick any colour; text on it must stay readable, so it is black or white by luminance.
export function readableOn(colour: string, within: ShadowRoot) {
  const probe = document.createElement('i');
  probe.style.color = colour;
  within.append(probe);
  const channels = getComputedStyle(probe)
    .color.match(/[\d.]+/g)
    ?.map(Number) ?? [0, 0, 0];
  probe.remove();
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#111827' : '#ffffff';
}

function sourcesBlock(texts: WidgetTexts, sources: ChatSource[]) {
  if (sources.length === 0) return null;
  const list = h('ol');
  for (const source of sources) {
    const label = source.page ? `${source.title} (p. ${source.page})` : source.title;
    const safeUrl = source.url && /^https?:\/\//i.test(source.url) ? source.url : null;
    const item = safeUrl
      ? h('a', { href: safeUrl, target: '_blank', rel: 'noopener noreferrer nofollow' }, label)
      : label;
    list.append(h('li', { title: source.snippet }, item));
  }
  return h('div', { class: 'sources' }, h('strong', {}, texts.sources), list);
}

// Thumbs under an answer; after a rating, an optional comment box.
function feedbackTools(
  t: WidgetTexts,
  messageId: string,
  current: Rating | null,
  sendFeedback: FeedbackSender,
) {
  const tools = h('div', { class: 'tools' });
  const up = h(
    'button',
    { type: 'button', class: 'thumb', 'aria-label': t.helpful },
    svg(icons.up),
  );
  const down = h(
    'button',
    { type: 'button', class: 'thumb', 'aria-label': t.notHelpful },
    svg(icons.down),
  );
  const mark = (rating: Rating | null) => {
    up.setAttribute('aria-pressed', String(rating === 'up'));
    down.setAttribute('aria-pressed', String(rating === 'down'));
  };
  mark(current);
  const rate = async (rating: Rating) => {
    mark(rating);
    try {
      await sendFeedback(messageId, { rating });
    } catch {
      mark(current);
      return;
    }
    current = rating;
    const previous = tools.nextElementSibling;
    if (previous?.classList.contains('comment')) previous.remove();
    const input = h('input', {
      type: 'text',
      maxlength: '1000',
      'aria-label': t.feedbackCommentLabel,
      placeholder: t.feedbackCommentLabel,
    });
    const form = h(
      'form',
      { class: 'comment' },
      input,
      h('button', { type: 'submit', class: 'btn' }, t.feedbackCommentSend),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const comment = input.value.trim();
      void sendFeedback(messageId, { rating, comment }).finally(() => {
        form.replaceWith(h('p', { class: 'tools', role: 'status' }, t.feedbackThanks));
      });
    });
    tools.after(form);
    input.focus();
  };
  up.addEventListener('click', () => void rate('up'));
  down.addEventListener('click', () => void rate('down'));
  tools.append(up, down);
  return tools;
}

// Korean puts spaces between words, and a line broken inside one reads as a typo. CSS keeps Korean
// words whole (keep-all), but would keep runs of Chinese or Japanese characters whole as well, so
// only a message of Hangul without them is set so, whatever the panel's language.
const hangul = /\p{Script=Hangul}/u;
const hanOrKana = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const keepsWordsWhole = (text: string) => hangul.test(text) && !hanOrKana.test(text);

// One message in the log: the visitor's words as text, the bot's as Markdown with its sources
// and, once stored, the feedback thumbs.
export function messageNode(
  message: ShownMessage,
  texts: WidgetTexts | null,
  sendFeedback: FeedbackSender,
) {
  const bubble = h('div', { class: keepsWordsWhole(message.content) ? 'bubble words' : 'bubble' });
  if (message.role === 'assistant') bubble.append(renderMarkdown(message.content));
  else bubble.textContent = message.content;
  const wrapper = h('div', { class: message.role === 'assistant' ? 'msg bot' : 'msg me' }, bubble);
  if (texts && message.role === 'assistant' && message.sources) {
    const sources = sourcesBlock(texts, message.sources);
    if (sources) wrapper.append(sources);
  }
  if (texts && message.role === 'assistant' && message.id) {
    wrapper.append(feedbackTools(texts, message.id, message.feedback ?? null, sendFeedback));
  }
  return { wrapper, bubble };
}

export function typingIndicator(texts: WidgetTexts) {
  return h(
    'div',
    { class: 'msg bot' },
    h(
      'div',
      { class: 'bubble typing', role: 'status', 'aria-label': texts.typing },
      h('i'),
      h('i'),
      h('i'),
    ),
  );
}

export function unavailableNotice(text: string) {
  return h('div', { class: 'unavailable' }, svg(icons.off), h('p', {}, text));
}

// The widget's own words, shown before (or instead of) the server's texts: when the config cannot
// be loaded at all, or the owner's plan has no messages left this month (the visitor is told
// calmly, the owner is alerted). The same languages as the server's texts; English otherwise.
type LocalTexts = {
  close: string;
  unavailable: string;
  disabled: string;
  assistantUnavailable: string;
  offline: string;
};
const localTextsByLanguage: Record<string, LocalTexts> = {
  en: {
    close: 'Close',
    unavailable: 'Chat is not available on this site.',
    disabled: 'Chat is not available right now.',
    assistantUnavailable: 'This assistant is unavailable right now.',
    offline: 'Chat could not be reached. Please try again later.',
  },
  es: {
    close: 'Cerrar',
    unavailable: 'El chat no está disponible en este sitio.',
    disabled: 'El chat no está disponible en este momento.',
    assistantUnavailable: 'Este asistente no está disponible en este momento.',
    offline: 'No se pudo conectar con el chat. Inténtalo más tarde.',
  },
  de: {
    close: 'Schließen',
    unavailable: 'Der Chat ist auf dieser Website nicht verfügbar.',
    disabled: 'Der Chat ist gerade nicht verfügbar.',
    assistantUnavailable: 'Dieser Assistent ist gerade nicht verfügbar.',
    offline: 'Der Chat ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
  },
  fr: {
    close: 'Fermer',
    unavailable: 'Le chat n’est pas disponible sur ce site.',
    disabled: 'Le chat n’est pas disponible pour le moment.',
    assistantUnavailable: 'Cet assistant n’est pas disponible pour le moment.',
    offline: 'Le chat est injoignable. Veuillez réessayer plus tard.',
  },
  it: {
    close: 'Chiudi',
    unavailable: 'La chat non è disponibile su questo sito.',
    disabled: 'La chat non è disponibile al momento.',
    assistantUnavailable: 'Questo assistente non è disponibile al momento.',
    offline: 'Impossibile raggiungere la chat. Riprova più tardi.',
  },
  pt: {
    close: 'Fechar',
    unavailable: 'O chat não está disponível neste site.',
    disabled: 'O chat não está disponível no momento.',
    assistantUnavailable: 'Este assistente não está disponível no momento.',
    offline: 'Não foi possível conectar ao chat. Tente novamente mais tarde.',
  },
  nl: {
    close: 'Sluiten',
    unavailable: 'De chat is niet beschikbaar op deze website.',
    disabled: 'De chat is op dit moment niet beschikbaar.',
    assistantUnavailable: 'Deze assistent is op dit moment niet beschikbaar.',
    offline: 'De chat is niet bereikbaar. Probeer het later opnieuw.',
  },
  pl: {
    close: 'Zamknij',
    unavailable: 'Czat nie jest dostępny na tej stronie.',
    disabled: 'Czat jest teraz niedostępny.',
    assistantUnavailable: 'Ten asystent jest teraz niedostępny.',
    offline: 'Nie udało się połączyć z czatem. Spróbuj ponownie później.',
  },
  tr: {
    close: 'Kapat',
    unavailable: 'Sohbet bu sitede kullanılamıyor.',
    disabled: 'Sohbet şu anda kullanılamıyor.',
    assistantUnavailable: 'Bu asistan şu anda kullanılamıyor.',
    offline: 'Sohbete ulaşılamadı. Lütfen daha sonra tekrar deneyin.',
  },
  ru: {
    close: 'Закрыть',
    unavailable: 'Чат недоступен на этом сайте.',
    disabled: 'Чат сейчас недоступен.',
    assistantUnavailable: 'Этот ассистент сейчас недоступен.',
    offline: 'Не удалось подключиться к чату. Попробуйте позже.',
  },
  ar: {
    close: 'إغلاق',
    unavailable: 'المحادثة غير متاحة على هذا الموقع.',
    disabled: 'المحادثة غير متاحة حاليًا.',
    assistantUnavailable: 'هذا المساعد غير متاح حاليًا.',
    offline: 'تعذّر الوصول إلى المحادثة. يرجى المحاولة لاحقًا.',
  },
  zh: {
    close: '关闭',
    unavailable: '此网站不提供聊天功能。',
    disabled: '聊天功能暂时不可用。',
    assistantUnavailable: '此助手暂时不可用。',
    offline: '无法连接到聊天，请稍后再试。',
  },
  'zh-Hant': {
    close: '關閉',
    unavailable: '此網站不提供聊天功能。',
    disabled: '聊天功能暫時無法使用。',
    assistantUnavailable: '此助理暫時無法使用。',
    offline: '無法連線到聊天，請稍後再試。',
  },
  ja: {
    close: '閉じる',
    unavailable: 'このサイトではチャットをご利用いただけません。',
    disabled: '現在チャットはご利用いただけません。',
    assistantUnavailable: '現在このアシスタントはご利用いただけません。',
    offline: 'チャットに接続できませんでした。しばらくしてからもう一度お試しください。',
  },
  ko: {
    close: '닫기',
    unavailable: '이 사이트에서는 채팅을 사용할 수 없습니다.',
    disabled: '지금은 채팅을 사용할 수 없습니다.',
    assistantUnavailable: '지금은 이 어시스턴트를 사용할 수 없습니다.',
    offline: '채팅에 연결할 수 없습니다. 나중에 다시 시도해 주세요.',
  },
};

export function localTexts(language: string): LocalTexts {
  return localTextsByLanguage[language] ?? localTextsByLanguage.en!;
}
