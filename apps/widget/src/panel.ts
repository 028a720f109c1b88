import type {
  ChatSource,
  WidgetBotConfig,
  WidgetConversation,
  WidgetMessage,
  WidgetSession,
  WidgetStreamEvent,
  WidgetTexts,
} from '@askwell/shared';
import { panelGlobal, type PanelContext, type PanelMount } from './contract';
import { renderMarkdown } from './markdown';
import { panelCss } from './panel-styles';

type Child = Node | string | null | undefined | false;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function svg(path: string) {
  const span = document.createElement('span');
  span.style.display = 'contents';
  // Static markup from this file only; nothing from the bot or the visitor goes through here.
  span.innerHTML = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${path}</svg>`;
  return span;
}

const paths = {
  close: '<path d="M18 6 6 18M6 6l12 12"/>',
  refresh:
    '<path d="M3 12a9 9 0 0 1 15.5-6.2L21 8"/><path d="M21 3v5h-5"/><path d="M21 12a9 9 0 0 1-15.5 6.2L3 16"/><path d="M3 21v-5h5"/>',
  send: '<path d="m22 2-7 20-4-9-9-4z"/><path d="M22 2 11 13"/>',
  bot: '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 4v4M9 14h.01M15 14h.01"/>',
  up: '<path d="M7 10v11M15 5.9 14 10h5.8a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 18.5 21H7V10l4.3-7.3A2 2 0 0 1 15 5.9z"/>',
  down: '<path d="M17 14V3M9 18.1 10 14H4.2a2 2 0 0 1-2-2.3l1.4-7A2 2 0 0 1 5.5 3H17v11l-4.3 7.3A2 2 0 0 1 9 18.1z"/>',
  off: '<circle cx="12" cy="12" r="9"/><path d="M8 12h8"/>',
};

// Shown before (or instead of) the server's texts: when the config cannot be loaded at all.
const unavailableText: Record<string, string> = {
  en: 'Chat is not available on this site.',
  es: 'El chat no está disponible en este sitio.',
  de: 'Der Chat ist auf dieser Website nicht verfügbar.',
  fr: 'Le chat n’est pas disponible sur ce site.',
};
const disabledText: Record<string, string> = {
  en: 'Chat is not available right now.',
  es: 'El chat no está disponible en este momento.',
  de: 'Der Chat ist gerade nicht verfügbar.',
  fr: 'Le chat n’est pas disponible pour le moment.',
};
const offlineText: Record<string, string> = {
  en: 'Chat could not be reached. Please try again later.',
  es: 'No se pudo conectar con el chat. Inténtalo más tarde.',
  de: 'Der Chat ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
  fr: 'Le chat est injoignable. Veuillez réessayer plus tard.',
};

// Owners pick any colour; text on it must stay readable, so it is black or white by luminance.
function readableOn(colour: string, within: ShadowRoot) {
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

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[\d\s().-]+$/;

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const mount: PanelMount = (context: PanelContext) => {
  const { root, frame, launcher, settings, emit, setOpen } = context;
  const lang = (navigator.language || 'en').slice(0, 2).toLowerCase();
  const base = `${settings.origin}/v1/widget/bots/${encodeURIComponent(settings.botId)}`;
  const visitorKey = `askwell:${settings.botId}:visitor`;
  const dismissedKey = `askwell:${settings.botId}:lead-dismissed`;

  const style = document.createElement('style');
  style.textContent = panelCss;
  root.prepend(style);

  const titleId = 'aw-title';
  const heading = h('h2', { id: titleId });
  const status = h('p');
  const resetButton = h('button', { type: 'button', class: 'icon' }, svg(paths.refresh));
  const closeButton = h('button', { type: 'button', class: 'icon' }, svg(paths.close));
  const log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', tabindex: '0' });
  const textarea = h('textarea', { rows: '1', maxlength: '4000' });
  const sendButton = h('button', { type: 'submit', class: 'send' }, svg(paths.send));
  const compose = h('form', { class: 'compose' }, textarea, sendButton);
  const contactLink = h('button', { type: 'button', class: 'link', hidden: true });
  const footer = h('footer', {}, contactLink, h('span'));
  const panel = h(
    'div',
    { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
    h(
      'header',
      {},
      h('span', { class: 'avatar' }, svg(paths.bot)),
      h('div', { class: 'title' }, heading, status),
      resetButton,
      closeButton,
    ),
    log,
    compose,
    footer,
  );
  frame.append(panel);

  let bot: WidgetBotConfig | null = null;
  let texts: WidgetTexts | null = null;
  let session: Promise<WidgetSession> | null = null;
  let busy = false;
  let leadCaptured = false;
  let leadForm: HTMLElement | null = null;
  let conversationId: string | null = null;
  let isOpen = false;
  let loaded: Promise<void> | null = null;

  const storage = {
    get: (key: string) => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set: (key: string, value: string | null) => {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        // Without storage the conversation lasts as long as the page.
      }
    },
  };

  function scrollToEnd() {
    log.scrollTop = log.scrollHeight;
  }

  function notice(text: string, error = false) {
    const node = h('p', { class: error ? 'notice error' : 'notice' }, text);
    log.append(node);
    scrollToEnd();
    return node;
  }

  function showUnavailable(text: string) {
    panel.classList.add('compact');
    log.replaceChildren(h('div', { class: 'unavailable' }, svg(paths.off), h('p', {}, text)));
    compose.hidden = true;
    resetButton.hidden = true;
    contactLink.hidden = true;
  }

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    retried = false,
  ): Promise<T> {
    const { token } = await getSession();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 401 && !retried) {
      session = null;
      return request(method, path, body, true);
    }
    if (!response.ok) throw await failure(response);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async function failure(response: Response) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    } | null;
    return new ApiFailure(
      response.status,
      body?.error?.code ?? 'error',
      body?.error?.message ?? texts?.error ?? '',
      body?.error?.fields,
    );
  }

  function getSession() {
    session ??= fetch(`${base}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(storage.get(visitorKey) ? { visitorId: storage.get(visitorKey) } : {}),
    }).then(async (response) => {
      if (!response.ok) throw await failure(response);
      const created = (await response.json()) as WidgetSession;
      storage.set(visitorKey, created.visitorId);
      return created;
    });
    session.catch(() => {
      session = null;
    });
    return session;
  }

  function applyConfig(config: WidgetBotConfig) {
    bot = config;
    texts = config.texts;
    const colours = config.widgetConfig;
    frame.style.setProperty('--aw-primary', colours.primaryColor);
    frame.style.setProperty('--aw-primary-text', colours.primaryColor);
    frame.style.setProperty('--aw-button', colours.buttonColor);
    frame.style.setProperty('--aw-on-primary', readableOn(colours.primaryColor, root));
    frame.style.setProperty('--aw-on-button', readableOn(colours.buttonColor, root));
    frame.style.setProperty('--aw-text', colours.textColor);
    frame.style.setProperty('--aw-font', colours.fontFamily);
    heading.textContent = config.name;
    status.textContent = texts.online;
    textarea.placeholder = colours.placeholderText;
    textarea.setAttribute('aria-label', texts.messageLabel);
    sendButton.setAttribute('aria-label', texts.send);
    closeButton.setAttribute('aria-label', texts.close);
    resetButton.setAttribute('aria-label', texts.newConversation);
    resetButton.title = texts.newConversation;
    contactLink.textContent = texts.contactUs;
    footer.lastElementChild!.textContent = texts.poweredBy;
  }

  function sourcesBlock(sources: ChatSource[]) {
    if (!texts || sources.length === 0) return null;
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

  function feedbackTools(messageId: string, current: 'up' | 'down' | null) {
    const t = texts!;
    const tools = h('div', { class: 'tools' });
    const up = h(
      'button',
      { type: 'button', class: 'thumb', 'aria-label': t.helpful },
      svg(paths.up),
    );
    const down = h(
      'button',
      { type: 'button', class: 'thumb', 'aria-label': t.notHelpful },
      svg(paths.down),
    );
    const mark = (rating: 'up' | 'down' | null) => {
      up.setAttribute('aria-pressed', String(rating === 'up'));
      down.setAttribute('aria-pressed', String(rating === 'down'));
    };
    mark(current);
    const rate = async (rating: 'up' | 'down') => {
      mark(rating);
      try {
        await request('PUT', `/messages/${messageId}/feedback`, { rating });
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
        void request('PUT', `/messages/${messageId}/feedback`, { rating, comment }).finally(() => {
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

  function addMessage(message: Pick<WidgetMessage, 'role' | 'content'> & Partial<WidgetMessage>) {
    const bubble = h('div', { class: 'bubble' });
    if (message.role === 'assistant') bubble.append(renderMarkdown(message.content));
    else bubble.textContent = message.content;
    const wrapper = h(
      'div',
      { class: message.role === 'assistant' ? 'msg bot' : 'msg me' },
      bubble,
    );
    if (message.role === 'assistant' && message.sources) {
      const sources = sourcesBlock(message.sources);
      if (sources) wrapper.append(sources);
    }
    if (message.role === 'assistant' && message.id) {
      wrapper.append(feedbackTools(message.id, message.feedback ?? null));
    }
    // New messages go above an open lead form, which stays last until answered or dismissed.
    if (leadForm && leadForm.parentNode === log) leadForm.before(wrapper);
    else log.append(wrapper);
    scrollToEnd();
    return { wrapper, bubble };
  }

  function showWelcome() {
    if (!bot) return;
    log.replaceChildren();
    addMessage({ role: 'assistant', content: bot.widgetConfig.welcomeMessage });
    if (bot.starterQuestions.length > 0) {
      const starters = h('div', { class: 'starters' });
      for (const question of bot.starterQuestions) {
        const chip = h('button', { type: 'button', class: 'chip' }, question);
        chip.addEventListener('click', () => {
          starters.remove();
          void send(question);
        });
        starters.append(chip);
      }
      log.append(starters);
    }
  }

  function showLeadForm(explicit: boolean) {
    if (!bot?.lead.enabled || leadCaptured || leadForm || !texts) return;
    if (!explicit && conversationId && storage.get(dismissedKey) === conversationId) return;
    const t = texts;
    const field = (name: string, label: string, type: string, autocomplete: string) => {
      const id = `aw-lead-${name}`;
      const input = h('input', { id, name, type, autocomplete, 'aria-describedby': `${id}-err` });
      const error = h('span', { id: `${id}-err`, class: 'err' });
      return { input, error, node: h('label', { class: 'field', for: id }, label, input, error) };
    };
    const name = field('name', t.leadName, 'text', 'name');
    const email = field('email', t.leadEmail, 'email', 'email');
    const phone = field('phone', t.leadPhone, 'tel', 'tel');
    const consent = h('input', {
      id: 'aw-lead-consent',
      type: 'checkbox',
      'aria-describedby': 'aw-lead-consent-err',
    });
    const consentError = h('span', { id: 'aw-lead-consent-err', class: 'err' });
    const submit = h('button', { type: 'submit', class: 'btn' }, t.leadSubmit);
    const skip = h('button', { type: 'button', class: 'btn ghost' }, t.leadSkip);
    const form = h(
      'form',
      { class: 'lead', 'aria-labelledby': 'aw-lead-title', novalidate: true },
      h('h3', { id: 'aw-lead-title' }, t.leadTitle),
      h('p', {}, t.leadIntro),
      name.node,
      email.node,
      phone.node,
      h(
        'div',
        { class: 'field' },
        h(
          'label',
          { class: 'consent', for: 'aw-lead-consent' },
          consent,
          h('span', {}, t.leadConsent),
        ),
        consentError,
      ),
      h('div', { class: 'row' }, skip, submit),
    );
    const setError = (input: HTMLInputElement, error: HTMLElement, message: string) => {
      error.textContent = message;
      input.setAttribute('aria-invalid', String(Boolean(message)));
      return !message;
    };
    for (const [input, error] of [
      [name.input, name.error],
      [email.input, email.error],
      [phone.input, phone.error],
      [consent, consentError],
    ] as const) {
      input.addEventListener(input === consent ? 'change' : 'input', () =>
        setError(input, error, ''),
      );
    }
    skip.addEventListener('click', () => {
      if (conversationId) storage.set(dismissedKey, conversationId);
      form.remove();
      leadForm = null;
      textarea.focus();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const values = {
        name: name.input.value.trim(),
        email: email.input.value.trim(),
        phone: phone.input.value.trim(),
      };
      const digits = values.phone.replace(/\D/g, '').length;
      const checks = [
        setError(name.input, name.error, values.name ? '' : t.leadNameRequired),
        setError(
          email.input,
          email.error,
          emailPattern.test(values.email) ? '' : t.leadEmailInvalid,
        ),
        setError(
          phone.input,
          phone.error,
          !values.phone || (phonePattern.test(values.phone) && digits >= 6 && digits <= 15)
            ? ''
            : t.leadPhoneInvalid,
        ),
        setError(consent, consentError, consent.checked ? '' : t.leadConsentRequired),
      ];
      const firstInvalid = form.querySelector<HTMLInputElement>('[aria-invalid=true]');
      if (checks.includes(false)) {
        firstInvalid?.focus();
        return;
      }
      submit.disabled = true;
      request<{ created: boolean }>('POST', '/leads', {
        ...values,
        phone: values.phone || null,
        consent: true,
      })
        .then(() => {
          leadCaptured = true;
          leadForm = null;
          contactLink.hidden = true;
          form.replaceWith(h('p', { class: 'notice', role: 'status' }, t.leadThanks));
          emit('lead', { name: values.name, email: values.email });
        })
        .catch((error: unknown) => {
          submit.disabled = false;
          // The server checks the same rules; its verdict is shown in the visitor's language.
          const fields = error instanceof ApiFailure ? error.fields : {};
          if (fields.name) setError(name.input, name.error, t.leadNameRequired);
          if (fields.phone) setError(phone.input, phone.error, t.leadPhoneInvalid);
          if (fields.consent) setError(consent, consentError, t.leadConsentRequired);
          if (fields.email || Object.keys(fields).length === 0) {
            setError(email.input, email.error, fields.email ? t.leadEmailInvalid : t.error);
          }
        });
    });
    leadForm = form;
    log.append(form);
    scrollToEnd();
    if (explicit) name.input.focus();
  }

  async function send(text: string) {
    const message = text.trim();
    if (!message || busy || !texts) return;
    busy = true;
    sendButton.disabled = true;
    log.querySelector('.starters')?.remove();
    addMessage({ role: 'visitor', content: message });
    emit('message', { role: 'visitor', text: message });
    const typing = h(
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
    log.append(typing);
    scrollToEnd();
    let answer: { wrapper: HTMLElement; bubble: HTMLElement } | null = null;
    let streamed = '';
    let frameRequested = false;
    let finished = false;
    const paint = () => {
      frameRequested = false;
      if (finished) return;
      if (!answer) {
        typing.remove();
        answer = addMessage({ role: 'assistant', content: '' });
        answer.wrapper.setAttribute('aria-busy', 'true');
      }
      answer.bubble.replaceChildren(renderMarkdown(streamed));
      scrollToEnd();
    };
    try {
      const done = await stream(message, (token) => {
        streamed += token;
        if (!frameRequested) {
          frameRequested = true;
          requestAnimationFrame(paint);
        }
      });
      finished = true;
      typing.remove();
      (answer as { wrapper: HTMLElement } | null)?.wrapper.remove();
      conversationId = done.conversationId;
      addMessage({
        id: done.messageId,
        role: 'assistant',
        content: done.reply,
        sources: done.sources,
        feedback: null,
      });
      emit('message', { role: 'assistant', text: done.reply, sources: done.sources });
      if (done.leadPrompt) showLeadForm(done.leadPrompt === 'contact_request');
    } catch (error) {
      finished = true;
      typing.remove();
      const text =
        error instanceof ApiFailure && error.code === 'rate_limited'
          ? texts.rateLimited
          : error instanceof ApiFailure && error.code === 'origin_not_allowed'
            ? (unavailableText[lang] ?? unavailableText.en!)
            : texts.error;
      notice(text, true);
    } finally {
      busy = false;
      sendButton.disabled = false;
    }
  }

  async function stream(message: string, onToken: (text: string) => void, retried = false) {
    const { token } = await getSession();
    const response = await fetch(`${base}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        message,
        pageUrl: location.href.slice(0, 2000),
        language: navigator.language,
      }),
    });
    if (response.status === 401 && !retried) {
      session = null;
      return stream(message, onToken, true);
    }
    if (!response.ok || !response.body) throw await failure(response);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = chunk
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        const event = JSON.parse(data) as WidgetStreamEvent;
        if (event.type === 'token') onToken(event.text);
        else if (event.type === 'error') throw new ApiFailure(500, event.code, event.message);
        else if (event.type === 'done') return event;
      }
    }
    throw new ApiFailure(0, 'network', texts?.error ?? '');
  }

  async function loadHistory() {
    const history = await request<WidgetConversation>('GET', '/conversation');
    leadCaptured = history.leadCaptured;
    conversationId = history.conversationId;
    showWelcome();
    for (const message of history.messages) addMessage(message);
    if (history.messages.length > 0) log.querySelector('.starters')?.remove();
    contactLink.hidden = !bot?.lead.enabled || leadCaptured;
  }

  function load() {
    loaded ??= context.config.then(async (result) => {
      if (!result.ok) {
        status.textContent = '';
        heading.textContent = 'Chat';
        closeButton.setAttribute('aria-label', 'Close');
        const refusal =
          result.status === 0
            ? offlineText
            : result.code === 'bot_disabled'
              ? disabledText
              : unavailableText;
        showUnavailable(refusal[lang] ?? refusal.en!);
        if (result.status === 0) loaded = null;
        return;
      }
      applyConfig(result.config);
      showWelcome();
      try {
        await loadHistory();
      } catch (error) {
        if (error instanceof ApiFailure && error.code === 'origin_not_allowed') {
          showUnavailable(unavailableText[lang] ?? unavailableText.en!);
        } else {
          notice(texts!.error, true);
          loaded = null;
        }
      }
    });
    return loaded;
  }

  // On phones the panel fills the visual viewport, so the on-screen keyboard never covers the
  // message box.
  const viewport = window.visualViewport;
  const fitViewport = () => {
    if (!viewport) return;
    frame.style.setProperty('--aw-vv-height', `${viewport.height}px`);
    frame.style.setProperty('--aw-vv-top', `${viewport.offsetTop}px`);
  };
  viewport?.addEventListener('resize', fitViewport);
  viewport?.addEventListener('scroll', fitViewport);

  function focusables() {
    return [
      ...panel.querySelectorAll<HTMLElement>('button, a[href], input, textarea, [tabindex="0"]'),
    ].filter(
      (node) =>
        !node.hidden && !(node as HTMLButtonElement).disabled && node.getClientRects().length > 0,
    );
  }

  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables();
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = root.activeElement;
    if (event.shiftKey && (active === first || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  });

  textarea.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });
  textarea.addEventListener('input', () => {
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, 120)}px`;
  });
  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = textarea.value;
    if (!text.trim() || busy) return;
    textarea.value = '';
    textarea.style.height = 'auto';
    void send(text);
  });
  closeButton.addEventListener('click', () => close());
  resetButton.addEventListener('click', () => void reset());
  contactLink.addEventListener('click', () => showLeadForm(true));

  function open() {
    if (isOpen) return;
    isOpen = true;
    fitViewport();
    setOpen(true);
    emit('open');
    void load().then(() => {
      if (isOpen && !compose.hidden) textarea.focus();
      else if (isOpen) closeButton.focus();
    });
    if (!compose.hidden) textarea.focus();
  }

  function close() {
    if (!isOpen) return;
    isOpen = false;
    setOpen(false);
    emit('close');
    launcher.focus();
  }

  async function reset() {
    await load();
    if (!bot) return;
    try {
      await request('DELETE', '/conversation');
    } catch {
      notice(texts!.error, true);
      return;
    }
    conversationId = null;
    leadCaptured = false;
    leadForm = null;
    contactLink.hidden = !bot.lead.enabled;
    showWelcome();
    if (isOpen) textarea.focus();
  }

  return { open, close, reset };
};

window[panelGlobal] = mount;
